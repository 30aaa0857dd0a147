// Help → Tour and Help → About: the tour walks the main controls with a hole around each (the
// tabs, the function list, the plot, Play on the Training tab, the menus), Back and Next move,
// Esc skips it; it is offered once per user; About names the version, Qt and the backend.
#include <gtest/gtest.h>

#include <QApplication>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <memory>

#include "backends/backend_factory.h"
#include "config/session_json.h"
#include "first_start_tour.h"
#include "main_window.h"
#include "ui/common/run_view.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"
#include "ui/training/training_view.h"

namespace {

using actlab::gui::FirstStartTour;
using actlab::gui::MainWindow;

class TourTest : public ::testing::Test {
protected:
    void SetUp() override {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("tour"));
        backend = actlab::createBackend(actlab::BackendChoice::Cpu);
        window =
            std::make_unique<MainWindow>(*backend.backend, QString::fromStdString(backend.reason));
        window->resize(1280, 720);
        window->show();
        QApplication::processEvents();
    }
    void TearDown() override {
        window->setQuitQuestion([](const QString&) { return MainWindow::QuitAnswer::Discard; });
        window.reset();
        QStandardPaths::setTestModeEnabled(false);
    }
    // The hole in window coordinates holds the widget (its whole rectangle).
    bool holds(const QRect& hole, QWidget* widget) {
        return hole.contains(QRect(widget->mapTo(window.get(), QPoint(0, 0)), widget->size()));
    }
    actlab::BackendSelection backend;
    std::unique_ptr<MainWindow> window;
};

TEST_F(TourTest, WalksTheMainControlsAndEscSkipsIt) {
    FirstStartTour* tour = window->startTour();
    ASSERT_TRUE(tour);
    EXPECT_TRUE(tour->isVisible());
    EXPECT_EQ(tour->geometry(), window->rect()) << "the veil covers the window";
    EXPECT_EQ(tour->stop(), 0);
    EXPECT_TRUE(holds(tour->hole(), window->findChild<QTabBar*>()));
    tour->next();
    EXPECT_TRUE(holds(tour->hole(), window->explorer()->functionList()));
    tour->next();
    tour->next();  // Play, on the Training tab
    EXPECT_EQ(window->currentView(), "training");
    EXPECT_TRUE(holds(tour->hole(), window->trainingView()->playButton()));
    if (const QByteArray folder = qgetenv("ACTLAB_TOUR_SCREENSHOTS"); !folder.isEmpty())
        window->grab().save(QString::fromLocal8Bit(folder) + "/tour-play.png");
    tour->back();
    EXPECT_EQ(window->currentView(), "explorer");
    const int before = tour->stop();
    QTest::keyClick(window.get(), Qt::Key_Escape);
    EXPECT_FALSE(tour->isVisible()) << "Esc skips the tour (from stop " << before << ")";
    EXPECT_EQ(tour->stop(), -1);
    // Done at the last stop closes it too.
    tour = window->startTour();
    for (int i = 0; i < tour->stops(); ++i) tour->next();
    EXPECT_FALSE(tour->isVisible());
}

TEST_F(TourTest, IsOfferedOncePerUser) {
    EXPECT_TRUE(FirstStartTour::offerOnce(*window));
    ASSERT_TRUE(window->tour());
    window->tour()->finish();
    EXPECT_FALSE(FirstStartTour::offerOnce(*window)) << "offered a second time";
    EXPECT_FALSE(window->tour()->isVisible());
}

TEST_F(TourTest, AboutNamesTheVersionQtAndTheBackend) {
    const QString text = window->aboutText();
    EXPECT_TRUE(text.contains(QCoreApplication::applicationVersion())) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromLatin1(qVersion()))) << text.toStdString();
    EXPECT_TRUE(text.contains("cpu")) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("format version %1").arg(actlab::kSessionVersion)))
        << text.toStdString();
}

}  // namespace
