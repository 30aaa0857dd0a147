// The Explorer, GELU approximations and Gated surfaces tabs in the main window at the projector
// sizes (offscreen; issue 7): every label, chart title, legend entry and tick label is whole
// (nothing cut to "..."), tick labels do not touch, with the Properties dock beside the
// Explorer. The Training and Attention tabs have their own layout tests (tests/ui_training,
// tests/ui_attention). With ACTLAB_VIEW_SCREENSHOTS=DIR set, each tab is also saved there.
#include <gtest/gtest.h>

#include <QDockWidget>

#include "elided_text.h"
#include "gui_options.h"
#include "ui/charts/curve_chart.h"
#include "window_at_size.h"

using namespace actlab;

namespace {

class ViewsInWindow : public actlab::test::WindowAtSize {};

}  // namespace

TEST_P(ViewsInWindow, NothingIsElidedAndTicksHaveRoom) {
    openWindow("explorer");
    gui::GuiOptions options;  // many curves, long names: the longest legend of the Explorer
    options.view = QStringLiteral("explorer");
    options.functions = {"relu", "leaky_relu", "gelu_tanh", "gelu_sigmoid", "hardsigmoid", "mish"};
    options.derivatives = ui::DerivativeSet{true, true, true};
    window->applyOptions(options);
    for (const char* view : {"explorer", "gelu", "gated"}) {
        ASSERT_TRUE(window->setCurrentView(view));
        actlab::test::settle();
        saveScreenshot("ACTLAB_VIEW_SCREENSHOTS", view);
        const QStringList cut = actlab::test::elidedTexts(*window);
        EXPECT_TRUE(cut.isEmpty()) << view << ":\n" << cut.join(QLatin1Char('\n')).toStdString();
        for (const ui::CurveChart* chart : window->findChildren<ui::CurveChart*>()) {
            if (!chart->isVisibleTo(window.get())) continue;
            const QStringList crowded = chart->crowdedTickLabels();
            EXPECT_TRUE(crowded.isEmpty()) << view << ", " << chart->title().toStdString() << ": "
                                           << crowded.join(", ").toStdString();
        }
    }
}

// Issue 7: the Properties dock belongs to the Explorer; every other tab gives its width back, and
// the Explorer gets it again.
TEST_P(ViewsInWindow, OnlyTheExplorerShowsThePropertiesDock) {
    openWindow("explorer");
    auto* dock = window->findChild<QDockWidget*>(QStringLiteral("propertiesDock"));
    ASSERT_NE(dock, nullptr);
    EXPECT_TRUE(dock->isVisible());
    for (const char* view : {"gelu", "gated", "training", "attention"}) {
        ASSERT_TRUE(window->setCurrentView(view));
        EXPECT_FALSE(dock->isVisible()) << view;
    }
    ASSERT_TRUE(window->setCurrentView("explorer"));
    EXPECT_TRUE(dock->isVisible());
}

INSTANTIATE_TEST_SUITE_P(ProjectorSizes, ViewsInWindow,
                         ::testing::Combine(::testing::Values(QSize(1024, 768), QSize(1280, 720),
                                                              QSize(1400, 900)),
                                            ::testing::Values(false)),
                         actlab::test::windowSizeName);
