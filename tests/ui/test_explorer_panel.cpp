// ExplorerPanel: sliders move the plotted series, check boxes add and remove series, gated
// units at v, CSV values, x-range validation, cursor readout, state round trip, bad input
// answered with a message. What it plots and shows is checked against PyTorch's float64 values
// (tests/activations/fixtures, read by fixture_reader.h), at sample points that are fixture x.
#include <gtest/gtest.h>

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGraphicsView>
#include <QJsonDocument>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>

#include "backends/backend_factory.h"
#include "fixture_reader.h"
#include "ui/charts/curve_chart.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"

using actlab::ActivationConfig;
using actlab::ActivationId;
using actlab::ui::ExplorerPanel;

namespace {

using actlab::test::GatedFixtureRow;
using actlab::test::ScalarFixtureRow;

// PyTorch's row of NAME(PARAMS) at exactly x (PARAMS as scalar_functions.csv writes them).
const ScalarFixtureRow* pytorchRow(const std::string& name, const std::string& params, double x) {
    static const std::vector<ScalarFixtureRow> rows = actlab::test::readScalarFixture();
    for (const ScalarFixtureRow& row : rows)
        if (row.name == name && row.params == params && row.x == x) return &row;
    return nullptr;
}

const GatedFixtureRow* pytorchGatedRow(const std::string& name, double x, double v) {
    static const std::vector<GatedFixtureRow> rows = actlab::test::readGatedFixture();
    for (const GatedFixtureRow& row : rows)
        if (row.name == name && row.x == x && row.v == v) return &row;
    return nullptr;
}

// Units in the last place between a and b (how many doubles lie between them; ±0 are one).
uint64_t ulpsBetween(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<uint64_t>::max();
    const auto ordered = [](double v) -> int64_t {
        const int64_t bits = std::bit_cast<int64_t>(v);
        return bits < 0 ? -(bits & std::numeric_limits<int64_t>::max()) : bits;
    };
    const int64_t p = ordered(a), q = ordered(b);
    return p > q ? uint64_t(p) - uint64_t(q) : uint64_t(q) - uint64_t(p);
}

// The CPU backend the panel samples through stays within a few ulps of PyTorch's float64 value
// at points where PyTorch's formula does not cancel (the ones chosen below).
constexpr uint64_t kUlps = 4;

::testing::AssertionResult withinUlps(const char* what, double got, double want) {
    const uint64_t distance = ulpsBetween(got, want);
    if (distance <= kUlps) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << what << ": got " << got << ", PyTorch " << want << " ("
                                         << distance << " ulps, allowed " << kUlps << ")";
}

// The default view samples 2001 points on [−5, 5], x_i = −5 + 10·(i/2000). At i = 125k,
// i/2000 = k/16 and 10·k/16 are exact, so x_i = −5 + 5k/8 exactly whether or not the compiler
// fuses the multiply-add: multiples of 1/8, which the fixture holds. The tests read those.

class ExplorerPanelTest : public ::testing::Test {
protected:
    void SetUp() override {
        backend = actlab::createBackend(actlab::BackendChoice::Cpu).backend;
        panel = std::make_unique<ExplorerPanel>(*backend);
        panel->resize(1200, 800);
        panel->show();
        QApplication::processEvents();
    }
    QList<QPointF> points(const QString& key) const { return panel->chart()->curvePoints(key); }
    // Types a range into the boxes and presses Apply, as a user would.
    void typeRange(double low, double high) {
        auto* lowBox = panel->findChild<QDoubleSpinBox*>("xLow");
        auto* highBox = panel->findChild<QDoubleSpinBox*>("xHigh");
        auto* apply = panel->findChild<QPushButton*>("applyRange");
        ASSERT_TRUE(lowBox && highBox && apply);
        lowBox->setValue(low);
        highBox->setValue(high);
        apply->click();
    }
    QStringList readCsv(const QString& path) const {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
        return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    }

    std::unique_ptr<actlab::Backend> backend;
    std::unique_ptr<ExplorerPanel> panel;
};

}  // namespace

TEST_F(ExplorerPanelTest, OpensWithAFewCurvesOfFAndFPrime) {
    const QStringList keys = panel->chart()->curveKeys();
    EXPECT_GE(panel->visibleFunctions().size(), 3);
    EXPECT_TRUE(keys.contains("gelu/f"));
    EXPECT_TRUE(keys.contains("gelu/f1"));
    EXPECT_FALSE(keys.contains("gelu/f2"));
    EXPECT_EQ(points("gelu/f").size(), 2001);
}

// The slider's far end is β = 10, a fixture setting.
TEST_F(ExplorerPanelTest, MovingTheBetaSliderReplotsSwishAsPyTorchComputesItAtTheNewBeta) {
    ASSERT_TRUE(panel->setVisibleFunctions({"swish", "relu"}));
    auto* slider = panel->findChild<QSlider*>("slider/swish/beta");
    auto* spin = panel->findChild<QDoubleSpinBox*>("spin/swish/beta");
    ASSERT_NE(slider, nullptr);
    ASSERT_NE(spin, nullptr);
    const QList<QPointF> before = points("swish/f");
    const QList<QPointF> reluBefore = points("relu/f");
    slider->setValue(slider->maximum());
    const QList<QPointF> after = points("swish/f");
    const QList<QPointF> slope = points("swish/f1");
    ASSERT_EQ(after.size(), before.size());
    EXPECT_NE(after[500].y(), before[500].y());
    EXPECT_EQ(points("relu/f"), reluBefore);  // other functions untouched

    EXPECT_EQ(spin->value(), 10.0);
    EXPECT_EQ(panel->parameter("swish", "beta"), 10.0);
    for (int i : {750, 875, 1125, 1250}) {  // x = −1.25, −0.625, 0.625, 1.25
        const ScalarFixtureRow* want = pytorchRow("swish", "beta=10.0", after[i].x());
        ASSERT_NE(want, nullptr) << "x = " << after[i].x() << " is not in the fixture";
        EXPECT_TRUE(withinUlps("f", after[i].y(), *want->value)) << "x = " << want->x;
        EXPECT_TRUE(withinUlps("f′", slope[i].y(), *want->first)) << "x = " << want->x;
    }
}

TEST_F(ExplorerPanelTest, TypingInTheSpinBoxMovesTheSliderAndTheCurve) {
    ASSERT_TRUE(panel->setVisibleFunctions({"elu"}));
    auto* slider = panel->findChild<QSlider*>("slider/elu/alpha");
    auto* spin = panel->findChild<QDoubleSpinBox*>("spin/elu/alpha");
    ASSERT_TRUE(slider && spin);
    const int position = slider->value();
    spin->setValue(2.5);
    EXPECT_NE(slider->value(), position);
    EXPECT_NEAR(points("elu/f").front().y(), 2.5 * std::expm1(-5.0), 1e-12);
}

TEST_F(ExplorerPanelTest, TogglingFunctionsAddsAndRemovesSeries) {
    QListWidgetItem* item = panel->functionList()->itemFor(ActivationId::Mish);
    ASSERT_NE(item, nullptr);
    item->setCheckState(Qt::Checked);
    EXPECT_TRUE(panel->chart()->curveKeys().contains("mish/f"));
    EXPECT_TRUE(panel->chart()->curveKeys().contains("mish/f1"));
    EXPECT_TRUE(panel->visibleFunctions().contains("mish"));
    item->setCheckState(Qt::Unchecked);
    EXPECT_FALSE(panel->chart()->curveKeys().contains("mish/f"));
    EXPECT_FALSE(panel->chart()->curveKeys().contains("mish/f1"));

    QListWidgetItem* leaky = panel->functionList()->itemFor(ActivationId::LeakyRelu);
    leaky->setCheckState(Qt::Checked);
    EXPECT_NE(panel->findChild<QSlider*>("slider/leaky_relu/alpha"), nullptr);
    leaky->setCheckState(Qt::Unchecked);
    QApplication::processEvents();
    EXPECT_EQ(panel->findChild<QSlider*>("slider/leaky_relu/alpha"), nullptr);
}

TEST_F(ExplorerPanelTest, DerivativeTogglesChooseTheCurvesAndF2IsPyTorchsGeluSecondDerivative) {
    panel->findChild<QCheckBox*>("showSecond")->setChecked(true);
    EXPECT_TRUE(panel->chart()->curveKeys().contains("gelu/f2"));
    panel->findChild<QCheckBox*>("showValue")->setChecked(false);
    EXPECT_FALSE(panel->chart()->curveKeys().contains("gelu/f"));
    const QList<QPointF> second = points("gelu/f2");
    for (int i : {750, 1000, 1250}) {  // x = −1.25, 0, 1.25
        const ScalarFixtureRow* want = pytorchRow("gelu", "", second[i].x());
        ASSERT_NE(want, nullptr) << "x = " << second[i].x() << " is not in the fixture";
        EXPECT_TRUE(withinUlps("f″", second[i].y(), *want->second)) << "x = " << want->x;
    }
}

TEST_F(ExplorerPanelTest, GatedUnitIsPlottedAtTheChosenValueAsPyTorchComputesIt) {
    ASSERT_TRUE(panel->setVisibleFunctions({"glu"}));
    auto* slider = panel->findChild<QSlider*>("slider/glu/v");
    ASSERT_NE(slider, nullptr);
    ASSERT_TRUE(panel->setParameter("glu", "v", 3.0));  // σ(x)·3
    const QList<QPointF> y = points("glu/f"), dy = points("glu/f1");
    // gated_units.csv steps x by ½; for x > 0 PyTorch's σ·(1 − σ) cancels (12 ulps at 2.5).
    for (int i : {0, 500, 1000}) {  // x = −5, −2.5, 0
        const GatedFixtureRow* want = pytorchGatedRow("glu", y[i].x(), 3.0);
        ASSERT_NE(want, nullptr) << "x = " << y[i].x() << " is not in the fixture";
        EXPECT_TRUE(withinUlps("y", y[i].y(), *want->value)) << "x = " << want->x;
        EXPECT_TRUE(withinUlps("∂y/∂x", dy[i].y(), *want->dValueDx)) << "x = " << want->x;
    }
}

TEST_F(ExplorerPanelTest, CsvHasHeaderRowsAndPyTorchsValuesForEachFunction) {
    ASSERT_TRUE(panel->setVisibleFunctions({"gelu", "softplus"}));
    ASSERT_TRUE(panel->setParameter("softplus", "beta", 5.0));
    QTemporaryDir dir;
    const QString path = dir.filePath("data.csv");
    QString error;
    ASSERT_TRUE(panel->exportCsv(path, &error)) << error.toStdString();
    const QStringList lines = readCsv(path);
    ASSERT_EQ(lines.size(), 1 + 2 * 2001);
    EXPECT_EQ(lines[0], "function,parameters,x,f,f_prime,point");

    struct Expected {
        int line;
        const char* function;
        const char* parameters;  // as the CSV writes them
        const char* fixtureParameters;
    };
    for (const Expected& e : {Expected{1 + 1250, "gelu", "", ""},  // x = 1.25
                              Expected{1 + 2001 + 1125, "softplus", "beta=5;threshold=20",
                                       "beta=5.0;threshold=20.0"}}) {  // x = 0.625
        const QStringList row = lines[e.line].split(',');
        ASSERT_EQ(row.size(), 6);
        EXPECT_EQ(row[5], "sample");
        EXPECT_EQ(row[0], e.function);
        EXPECT_EQ(row[1], e.parameters);
        const ScalarFixtureRow* want = pytorchRow(e.function, e.fixtureParameters,
                                                  actlab::test::parseNumber(row[2].toStdString()));
        ASSERT_NE(want, nullptr) << lines[e.line].toStdString() << ": x is not in the fixture";
        EXPECT_TRUE(withinUlps("f", actlab::test::parseNumber(row[3].toStdString()), *want->value))
            << lines[e.line].toStdString();
        EXPECT_TRUE(withinUlps("f′", actlab::test::parseNumber(row[4].toStdString()), *want->first))
            << lines[e.line].toStdString();
    }
}

// A jump is drawn as a jump: relu′ and relu6′ are cut where they step (no line joins 0 to 1), a
// filled dot marks the value taken there and an open dot the limit not taken; softplus with
// threshold 1 falls from log(1 + e) to 1 at x = 1 the same way. The CSV says so too.
TEST_F(ExplorerPanelTest, JumpsAreGapsWithFilledAndOpenDotsInThePlotAndTheCsv) {
    ASSERT_TRUE(panel->setVisibleFunctions({"relu6", "softplus"}));
    ASSERT_TRUE(panel->setParameter("softplus", "threshold", 1.0));
    ASSERT_TRUE(panel->setXRange(-8, 8));
    actlab::ui::CurveChart* chart = panel->chart();
    const QStringList keys = chart->curveKeys();
    for (const QString& key : keys) {
        if (key.endsWith("/taken") || key.endsWith("/limits")) continue;
        const QList<QPointF> piece = chart->curvePoints(key);
        for (qsizetype i = 1; i < piece.size(); ++i)
            ASSERT_LT(std::abs(piece[i].y() - piece[i - 1].y()), 0.2)
                << key.toStdString() << " joins a jump at x = " << piece[i].x();
    }
    EXPECT_TRUE(keys.contains("relu6/f1/2") && keys.contains("relu6/f1/3"))
        << "relu6′ in three pieces: " << keys.join(", ").toStdString();
    EXPECT_EQ(chart->curvePoints("relu6/f1/taken"), (QList<QPointF>{{0, 0}, {6, 0}}));
    EXPECT_EQ(chart->curvePoints("relu6/f1/limits"), (QList<QPointF>{{0, 1}, {6, 1}}));
    const QList<QPointF> taken = chart->curvePoints("softplus/f/taken");
    ASSERT_EQ(taken.size(), 1);
    EXPECT_EQ(taken[0].x(), 1.0);
    EXPECT_NEAR(taken[0].y(), std::log1p(std::exp(1.0)), 1e-12);
    const QList<QPointF> open = chart->curvePoints("softplus/f/limits");
    ASSERT_EQ(open.size(), 1);
    EXPECT_NEAR(open[0].y(), 1.0, 1e-8);
    QApplication::processEvents();
    QStringList legend = chart->legendLabels();
    EXPECT_EQ(legend.count("ReLU6"), 1)
        << "one legend entry per function: " << legend.join(", ").toStdString();
    EXPECT_EQ(legend.removeDuplicates(), 0) << "the pieces and dots have no entries of their own";

    QTemporaryDir dir;
    const QString path = dir.filePath("jumps.csv");
    QString error;
    ASSERT_TRUE(panel->exportCsv(path, &error)) << error.toStdString();
    QStringList atSix;  // x, f′ and the point of the rows at x = 6 that are not samples
    for (const QString& line : readCsv(path)) {
        const QStringList row = line.split(',');
        if (row.size() == 6 && row[0] == "relu6" && row[2] == "6" && row[5] != "sample")
            atSix << QStringList{row[2], row[4], row[5]}.join(',');
    }
    EXPECT_EQ(atSix, (QStringList{"6,1,left_limit", "6,0,value", "6,0,right_limit"}));
}

TEST_F(ExplorerPanelTest, PlotExportsWriteValidPngAndSvg) {
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(panel->exportPng(dir.filePath("p.png"), &error)) << error.toStdString();
    ASSERT_TRUE(panel->exportSvg(dir.filePath("p.svg"), &error)) << error.toStdString();
    const QImage image(dir.filePath("p.png"));
    ASSERT_FALSE(image.isNull());
    EXPECT_GT(image.width(), 300);
    QFile svg(dir.filePath("p.svg"));
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    bool sawSvg = false;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("svg"))
            sawSvg = true;
    EXPECT_FALSE(xml.hasError());
    EXPECT_TRUE(sawSvg);
    EXPECT_FALSE(panel->renderImage().isNull());
}

TEST_F(ExplorerPanelTest, XRangeMustHaveLowBelowHigh) {
    QString error;
    EXPECT_FALSE(panel->setXRange(3, 1, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(panel->messageText().isEmpty());
    EXPECT_FALSE(panel->setXRange(2, 2));
    EXPECT_FALSE(panel->setXRange(0, NAN));
    EXPECT_DOUBLE_EQ(panel->xLow(), -5);  // unchanged

    typeRange(4, -1);
    EXPECT_FALSE(panel->messageText().isEmpty());
    EXPECT_DOUBLE_EQ(panel->xLow(), -5);

    typeRange(-2, 3);
    EXPECT_TRUE(panel->messageText().isEmpty());
    const QList<QPointF> gelu = points("gelu/f");
    EXPECT_DOUBLE_EQ(gelu.front().x(), -2);
    EXPECT_DOUBLE_EQ(gelu.back().x(), 3);
    EXPECT_DOUBLE_EQ(panel->chart()->xLow(), -2);
}

TEST_F(ExplorerPanelTest, ZoomingResamplesTheVisibleRange) {
    panel->chart()->zoom(0.1, 0, 0);
    EXPECT_NEAR(panel->xLow(), -0.5, 1e-12);
    const QList<QPointF> gelu = points("gelu/f");
    EXPECT_EQ(gelu.size(), 2001);
    EXPECT_NEAR(gelu.front().x(), -0.5, 1e-12);
    panel->chart()->resetView();
    EXPECT_DOUBLE_EQ(panel->xLow(), -5);
}

// Issue 7: an x-range message outlived Reset view (the boxes then hold the view's valid range);
// the cursor readout kept the x from before a zoom though the pointer now points elsewhere.
TEST_F(ExplorerPanelTest, ResetViewClearsAStaleRangeMessage) {
    typeRange(4, -1);
    ASSERT_FALSE(panel->messageText().isEmpty());
    auto* low = panel->findChild<QDoubleSpinBox*>("xLow");
    auto* high = panel->findChild<QDoubleSpinBox*>("xHigh");
    panel->chart()->resetView();
    EXPECT_TRUE(panel->messageText().isEmpty()) << panel->messageText().toStdString();
    EXPECT_DOUBLE_EQ(low->value(), -5);
    EXPECT_DOUBLE_EQ(high->value(), 5);
}

TEST_F(ExplorerPanelTest, TheCursorReadoutFollowsAZoomUnderAStillPointer) {
    auto* view = panel->chart()->findChild<QGraphicsView*>();
    ASSERT_TRUE(view);
    const QPoint at = view->viewport()->rect().center() + QPoint(view->viewport()->width() / 4, 0);
    QTest::mouseMove(view->viewport(), at);
    QApplication::processEvents();
    const auto cursorX = [&] {
        const QString first = panel->cursorText().section('\n', 0, 0);  // "Cursor: x = …"
        return first.section('=', 1).trimmed().toDouble();
    };
    const double before = cursorX();
    ASSERT_GT(before, 0.5) << panel->cursorText().toStdString();
    panel->chart()->zoom(0.5, 0, 0);  // about x = 0: the pixel now shows half the x
    EXPECT_NEAR(cursorX(), before / 2, 0.02 * before) << panel->cursorText().toStdString();
}

// One row per visible function, in order: its name, then PyTorch's f(1) and f′(1) to 6 digits.
TEST_F(ExplorerPanelTest, CursorReadoutShowsEachVisibleFunctionsPyTorchValuesInItsOwnRow) {
    panel->setCursorX(1.0);
    const QStringList lines = panel->cursorText().split('\n');
    ASSERT_EQ(lines.size(), 5) << panel->cursorText().toStdString();
    EXPECT_EQ(lines[0], "Cursor: x = 1");
    const std::pair<const char*, const char*> functions[] = {
        {"ReLU", "relu"}, {"GELU", "gelu"}, {"SiLU", "silu"}, {"Tanh", "tanh"}};
    for (int row = 0; row < 4; ++row) {
        const ScalarFixtureRow* want = pytorchRow(functions[row].second, "", 1.0);
        ASSERT_NE(want, nullptr) << functions[row].second;
        const QString expected =
            QStringLiteral("%1\t%2\t%3")
                .arg(QLatin1String(functions[row].first), QString::number(*want->value, 'g', 6),
                     QString::number(*want->first, 'g', 6));
        EXPECT_EQ(lines[row + 1], expected);
    }
}

TEST_F(ExplorerPanelTest, SelectingAFunctionTellsTheProperties) {
    QSignalSpy spy(panel.get(), &ExplorerPanel::selectedActivationChanged);
    panel->functionList()->setCurrentFunction(ActivationId::Tanh);
    ASSERT_GE(spy.count(), 1);
    EXPECT_EQ(spy.last().first().value<ActivationConfig>().id, ActivationId::Tanh);
    ASSERT_TRUE(panel->setVisibleFunctions({"elu"}));
    panel->functionList()->setCurrentFunction(ActivationId::Elu);
    ASSERT_TRUE(panel->setParameter("elu", "alpha", 2.0));
    EXPECT_DOUBLE_EQ(spy.last().first().value<ActivationConfig>().parameters[0], 2.0);
}

TEST_F(ExplorerPanelTest, StateRoundTrips) {
    ASSERT_TRUE(panel->setVisibleFunctions({"elu", "swish", "geglu"}));
    ASSERT_TRUE(panel->setParameter("swish", "beta", 3.0));
    ASSERT_TRUE(panel->setParameter("geglu", "v", -1.5));
    panel->setDerivatives({true, false, true});
    ASSERT_TRUE(panel->setXRange(-2, 4));
    panel->chart()->setYRange(-1, 2);
    const QJsonObject state = panel->saveState();

    ExplorerPanel other(*backend);
    other.resize(1200, 800);
    other.restoreState(QJsonDocument::fromJson(QJsonDocument(state).toJson()).object());
    EXPECT_EQ(other.visibleFunctions(), (QStringList{"elu", "swish", "geglu"}));
    EXPECT_EQ(other.chart()->curveKeys(), panel->chart()->curveKeys());
    EXPECT_EQ(other.chart()->curvePoints("swish/f"), points("swish/f"));
    EXPECT_EQ(other.chart()->curvePoints("geglu/f2"), points("geglu/f2"));
    EXPECT_DOUBLE_EQ(other.xLow(), -2);
    EXPECT_DOUBLE_EQ(other.chart()->yLow(), -1);
    EXPECT_EQ(other.saveState(), state);
}

TEST_F(ExplorerPanelTest, BadInputGetsAMessageNeverACrash) {
    QString error;
    EXPECT_FALSE(panel->setParameter("elu", "alpha", 100.0, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(panel->setParameter("elu", "beta", 1.0, &error));
    EXPECT_FALSE(panel->setParameter("nope", "alpha", 1.0, &error));
    EXPECT_FALSE(panel->setParameter("glu", "v", NAN, &error));
    EXPECT_FALSE(panel->setVisibleFunctions({"relu", "nope"}, &error));
    EXPECT_TRUE(error.contains("nope"));

    panel->restoreState(
        QJsonDocument::fromJson(
            R"({"visible": [3, "gelu", "nope"], "parameters": {"elu": {"alpha": 1e9},
                               "swish": "x"}, "derivatives": 7, "xRange": [5, -5],
                               "home": ["a", 1], "yRange": [null, 1]})")
            .object());
    EXPECT_EQ(panel->visibleFunctions(), QStringList{"gelu"});
    EXPECT_DOUBLE_EQ(panel->parameter("elu", "alpha"), 1.0);
    for (const QString& key : panel->chart()->curveKeys())
        for (const QPointF& p : panel->chart()->curvePoints(key))
            ASSERT_TRUE(std::isfinite(p.x()) && std::isfinite(p.y()));
}

TEST_F(ExplorerPanelTest, HoldingASliderPaintsInDraftUntilReleased) {
    ASSERT_TRUE(panel->setVisibleFunctions({"swish"}));
    auto* slider = panel->findChild<QSlider*>("slider/swish/beta");
    ASSERT_NE(slider, nullptr);
    slider->setSliderDown(true);
    EXPECT_TRUE(panel->chart()->draftMode());
    slider->setValue(slider->value() + 10);
    EXPECT_TRUE(panel->chart()->draftMode());
    slider->setSliderDown(false);
    EXPECT_FALSE(panel->chart()->draftMode());
}
