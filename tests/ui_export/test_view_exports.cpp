// The main window's exports (issue 9): every chart, heatmap, neuron grid, decision surface, fit
// plot and attention map in every tab has the export menu; File → Export view as SVG… writes
// each whole view as a valid SVG; the panel image follows the presentation scale.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <memory>

#include "backends/backend_factory.h"
#include "export_test_support.h"
#include "main_window.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/panel_export.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/panels/explorer_panel.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/fit_plot_view.h"
#include "ui/training/neuron_grid_view.h"

using actlab::test::readSvg;
using actlab::ui::PanelExport;

namespace {

class ViewExportsTest : public ::testing::Test {
protected:
    void SetUp() override {
        selection = actlab::createBackend(actlab::BackendChoice::Cpu);
        window = std::make_unique<actlab::gui::MainWindow>(
            *selection.backend, QString::fromStdString(selection.reason));
        window->resize(1280, 720);
        window->show();
        QApplication::processEvents();
        tabs = window->findChild<QTabWidget*>();
        ASSERT_NE(tabs, nullptr);
    }
    actlab::BackendSelection selection;
    std::unique_ptr<actlab::gui::MainWindow> window;
    QTabWidget* tabs = nullptr;
};

template <typename Widget>
int countWithoutMenu(QWidget* root, int* seen) {
    int missing = 0;
    for (Widget* widget : root->findChildren<Widget*>()) {
        ++*seen;
        missing += PanelExport::attachedElement(widget) == nullptr;
    }
    return missing;
}

}  // namespace

TEST_F(ViewExportsTest, EveryExportableElementOfEveryTabHasTheMenu) {
    int seen = 0, missing = 0;
    for (int i = 0; i < tabs->count(); ++i) {
        QWidget* tab = tabs->widget(i);
        missing += countWithoutMenu<actlab::ui::CurveChart>(tab, &seen);
        missing += countWithoutMenu<actlab::ui::HeatmapView>(tab, &seen);
        missing += countWithoutMenu<actlab::ui::NeuronGridView>(tab, &seen);
        missing += countWithoutMenu<actlab::ui::FitPlotView>(tab, &seen);
        missing += countWithoutMenu<actlab::ui::AttentionGridView>(tab, &seen);
    }
    EXPECT_EQ(missing, 0);
    EXPECT_GT(seen, 15);  // the charts of five tabs, heatmaps, grids and maps
    // The Explorer's chart exports the Explorer's CSV (f, f′, f″ per function).
    EXPECT_EQ(PanelExport::attachedElement(window->explorer()->chart()), window->explorer());
    EXPECT_TRUE(window->explorer()->csvText().startsWith("function,parameters,x"));
}

TEST_F(ViewExportsTest, TheFileMenuExportsTheViewAsSvg) {
    QAction* found = nullptr;
    for (QAction* menu : window->menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text().remove('&') == QStringLiteral("Export view as SVG…")) found = action;
    ASSERT_NE(found, nullptr);
    QTemporaryDir dir;
    for (const char* view : {"explorer", "gelu", "gated", "training", "attention"}) {
        ASSERT_TRUE(window->setCurrentView(view));
        QApplication::processEvents();
        QString error;
        const QString path = dir.filePath(QString::fromLatin1(view) + ".svg");
        ASSERT_TRUE(window->exportPanelSvg(path, &error)) << view << error.toStdString();
        actlab::test::keepForLooking(path, QStringLiteral("view-%1.svg").arg(view));
        const auto svg = readSvg(path);
        EXPECT_TRUE(svg.valid) << view;
        EXPECT_EQ(svg.viewBox.size(), QSizeF(tabs->currentWidget()->size())) << view;
        EXPECT_GT(svg.shapes, 20) << view;
        EXPECT_GT(svg.texts, 5) << view;
    }
}

TEST_F(ViewExportsTest, ThePanelImageFollowsThePresentationScale) {
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(window->exportPanelImage(dir.filePath("plain.png"), &error));
    const QSize onScreen = tabs->currentWidget()->size();
    EXPECT_EQ(QImage(dir.filePath("plain.png")).size(), onScreen);
    actlab::test::ScopedUiScale presentation(1.5);
    QApplication::processEvents();
    ASSERT_TRUE(window->exportPanelImage(dir.filePath("large.png"), &error));
    const QSize now = tabs->currentWidget()->size();
    EXPECT_EQ(QImage(dir.filePath("large.png")).size(),
              QSize(qRound(now.width() * 1.5), qRound(now.height() * 1.5)));
}

TEST_F(ViewExportsTest, TrainingChartsBeforeARunSayThereIsNothingToExport) {
    ASSERT_TRUE(window->setCurrentView("training"));
    QTemporaryDir dir;
    QString error;
    EXPECT_FALSE(window->exportDataCsv(dir.filePath("loss.csv"), &error));
    EXPECT_TRUE(error.startsWith("Nothing to export yet")) << error.toStdString();
}
