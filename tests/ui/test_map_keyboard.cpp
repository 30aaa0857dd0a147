// Maps from the keyboard (issue 29): heatmaps, decision surfaces, neuron grids and attention
// maps take focus, show a focus ring, and move a cell cursor with the keys whose reading (the
// accessible value, announced on change with a value-change event: the widget's
// cursorReadingChanged comes with it) is the cell's data, checked against the data given.
#include <gtest/gtest.h>

#include <QAccessible>
#include <QAccessibleValueInterface>
#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>
#include <cmath>
#include <vector>

#include "tests/ui/gui_test_support.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/common/appearance.h"
#include "ui/common/map_cursor.h"
#include "ui/common/ui_scale.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/neuron_grid_view.h"

using namespace actlab::ui;

namespace {

const QString kMinus = QString(QChar(0x2212));

QString accessibleValue(QWidget* widget) {
    return QAccessible::queryAccessibleInterface(widget)->text(QAccessible::Value);
}

// Shows the widget alone and gives it focus.
void showFocused(QWidget* widget, QSize size) {
    widget->resize(size);
    widget->show();
    widget->activateWindow();
    widget->setFocus();
    actlab::test::waitFor([&] { return widget->hasFocus(); }, 2000);
}

// value(column, row) = 10·row + column on x ∈ {−1, 0, 1}, y ∈ {0, 2}.
float gridValue(int column, int row) { return float(10 * row + column); }

void fillHeatmap(HeatmapView& view) {
    std::vector<float> values;
    for (int row = 0; row < 2; ++row)
        for (int column = 0; column < 3; ++column) values.push_back(gridValue(column, row));
    view.setAxisTitles("x", "y");
    view.setData(3, 2, values, -1, 1, 0, 2);
}

}  // namespace

TEST(MapKeyboard, HeatmapCursorReadsTheCellsValue) {
    HeatmapView view;
    fillHeatmap(view);
    showFocused(&view, {400, 300});
    ASSERT_TRUE(view.hasFocus()) << "a heatmap takes keyboard focus";
    EXPECT_EQ(view.focusPolicy(), Qt::StrongFocus);
    EXPECT_TRUE(accessibleValue(&view).isEmpty()) << "no cursor before a key";
    QSignalSpy heard(&view, &HeatmapView::cursorReadingChanged);  // announced with each

    QTest::keyClick(&view, Qt::Key_Home);  // from the centre (column 1, drawn row 1) to column 0
    ASSERT_TRUE(view.cursorCell());
    EXPECT_EQ(*view.cursorCell(), QPoint(0, 0));
    EXPECT_EQ(accessibleValue(&view), "x = " + kMinus + "1, y = 0: 0");
    QTest::keyClick(&view, Qt::Key_Up);  // up the screen: the higher y
    EXPECT_EQ(accessibleValue(&view), "x = " + kMinus + "1, y = 2: 10");
    QTest::keyClick(&view, Qt::Key_Right);
    EXPECT_EQ(accessibleValue(&view), "x = 0, y = 2: 11");
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);  // stays at the edge
    EXPECT_EQ(accessibleValue(&view), "x = 1, y = 2: 12");
    QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier);  // the bottom-right corner
    EXPECT_EQ(accessibleValue(&view), "x = 1, y = 0: 2");
    QTest::keyClick(&view, Qt::Key_PageUp);
    EXPECT_EQ(accessibleValue(&view), "x = 1, y = 2: 12");

    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(&view);
    ASSERT_NE(iface->valueInterface(), nullptr);
    EXPECT_DOUBLE_EQ(iface->valueInterface()->currentValue().toDouble(), gridValue(2, 1));
    EXPECT_FALSE(iface->text(QAccessible::Name).isEmpty());
    // Home, Up, Right, Right, Ctrl+End, PageUp changed the reading; the edge's Right did not.
    ASSERT_EQ(heard.count(), 6);
    EXPECT_EQ(heard.front()[0].toString(), "x = " + kMinus + "1, y = 0: 0");
    EXPECT_EQ(heard.back()[0].toString(), "x = 1, y = 2: 12");
}

TEST(MapKeyboard, HeatmapDrawsItsFocusRingAndCursor) {
    HeatmapView view;
    fillHeatmap(view);
    showFocused(&view, {400, 300});
    const QColor highlight = view.palette().color(QPalette::Highlight);
    QImage image = view.grab().toImage();
    EXPECT_EQ(image.pixelColor(1, 1), highlight) << "the focus ring, 2 px";
    QTest::keyClick(&view, Qt::Key_Home);
    QTest::keyClick(&view, Qt::Key_Up);
    QTest::keyClick(&view, Qt::Key_Right);  // the middle of the top row: coloured cells beside it
    const QRectF cell = view.cellRectAt(1, 1);
    image = view.grab().toImage();
    const QPoint outside(int(cell.left()) - 1, int(cell.center().y()));
    EXPECT_EQ(image.pixelColor(outside), QColor(Qt::black)) << "the cursor's dark frame";
    view.clearFocus();
    actlab::test::waitFor([&] { return !view.hasFocus(); }, 1000);
    image = view.grab().toImage();
    EXPECT_NE(image.pixelColor(1, 1), highlight) << "no ring without focus";
    EXPECT_NE(image.pixelColor(outside), QColor(Qt::black));

    setUiScale(2.0);  // 4 px at twice the scale
    view.setFocus();
    actlab::test::waitFor([&] { return view.hasFocus(); }, 1000);
    image = view.grab().toImage();
    EXPECT_EQ(image.pixelColor(3, 3), highlight);
    setUiScale(1.0);

    Appearance contrast = appearance();  // high contrast: its own dark-blue highlight
    contrast.highContrast = true;
    setAppearance(contrast);
    QApplication::processEvents();
    image = view.grab().toImage();
    EXPECT_EQ(image.pixelColor(1, 1), QColor(0, 0, 160));
    contrast.highContrast = false;
    setAppearance(contrast);
}

TEST(MapKeyboard, DecisionSurfaceReadsItsClassesAndEnterDrawsAPoint) {
    DecisionSurfaceView surface;
    HeatmapView* heatmap = surface.heatmap();
    heatmap->setAxisTitles("x₁", "x₂");
    heatmap->setCategories({"class 0", "class 1", "class 2"});
    heatmap->setFixedScale(std::pair(0.0, 2.0));
    heatmap->setData(2, 2, {0, 1, 2, 1}, -1, 1, -1, 1);
    surface.resize(400, 300);
    surface.show();
    heatmap->setFocus();
    ASSERT_TRUE(actlab::test::waitFor([&] { return heatmap->hasFocus(); }, 2000));
    QTest::keyClick(heatmap, Qt::Key_Home, Qt::ControlModifier);  // top left: x₁ = −1, x₂ = 1
    EXPECT_EQ(accessibleValue(heatmap), "x₁ = " + kMinus + "1, x₂ = 1: class 2");
    surface.setDrawing(true);
    QSignalSpy requested(&surface, &DecisionSurfaceView::pointRequested);
    QTest::keyClick(heatmap, Qt::Key_Return, Qt::ShiftModifier);
    ASSERT_EQ(requested.count(), 1);
    EXPECT_DOUBLE_EQ(requested[0][0].toDouble(), -1.0);
    EXPECT_DOUBLE_EQ(requested[0][1].toDouble(), 1.0);
    EXPECT_TRUE(requested[0][2].toBool());
}

namespace {

actlab::ModelDiagnostics twoLayers() {
    actlab::ModelDiagnostics diagnostics;
    for (int l = 0; l < 2; ++l) {
        actlab::LayerDiagnostics layer;
        layer.name = l == 0 ? "hidden 1" : "hidden 2";
        const int width = l == 0 ? 5 : 3;
        layer.width = width;
        for (int u = 0; u < width; ++u) {
            layer.passShare.push_back(u == 2 ? 0.0f : 0.1f * float(u + 1) + 0.5f * l);
            layer.activeShare.push_back(u == 2 ? 0.0f : 0.05f * float(u + 1));
            layer.dead.push_back(u == 2 ? 1 : 0);
        }
        diagnostics.layers.push_back(layer);
    }
    return diagnostics;
}

}  // namespace

TEST(MapKeyboard, NeuronGridCursorReadsTheNeuron) {
    NeuronGridView grid;
    grid.setDiagnostics(twoLayers());
    showFocused(&grid, {700, 130});  // low: each layer on one row
    ASSERT_TRUE(grid.hasFocus());
    ASSERT_EQ(grid.cellRect({0, 0}).top(), grid.cellRect({0, 4}).top()) << "one row per layer";
    QTest::keyClick(&grid, Qt::Key_Right);  // the first key shows the first neuron
    ASSERT_TRUE(grid.cursorNeuron());
    EXPECT_EQ(accessibleValue(&grid),
              "hidden 1, unit 1: alive, passes gradient on 10 % of the inputs, active on 5 %");
    QTest::keyClick(&grid, Qt::Key_Right);
    QTest::keyClick(&grid, Qt::Key_Right);
    EXPECT_EQ(accessibleValue(&grid),
              "hidden 1, unit 3: dead, passes gradient on 0 % of the inputs, active on 0 %");
    QTest::keyClick(&grid, Qt::Key_End);
    EXPECT_EQ(grid.cursorNeuron()->unit, 4);
    EXPECT_EQ(accessibleValue(&grid),
              "hidden 1, unit 5: alive, passes gradient on 50 % of the inputs, active on 25 %");
    QTest::keyClick(&grid, Qt::Key_PageDown);  // the next layer, its last unit
    EXPECT_EQ(accessibleValue(&grid),
              "hidden 2, unit 3: dead, passes gradient on 0 % of the inputs, active on 0 %");
    QTest::keyClick(&grid, Qt::Key_Left);
    EXPECT_EQ(accessibleValue(&grid),
              "hidden 2, unit 2: alive, passes gradient on 70 % of the inputs, active on 10 %");
    QTest::keyClick(&grid, Qt::Key_Up);  // one row per layer here: the layer above
    EXPECT_EQ(*grid.cursorNeuron(), (NeuronGridView::Neuron{0, 1}));
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(&grid);
    EXPECT_NEAR(iface->valueInterface()->currentValue().toDouble(), 0.2, 1e-6);

    QSignalSpy clicked(&grid, &NeuronGridView::neuronClicked);
    QTest::keyClick(&grid, Qt::Key_Return);
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked[0][0].toInt(), 0);
    EXPECT_EQ(clicked[0][1].toInt(), 1);
    EXPECT_EQ(*grid.selected(), (NeuronGridView::Neuron{0, 1}));

    const QImage image = grid.grab().toImage();
    EXPECT_EQ(image.pixelColor(1, 1), grid.palette().color(QPalette::Highlight));
}

namespace {

// Two layers of two heads on "a b c": a[l, h, q, k] = (100·(l·2 + h) + 10·q + k) / 1000.
float attentionValue(int l, int h, int q, int k) {
    return float(100 * (l * 2 + h) + 10 * q + k) / 1000.0f;
}

}  // namespace

TEST(MapKeyboard, AttentionCursorMovesOverQueriesKeysHeadsAndLayers) {
    AttentionGridView view;
    std::vector<float> values;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 2; ++h)
            for (int q = 0; q < 3; ++q)
                for (int k = 0; k < 3; ++k) values.push_back(attentionValue(l, h, q, k));
    view.setMaps(2, 2, 3, values, {"a", "b", "c"});
    showFocused(&view, {640, 480});
    const auto expected = [](int l, int h, int q, int k) {
        const QStringList tokens{"a", "b", "c"};
        return QString("layer %1, head %2, query “%3” (pos %4), key “%5” (pos %6): %7")
            .arg(l + 1)
            .arg(h + 1)
            .arg(tokens[q])
            .arg(q)
            .arg(tokens[k])
            .arg(k)
            .arg(QString::number(attentionValue(l, h, q, k), 'f', 2));
    };
    QTest::keyClick(&view, Qt::Key_Down);  // shows the cursor at query 0, key 0 of L1 H1
    EXPECT_EQ(accessibleValue(&view), expected(0, 0, 0, 0));
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Right);
    EXPECT_EQ(accessibleValue(&view), expected(0, 0, 1, 1));
    QTest::keyClick(&view, Qt::Key_BracketRight);
    EXPECT_EQ(accessibleValue(&view), expected(0, 1, 1, 1));
    QTest::keyClick(&view, Qt::Key_BracketRight);  // on to the next layer's first head
    EXPECT_EQ(accessibleValue(&view), expected(1, 0, 1, 1));
    QTest::keyClick(&view, Qt::Key_BraceLeft);
    EXPECT_EQ(accessibleValue(&view), expected(0, 0, 1, 1));
    QTest::keyClick(&view, Qt::Key_End, Qt::ControlModifier);
    EXPECT_EQ(accessibleValue(&view), expected(0, 0, 2, 2));
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(&view);
    EXPECT_NEAR(iface->valueInterface()->currentValue().toDouble(), attentionValue(0, 0, 2, 2),
                1e-6);

    QTest::keyClick(&view, Qt::Key_Return);  // enlarges the cursor's head
    EXPECT_TRUE(view.isEnlarged());
    QTest::keyClick(&view, Qt::Key_BracketRight);  // the enlarged head follows the cursor
    EXPECT_EQ(view.enlargedHead(), 1);
    EXPECT_EQ(accessibleValue(&view), expected(0, 1, 2, 2));
    const QRectF cell = view.cellRect(0, 1, 2, 2);
    const QImage image = view.grab().toImage();
    EXPECT_EQ(image.pixelColor(int(cell.left()) - 1, int(cell.center().y())), QColor(Qt::black));
    QTest::keyClick(&view, Qt::Key_Escape);
    EXPECT_FALSE(view.isEnlarged());
}

// The attention maps' summary (issue 29): each head's strongest pattern, measured on its weights,
// in the accessible description: here a diagonal head and a previous-token head.
TEST(MapKeyboard, AttentionDescriptionNamesEachHeadsStrongestPattern) {
    const int T = 4;
    std::vector<float> values(size_t(2 * T * T), 0.0f);
    for (int q = 0; q < T; ++q) {
        values[size_t(q * T + q)] = 1.0f;                           // head 1: itself
        values[size_t(T * T + q * T + std::max(0, q - 1))] = 1.0f;  // head 2: t − 1
    }
    AttentionGridView view;
    view.setMaps(1, 2, T, values, {"a", "b", "c", "d"});
    const QString description =
        QAccessible::queryAccessibleInterface(&view)->text(QAccessible::Description);
    EXPECT_TRUE(description.startsWith(
        "Strongest patterns: L1 H1: diagonal (each token itself) (1.00); L1 H2: previous token "
        "(1.00)."))
        << qPrintable(description);
    view.clear();
    EXPECT_FALSE(QAccessible::queryAccessibleInterface(&view)
                     ->text(QAccessible::Description)
                     .contains("Strongest"));
}
