// GeluApproximationPanel: the largest errors it reports are the reference figures, charts,
// validation, state.
#include "ui/panels/gelu_approximation_panel.h"

#include <gtest/gtest.h>

#include <QLocale>
#include <cmath>
#include <limits>

#include "backends/backend_factory.h"
#include "ui/charts/curve_chart.h"

using actlab::ui::GeluApproximationPanel;

namespace {

actlab::Backend& cpuBackend() {
    static const auto selection = actlab::createBackend(actlab::BackendChoice::Cpu);
    return *selection.backend;
}

// tests/activations/fixtures/reference_facts.txt (torch float64, the place refined by bisection
// on the difference of the derivatives): the largest |error| on [−6, 6] and where, at ±x (the
// errors are even in x).
constexpr double kTanhLargestError = 4.732355206873949e-4, kTanhAt = 2.6989413863772196;
constexpr double kSigmoidLargestError = 2.033487220923929e-2, kSigmoidAt = 2.2703977371966104;
// An error is the difference of two values below 3 in size, each good to an ulp or two.
constexpr double kErrorTolerance = 8 * std::numeric_limits<double>::epsilon() * 3;
// A maximum is flat: noise of that size moves its place by about √(2·noise/|e″|) ≈ 1e-7.
constexpr double kPlaceTolerance = 1e-6;

}  // namespace

// Both places lie inside [−4, 4], so the largest errors there are the figures on [−6, 6].
TEST(GeluApproximationPanel, LargestErrorsOnMinus4To4AreTheReferenceFiguresAndPlaces) {
    GeluApproximationPanel panel(cpuBackend());
    panel.setWindow(-4, 4);
    EXPECT_NEAR(panel.tanhError().maxAbsError, kTanhLargestError, kErrorTolerance);
    EXPECT_NEAR(std::abs(panel.tanhError().at), kTanhAt, kPlaceTolerance);
    EXPECT_NEAR(panel.sigmoidError().maxAbsError, kSigmoidLargestError, kErrorTolerance);
    EXPECT_NEAR(std::abs(panel.sigmoidError().at), kSigmoidAt, kPlaceTolerance);

    // The summary shows them to 3 digits, the places to 4 and the ratio to 2 (43).
    const QString summary = panel.summaryText();
    for (const auto& [error, at] :
         {std::pair{kTanhLargestError, kTanhAt}, std::pair{kSigmoidLargestError, kSigmoidAt}}) {
        const QString largest =
            QStringLiteral("<b>%1</b> at x = ").arg(QLocale().toString(error, 'g', 3));
        EXPECT_TRUE(summary.contains(largest + QLocale().toString(at, 'g', 4)) ||
                    summary.contains(largest + QLocale().toString(-at, 'g', 4)))
            << summary.toStdString();
    }
    const QString ratio = QLocale().toString(kSigmoidLargestError / kTanhLargestError, 'g', 2);
    EXPECT_TRUE(summary.contains(QStringLiteral("error: %1</p>").arg(ratio)))
        << summary.toStdString();
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
