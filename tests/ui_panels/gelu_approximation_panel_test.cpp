// GeluApproximationPanel: errors agree with core's compareFunctions, charts, validation, state.
#include "ui/panels/gelu_approximation_panel.h"

#include <gtest/gtest.h>

#include <QLocale>

#include "backends/backend_factory.h"
#include "ui/charts/curve_chart.h"

using actlab::ActivationConfig;
using actlab::ActivationId;
using actlab::ui::GeluApproximationPanel;

namespace {

actlab::Backend& cpuBackend() {
    static const auto selection = actlab::createBackend(actlab::BackendChoice::Cpu);
    return *selection.backend;
}

}  // namespace

TEST(GeluApproximationPanel, LargestErrorsMatchCompareFunctions) {
    GeluApproximationPanel panel(cpuBackend());
    panel.setWindow(-4, 4);
    const auto exact = ActivationConfig::withDefaults(ActivationId::Gelu);
    const auto tanh = actlab::compareFunctions(
        exact, ActivationConfig::withDefaults(ActivationId::GeluTanh), -4, 4);
    const auto sigmoid = actlab::compareFunctions(
        exact, ActivationConfig::withDefaults(ActivationId::GeluSigmoid), -4, 4);
    EXPECT_DOUBLE_EQ(panel.tanhError().maxAbsError, tanh.maxAbsError);
    EXPECT_DOUBLE_EQ(panel.tanhError().at, tanh.at);
    EXPECT_DOUBLE_EQ(panel.sigmoidError().maxAbsError, sigmoid.maxAbsError);
    EXPECT_DOUBLE_EQ(panel.sigmoidError().at, sigmoid.at);
    // The known magnitudes: tanh form within ~5e-4, sigmoid form within ~2e-2.
    EXPECT_LT(panel.tanhError().maxAbsError, 1e-3);
    EXPECT_GT(panel.sigmoidError().maxAbsError, 10 * panel.tanhError().maxAbsError);
    EXPECT_LT(panel.sigmoidError().maxAbsError, 0.05);

    const QString summary = panel.summaryText();
    EXPECT_TRUE(summary.contains(QLocale().toString(tanh.maxAbsError, 'g', 3)));
    EXPECT_TRUE(summary.contains(QLocale().toString(sigmoid.maxAbsError, 'g', 3)));
}

TEST(GeluApproximationPanel, ChartsShowTheThreeCurvesAndTwoErrors) {
    GeluApproximationPanel panel(cpuBackend());
    EXPECT_EQ(panel.curveChart()->curveKeys().size(), 3);
    EXPECT_TRUE(panel.curveChart()->curveKeys().contains(QStringLiteral("gelu")));
    EXPECT_EQ(panel.errorChart()->curveKeys().size(), 2);
    const QList<QPointF> error = panel.errorChart()->curvePoints(QStringLiteral("gelu_tanh/error"));
    ASSERT_FALSE(error.isEmpty());
    EXPECT_NEAR(error.first().x(), panel.windowLow(), 1e-9);
    EXPECT_NEAR(error.last().x(), panel.windowHigh(), 1e-9);
}

TEST(GeluApproximationPanel, ErrorCurvesCanBeHiddenOneByOne) {
    GeluApproximationPanel panel(cpuBackend());
    panel.setErrorCurvesShown(true, false);
    EXPECT_EQ(panel.errorChart()->curveKeys(), QStringList{QStringLiteral("gelu_tanh/error")});
    panel.setErrorCurvesShown(true, true);
    EXPECT_EQ(panel.errorChart()->curveKeys().size(), 2);
}

TEST(GeluApproximationPanel, RejectsAnEmptyWindow) {
    GeluApproximationPanel panel(cpuBackend());
    const double before = panel.tanhError().maxAbsError;
    panel.setWindow(3, 3);
    EXPECT_FALSE(panel.errorText().isEmpty());
    EXPECT_DOUBLE_EQ(panel.tanhError().maxAbsError, before);
}

TEST(GeluApproximationPanel, StateRoundTrips) {
    GeluApproximationPanel panel(cpuBackend());
    panel.setWindow(-2.5, 7);
    panel.setErrorCurvesShown(false, true);
    GeluApproximationPanel restored(cpuBackend());
    restored.restoreState(panel.saveState());
    EXPECT_EQ(restored.saveState(), panel.saveState());
    EXPECT_DOUBLE_EQ(restored.tanhError().maxAbsError, panel.tanhError().maxAbsError);
    EXPECT_EQ(restored.errorChart()->curveKeys().size(), 1);
}
