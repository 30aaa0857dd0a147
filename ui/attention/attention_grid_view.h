// The attention maps of one sequence as a grid of layers × heads, each a T × T heatmap (query
// rows, key columns) labelled with the sequence's tokens, on one fixed 0–1 colour bar. Hover reads
// a weight out; a click enlarges a head, and a click or Esc goes back to the grid. Exports as
// PNG, SVG and CSV. It draws what it is given and computes nothing about the model.
#pragma once

#include <QImage>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

#include "ui/common/map_cursor.h"
#include "ui/common/panel_export.h"

namespace actlab::ui {

// With focus, a cell cursor (attention_grid_cursor.cpp): the arrows move it over a map's queries
// and keys, [ and ] to the previous or next head, { and } to the previous or next layer, Enter
// enlarges its head; its reading is the accessible value. The accessible description names
// each head's strongest pattern (diagonal, previous token, …), computed from its weights.
class AttentionGridView : public QWidget, public PanelExportable, public MapCursorReadable {
    Q_OBJECT
public:
    // One weight of one map: a[layer, head, query, key].
    struct Cell {
        int layer = 0, head = 0, query = 0, key = 0;
        float weight = 0;
    };

    explicit AttentionGridView(QWidget* parent = nullptr);

    // values (layers, heads, T, T) row-major; tokens (T) name the positions on both axes.
    // An enlarged head stays enlarged while it exists.
    void setMaps(int layers, int heads, int length, std::vector<float> values,
                 const QStringList& tokens);
    void clear();
    void setCaption(const QString& caption);  // what the maps are of: "Probe 2", "Your sequence"
    // What each head measurably does ("previous token"), layer-major; shown above each map (and
    // in the enlarged head's title). Empty: none.
    void setHeadLabels(const QStringList& labels);
    QString headLabel(int layer, int head) const;  // "" when none

    int layers() const { return m_layers; }
    int heads() const { return m_heads; }
    int length() const { return m_length; }
    const QStringList& tokens() const { return m_tokens; }
    float weight(int layer, int head, int query, int key) const;  // NaN outside the maps
    QString caption() const { return m_caption; }
    QString shownCaption() const;  // the caption line as drawn, cut with "…" when too wide

    void enlarge(int layer, int head);
    void showGrid();
    bool isEnlarged() const { return m_enlargedLayer >= 0; }
    int enlargedLayer() const { return m_enlargedLayer; }
    int enlargedHead() const { return m_enlargedHead; }

    // Geometry in widget coordinates, for the mouse and for tests. mapRect is empty for a map
    // that is not shown (another head is enlarged).
    QRect mapRect(int layer, int head) const;
    QRectF cellRect(int layer, int head, int query, int key) const;
    QRect colorBarRect() const;
    bool labelsShown() const;  // token names fit beside the maps
    std::optional<Cell> cellAt(const QPointF& position) const;
    QString readoutText(const Cell& cell) const;  // "query b (pos 1) → key c (pos 2): weight 0.43…"

    QImage renderImage(const QSize& size) const;  // what is shown, drawn at this size
    QSize exportSize() const override;            // the on-screen size, else 1200×900
    bool exportPng(const QString& path, QString* error) const;  // through PanelExport
    bool exportSvg(const QString& path, QString* error) const;
    bool exportCsv(const QString& path, QString* error) const;  // every weight of every map

    // PanelExportable: what is shown (the grid or the enlarged head) for PNG and SVG; the CSV
    // every weight of every map, enlarged or not: layer,head,query,query_token,key,key_token,
    // weight (tokens always quoted).
    QString exportTitle() const override { return tr("Attention maps"); }
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override { return m_layers > 0 && m_heads > 0 && m_length > 0; }
    QString csvText() const override;

    // The keyboard cursor (issue 29), announced when its reading changes; an enlarged grid
    // enlarges the cursor's head.
    void setCursorCell(int layer, int head, int query, int key);  // ignored outside the maps
    std::optional<Cell> cursorCell() const;                       // with its weight
    // "layer 2, head 3, query “b” (pos 1), key “a” (pos 0): 0.83"; empty without a cursor
    QString cursorReading() const override;
    QVariant cursorValue() const override;  // the weight
    // Each head's strongest pattern as described: "L1 H2: previous token (0.85)".
    QString patternSummary() const;

    QSize sizeHint() const override { return {640, 480}; }
    QSize minimumSizeHint() const override { return {200, 160}; }

signals:
    void hovered(const QString& readout);  // empty when the pointer leaves the maps
    void enlargedChanged(bool enlarged);
    void cursorReadingChanged(const QString& reading);  // the keyboard cursor's, as announced

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;  // its cursor keys before the window's shortcuts
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    bool moveCursorByKey(const QKeyEvent& event);  // false for a key that is not the cursor's
    void paintCursor(QPainter& painter) const;     // the focus ring and the cursor's frame
    void describeView();                           // the patterns, then the tooltip
    void rebuildImages();                          // m_images from m_values
    // Where everything goes at one size: a box per shown map (title, labels, square map).
    struct MapBox {
        int layer = 0, head = 0;
        QRect map;     // the square T × T heatmap
        QRect title;   // above it (the enlarged head only)
        QRect bounds;  // map, labels and title: where a click picks this head
    };
    struct Header {
        QRect rect;
        QString text;  // "L1" left of a row of maps, "H1" above a column
        Qt::Alignment alignment;
    };
    struct Geometry {
        QRect caption;
        QRect bar;
        std::vector<MapBox> boxes;
        std::vector<Header> headers;
        QFont labelFont;
        bool labels = false;
        bool rotatedKeys = false;  // key names run upwards under the map
        int keyGutter = 0;         // height under a map for the key names
    };
    Geometry layoutFor(const QSize& size) const;
    // With a title row above each map (the heads' labels in the grid) or without.
    Geometry layoutWith(const QSize& size, bool headTitles) const;
    static constexpr int kMinimumTitledMap = 110;  // smaller maps leave their labels out
    QString captionLine(const Geometry& g) const;  // the caption and how to read the maps
    void paintAll(QPainter& painter, const QSize& size) const;
    void paintBox(QPainter& painter, const Geometry& g, const MapBox& box) const;
    void paintLabels(QPainter& painter, const Geometry& g, const MapBox& box) const;
    void paintColorBar(QPainter& painter, const QRect& bar) const;
    void setHover(std::optional<Cell> cell);
    int mapIndex(int layer, int head) const { return layer * m_heads + head; }

    int m_layers = 0, m_heads = 0, m_length = 0;
    std::vector<float> m_values;
    QStringList m_tokens;
    std::vector<QImage> m_images;  // one T × T pixel image per map, query rows top down
    QString m_caption;
    QStringList m_headLabels;
    int m_enlargedLayer = -1, m_enlargedHead = -1;
    std::optional<Cell> m_hover;
    std::optional<Cell> m_cursor;  // the keyboard cursor (its weight unused)
    bool m_cursorShown = false;    // from a key press until focus leaves
};

}  // namespace actlab::ui
