// The Distributions page of both labs (issue 25): the dying-relu preset's hidden layers drift
// below zero — their median z falls and the share of z ≤ 0 grows, never below the share of dead
// units — and a deep Transformer shows its residual stream per block; the charts draw what the
// snapshots carry, and a replay's keyframe shows the distributions as they stood. With
// ACTLAB_SCREENSHOT_DIR set, the page is saved as PNG there (the README's screenshots).
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDir>
#include <QJsonObject>
#include <QPointF>
#include <algorithm>

#include "../ui/gui_test_support.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/chart_pages.h"
#include "ui/common/distribution_charts.h"
#include "ui/common/ui_scale.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

void saveIfAsked(QWidget& view, ChartPages* pages, const QString& name) {
    const QString dir = qEnvironmentVariable("ACTLAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    pages->showPage(pages->pageCount() - 1);
    QApplication::processEvents();
    view.grab().save(QDir(dir).filePath(name + ".png"));
}

TEST(DistributionsTab, TheDyingReluLayersDriftBelowZero) {
    TrainingView view;
    view.resize(1280, 720);
    view.show();
    ASSERT_TRUE(view.applyPreset(QStringLiteral("dying-relu")));
    ASSERT_TRUE(view.trainAndWait(1500, 120000));
    const TrainingSnapshot& run = view.controller()->latest().runs.at(0);
    ASSERT_TRUE(run.distributions);
    ASSERT_EQ(run.distributions->size(), 3u);  // three hidden layers
    for (const SiteDistribution& site : *run.distributions) {
        EXPECT_TRUE(site.reluFamily) << site.name;
        EXPECT_EQ(site.kind, SiteKind::Hidden);
        const std::vector<DistributionPoint>& points = site.points.points();
        ASSERT_GE(points.size(), 100u) << site.name;
        EXPECT_EQ(points.front().step, 0);
        EXPECT_EQ(points.back().step, 1472);  // the history's last measured step (every 64th)
        // bias −3: most of z starts below 0, and a dead unit has z ≤ 0 on every row
        EXPECT_GT(points.back().nonPositiveShare, 0.5) << site.name;
        for (const DistributionPoint& p : points) {
            EXPECT_GE(p.nonPositiveShare + 1e-9, p.deadShare) << site.name << " " << p.step;
            EXPECT_TRUE(std::is_sorted(p.percentiles.begin(), p.percentiles.end()));
        }
        std::printf("%s: median z %.3f -> %.3f, z <= 0 %.0f%% -> %.0f%%, dead %.0f%%\n",
                    site.name.c_str(), points.front().percentiles[4], points.back().percentiles[4],
                    100 * points.front().nonPositiveShare, 100 * points.back().nonPositiveShare,
                    100 * points.back().deadShare);
    }
    DistributionCharts* charts = view.charts()->distributions();
    EXPECT_EQ(charts->siteBox()->count(), 3);
    charts->setSite(QStringLiteral("hidden 2"));
    EXPECT_EQ(charts->site(), QStringLiteral("hidden 2"));
    const QStringList bands = charts->bandsChart()->curveKeys();
    for (const char* key : {"0/p0", "0/p4", "0/p8", "zero"})
        EXPECT_TRUE(bands.contains(key)) << key;
    EXPECT_EQ(charts->bandsChart()->curvePoints("0/p4").size(),
              qsizetype(run.distributions->at(1).points.points().size()));
    EXPECT_EQ(charts->histogramChart()->curveKeys().size(), 6);  // five steps and z = 0
    saveIfAsked(view, view.charts()->pages(), QStringLiteral("distributions-dying-relu"));
    // the chosen site is part of the view's state (sessions): a new view shows it again
    const QJsonObject state = view.saveState();
    EXPECT_EQ(state.value("distributionSite").toString(), QStringLiteral("hidden 2"));
    TrainingView again;
    again.restoreState(state);
    EXPECT_EQ(again.charts()->distributions()->site(), QStringLiteral("hidden 2"));
    EXPECT_EQ(again.saveState().value("distributionSite"), state.value("distributionSite"));
}

TEST(DistributionsTab, ATransformerShowsEveryBlocksSites) {
    AttentionView view;
    view.resize(1280, 720);
    view.show();
    ASSERT_TRUE(view.applyPreset(QStringLiteral("pre-vs-post-ln")));
    ASSERT_TRUE(view.trainAndWait(100, 120000));
    const auto snapshot = view.controller()->latest().snapshot;
    ASSERT_TRUE(snapshot && snapshot->distributions);
    // eight blocks: FFN hidden, attention logits, the residual into LN1 and LN2
    ASSERT_EQ(snapshot->distributions->size(), 8u * 4u);
    for (const SiteDistribution& site : *snapshot->distributions) {
        const DistributionPoint& last = site.points.points().back();
        EXPECT_EQ(last.step, 100) << site.name;
        for (double p : last.percentiles) EXPECT_TRUE(std::isfinite(p)) << site.name;
        if (site.kind == SiteKind::Residual)
            std::printf("%s: spread (p84 - p16) %.3f at step 0, %.3f at step %d\n",
                        site.name.c_str(),
                        site.points.points().front().percentiles[6] -
                            site.points.points().front().percentiles[2],
                        last.percentiles[6] - last.percentiles[2], last.step);
    }
    DistributionCharts* charts = view.charts()->distributions();
    EXPECT_EQ(charts->siteBox()->count(), 32);
    charts->setSite(QStringLiteral("block 8 residual into LN2"));
    EXPECT_EQ(charts->siteBox()->currentText(), QStringLiteral("block 8 residual into LN2"));
    EXPECT_FALSE(charts->bandsChart()->curveKeys().contains("zero"));  // not the ReLU family
    saveIfAsked(view, view.charts()->pages(), QStringLiteral("distributions-pre-vs-post-ln"));
}

// The learnable mix (issue 25): chosen in either lab's activation box, its shares by step are
// a chart of stacked areas beside the distributions, shown only while a site has a mix.
void expectSharesChart(DistributionCharts* charts, ChartPages* pages,
                       const SiteDistribution& site) {
    EXPECT_TRUE(charts->hasMix());
    EXPECT_TRUE(pages->shownCharts().contains(charts->sharesChart()));
    charts->setSite(QString::fromStdString(site.name));
    const QStringList keys = charts->sharesChart()->curveKeys();
    const size_t k = site.mixComponents.size();
    for (size_t i = 0; i < k; ++i) {
        EXPECT_TRUE(keys.contains(QStringLiteral("0/area%1").arg(i))) << i;
        EXPECT_TRUE(keys.contains(QStringLiteral("0/share%1").arg(i))) << i;
    }
    // the top bound is the sum of every share: 1 at each measured step; equal shares at step 0
    const QList<QPointF> top =
        charts->sharesChart()->curvePoints(QStringLiteral("0/share%1").arg(k - 1));
    ASSERT_EQ(top.size(), qsizetype(site.points.points().size()));
    for (const QPointF& p : top) EXPECT_NEAR(p.y(), 1.0, 1e-6);
    const QList<QPointF> first = charts->sharesChart()->curvePoints(QStringLiteral("0/share0"));
    EXPECT_NEAR(first.front().y(), 1.0 / double(k), 1e-9);
    EXPECT_NE(first.back().y(), first.front().y());  // the network moved them
}

TEST(DistributionsTab, AMixShowsItsSharesByStepInTheTrainingLab) {
    TrainingView view;
    view.resize(1280, 720);
    view.show();
    ASSERT_TRUE(view.applyPreset(QStringLiteral("spiral-gelu")));
    EXPECT_FALSE(view.charts()->pages()->shownCharts().contains(
        view.charts()->distributions()->sharesChart()));
    auto* box = view.findChild<QComboBox*>(QStringLiteral("activation"));
    ASSERT_TRUE(box);
    const int mix = box->findData(int(ActivationId::Mix));
    ASSERT_GE(mix, 0);
    box->setCurrentIndex(mix);
    emit box->activated(mix);
    ASSERT_TRUE(view.trainAndWait(600, 120000));
    const TrainingSnapshot& run = view.controller()->latest().runs.at(0);
    ASSERT_TRUE(run.distributions && !run.distributions->empty());
    const SiteDistribution& site = run.distributions->at(0);
    EXPECT_EQ(site.mixComponents, (std::vector<std::string>{"relu", "gelu", "silu", "tanh"}));
    expectSharesChart(view.charts()->distributions(), view.charts()->pages(), site);
    saveIfAsked(view, view.charts()->pages(), QStringLiteral("distributions-mix-spiral"));
}

TEST(DistributionsTab, AMixOnQkvShowsItsSharesInTheAttentionLab) {
    AttentionView view;
    view.resize(1280, 720);
    view.show();
    ASSERT_TRUE(view.applyPreset(QStringLiteral("qkv-negation")));
    auto* box = view.findChild<QComboBox*>(QStringLiteral("qkvActivation"));
    ASSERT_TRUE(box);
    const int mix = box->findData(int(ActivationId::Mix));
    ASSERT_GE(mix, 0);
    box->setCurrentIndex(mix);
    emit box->activated(mix);
    ASSERT_TRUE(view.trainAndWait(200, 120000));
    const auto snapshot = view.controller()->latest().snapshot;
    ASSERT_TRUE(snapshot && snapshot->distributions);
    const auto q = std::find_if(snapshot->distributions->begin(), snapshot->distributions->end(),
                                [](const SiteDistribution& s) { return s.name == "block 1 q"; });
    ASSERT_NE(q, snapshot->distributions->end());
    expectSharesChart(view.charts()->distributions(), view.charts()->pages(), *q);
    saveIfAsked(view, view.charts()->pages(), QStringLiteral("distributions-mix-negation"));
}

}  // namespace
