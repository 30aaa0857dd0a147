// ExplorerPanel: sliders move the plotted series, check boxes add and remove series, gated
// units at v, CSV values match core, x-range validation, cursor readout, state round trip,
// bad input answered with a message.
#include <gtest/gtest.h>

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <memory>

#include "activations/sampling.h"
#include "activations/scalar_functions.h"
#include "backends/backend_factory.h"
#include "ui/charts/curve_chart.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"

using actlab::ActivationConfig;
using actlab::ActivationId;
using actlab::ui::ExplorerPanel;

namespace {

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

TEST_F(ExplorerPanelTest, MovingASliderChangesThePlottedSeries) {
    ASSERT_TRUE(panel->setVisibleFunctions({"swish", "relu"}));
    auto* slider = panel->findChild<QSlider*>("slider/swish/beta");
    auto* spin = panel->findChild<QDoubleSpinBox*>("spin/swish/beta");
    ASSERT_NE(slider, nullptr);
    ASSERT_NE(spin, nullptr);
    const QList<QPointF> before = points("swish/f");
    const QList<QPointF> reluBefore = points("relu/f");
    slider->setValue(slider->value() + 150);
    const QList<QPointF> after = points("swish/f");
    ASSERT_EQ(after.size(), before.size());
    EXPECT_NE(after[500].y(), before[500].y());
    EXPECT_EQ(points("relu/f"), reluBefore);  // other functions untouched

    const double beta = spin->value();
    EXPECT_DOUBLE_EQ(panel->parameter("swish", "beta"), beta);
    ActivationConfig config = ActivationConfig::withDefaults(ActivationId::Swish);
    ASSERT_FALSE(config.setParameter("beta", beta));
    const double x = after[500].x();
    EXPECT_NEAR(after[500].y(), actlab::evaluateScalar<double>(config, x).value, 1e-12);
    EXPECT_NEAR(points("swish/f1")[500].y(), actlab::evaluateScalar<double>(config, x).first,
                1e-12);
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

TEST_F(ExplorerPanelTest, DerivativeTogglesChooseTheCurves) {
    panel->findChild<QCheckBox*>("showSecond")->setChecked(true);
    EXPECT_TRUE(panel->chart()->curveKeys().contains("gelu/f2"));
    panel->findChild<QCheckBox*>("showValue")->setChecked(false);
    EXPECT_FALSE(panel->chart()->curveKeys().contains("gelu/f"));
    const QList<QPointF> second = points("gelu/f2");
    const ActivationConfig gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    EXPECT_NEAR(second[700].y(), actlab::evaluateScalar<double>(gelu, second[700].x()).second,
                1e-12);
}

TEST_F(ExplorerPanelTest, GatedUnitIsPlottedAtTheChosenValue) {
    ASSERT_TRUE(panel->setVisibleFunctions({"glu"}));
    auto* slider = panel->findChild<QSlider*>("slider/glu/v");
    ASSERT_NE(slider, nullptr);
    ASSERT_TRUE(panel->setParameter("glu", "v", 2.0));
    const ActivationConfig glu = ActivationConfig::withDefaults(ActivationId::Glu);
    const QList<QPointF> y = points("glu/f"), dy = points("glu/f1");
    for (int i : {0, 1000, 1700}) {
        const auto d = actlab::evaluateGated<double>(glu, y[i].x(), 2.0);
        EXPECT_NEAR(y[i].y(), d.value, 1e-12);
        EXPECT_NEAR(dy[i].y(), d.dValueDx, 1e-12);
    }
}

TEST_F(ExplorerPanelTest, CsvHasHeaderRowsAndCoreValues) {
    ASSERT_TRUE(panel->setVisibleFunctions({"gelu", "softplus"}));
    ASSERT_TRUE(panel->setParameter("softplus", "beta", 2.0));
    QTemporaryDir dir;
    const QString path = dir.filePath("data.csv");
    QString error;
    ASSERT_TRUE(panel->exportCsv(path, &error)) << error.toStdString();
    const QStringList lines = readCsv(path);
    ASSERT_EQ(lines.size(), 1 + 2 * 2001);
    EXPECT_EQ(lines[0], "function,parameters,x,f,f_prime");

    const QStringList row = lines[1 + 2001 + 1234].split(',');  // a softplus row
    ASSERT_EQ(row.size(), 5);
    EXPECT_EQ(row[0], "softplus");
    EXPECT_EQ(row[1], "beta=2;threshold=20");
    ActivationConfig softplus = ActivationConfig::withDefaults(ActivationId::Softplus);
    ASSERT_FALSE(softplus.setParameter("beta", 2.0));
    const auto d = actlab::evaluateScalar<double>(softplus, row[2].toDouble());
    EXPECT_NEAR(row[3].toDouble(), d.value, 1e-12);
    EXPECT_NEAR(row[4].toDouble(), d.first, 1e-12);
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

    auto* low = panel->findChild<QDoubleSpinBox*>("xLow");
    auto* high = panel->findChild<QDoubleSpinBox*>("xHigh");
    auto* apply = panel->findChild<QPushButton*>("applyRange");
    ASSERT_TRUE(low && high && apply);
    low->setValue(4);
    high->setValue(-1);
    apply->click();
    EXPECT_FALSE(panel->messageText().isEmpty());
    EXPECT_DOUBLE_EQ(panel->xLow(), -5);

    low->setValue(-2);
    high->setValue(3);
    apply->click();
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

TEST_F(ExplorerPanelTest, CursorReadoutShowsCoreValuesForEveryVisibleCurve) {
    panel->setCursorX(1.0);
    const QString text = panel->cursorText();
    const ActivationConfig gelu = ActivationConfig::withDefaults(ActivationId::Gelu);
    const auto d = actlab::evaluateScalar<double>(gelu, 1.0);
    EXPECT_TRUE(text.contains(QString::number(d.value, 'g', 6))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::number(d.first, 'g', 6))) << text.toStdString();
    for (const char* name : {"ReLU", "GELU", "SiLU", "Tanh"})
        EXPECT_TRUE(text.contains(QLatin1String(name))) << name;
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
