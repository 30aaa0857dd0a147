// One cell per hidden neuron, a row (or a few, for wide layers) per layer, coloured by the share
// of samples through which the neuron passes gradient; dead neurons are crossed out, revived
// ones ringed for a moment. Clicking a cell selects that neuron; right-click exports it.
#pragma once

#include <QElapsedTimer>
#include <QWidget>
#include <optional>
#include <vector>

#include "diagnostics/diagnostics.h"
#include "ui/common/map_cursor.h"
#include "ui/common/panel_export.h"

class QFontMetrics;

namespace actlab::ui {

// With focus, the arrow keys move a cursor over the neurons (neuron_grid_cursor.cpp), read as
// the grid's accessible value; Enter or Space selects the neuron under it, as a click does.
class NeuronGridView : public QWidget, public PanelExportable, public MapCursorReadable {
    Q_OBJECT
public:
    struct Neuron {
        int layer = 0;
        int unit = 0;
        bool operator==(const Neuron&) const = default;
    };

    static constexpr int kRevivalMilliseconds = 1500;  // how long a revival stays ringed
    static QColor deadColor() { return QColor(40, 40, 40); }

    explicit NeuronGridView(QWidget* parent = nullptr);

    // New diagnostics of the same model: units dead before and alive now are marked revived.
    void setDiagnostics(const ModelDiagnostics& diagnostics);
    // What a cell's colour shows: the share of training samples through which the unit passes
    // gradient, or the share on which it is active (z > 0). Dead units keep their mark.
    enum class Colouring { PassesGradient, Active };
    void setColouring(Colouring colouring);
    Colouring colouring() const { return m_colouring; }
    float cellShare(Neuron neuron) const;  // the share the cell's colour shows; NaN if none
    void clear();                          // a new model: no revivals carried over

    int layerCount() const { return int(m_layers.size()); }
    QString layerName(int layer) const;  // e.g. "hidden 2", "block 1 gate"; "" if none
    int deadCount(int layer) const;
    int revivedCount() const { return m_revivedTotal; }  // since the last clear()
    bool isDead(Neuron neuron) const;
    std::optional<Neuron> selected() const { return m_selected; }
    void setSelected(std::optional<Neuron> neuron);
    QRect cellRect(Neuron neuron) const;  // in widget coordinates; empty if none
    std::optional<Neuron> neuronAt(const QPoint& position) const;
    QRect layerLabelRect(int layer) const;  // where the layer's name is drawn; empty if none
    QRect legendRect() const;               // the colour ramp, dead mark and revival ring
    QSize sizeHint() const override;
    // The least height that shows every layer, each label beside its cells, at the smallest
    // cells and as many columns as the width allows: a scroll area around the grid scrolls
    // when it has less room.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

    // PanelExportable: the grid as drawn (at another size laid out anew); the CSV one row per
    // neuron: layer,layer_name,neuron,dead,passes_gradient_share,active_share (shares 0–1).
    QString exportTitle() const override { return tr("Neurons"); }
    QSize exportSize() const override;  // the on-screen size, else 480 wide and tall enough
    void paintExport(QPainter& painter, const QSize& size) const override;
    bool hasExportData() const override { return !m_layers.empty(); }
    QString csvText() const override;

    // The keyboard cursor (issue 29): Left/Right the previous or next unit, Up/Down a row of
    // cells (on to the next layer past its last), Home/End the layer's ends (Ctrl: the grid's),
    // Page Up/Down the previous or next layer. Drawn while the grid has focus.
    void setCursorNeuron(Neuron neuron);  // announced when the reading changes
    std::optional<Neuron> cursorNeuron() const { return m_cursor; }
    // "hidden 1, unit 5: dead, passes gradient on 0 % of the inputs, active on 0 %"
    QString cursorReading() const override;
    QVariant cursorValue() const override;  // the share the cell's colour shows

signals:
    void neuronClicked(int layer, int unit);
    void cursorReadingChanged(const QString& reading);  // the keyboard cursor's, as announced

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;  // its cursor keys before the window's shortcuts
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    std::optional<Neuron> cursorMove(Neuron from, const QKeyEvent& event) const;
    void paintCursor(QPainter& painter) const;  // the focus ring and the cursor's frame
    void describeView();  // the dead count, then the tooltip, for a screen reader
    struct Layer {
        QString name;
        std::vector<float> passShare;
        std::vector<float> activeShare;
        std::vector<unsigned char> dead;
        std::vector<qint64> revivedAt;  // ms on m_clock, −1 if never
    };
    struct Geometry {
        int labelWidth = 0, cell = 0, columns = 1, legendHeight = 0;
        int contentHeight = 0;      // the layers and the legend
        std::vector<int> layerTop;  // y of each layer's first row
        std::vector<int> rows;
    };
    // The largest cells (and their column count) with which every layer, and beside it its
    // label, fits in width × height; the smallest cells where none do.
    Geometry layoutFor(int width, int height) const;
    const Geometry& geometry() const;  // for the present size, cached
    void paintTo(QPainter& painter, const QSize& size, const Geometry& g) const;
    QRect cellRectIn(const Geometry& g, Neuron neuron) const;
    QRect layerLabelRectIn(const Geometry& g, int layer) const;
    bool legendNeedsTwoLines(int width) const;
    static int marksWidth(const QFontMetrics& metrics);

    std::vector<Layer> m_layers;
    std::optional<Neuron> m_selected;
    std::optional<Neuron> m_cursor;  // the keyboard cursor
    bool m_cursorShown = false;      // from a key press until focus leaves
    QElapsedTimer m_clock;
    int m_revivedTotal = 0;
    Colouring m_colouring = Colouring::PassesGradient;
    mutable Geometry m_geometry;
    mutable QSize m_geometrySize;  // the size m_geometry is for; invalid: recompute
};

}  // namespace actlab::ui
