// The appearance: the palettes' tables, the high-contrast QPalette and the settings keys.
#include "ui/common/appearance.h"

#include <QApplication>
#include <QPalette>
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace actlab::ui {
namespace {

Appearance g_appearance;
std::optional<QPalette> g_basePalette;  // the application palette before high contrast

// Tableau 10 (matplotlib's default cycle; its orange and green are close for protanopes), then
// navy and maroon for the eleventh and twelfth layer of a Transformer.
constexpr std::array<QRgb, 12> kStandard = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728,
                                            0x9467bd, 0x8c564b, 0xe377c2, 0x17becf,
                                            0xbcbd22, 0x7f7f7f, 0x000080, 0x800000};
// Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green, reddish purple,
// orange, sky blue, black, yellow (last: it is faint on white).
constexpr std::array<QRgb, 8> kColorBlindSafe = {0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7,
                                                 0xe69f00, 0x56b4e9, 0x000000, 0xf0e442};

QPalette highContrastPalette() {
    QPalette palette;
    const QColor black(Qt::black), white(Qt::white);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Window, white);
        palette.setColor(group, QPalette::WindowText, black);
        palette.setColor(group, QPalette::Base, white);
        palette.setColor(group, QPalette::AlternateBase, QColor(235, 235, 235));
        palette.setColor(group, QPalette::Text, black);
        palette.setColor(group, QPalette::Button, QColor(230, 230, 230));
        palette.setColor(group, QPalette::ButtonText, black);
        palette.setColor(group, QPalette::Highlight, QColor(0, 0, 160));
        palette.setColor(group, QPalette::HighlightedText, white);
        palette.setColor(group, QPalette::ToolTipBase, QColor(255, 255, 220));
        palette.setColor(group, QPalette::ToolTipText, black);
        palette.setColor(group, QPalette::PlaceholderText, QColor(70, 70, 70));
        palette.setColor(group, QPalette::Light, white);
        palette.setColor(group, QPalette::Midlight, QColor(200, 200, 200));
        palette.setColor(group, QPalette::Mid, QColor(90, 90, 90));
        palette.setColor(group, QPalette::Dark, QColor(40, 40, 40));
        palette.setColor(group, QPalette::Shadow, black);
        palette.setColor(group, QPalette::Link, QColor(0, 0, 200));
    }
    // Disabled controls stay legible on a washed-out projector: dark grey, not light grey.
    palette.setColor(QPalette::Disabled, QPalette::Window, white);
    palette.setColor(QPalette::Disabled, QPalette::Base, QColor(240, 240, 240));
    palette.setColor(QPalette::Disabled, QPalette::Button, QColor(230, 230, 230));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, QColor(85, 85, 85));
    return palette;
}

// Qt's standard highlight (#308cc6) under white text is 3.7:1, below WCAG AA's 4.5:1 for text
// (issue 29): a darker blue of the same hue, 5.9:1, where the highlight is too light.
void makeHighlightReadable() {
    QPalette palette = QApplication::palette();
    bool changed = false;
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive})
        if (contrastRatio(palette.color(group, QPalette::HighlightedText),
                          palette.color(group, QPalette::Highlight)) < 4.5) {
            palette.setColor(group, QPalette::Highlight, QColor(0x22, 0x69, 0x9e));
            changed = true;
        }
    if (changed) QApplication::setPalette(palette);
}

}  // namespace

double contrastRatio(const QColor& a, const QColor& b) {
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const auto luminance = [&](const QColor& color) {
        return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) +
               0.0722 * linear(color.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

AppearanceNotifier& AppearanceNotifier::instance() {
    static AppearanceNotifier notifier;
    return notifier;
}

const Appearance& appearance() { return g_appearance; }

void setAppearance(const Appearance& appearance) {
    static bool highlightChecked = false;  // once, on the palette the application started with
    if (!highlightChecked && qApp) {
        highlightChecked = true;
        makeHighlightReadable();
    }
    if (appearance == g_appearance) return;
    const bool themeChanged = appearance.highContrast != g_appearance.highContrast;
    g_appearance = appearance;
    if (themeChanged && qApp) {
        if (!g_basePalette) g_basePalette = QApplication::palette();
        QApplication::setPalette(appearance.highContrast ? highContrastPalette() : *g_basePalette);
    }
    emit AppearanceNotifier::instance().changed();
}

QString paletteKey(CategoricalPalette palette) {
    return palette == CategoricalPalette::ColorBlindSafe ? QStringLiteral("colour-blind-safe")
                                                         : QStringLiteral("standard");
}

QString sequentialMapKey(SequentialMap map) {
    return map == SequentialMap::Cividis ? QStringLiteral("cividis") : QStringLiteral("viridis");
}

QString divergingMapKey(DivergingMap map) {
    return map == DivergingMap::BlueOrange ? QStringLiteral("blue-orange") : QStringLiteral("rdbu");
}

CategoricalPalette paletteFromKey(const QString& key) {
    return key == QLatin1String("colour-blind-safe") ? CategoricalPalette::ColorBlindSafe
                                                     : CategoricalPalette::Standard;
}

SequentialMap sequentialMapFromKey(const QString& key) {
    return key == QLatin1String("cividis") ? SequentialMap::Cividis : SequentialMap::Viridis;
}

DivergingMap divergingMapFromKey(const QString& key) {
    return key == QLatin1String("blue-orange") ? DivergingMap::BlueOrange : DivergingMap::RedBlue;
}

int seriesColorCount() {
    return g_appearance.palette == CategoricalPalette::ColorBlindSafe ? int(kColorBlindSafe.size())
                                                                      : int(kStandard.size());
}

QColor seriesColor(int index) {
    const int count = seriesColorCount();
    const int i = ((index % count) + count) % count;
    return QColor::fromRgb(g_appearance.palette == CategoricalPalette::ColorBlindSafe
                               ? kColorBlindSafe[size_t(i)]
                               : kStandard[size_t(i)]);
}

int seriesColorIndex(const QColor& color) {
    const QRgb rgb = color.rgb() & 0xffffff;
    const auto find = [rgb](const auto& table) {
        for (size_t i = 0; i < table.size(); ++i)
            if (table[i] == rgb) return int(i);
        return -1;
    };
    return g_appearance.palette == CategoricalPalette::ColorBlindSafe ? find(kColorBlindSafe)
                                                                      : find(kStandard);
}

QColor markColor(Mark mark) {
    const bool safe = g_appearance.palette == CategoricalPalette::ColorBlindSafe;
    switch (mark) {
        case Mark::Bad:
            return safe ? QColor(0xd5, 0x5e, 0x00) : QColor(235, 60, 50);
        case Mark::Good:
            return safe ? QColor(0x00, 0x72, 0xb2) : QColor(0, 200, 80);
        case Mark::Negative:
            return safe ? QColor(0x00, 0x72, 0xb2) : QColor(33, 102, 172);
        case Mark::Positive:
            return safe ? QColor(0xd5, 0x5e, 0x00) : QColor(214, 60, 50);
    }
    return {};
}

double contrastLineFactor() { return g_appearance.highContrast ? 1.5 : 1.0; }

QColor chartInkColor() {
    return g_appearance.highContrast ? QColor(Qt::black) : QColor(60, 60, 60);
}

QColor chartGridColor() {
    return g_appearance.highContrast ? QColor(120, 120, 120) : QColor(225, 225, 225);
}

}  // namespace actlab::ui
