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

// Issue 7: beside the sigmoid form's error (0.020) the tanh form's (0.00047) was a flat line.
// On a log axis both read; the relative error is |error| / |GELU(x)| (none at x = 0); each may
// have its own chart and y range.
TEST(GeluApproximationPanel, ErrorsReadOnALogAxisRelativelyAndOnTheirOwnScales) {
    GeluApproximationPanel panel(cpuBackend());
    panel.setErrorScale(GeluApproximationPanel::ErrorScale::Absolute);
    EXPECT_TRUE(panel.errorChart()->logarithmicY());
    const QList<QPointF> absolute =
        panel.errorChart()->curvePoints(QStringLiteral("gelu_tanh/error"));
    ASSERT_FALSE(absolute.isEmpty());
    double largest = 0;
    for (const QPointF& p : absolute) {
        ASSERT_GT(p.y(), 0.0);
        largest = std::max(largest, p.y());
    }
    EXPECT_NEAR(largest, kTanhLargestError, 1e-6);  // the grid's nearest to the refined figure

    panel.setErrorScale(GeluApproximationPanel::ErrorScale::Relative);
    const QList<QPointF> relative =
        panel.errorChart()->curvePoints(QStringLiteral("gelu_sigmoid/error"));
    ASSERT_FALSE(relative.isEmpty());
    const actlab::ApproximationError& e = panel.sigmoidError();
    for (const QPointF& p : relative) {
        EXPECT_NE(p.x(), 0.0) << "GELU(0) = 0: no relative error there";
        const double exact = 0.5 * p.x() * std::erfc(-p.x() / std::sqrt(2.0));
        const size_t i = size_t(std::lround((p.x() - e.x.front()) / (e.x[1] - e.x[0])));
        ASSERT_LT(i, e.x.size());
        EXPECT_NEAR(p.y(), std::abs(e.error[i]) / std::abs(exact), 1e-9 * p.y()) << p.x();
    }

    panel.setErrorScale(GeluApproximationPanel::ErrorScale::Signed);
    EXPECT_FALSE(panel.errorChart()->logarithmicY());
    panel.setSeparateErrorCharts(true);
    EXPECT_FALSE(panel.sigmoidErrorChart()->isHidden());
    EXPECT_EQ(panel.errorChart()->curveKeys(), QStringList{QStringLiteral("gelu_tanh/error")});
    EXPECT_EQ(panel.sigmoidErrorChart()->curveKeys(),
              QStringList{QStringLiteral("gelu_sigmoid/error")});
    // Own y ranges: the tanh chart reaches about its own largest error, not the sigmoid's.
    const auto reach = [](const actlab::ui::CurveChart* chart) {
        return std::max(std::abs(chart->yLow()), std::abs(chart->yHigh()));
    };
    EXPECT_LT(reach(panel.errorChart()), 10 * kTanhLargestError);
    EXPECT_GT(reach(panel.sigmoidErrorChart()), kSigmoidLargestError);
    panel.setSeparateErrorCharts(false);
    EXPECT_TRUE(panel.sigmoidErrorChart()->isHidden());
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
    panel.setErrorScale(GeluApproximationPanel::ErrorScale::Relative);
    panel.setSeparateErrorCharts(true);
    GeluApproximationPanel restored(cpuBackend());
    restored.restoreState(panel.saveState());
    EXPECT_EQ(restored.saveState(), panel.saveState());
    EXPECT_DOUBLE_EQ(restored.tanhError().maxAbsError, panel.tanhError().maxAbsError);
    EXPECT_EQ(restored.errorChart()->curveKeys().size(), 0);  // tanh hidden, sigmoid beside
    EXPECT_EQ(restored.sigmoidErrorChart()->curveKeys().size(), 1);
    EXPECT_EQ(restored.errorScale(), GeluApproximationPanel::ErrorScale::Relative);
}
