// CurveChart's private state, shared by curve_chart.cpp (curves), curve_chart_view.cpp (ranges,
// ticks, zoom and pan), curve_chart_export.cpp (PNG, SVG, CSV) and curve_chart_style.cpp (fonts,
// ink, pens, legend).
// Internal to ui/charts/.
#pragma once

#include <QChart>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSet>
#include <QValueAxis>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

#include "ui/charts/chart_view.h"
#include "ui/charts/curve_chart.h"

namespace actlab::ui {

inline constexpr int kLegendPointSize = 12;         // as the axes' labels
inline constexpr int kSmallestLegendPointSize = 9;  // a crowded legend shrinks down to this

class CurveChart::Impl {
public:
    struct Entry {
        QXYSeries* series = nullptr;  // a QLineSeries, or a QScatterSeries for dots
        Curve::Mark mark = Curve::Mark::Line;
        QString label;
        QColor color;
        int paletteIndex = -1;  // seriesColor(paletteIndex) is color; −1: not a palette colour
        Qt::PenStyle style = Qt::SolidLine;
        QList<QPointF> points;  // full finite data
        bool sortedByX = true;
        int displayed = 0;  // points last handed to the series
    };

    explicit Impl(CurveChart* owner);

    QPen penFor(const Entry& entry) const;
    void styleSeries(Entry& entry);  // pen, and for dots their shape, size and fill
    void applyFonts();               // the chart's texts at their sizes times the UI scale
    void applyInk();  // axes, grid, titles and legend: Qt's light theme, or high contrast
    QList<QPointF> displayPoints(const Entry& entry) const;
    void redisplay(Entry& entry);
    void redisplayAll();
    // Sets both axes (ordered, finite, sane spans only), refreshes ticks and the display.
    void applyRange(double xLow, double xHigh, double yLow, double yHigh);
    void updateTicks();
    std::pair<double, double> fittedY(double xLow, double xHigh) const;
    QPointF toData(const QPointF& chartPosition) const;
    void setCursorLine(const QPointF& chartPosition);
    void applyLegendVisibility(Entry& entry, const QString& key);
    void updateLegendPlacement();
    void nameView();  // for a screen reader: the title, else "y by x" from the axes' titles
    void describeView(const std::vector<Curve>& curves);  // each curve's trend, as words
    // Font, width and side for legendRoom; true when the longest entry does not fit it even
    // at the smallest size (Qt Charts then cuts it to "...").
    bool placeLegend(const QStringList& shown);
    bool fittingLegend = false;   // inside updateLegendPlacement's own layout
    bool legendOptional = false;  // setLegendOptional
    // The most a right-hand legend may take. Qt Charts keeps the plot at least as wide as the
    // x axis' labels need and places a legend that leaves less partly outside the chart, cut by
    // its edge without "...": a legend found past the edge lowers this by as much, until the
    // chart's width or the entries change.
    qreal legendRoom = 0;
    qreal legendRoomChartWidth = -1;
    QStringList legendRoomLabels;
    // Legend entries at this font in one row below the plot.
    bool fitsBelow(const QStringList& labels, const QFont& font) const;

    // Lays the chart out at `size` (logical pixels) and restores it when done: for exports.
    void renderTo(QPainter& painter, const QSize& size, bool fullResolution);
    // For a painter that cannot clip (Qt 6.4's SVG generator): each series shows only its parts
    // inside the axes' ranges, a curve that leaves and comes back as extra series (returned, to
    // be deleted after painting) without legend entries. redisplayAll() undoes it.
    std::vector<QXYSeries*> keepInsideTheAxes();

    CurveChart* q;
    QChart* chart = nullptr;
    ChartView* view = nullptr;
    QValueAxis* axisX = nullptr;
    QValueAxis* axisY = nullptr;        // the y range; shown unless logY
    QLogValueAxis* logAxisY = nullptr;  // shown instead when logY (created on first use)
    bool logY = false;
    QAbstractAxis* shownAxisY() const;  // the y axis the series are attached to
    double yToPixelSpace(double y) const { return logY ? std::log10(y) : y; }
    QGraphicsLineItem* cursorLine = nullptr;
    // The keyboard cursor (curve_chart_cursor.cpp): a sample of a curve, a line and a marker.
    QString keyCurve;
    qsizetype keyIndex = -1;
    bool keyShown = false;                 // drawn: from a key press until the view loses focus
    QGraphicsLineItem* keyLine = nullptr;  // hidden with its child, the marker
    QGraphicsEllipseItem* keyMarker = nullptr;
    QString trendDescription;  // describeView's words
    void createKeyCursor();
    void placeKeyCursor();    // at its sample after a change of range, size or data
    void applyDescription();  // the reading, then the trend, as the view's description
    // Qt's light-theme colours of the axes and titles, kept for leaving high contrast.
    struct Ink {
        QBrush labels, title, chartTitle, legend;
        QColor grid;
        QPen line;
    };
    std::optional<Ink> themeInk;
    std::optional<QPointF> pointer;  // the mouse over the chart, in chart coordinates
    std::map<QString, Entry> entries;
    QStringList order;
    QSet<QString> legendHidden;
    double homeLow = -6;
    double homeHigh = 6;
    double lineWidth = 2.5;
    bool decimation = true;
};

}  // namespace actlab::ui
