// Everything about one run that is drawn from its snapshot: the decision surface (or the fitted
// curve for sine), the neuron grid, and the output map of the neuron clicked in the grid.
// The Training view shows one of these, or two side by side in compare mode.
#pragma once

#include <QJsonObject>
#include <QWidget>
#include <memory>

#include "ui/training/neuron_grid_view.h"
#include "ui/training/training_frame.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QScrollArea;
class QStackedWidget;

namespace actlab::ui {

class DecisionSurfaceView;
class FitPlotView;
class HeatmapView;
class NeuronGridView;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const;
    void setRun(const TrainingSnapshot& snapshot, const std::shared_ptr<const TrainingData>& data);
    void clear();  // a new model: surfaces, grid and revivals start afresh

    void selectNeuron(int layer, int unit);  // shows that neuron's output map
    // The neuron grid's colouring (the box above it); emits colouringChanged when it changes.
    void setNeuronColouring(NeuronGridView::Colouring colouring);
    DecisionSurfaceView* surfaceView() const { return m_surface; }
    FitPlotView* fitView() const { return m_fit; }
    NeuronGridView* neuronGrid() const { return m_grid; }
    HeatmapView* neuronHeatmap() const { return m_neuronMap; }
    QString summaryText() const;
    // What the plane's colours and dots mean. In compare mode the view shows it once under both
    // panels, and each panel's own is hidden: the room goes to the pictures.
    QString captionText() const;
    void setCaptionShown(bool shown);
    QImage renderImage();

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

signals:
    void pointRequested(double x1, double x2, bool otherClass);
    void colouringChanged(NeuronGridView::Colouring colouring);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    // Narrower than this, the grid and the neuron map go below the plane.
    static constexpr int kNarrowWidth = 470;
    // Between the plane and the grid and map beside it, more room than this (× the UI scale)
    // above their least widths before the three go in one row.
    static constexpr int kRowSlack = 120;

    // Wide: plane | (grid over map). Narrow: plane over (grid | map). Row: plane | grid | map, for
    // a panel wide but squeezed to its least height (200 % on a 1920 × 1080 screen with a lesson
    // beside), where the stacked grid and map would make the page scroll.
    enum class Arrangement { Wide, Narrow, Row };
    void arrange(Arrangement arrangement);

    void showNeuron();
    void applyMinimumSizes();  // the pictures' smallest sizes at the current UI scale
    void nameViews();          // the pictures' accessible names, after the run's title

    Arrangement m_arrangement = Arrangement::Wide;
    int m_stackedHeight = 0;  // the least height the Wide arrangement needed, when Row took over
    QBoxLayout* m_body;       // plane | grid and map
    QBoxLayout* m_side;       // grid | map
    QLabel* m_title;
    QLabel* m_summary;
    QStackedWidget* m_plane;  // surface | fit | "no picture for this data"
    DecisionSurfaceView* m_surface;
    FitPlotView* m_fit;
    QLabel* m_noPlane;
    QLabel* m_planeCaption;
    NeuronGridView* m_grid;
    QScrollArea* m_gridScroll;
    QComboBox* m_colouring;
    QLabel* m_neuronCaption;
    HeatmapView* m_neuronMap;
    // From the last snapshot with surfaces: each hidden layer's neuron maps (units, n, n), for
    // the selected neuron's map.
    std::vector<NeuronMaps> m_neuronMaps;
    double m_planeLow = -6, m_planeHigh = 6;
    int m_selectedLayer = 0, m_selectedUnit = 0;
};

}  // namespace actlab::ui
