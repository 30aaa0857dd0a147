// The Attention tab in the main window at small sizes (offscreen), alone and in compare mode: it
// renders and exports; after training and while it trains, every label, chart title, legend
// entry, axis label and the maps' captions are whole (nothing cut to "..."), on every page of the
// charts; the maps stay square and large. With ACTLAB_ATTENTION_SCREENSHOTS=DIR set, the trained
// window is also saved there (attention-WxH[-compare].png), e.g. under xvfb-run.
#include <gtest/gtest.h>

#include <QImage>
#include <QTemporaryDir>

#include "../ui/elided_text.h"
#include "../ui/gui_test_support.h"
#include "../ui/window_at_size.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_maps_pair.h"
#include "ui/attention/attention_view.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

using actlab::test::settle;

// The main window on the Attention view at the test's size, shown, its first maps drawn (of both
// runs in compare mode).
class AttentionInWindow : public actlab::test::WindowAtSize {
protected:
    void SetUp() override {
        openWindow("attention");
        view = window->attentionView();
        ASSERT_TRUE(waitFor([&] { return view->grid()->layers() > 0; }));
        if (compare()) {  // B with ReLU on Q, K and V: longer titles and legends than A's
            SequenceTrainingConfig b = view->controls()->config();
            b.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Relu);
            view->controls()->setConfigB(b);
            view->setCompare(true);
            ASSERT_TRUE(waitFor([&] { return view->gridB()->layers() > 0; }));
        }
    }
    QRect lastMap(const AttentionGridView* grid) const {
        return grid->mapRect(grid->layers() - 1, grid->heads() - 1);
    }
    QRect lastMap() const { return lastMap(view->grid()); }
    void saveScreenshot() const {
        WindowAtSize::saveScreenshot("ACTLAB_ATTENTION_SCREENSHOTS", "attention");
    }

    AttentionView* view = nullptr;
};

// The cut texts of the view's labels, charts and map caption.
QStringList elidedTexts(const AttentionView& view) {
    QStringList cut = actlab::test::elidedTexts(view);
    for (const AttentionGridView* grid : {view.grid(), view.gridB()}) {
        if (!grid->isVisibleTo(&view)) continue;
        if (const QString caption = grid->shownCaption(); caption.endsWith(QChar(0x2026)))
            cut << QStringLiteral("%1 caption: %2").arg(grid->objectName(), caption);
    }
    return cut;
}

// The cut texts of the view on each page of its charts, "page N: " before each.
QStringList elidedOnEveryPage(AttentionView& view) {
    QStringList cut;
    AttentionCharts* charts = view.charts();
    for (int page = 0; page < charts->pageCount(); ++page) {
        charts->showPage(page);
        settle();
        for (const QString& text : elidedTexts(view))
            cut << QStringLiteral("page %1: %2").arg(page + 1).arg(text);
    }
    charts->showPage(0);
    return cut;
}

}  // namespace

TEST_P(AttentionInWindow, RendersAtThisWindowSize) {
    ASSERT_TRUE(view->trainAndWait(10, 30000));
    const QImage image = window->grab().toImage();
    EXPECT_EQ(image.size(), size());
    const QRect map = lastMap();
    EXPECT_FALSE(map.isEmpty());
    EXPECT_EQ(map.width(), map.height());
    EXPECT_TRUE(view->grid()->rect().contains(view->grid()->colorBarRect()))
        << "the colour bar is inside the grid view";
    EXPECT_GE(map.width(), 48) << "a map stays readable";
    QTemporaryDir dir;
    QString error;
    EXPECT_TRUE(window->exportPlotPng(dir.filePath("grid.png"), &error)) << error.toStdString();
    EXPECT_TRUE(window->exportDataCsv(dir.filePath("grid.csv"), &error)) << error.toStdString();
    EXPECT_TRUE(window->exportPanelImage(dir.filePath("view.png"), &error));
}

TEST_P(AttentionInWindow, NothingIsElidedAndTheMapsStaySquareAndLarge) {
    ASSERT_TRUE(view->trainAndWait(300, 120000));  // the axes run to 300, as in the screenshot
    settle();
    saveScreenshot();
    const QStringList trained = elidedOnEveryPage(*view);
    EXPECT_TRUE(trained.isEmpty()) << trained.join(QLatin1Char('\n')).toStdString();

    // While it plays, the status line says more (steps per second).
    view->setStepsPerFrame(1);
    view->play();
    ASSERT_TRUE(waitFor([&] { return view->statusText().contains("steps/s"); }));
    settle();
    const QStringList playing = elidedTexts(*view);
    view->pause();
    EXPECT_TRUE(playing.isEmpty()) << playing.join(QLatin1Char('\n')).toStdString();

    // Two runs share the room: smaller maps, at 1024 × 768 without the token names beside them
    // (hover and enlarge still read them), still large enough for 8 × 8 weights.
    for (const AttentionGridView* grid : {view->grid(), view->gridB()}) {
        if (!grid->isVisibleTo(view)) continue;
        const QRect map = lastMap(grid);
        EXPECT_EQ(map.width(), map.height()) << "maps are square";
        EXPECT_GE(map.width(), compare() ? 48 : 90)
            << "a map is large enough to read its 8 × 8 weights";
        if (!compare() || size().width() >= 1280) {
            EXPECT_TRUE(grid->labelsShown()) << "the token names fit beside the maps";
        }
    }
    // the Distributions page (issue 25) after them
    EXPECT_EQ(view->charts()->pageCount(), size().width() >= 1400 ? 2 : 3)
        << "all four charts at once where they can be read so";
    if (compare()) {
        EXPECT_EQ(view->currentStepB(), view->currentStep());
    }
}

ACTLAB_AT_PROJECTOR_SIZES(AttentionInWindow);
