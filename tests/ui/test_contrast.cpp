// Text contrast (issue 29, WCAG 2.1 AA): every theme's text colours against their backgrounds,
// and the fixed colours of the style sheets' messages, at least 4.5:1.
#include <gtest/gtest.h>

#include <QApplication>
#include <QColor>
#include <QPalette>
#include <algorithm>
#include <cmath>
#include <utility>

#include "ui/common/appearance.h"

using namespace actlab::ui;

namespace {

// WCAG 2.1 relative luminance: L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB
// channels, c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4.
double luminance(const QColor& color) {
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) +
           0.0722 * linear(color.blueF());
}

// (L_lighter + 0.05) / (L_darker + 0.05), from 1 to 21.
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

constexpr double kLeast = 4.5;

// Text roles and the background each is drawn on.
const std::pair<QPalette::ColorRole, QPalette::ColorRole> kPairs[] = {
    {QPalette::WindowText, QPalette::Window},
    {QPalette::Text, QPalette::Base},
    {QPalette::Text, QPalette::AlternateBase},
    {QPalette::ButtonText, QPalette::Button},
    {QPalette::ToolTipText, QPalette::ToolTipBase},
    {QPalette::HighlightedText, QPalette::Highlight},
    {QPalette::PlaceholderText, QPalette::Base},
};

}  // namespace

TEST(AccessibleContrast, TheFormulaMatchesWcag) {
    EXPECT_NEAR(contrast(Qt::black, Qt::white), 21.0, 1e-9);
    EXPECT_NEAR(contrast(QColor(0x77, 0x77, 0x77), Qt::white), 4.48, 0.01);
    EXPECT_NEAR(contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white), 4.48, 0.01);  // the app's
}

TEST(AccessibleContrast, EveryThemesTextIsAtLeastFourAndAHalfToOne) {
    for (bool highContrast : {false, true}) {
        Appearance theme;
        theme.highContrast = highContrast;
        setAppearance(theme);
        const QPalette palette = QApplication::palette();
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
            for (const auto& [text, background] : kPairs)
                EXPECT_GE(contrast(palette.color(group, text), palette.color(group, background)),
                          kLeast)
                    << (highContrast ? "high contrast" : "standard") << ", group " << int(group)
                    << ", text role " << int(text) << " on role " << int(background) << ": "
                    << palette.color(group, text).name().toStdString() << " on "
                    << palette.color(group, background).name().toStdString();
        EXPECT_GE(contrast(chartInkColor(), Qt::white), kLeast);
        // The style sheets' fixed message colours, on the window.
        for (const char* sheetColour : {"#975000", "#b00020", "#b2182b", "#606060"})
            EXPECT_GE(contrast(QColor(sheetColour), palette.color(QPalette::Window)), kLeast)
                << sheetColour << " on " << palette.color(QPalette::Window).name().toStdString();
    }
    setAppearance({});
}
