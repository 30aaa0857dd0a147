// View → Colours (issue 9, presentation mode): the sequential maps against matplotlib's own
// tables (tests/ui/fixtures/colormaps.json, scripts/make_colormap_fixtures.py), the
// colour-blind-safe palette and marks kept apart under simulated dichromacy (Machado, Oliveira &
// Fernandes 2009, severity 1, written here independently of the app), the diverging maps white at
// zero and symmetric; and in the window: the menu recolours curves and maps live, high contrast
// blackens the ink and thickens the lines, the choice survives a restart, --colours parses.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>
#include <array>
#include <cmath>
#include <memory>

#include "backends/backend_factory.h"
#include "gui_options.h"
#include "main_window.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/reduced_motion.h"
#include "ui/common/timeline_bar.h"
#include "ui/heatmap/color_maps.h"
#include "ui/panels/explorer_panel.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

using Vec3 = std::array<double, 3>;

// sRGB (0–255) to linear RGB.
Vec3 linear(QColor c) {
    const auto f = [](double v) {
        v /= 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return {f(c.red()), f(c.green()), f(c.blue())};
}

// CIE L*a*b* (D65) of a linear RGB colour.
Vec3 lab(Vec3 rgb) {
    for (double& v : rgb) v = std::clamp(v, 0.0, 1.0);
    const double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
    const auto f = [](double t) {
        constexpr double d = 6.0 / 29.0;
        return t > d * d * d ? std::cbrt(t) : t / (3 * d * d) + 4.0 / 29.0;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

enum class Vision { Normal, Protanopia, Deuteranopia, Tritanopia };
constexpr std::array<Vision, 4> kVisions = {Vision::Normal, Vision::Protanopia,
                                            Vision::Deuteranopia, Vision::Tritanopia};

// The colour as seen with this vision: Machado et al. (2009), severity 1.0, in linear RGB.
Vec3 seen(QColor c, Vision vision) {
    static const std::array<std::array<double, 9>, 3> matrices = {{
        {0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116,
         1.051998},
        {0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940,
         0.968881},
        {1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367,
         0.303900},
    }};
    const Vec3 rgb = linear(c);
    if (vision == Vision::Normal) return lab(rgb);
    const auto& m = matrices[size_t(vision) - 1];
    return lab({m[0] * rgb[0] + m[1] * rgb[1] + m[2] * rgb[2],
                m[3] * rgb[0] + m[4] * rgb[1] + m[5] * rgb[2],
                m[6] * rgb[0] + m[7] * rgb[1] + m[8] * rgb[2]});
}

double difference(QColor a, QColor b, Vision vision) {  // ΔE*76
    const Vec3 p = seen(a, vision), q = seen(b, vision);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

// The smallest difference between two of the first n palette colours, with this vision.
double closestPair(int n, Vision vision) {
    double closest = 1e9;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            closest = std::min(closest, difference(seriesColor(i), seriesColor(j), vision));
    return closest;
}

// Every test starts from, and leaves, the default appearance.
class AppearanceTest : public ::testing::Test {
protected:
    void SetUp() override { setAppearance({}); }
    void TearDown() override { setAppearance({}); }
};

QJsonObject fixture() {
    QFile file(QStringLiteral(ACTLAB_COLORMAP_FIXTURE));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << ACTLAB_COLORMAP_FIXTURE;
    return QJsonDocument::fromJson(file.readAll()).object();
}

}  // namespace

TEST_F(AppearanceTest, SequentialMapsAreMatplotlibsViridisAndCividis) {
    const QJsonObject tables = fixture();
    for (const auto& [name, map] : {std::pair{"viridis", SequentialMap::Viridis},
                                    std::pair{"cividis", SequentialMap::Cividis}}) {
        setAppearance({.sequential = map});
        const QJsonArray entries = tables.value(QLatin1String(name)).toArray();
        ASSERT_EQ(entries.size(), 256) << name;
        double worst = 0;  // ΔE*76; about 2.3 is a just-noticeable difference
        for (int i = 0; i < 256; ++i) {
            const QColor ours = QColor::fromRgb(colorAt(ColorMap::Sequential, i / 255.0));
            const QJsonArray theirs = entries[i].toArray();
            const QColor reference(theirs[0].toInt(), theirs[1].toInt(), theirs[2].toInt());
            worst = std::max(worst, difference(ours, reference, Vision::Normal));
        }
        EXPECT_LE(worst, 2.0) << name << ": 52 stops interpolate matplotlib's 256 entries";
    }
}

TEST_F(AppearanceTest, SequentialMapsGetLighterAllTheWay) {
    for (SequentialMap map : {SequentialMap::Viridis, SequentialMap::Cividis}) {
        setAppearance({.sequential = map});
        double previous = -1;
        for (int i = 0; i <= 64; ++i) {
            const double l =
                seen(QColor::fromRgb(colorAt(ColorMap::Sequential, i / 64.0)), Vision::Normal)[0];
            EXPECT_GT(l, previous) << sequentialMapKey(map).toStdString() << " at " << i;
            previous = l;
        }
    }
}

// The simulation itself tells the palettes apart: Tableau 10's orange and green nearly merge for
// a protanope (ΔE ≈ 4.6), Okabe–Ito's eight colours stay ≥ 16 apart for every dichromacy.
TEST_F(AppearanceTest, TheColourBlindSafePaletteStaysApartForEveryDichromacy) {
    EXPECT_LT(closestPair(4, Vision::Protanopia), 8.0) << "the standard palette, as a control";
    setAppearance({.palette = CategoricalPalette::ColorBlindSafe});
    ASSERT_EQ(seriesColorCount(), 8);
    for (Vision vision : kVisions)
        EXPECT_GE(closestPair(8, vision), 15.0) << "vision " << int(vision);
    // Dead and revived units, and the two classes, are far apart too.
    for (Vision vision : kVisions) {
        EXPECT_GE(difference(markColor(Mark::Bad), markColor(Mark::Good), vision), 40.0);
        EXPECT_GE(difference(markColor(Mark::Negative), markColor(Mark::Positive), vision), 40.0);
    }
}

TEST_F(AppearanceTest, DivergingMapsAreWhiteAtZeroSymmetricAndReadableForEveryDichromacy) {
    for (DivergingMap map : {DivergingMap::RedBlue, DivergingMap::BlueOrange}) {
        setAppearance({.diverging = map});
        const std::string name = divergingMapKey(map).toStdString();
        const auto at = [](double t) { return QColor::fromRgb(colorAt(ColorMap::Diverging, t)); };
        EXPECT_EQ(at(0.5), QColor(Qt::white)) << name;
        double low = 101, high = 101;
        for (int i = 1; i <= 32; ++i) {
            const double d = i / 64.0;  // from the centre out
            const double lLow = seen(at(0.5 - d), Vision::Normal)[0];
            const double lHigh = seen(at(0.5 + d), Vision::Normal)[0];
            EXPECT_LT(lLow, low) << name << ": darker away from 0, at −" << d;
            EXPECT_LT(lHigh, high) << name << ": darker away from 0, at +" << d;
            EXPECT_NEAR(lLow, lHigh, 8.0) << name << ": as dark on both sides, at ±" << d;
            low = lLow;
            high = lHigh;
        }
        for (Vision vision : kVisions)
            for (double d : {0.2, 0.3, 0.4, 0.5})
                EXPECT_GE(difference(at(0.5 - d), at(0.5 + d), vision), 25.0)
                    << name << ": the signs apart, ±" << d << ", vision " << int(vision);
    }
}

TEST_F(AppearanceTest, KeysRoundTripAndUnknownTextGivesTheDefault) {
    for (auto p : {CategoricalPalette::Standard, CategoricalPalette::ColorBlindSafe})
        EXPECT_EQ(paletteFromKey(paletteKey(p)), p);
    for (auto m : {SequentialMap::Viridis, SequentialMap::Cividis})
        EXPECT_EQ(sequentialMapFromKey(sequentialMapKey(m)), m);
    for (auto m : {DivergingMap::RedBlue, DivergingMap::BlueOrange})
        EXPECT_EQ(divergingMapFromKey(divergingMapKey(m)), m);
    EXPECT_EQ(paletteFromKey(QStringLiteral("plaid")), CategoricalPalette::Standard);
}

TEST_F(AppearanceTest, TheColoursOptionParsesAndRefusesUnknownWords) {
    const gui::GuiOptionsResult good = gui::parseGuiOptions(
        {QStringLiteral("actlab"), QStringLiteral("--colours"),
         QStringLiteral("colour-blind-safe,cividis,blue-orange,high-contrast")});
    ASSERT_TRUE(good.options) << good.error.toStdString();
    ASSERT_TRUE(good.options->appearance);
    EXPECT_EQ(*good.options->appearance,
              (Appearance{CategoricalPalette::ColorBlindSafe, SequentialMap::Cividis,
                          DivergingMap::BlueOrange, true}));
    const gui::GuiOptionsResult bad = gui::parseGuiOptions(
        {QStringLiteral("actlab"), QStringLiteral("--colours"), QStringLiteral("cividis,plaid")});
    EXPECT_FALSE(bad.options);
    EXPECT_TRUE(bad.error.contains(QStringLiteral("plaid"))) << bad.error.toStdString();
}

namespace {

class ColoursMenu : public AppearanceTest {
protected:
    void SetUp() override {
        AppearanceTest::SetUp();
        m_selection = createBackend(BackendChoice::Cpu);
        window = std::make_unique<gui::MainWindow>(*m_selection.backend,
                                                   QString::fromStdString(m_selection.reason));
        window->resize(1280, 720);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
    }
    QAction* action(const QString& name) const { return window->findChild<QAction*>(name); }

    BackendSelection m_selection;
    std::unique_ptr<gui::MainWindow> window;
};

}  // namespace

TEST_F(ColoursMenu, ThePaletteRecoloursTheExplorersCurvesLive) {
    CurveChart* chart = window->findChild<ExplorerPanel*>()->chart();
    const QStringList keys = chart->curveKeys();
    ASSERT_FALSE(keys.isEmpty());
    const QColor before = chart->curvePen(keys.first()).color();
    ASSERT_EQ(seriesColorIndex(before), 0) << "the first function has the first colour";
    ASSERT_TRUE(action(QStringLiteral("palette_colour-blind-safe")));
    action(QStringLiteral("palette_colour-blind-safe"))->trigger();
    EXPECT_EQ(appearance().palette, CategoricalPalette::ColorBlindSafe);
    EXPECT_EQ(chart->curvePen(keys.first()).color(), QColor(0x00, 0x72, 0xb2));  // Okabe–Ito blue
    action(QStringLiteral("palette_standard"))->trigger();
    EXPECT_EQ(chart->curvePen(keys.first()).color(), before);
}

TEST_F(ColoursMenu, TheSequentialMapRepaintsTheAttentionMaps) {
    AttentionGridView grid;
    grid.resize(400, 400);
    grid.setMaps(1, 1, 2, {1.0f, 1.0f, 1.0f, 1.0f}, {QStringLiteral("a"), QStringLiteral("b")});
    const auto centre = [&grid] {  // the map's middle: every cell is weight 1
        return grid.renderImage(grid.size()).pixelColor(grid.mapRect(0, 0).center());
    };
    const QColor viridis = QColor::fromRgb(colorAt(ColorMap::Sequential, 1.0));
    EXPECT_EQ(centre(), viridis);
    action(QStringLiteral("sequential_cividis"))->trigger();
    const QColor cividis = centre();
    EXPECT_NE(cividis, viridis);
    EXPECT_EQ(cividis, QColor::fromRgb(colorAt(ColorMap::Sequential, 1.0)));
    EXPECT_TRUE(action(QStringLiteral("sequential_cividis"))->isChecked());
}

TEST_F(ColoursMenu, HighContrastBlackensTheInkAndThickensTheLines) {
    CurveChart* chart = window->findChild<ExplorerPanel*>()->chart();
    const QString key = chart->curveKeys().first();
    const double width = chart->curvePen(key).widthF();
    const QColor ink = chart->axisLabelColor();
    ASSERT_NE(ink, QColor(Qt::black));
    action(QStringLiteral("highContrast"))->trigger();
    EXPECT_TRUE(appearance().highContrast);
    EXPECT_EQ(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
    EXPECT_EQ(QApplication::palette().color(QPalette::Disabled, QPalette::WindowText),
              QColor(85, 85, 85));
    EXPECT_EQ(chart->axisLabelColor(), QColor(Qt::black));
    EXPECT_DOUBLE_EQ(chart->curvePen(key).widthF(), 1.5 * width);
    action(QStringLiteral("highContrast"))->trigger();
    EXPECT_EQ(chart->axisLabelColor(), ink);
    EXPECT_DOUBLE_EQ(chart->curvePen(key).widthF(), width);
}

TEST_F(ColoursMenu, TheChoiceIsKeptForTheNextStart) {
    QStandardPaths::setTestModeEnabled(true);  // the user's own settings stay untouched
    window->restorePreferences();              // keep them on closing, as main() does
    action(QStringLiteral("palette_colour-blind-safe"))->trigger();
    action(QStringLiteral("diverging_blue-orange"))->trigger();
    action(QStringLiteral("highContrast"))->trigger();
    window->close();
    window.reset();
    setAppearance({});
    gui::MainWindow next(*m_selection.backend, QString());
    next.restorePreferences();
    EXPECT_EQ(appearance(), (Appearance{CategoricalPalette::ColorBlindSafe, SequentialMap::Viridis,
                                        DivergingMap::BlueOrange, true}));
    EXPECT_TRUE(next.findChild<QAction*>(QStringLiteral("diverging_blue-orange"))->isChecked());
    EXPECT_TRUE(next.findChild<QAction*>(QStringLiteral("highContrast"))->isChecked());
    setAppearance({});
    next.savePreferences();  // the defaults again, for the next test
    QStandardPaths::setTestModeEnabled(false);
}

// Reduced motion (issue 29): View → Reduce motion is kept for the next start, and a replay then
// jumps to the end instead of stepping through the keyframes.
TEST_F(ColoursMenu, ReducedMotionIsKeptAndReplaysJumpToTheEnd) {
    QStandardPaths::setTestModeEnabled(true);  // the user's own settings stay untouched
    window->restorePreferences();
    ASSERT_FALSE(action(QStringLiteral("reduceMotion"))->isChecked());
    action(QStringLiteral("reduceMotion"))->trigger();
    EXPECT_TRUE(reducedMotion());
    window->close();
    window.reset();
    setReducedMotion(false);
    gui::MainWindow next(*m_selection.backend, QString());
    next.restorePreferences();
    EXPECT_TRUE(reducedMotion());
    EXPECT_TRUE(next.findChild<QAction*>(QStringLiteral("reduceMotion"))->isChecked());

    TimelineBar timeline;
    timeline.setSteps({0, 10, 20, 30});
    timeline.choose(0);
    ASSERT_FALSE(timeline.isLive());
    timeline.startReplay();
    EXPECT_FALSE(timeline.replaying()) << "no animation";
    EXPECT_TRUE(timeline.isLive()) << "at the end at once";

    next.findChild<QAction*>(QStringLiteral("reduceMotion"))->trigger();
    EXPECT_FALSE(reducedMotion());
    timeline.choose(0);
    timeline.startReplay();
    EXPECT_TRUE(timeline.replaying());
    timeline.stopReplay();
    next.savePreferences();  // the default again, for the next test
    QStandardPaths::setTestModeEnabled(false);
}
