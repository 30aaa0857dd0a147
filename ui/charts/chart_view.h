// The QChartView behind CurveChart: turns mouse and keyboard input into view requests (zoom,
// pan, reset, cursor) in chart coordinates. Internal to ui/charts/.
#pragma once

#include <QChartView>
#include <QPoint>

class QRubberBand;

namespace actlab::ui {

class ChartView : public QChartView {
    Q_OBJECT
public:
    // What a key asks of the keyboard cursor (cursorMoveRequested's argument).
    enum CursorMove {
        PreviousSample,
        NextSample,
        FirstSample,
        LastSample,
        PageBack,     // a tenth of the samples back
        PageForward,  // a tenth of the samples on
        PreviousCurve,
        NextCurve
    };

    explicit ChartView(QChart* chart, QWidget* parent = nullptr);

    // Antialiasing off while something is dragged (counted: nested drags are fine).
    void setDraftMode(bool draft);
    bool draftMode() const { return m_draftDepth > 0; }

signals:
    void zoomRequested(QPointF center, double factor, Qt::Orientations orientations);
    void zoomToRectRequested(QRectF chartRect);  // in chart (item) coordinates
    void panRequested(QPointF pixels);           // move the content by this many pixels
    void resetRequested();
    void cursorAt(QPointF chartPosition);  // pointer over the chart, chart coordinates
    void cursorLeft();
    // A right click that did not drag (a right drag pans), at this global position: the export
    // menu. The context-menu event a right press sends is swallowed; the keyboard's goes on.
    void menuRequested(QPoint globalPosition);
    void cursorMoveRequested(int move);  // a CursorMove, from the keyboard
    void focusLeft();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;  // its cursor keys before the window's shortcuts
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    QPointF toChart(const QPoint& viewPosition) const;

    QRubberBand* m_rubberBand = nullptr;
    QPoint m_pressPosition;
    QPoint m_lastPanPosition;
    QPoint m_rightPressPosition;
    bool m_rightDragged = false;
    bool m_selecting = false;
    bool m_panning = false;
    int m_draftDepth = 0;
};

}  // namespace actlab::ui
