// A 2D line chart of named curves: the small adapter that keeps Qt Charts (deprecated from
// Qt 6.10) out of the rest of the UI. Only ui/charts/ includes <QtCharts>.
#pragma once

#include <QColor>
#include <QFont>
#include <QImage>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <utility>
#include <vector>

#include "ui/common/panel_export.h"

namespace actlab {
struct SonifyOptions;
}

namespace actlab::ui {

// Right-click (without dragging: a right drag pans) opens its export menu (PanelExport).
class CurveChart : public QWidget, public PanelExportable {
    Q_OBJECT
public:
    struct Curve {
        QString key;    // stable identity, e.g. "gelu/f"
        QString label;  // legend text (already translated)
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
        std::vector<double> x;  // finite values only
        std::vector<double> y;
        // A line through the points, or the points as dots: filled (the value a function takes
        // at a jump) or open (a limit it does not take).
        enum class Mark { Line, FilledDots, OpenDots } mark = Mark::Line;
        bool inLegend = true;  // false: no legend entry (a piece of a curve named already)
    };

    explicit CurveChart(QWidget* parent = nullptr);
    ~CurveChart() override;

    // Shows exactly these curves: series are matched by key and updated with replace(),
    // created for new keys and removed for keys no longer present.
    void setCurves(const std::vector<Curve>& curves);
    void setTitle(const QString& title);
    QString title() const;
    QFont titleFont() const;  // 14 pt bold times the UI scale
    void setAxisTitles(const QString& xTitle, const QString& yTitle);
    void setXRange(double low, double high);
    void setYRange(double low, double high);
    void fitY();       // y range to the visible curves, with a margin
    void resetView();  // x range as last set by setXRange, y fitted

    QStringList curveKeys() const;
    QList<QPointF> curvePoints(const QString& key) const;
    QPen curvePen(const QString& key) const;  // as drawn; a default pen for an unknown key
    QColor axisLabelColor() const;            // the x axis's tick labels
    double xLow() const;
    double xHigh() const;

    QImage renderImage(const QSize& size) const;  // the chart alone, for export
    bool exportPng(const QString& path, QString* error) const;
    bool exportSvg(const QString& path, QString* error) const;

    // Additions beyond the first contract:
    double yLow() const;
    double yHigh() const;
    // Zooms around the data point (centerX, centerY); factor < 1 zooms in. Emits viewChanged.
    void zoom(double factor, double centerX, double centerY);
    // Moves the view by (dx, dy) in data units. Emits viewChanged.
    void pan(double dx, double dy);
    // Shows this rectangle without changing the home x range (restoring a saved view).
    void setView(double xLow, double xHigh, double yLow, double yHigh);
    // For painting, each curve is simplified to within a quarter pixel of the full polyline
    // (on by default); curvePoints() and the exports always use the full data.
    void setDecimationEnabled(bool enabled);
    int displayedPointCount(const QString& key) const;  // points handed to the series
    void setLineWidth(double width);
    // Hides (or shows again) the legend entry of a curve, now and whenever the key reappears.
    // The legend sits below the plot, or right of it when the entries would not fit below.
    void setLegendEntryVisible(const QString& key, bool visible);
    // Whether legend entries with these labels fit in one row below the plot at the chart's
    // present width (else the legend moves right of the plot, and long labels are cut).
    bool legendFitsBelow(const QStringList& labels) const;
    // Renames a curve's legend entry until setCurves() names it again.
    void setCurveLabel(const QString& key, const QString& label);
    void repaintNow();  // synchronous repaint of the plot area, for latency benchmarks
    // While on (a slider or the view is being dragged) curves are painted without antialiasing,
    // about twice as fast with wide dashed pens; turning it off repaints them smooth.
    void setDraftMode(bool draft);
    bool draftMode() const;
    // The full data of every curve as CSV: curve,label,x,y (numbers round-trip exactly).
    bool exportCsv(const QString& path, QString* error) const;
    QSize exportSize() const override;  // the on-screen size when laid out, else 1200×800
    // PanelExportable: the title (else "Plot"), the chart at full resolution, curvesCsv().
    QString exportTitle() const override;
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override;  // some curve has a point
    QString csvText() const override;
    // A logarithmic y axis (base 10, QLogValueAxis): points with y ≤ 0 are not drawn (they stay
    // in curvePoints() and the exports); ranges must then be positive.
    void setLogarithmicY(bool logarithmic);
    bool logarithmicY() const;
    // The texts shown shortened to fit (Qt Charts ends them with "..."): the title, the axis
    // titles and tick labels, and the legend's visible entries. Empty when all are whole; as
    // laid out at the chart's present size.
    QStringList elidedTexts() const;
    // Neighbouring tick labels of an axis closer than a few pixels, or overlapping (they read
    // as one number, "10002000"), as "a|b" pairs; and the labels of the visible legend entries.
    QStringList crowdedTickLabels() const;
    QStringList tickLabels(Qt::Orientation axis) const;  // the labels shown, in scene order
    QStringList legendLabels() const;
    // For an owner that names every curve beside the chart (the Explorer's readout table): the
    // legend is left out while its entries would be cut to "..." (a narrow chart with long
    // names), and comes back when the chart has the room. Off by default.
    void setLegendOptional(bool optional);
    bool legendShown() const;
    // The keyboard cursor (issue 29): one sample of one curve, moved while the chart has focus by
    // Left/Right (Home/End, PgUp/PgDn a tenth of the samples), Up/Down to the previous or next
    // curve; drawn as a line and a marker; its reading is the chart's accessible value.
    void setCursorSample(const QString& key, int index);  // an index into curvePoints(key)
    QString cursorCurve() const;                          // empty without a cursor
    int cursorIndex() const;                              // −1 without a cursor
    QString cursorReading() const;  // "GELU at x = −0.75: −0.17"; empty without a cursor

    // The audio trace (issue 29, curve_chart_sound.cpp): the cursor's curve, else the first with
    // two points, over the visible x range in kSoundSeconds, as core's sonifyPoints makes it.
    static constexpr double kSoundSeconds = 3.0;
    QString soundCurve() const;               // its key; empty when no curve has two points
    std::vector<int16_t> curveSound() const;  // the samples; empty without a curve
    SonifyOptions soundOptions() const;       // the range shown, kSoundSeconds, core's pitches
    // Plays it (or says why not) and shows what it did in the main window's status bar.
    QString playCurveSound() const;
    void addMenuActions(QMenu* menu) const override;  // "Play curve as sound"

signals:
    void cursorMoved(double x);                         // data x under the mouse pointer
    void viewChanged(double xLow, double xHigh);        // after pan, zoom or reset
    void viewReset();                                   // after resetView(), following viewChanged
    void cursorReadingChanged(const QString& reading);  // the keyboard cursor's new reading

private:
    void applyUiScale();     // texts, lines and markers at the new scale
    void applyAppearance();  // palette colours, line widths and ink of the new appearance
    // viewChanged, then the cursor line and cursorMoved for the new data x under a pointer that
    // has not moved (a zoom or pan changes what it points at).
    void announceView();
    void moveKeyboardCursor(int move);  // a ChartView::CursorMove
    void tickLabelBoxes(std::vector<std::pair<QRectF, QString>>& under,
                        std::vector<std::pair<QRectF, QString>>& left) const;

    class Impl;
    Impl* m_impl;
};

}  // namespace actlab::ui
