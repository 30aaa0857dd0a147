// Keyboard cursors on maps (issue 29), what heatmaps, decision surfaces, neuron grids and
// attention maps share: the cell a key moves to, the drawn cursor and focus ring, and the
// cursor's reading as the widget's accessible value, announced on change.
#pragma once

#include <QPoint>
#include <QString>
#include <QVariant>
#include <initializer_list>
#include <optional>

class QEvent;
class QKeyEvent;
class QPainter;
class QPalette;
class QRect;
class QRectF;
class QWidget;

namespace actlab::ui {

// A widget with a keyboard cursor: assistive technology reads cursorReading() as its value.
class MapCursorReadable {
public:
    virtual ~MapCursorReadable() = default;
    virtual QString cursorReading() const = 0;           // empty without a cursor
    virtual QVariant cursorValue() const { return {}; }  // the number under the cursor, if any
};

// Once per program (each map calls it): a QAccessible factory that gives every
// MapCursorReadable widget an accessible value.
void installMapCursorAccessibility();

// Tells assistive technology that the widget's reading changed (a value-change event).
void announceMapCursor(QWidget* widget, const QVariant& value);

// The cell a key moves a cursor to on a columns × rows grid drawn with row 0 at the top:
// arrows one cell, Home/End the row's ends (with Ctrl the grid's corners), Page Up/Down a tenth
// of the rows (at least one). nullopt for any other key (or Shift/Alt held: those pan or belong
// to the window).
std::optional<QPoint> gridCursorMove(QPoint cell, const QKeyEvent& event, int columns, int rows);

// An arrow key: the first one only shows a new cursor where it starts; Home, End and the page
// keys go where they say from there.
bool isArrowKey(int key);

// For a focused chart or map's event(): true (the event accepted) when `event` is the shortcut
// override of one of its cursor keys (plain, or with Shift or Ctrl), so that the key reaches it
// before the window's shortcuts (→ steps a run, R resets it, Page Up/Down turn a lesson's
// scene). The cursor keys are the arrows, Home, End and the page keys, with `more`.
bool takesKeyBeforeShortcuts(QEvent* event, std::initializer_list<int> more = {});

// Lines that must be seen at every UI scale: 2 px times the scale, at least 2.
double focusLineWidth();
// The focus frame of a map: the palette's highlight inside rect (as the charts draw it).
void paintFocusRing(QPainter& painter, const QRect& rect, const QPalette& palette);
// The cursor on a cell: a dark frame with a light one inside, visible on every colour; tiny
// cells get a frame larger than the cell.
void paintCellCursor(QPainter& painter, const QRectF& cell);

// A number as read aloud: three significant digits, a true minus sign.
QString spokenNumber(double value);

}  // namespace actlab::ui
