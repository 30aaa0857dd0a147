// The curve chart from the keyboard (issue 29): focus, a cursor moved along the focused curve's
// samples and read as the chart view's accessible value; Tab still leaves the chart. Its data
// "as a table" from the right-click menu: the CSV export's rows.
#include <gtest/gtest.h>

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QApplication>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "export/sonify.h"
#include "tests/ui/gui_test_support.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/audio_trace.h"
#include "ui/common/data_table_dialog.h"
#include "ui/common/panel_export.h"

using actlab::ui::CurveChart;

namespace {

const QString kMinus = QString(QChar(0x2212));

// y = x² at x = −1, −0.5, NaN (skipped), 0.5, 1 on the "GELU" key.
CurveChart::Curve squares() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {"gelu/f",
            "GELU",
            QColor(Qt::blue),
            Qt::SolidLine,
            {-1, -0.5, 0, 0.5, 1},
            {1, 0.25, nan, 0.25, 1}};
}

class ChartKeyboard : public ::testing::Test {
protected:
    void SetUp() override {
        auto* layout = new QVBoxLayout(&window);
        chart = new CurveChart();
        chart->setAxisTitles("x", "f(x)");
        chart->setXRange(-1.2, 1.2);
        chart->setCurves(
            {squares(), {"relu/f", "ReLU", QColor(Qt::red), Qt::SolidLine, {-1, 0, 1}, {0, 0, 1}}});
        layout->addWidget(chart);
        next = new QLineEdit();
        layout->addWidget(next);
        window.resize(700, 500);
        window.show();
        view = chart->findChild<QGraphicsView*>();
        view->setFocus();
        actlab::test::waitFor([&] { return view->hasFocus(); }, 2000);
    }
    QString accessibleValue() {
        return QAccessible::queryAccessibleInterface(view)->text(QAccessible::Value);
    }
    QWidget window;
    CurveChart* chart = nullptr;
    QLineEdit* next = nullptr;
    QGraphicsView* view = nullptr;
};

}  // namespace

TEST_F(ChartKeyboard, ArrowsHomeAndEndReadTheSamplesAndSkipNaN) {
    ASSERT_TRUE(view->hasFocus());
    EXPECT_EQ(view->focusPolicy(), Qt::StrongFocus);
    QTest::keyClick(view, Qt::Key_Home);
    EXPECT_EQ(chart->cursorReading(), "GELU at x = " + kMinus + "1: 1");
    QSignalSpy readings(chart, &CurveChart::cursorReadingChanged);
    QTest::keyClick(view, Qt::Key_Right);
    EXPECT_EQ(chart->cursorReading(), "GELU at x = " + kMinus + "0.5: 0.25");
    QTest::keyClick(view, Qt::Key_Right);  // the NaN sample at x = 0 is not a sample
    EXPECT_EQ(chart->cursorReading(), "GELU at x = 0.5: 0.25");
    EXPECT_FALSE(chart->cursorReading().contains("nan", Qt::CaseInsensitive));
    EXPECT_EQ(readings.count(), 2);
    QTest::keyClick(view, Qt::Key_End);
    EXPECT_EQ(chart->cursorReading(), "GELU at x = 1: 1");
    QTest::keyClick(view, Qt::Key_Right);  // stays at the end
    EXPECT_EQ(chart->cursorIndex(), 3);

    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(view);
    ASSERT_NE(iface, nullptr);
    EXPECT_EQ(iface->text(QAccessible::Value), "GELU at x = 1: 1");
    ASSERT_NE(iface->valueInterface(), nullptr);
    EXPECT_DOUBLE_EQ(iface->valueInterface()->currentValue().toDouble(), 1.0);
    EXPECT_TRUE(iface->text(QAccessible::Description).startsWith("GELU at x = 1: 1"));
    EXPECT_FALSE(iface->text(QAccessible::Name).isEmpty());
}

TEST_F(ChartKeyboard, DownMovesToTheNextCurveAndTabLeavesTheChart) {
    QTest::keyClick(view, Qt::Key_End);
    QTest::keyClick(view, Qt::Key_Down);
    EXPECT_EQ(chart->cursorCurve(), "relu/f");
    EXPECT_EQ(accessibleValue(), "ReLU at x = 1: 1");
    QTest::keyClick(view, Qt::Key_PageUp);  // a tenth of three samples: one
    EXPECT_EQ(accessibleValue(), "ReLU at x = 0: 0");
    QTest::keyClick(view, Qt::Key_Up);
    EXPECT_EQ(chart->cursorCurve(), "gelu/f");

    QTest::keyClick(view, Qt::Key_Tab);
    EXPECT_TRUE(actlab::test::waitFor([&] { return next->hasFocus(); }, 2000))
        << "Tab moves the focus on to the next control";
}

TEST_F(ChartKeyboard, ShowAsTableHoldsTheCsvExportsRows) {
    QMenu* menu = actlab::ui::PanelExport::createMenu(chart, chart);
    QAction* show = menu->findChild<QAction*>("showTable");
    ASSERT_NE(show, nullptr);
    show->trigger();
    auto* dialog = chart->findChild<actlab::ui::DataTableDialog*>();
    ASSERT_NE(dialog, nullptr);
    QTableWidget* table = dialog->table();
    EXPECT_FALSE(table->accessibleName().isEmpty());
    const QStringList lines = chart->csvText().trimmed().split('\n');
    ASSERT_EQ(table->rowCount(), lines.size() - 1) << "one row per CSV row after the header";
    const QStringList header = lines.front().split(',');
    ASSERT_EQ(table->columnCount(), header.size());
    for (int c = 0; c < header.size(); ++c)
        EXPECT_EQ(table->horizontalHeaderItem(c)->text(), header[c]);
    for (int r = 0; r < table->rowCount(); ++r) {
        const QStringList fields = lines[r + 1].split(',');
        for (int c = 0; c < fields.size(); ++c)
            EXPECT_EQ(table->item(r, c)->text(), fields[c]) << r << "," << c;
    }
    EXPECT_EQ(table->rowCount(), 7) << "4 finite GELU samples and 3 ReLU samples";
    EXPECT_EQ(actlab::ui::parseCsv("a,\"b,\"\"c\"\"\"\n1,2\n"),
              (std::vector<QStringList>{{"a", "b,\"c\""}, {"1", "2"}}));
    dialog->close();
    delete menu;
}

// The audio trace (issue 29): "Play curve as sound" plays the cursor's curve over the x range
// shown, sample for sample what core's sonifyPoints makes of that curve's points (the sound of
// `actlab-cli sonify`); with no sound output it says so instead of failing.
TEST_F(ChartKeyboard, PlayCurveAsSoundIsCoresSoundOfTheFocusedCurve) {
    QTest::keyClick(view, Qt::Key_End);
    QTest::keyClick(view, Qt::Key_Down);  // the cursor on ReLU
    ASSERT_EQ(chart->cursorCurve(), "relu/f");
    QMenu* menu = actlab::ui::PanelExport::createMenu(chart, chart);
    QAction* play = menu->findChild<QAction*>("playSound");
    ASSERT_NE(play, nullptr);
    EXPECT_TRUE(play->isEnabled());
    play->trigger();
    actlab::SonifyOptions options;
    options.low = chart->xLow();
    options.high = chart->xHigh();
    options.seconds = 3;
    std::string error;
    const std::vector<int16_t> relu = actlab::sonifyPoints({-1, 0, 1}, {0, 0, 1}, options, &error);
    ASSERT_EQ(relu.size(), size_t(3 * 44100)) << error;
    EXPECT_EQ(actlab::ui::lastAudioTrace(), relu);

    QTest::keyClick(view, Qt::Key_Up);  // GELU's samples (x = 0 left out: NaN is no sample)
    const QString said = chart->playCurveSound();
    EXPECT_EQ(actlab::ui::lastAudioTrace(),
              actlab::sonifyPoints({-1, -0.5, 0.5, 1}, {1, 0.25, 0.25, 1}, options, &error));
    EXPECT_NE(actlab::ui::lastAudioTrace(), relu);
    EXPECT_TRUE(said.startsWith("Playing GELU") || said.contains("No sound output"))
        << qPrintable(said);
    delete menu;
}
