// The main window at one of the projector sizes (1024 × 768, 1280 × 720, 1400 × 900), alone or
// in compare mode: the fixture the layout tests of the Training and Attention tabs share, with
// a pause for layouts to settle and, where an environment variable names a folder, a screenshot
// of the window saved there (e.g. under xvfb-run, to look at).
#pragma once

#include <gtest/gtest.h>

#include <QDir>
#include <QImage>
#include <QSize>
#include <functional>
#include <memory>
#include <string>
#include <tuple>

#include "backends/backend_factory.h"
#include "gui_test_support.h"
#include "main_window.h"

namespace actlab::test {

inline void settle() {
    waitFor([] { return false; }, 150);
}  // layouts, Qt Charts' included

class WindowAtSize : public ::testing::TestWithParam<std::tuple<QSize, bool>> {
protected:
    QSize size() const { return std::get<0>(GetParam()); }
    bool compare() const { return std::get<1>(GetParam()); }
    static bool waitFor(const std::function<bool()>& done, int milliseconds = 30000) {
        return actlab::test::waitFor(done, milliseconds);
    }
    // The main window on `view`, at the test's size, shown.
    void openWindow(const QString& view) {
        m_selection = createBackend(BackendChoice::Cpu);
        window = std::make_unique<gui::MainWindow>(*m_selection.backend,
                                                   QString::fromStdString(m_selection.reason));
        ASSERT_TRUE(window->setCurrentView(view));
        window->resize(size());
        window->show();
    }
    // Saves the window as DIR/PREFIX-WxH[-compare]SUFFIX.png where the variable names DIR.
    void saveScreenshot(const char* variable, const QString& prefix,
                        const QString& suffix = QString()) const {
        const QString dir = qEnvironmentVariable(variable);
        if (dir.isEmpty()) return;
        const QString name = QStringLiteral("%1-%2x%3%4%5.png")
                                 .arg(prefix)
                                 .arg(size().width())
                                 .arg(size().height())
                                 .arg(compare() ? "-compare" : "", suffix);
        EXPECT_TRUE(window->grab().toImage().save(QDir(dir).filePath(name)));
    }

    BackendSelection m_selection;
    std::unique_ptr<gui::MainWindow> window;
};

// "1024x768", "1280x720_compare", …
inline std::string windowSizeName(const ::testing::TestParamInfo<std::tuple<QSize, bool>>& info) {
    const QSize size = std::get<0>(info.param);
    return std::to_string(size.width()) + "x" + std::to_string(size.height()) +
           (std::get<1>(info.param) ? "_compare" : "");
}

// 1400 × 900 is the default window size.
#define ACTLAB_AT_PROJECTOR_SIZES(Fixture)                                           \
    INSTANTIATE_TEST_SUITE_P(                                                        \
        ProjectorSizes, Fixture,                                                     \
        ::testing::Combine(                                                          \
            ::testing::Values(QSize(1024, 768), QSize(1280, 720), QSize(1400, 900)), \
            ::testing::Bool()),                                                      \
        actlab::test::windowSizeName)

}  // namespace actlab::test
