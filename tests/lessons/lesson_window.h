// The lesson GUI tests' fixture: a main window on the CPU backend, shown and active at 1280 × 720
// (its quit question answered Discard), its lesson controller, and the lesson panel's text.
#pragma once

#include <gtest/gtest.h>

#include <QTest>
#include <QTextBrowser>
#include <memory>

#include "backends/backend_factory.h"
#include "lesson_controller.h"
#include "main_window.h"
#include "ui/lessons/lesson_panel.h"

namespace actlab::test {

class LessonWindow : public ::testing::Test {
protected:
    void SetUp() override {
        m_selection = createBackend(BackendChoice::Cpu);
        window = makeWindow();
        lessons = window->lessons();
    }
    std::unique_ptr<gui::MainWindow> makeWindow() {
        auto w = std::make_unique<gui::MainWindow>(*m_selection.backend,
                                                   QString::fromStdString(m_selection.reason));
        w->setQuitQuestion([](const QString&) { return gui::MainWindow::QuitAnswer::Discard; });
        w->resize(1280, 720);
        w->show();
        w->activateWindow();
        EXPECT_TRUE(QTest::qWaitForWindowActive(w.get()));
        return w;
    }
    QString panelText() const { return lessons->panel()->textBrowser()->toPlainText(); }

    BackendSelection m_selection;
    std::unique_ptr<gui::MainWindow> window;
    gui::LessonController* lessons = nullptr;
};

}  // namespace actlab::test
