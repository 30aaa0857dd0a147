// A scalar field on a regular grid drawn as a colour-mapped image with axes, a colour bar and a
// cursor readout. Raster by default (a cached QImage); an OpenGL texture path when available.
#pragma once

#include <QImage>
#include <QJsonObject>
#include <QRect>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <utility>
#include <vector>

#include "ui/common/map_cursor.h"
#include "ui/common/panel_export.h"
#include "ui/heatmap/color_maps.h"

namespace actlab::ui {

class HeatmapCursorMark;
class HeatmapGlCanvas;

// Right-click opens its export menu (PanelExport): PNG, SVG, the grid as CSV. With focus, the
// arrow keys move a cell cursor (heatmap_view_cursor.cpp) read as its accessible value.
class HeatmapView : public QWidget, public PanelExportable, public MapCursorReadable {
    Q_OBJECT
public:
    enum class Renderer { Raster, OpenGl };

    // The grid cell under a point: its indices, its sample coordinates and its value.
    struct Probe {
        int column = 0;
        int row = 0;
        double x = 0;
        double v = 0;
        double value = 0;  // NaN for a NaN cell
    };

    explicit HeatmapView(QWidget* parent = nullptr);
    ~HeatmapView() override;

    // values is (nv, nx) row-major; row 0 is sampled at vLow (drawn at the bottom), column 0 at
    // xLow; samples are at the grid points, so each cell is centred on its sample. strength,
    // empty or (nv, nx) like the values: how strongly each cell shows its colour, 1 the full
    // colour, 0 white, a blend between (a class's colour paled by the model's doubt).
    void setData(int nx, int nv, std::vector<float> values, double xLow, double xHigh, double vLow,
                 double vHigh, std::vector<float> strength = {});
    void clear();

    void setColorMap(ColorMap map);
    ColorMap colorMap() const { return m_colorMap; }
    // A colour scale that does not follow the data: [low, high] always (the middle of a
    // diverging map at their mean), e.g. a probability from 0 to 1; nullopt: the data's range
    // (a diverging map symmetric around 0).
    void setFixedScale(std::optional<std::pair<double, double>> scale);
    // Named categories for the values low, low + 1, … of a fixed scale (e.g. "class 0".."class 2"):
    // the colour bar becomes a legend of swatches; empty: a continuous bar.
    void setCategories(const QStringList& names);
    QStringList categories() const { return m_categories; }
    // Equal units on both axes (a circle stays round): the field is letterboxed in the widget.
    void setEqualAspect(bool on);
    bool equalAspect() const { return m_equalAspect; }
    void setAxisTitles(const QString& xTitle, const QString& vTitle);
    void setValueTitle(const QString& title);  // shown above the colour bar

    int columns() const { return m_nx; }
    int rows() const { return m_nv; }
    float valueAt(int column, int row) const;             // NaN outside the grid
    double dataMinimum() const { return m_dataMinimum; }  // over finite cells; NaN if none
    double dataMaximum() const { return m_dataMaximum; }
    double scaleLow() const { return m_scaleLow; }  // value drawn at the bottom of the bar
    double scaleHigh() const { return m_scaleHigh; }
    int nanCount() const { return m_nanCount; }
    double sampleX(int column) const;             // the x at which a column is sampled
    double sampleV(int row) const;                // the v at which a row is sampled
    float strengthAt(int column, int row) const;  // NaN outside the grid or without strengths
    QString valueTitle() const { return m_valueTitle; }
    int imageBuildCount() const { return m_imageBuilds; }  // cache rebuilds, for tests

    QRect plotRect() const;  // where the field is drawn, in widget coordinates
    QRect colorBarRect() const;
    QRect plotRectFor(const QSize& size) const;  // where the field is drawn at another size
    std::optional<Probe> probe(const QPointF& position) const;  // nullopt outside the field

    // OpenGL is used only when openGlAvailable(); returns the renderer actually in use.
    Renderer setRenderer(Renderer renderer);
    Renderer renderer() const { return m_renderer; }
    static bool openGlAvailable();

    QImage renderImage(const QSize& size) const;  // the whole view, for export

    // PanelExportable: the value title (else "Heatmap"); the field always raster (as cells,
    // one image), axes, ticks and colour bar vector in an SVG; the CSV one row per cell.
    QString exportTitle() const override;
    QSize exportSize() const override;  // the on-screen size, else 960×720
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override { return m_nx > 0; }
    // column,row,x (x title),v (v title),value (value title)[,strength]: the sample coordinates
    // of each cell (the axis values), row 0 at vLow, columns fastest.
    QString csvText() const override;

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

    // The keyboard cursor (issue 29): a cell moved by the arrow keys (Home/End the row's ends,
    // Ctrl+Home/End the corners, Page Up/Down a tenth of the rows), drawn while the view has
    // focus; the first key starts it at the centre. Its reading is the accessible value.
    void setCursorCell(int column, int row);  // clamped to the grid; announced when it changes
    std::optional<QPoint> cursorCell() const { return m_cursor; }  // (column, row), row 0 at vLow
    QRectF cellRectAt(int column, int row) const;  // where a cell is drawn; empty outside
    QString cursorReading() const override;  // "x₁ = 0.5, x₂ = −1.25: 0.73"; empty without one
    QVariant cursorValue() const override;   // the cell's value

signals:
    void cursorMoved(double x, double v, double value);  // sample under the pointer
    void cursorLeft();
    void clicked(double x, double v);
    void cursorReadingChanged(const QString& reading);  // the keyboard cursor's, as announced

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;  // its cursor keys before the window's shortcuts
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    friend class HeatmapCursorMark;
    void nameView();      // for a screen reader: "P(class 1) over x₁ and x₂", from the titles
    void describeView();  // the values' range and undefined cells, then the tooltip
    struct Layout {
        QRect plot;
        QRect bar;
    };
    Layout layoutFor(const QSize& size) const;
    void paintView(QPainter& painter, const QSize& size, bool drawField,
                   const QImage* scaledField) const;
    void paintAxes(QPainter& painter, const QRect& plot) const;
    void paintColorBar(QPainter& painter, const QRect& bar) const;
    void rebuildCellImage();
    void updateScale();
    void placeGlCanvas();
    void createCursorMark();  // in the constructor
    void updateCursorMark();  // after a move, a resize or new data
    void keepCursorInGrid();  // after new data

    int m_nx = 0;
    int m_nv = 0;
    std::vector<float> m_values;
    std::vector<float> m_strength;  // empty, or one per value in [0, 1]
    double m_xLow = 0, m_xHigh = 1, m_vLow = 0, m_vHigh = 1;
    double m_dataMinimum = 0, m_dataMaximum = 0;
    double m_scaleLow = -1, m_scaleHigh = 1;
    std::optional<std::pair<double, double>> m_fixedScale;
    bool m_equalAspect = false;
    QStringList m_categories;
    int m_nanCount = 0;

    ColorMap m_colorMap = ColorMap::Diverging;
    QString m_xTitle;
    QString m_vTitle;
    QString m_valueTitle;

    QImage m_cellImage;    // one pixel per cell, top row = highest v
    QImage m_scaledImage;  // m_cellImage at the plot size, rebuilt when either changes
    int m_imageBuilds = 0;

    Renderer m_renderer = Renderer::Raster;
    HeatmapGlCanvas* m_glCanvas = nullptr;

    std::optional<QPoint> m_cursor;             // the keyboard cursor's cell
    bool m_cursorShown = false;                 // drawn: from a key press until focus leaves
    HeatmapCursorMark* m_cursorMark = nullptr;  // the cursor and focus ring, over the field
};

}  // namespace actlab::ui
