// RunPanel: lays out the surface, the grid and the neuron map of one run and feeds them.
#include "ui/training/run_panel.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/common/appearance.h"
#include "ui/common/ui_scale.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/fit_plot_view.h"
#include "ui/training/neuron_grid_view.h"

namespace actlab::ui {
namespace {

// A column or row of a RunPanel's layout: its own margins are none.
template <typename Layout>
Layout* marginless(Layout* layout) {
    layout->setContentsMargins(0, 0, 0, 0);
    return layout;
}

// The neuron grid in a scroll area: deep or wide networks at a small window scroll rather than
// cover its labels.
QScrollArea* neuronGridScroll(NeuronGridView* grid, QWidget* parent) {
    auto* scroll = new QScrollArea(parent);
    scroll->setObjectName(QStringLiteral("neuronGridScroll"));
    scroll->setWidget(grid);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

// The box above the neuron grid: what its colours say.
QComboBox* neuronColouringBox(QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("neuronColouring"));
    box->setAccessibleName(RunPanel::tr("Neuron colouring"));
    box->addItem(RunPanel::tr("Colour: passes gradient"),
                 int(NeuronGridView::Colouring::PassesGradient));
    box->addItem(RunPanel::tr("Colour: active (z > 0)"), int(NeuronGridView::Colouring::Active));
    box->setToolTip(
        RunPanel::tr("Passes gradient: on how many samples f′(z) ≠ 0 (a leaky unit always does). "
                     "Active: on how many z > 0, so a leaky unit that is off shows though it is "
                     "not dead."));
    return box;
}

}  // namespace

RunPanel::RunPanel(QWidget* parent) : QWidget(parent) {
    m_title = new QLabel(this);
    keepRelativeFont(m_title, 1.25, true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_summary->setWordWrap(true);  // on two lines when the panel is narrow, never cut
    m_summary->setToolTip(
        tr("Dead: hidden units that pass no gradient on any training sample. Revived: units "
           "alive now that were dead at an earlier picture of this run (each counted once)."));

    m_surface = new DecisionSurfaceView(this);
    m_fit = new FitPlotView(this);
    m_noPlane = new QLabel(tr("This data set has more than two inputs: there is no plane to "
                              "draw. Follow the curves below."),
                           this);
    m_noPlane->setWordWrap(true);
    m_noPlane->setAlignment(Qt::AlignCenter);
    m_plane = new QStackedWidget(this);
    m_plane->addWidget(m_surface);
    m_plane->addWidget(m_fit);
    m_plane->addWidget(m_noPlane);

    m_planeCaption = new QLabel(this);
    m_planeCaption->setWordWrap(true);
    m_grid = new NeuronGridView(this);
    m_gridScroll = neuronGridScroll(m_grid, this);
    m_colouring = neuronColouringBox(this);
    m_neuronCaption = new QLabel(tr("Click a neuron to see its output over the plane"), this);
    m_neuronCaption->setWordWrap(true);
    m_neuronMap = new HeatmapView(this);
    m_neuronMap->setAxisTitles(tr("x₁"), tr("x₂"));
    m_neuronMap->setValueTitle(tr("f(z)"));
    m_neuronMap->setEqualAspect(true);
    nameViews();
    applyMinimumSizes();
    connect(&UiScaleNotifier::instance(), &UiScaleNotifier::changed, this,
            &RunPanel::applyMinimumSizes);

    // Wide: the plane left, the grid and the neuron map stacked right of it. Narrow (compare
    // mode at a small window): the plane on top, grid and map side by side below it.
    auto* gridColumn = marginless(new QVBoxLayout);
    gridColumn->addWidget(m_colouring, 0, Qt::AlignLeft);
    gridColumn->addWidget(m_gridScroll, 1);
    auto* mapColumn = marginless(new QVBoxLayout);
    mapColumn->addWidget(m_neuronCaption);
    mapColumn->addWidget(m_neuronMap, 1);
    m_side = marginless(new QBoxLayout(QBoxLayout::TopToBottom));
    m_side->addLayout(gridColumn, 1);
    m_side->addLayout(mapColumn, 1);
    auto* planeColumn = marginless(new QVBoxLayout);
    planeColumn->addWidget(m_plane, 1);
    planeColumn->addWidget(m_planeCaption);
    m_body = marginless(new QBoxLayout(QBoxLayout::LeftToRight));
    m_body->addLayout(planeColumn, 3);
    m_body->addLayout(m_side, 2);
    auto* layout = marginless(new QVBoxLayout(this));
    auto* header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addWidget(m_summary, 1);
    layout->addLayout(header);
    layout->addLayout(m_body, 1);

    connect(m_surface, &DecisionSurfaceView::pointRequested, this, &RunPanel::pointRequested);
    connect(m_grid, &NeuronGridView::neuronClicked, this, &RunPanel::selectNeuron);
    connect(m_colouring, &QComboBox::activated, this, [this] {
        const auto colouring = NeuronGridView::Colouring(m_colouring->currentData().toInt());
        m_grid->setColouring(colouring);
        emit colouringChanged(colouring);
    });
}

void RunPanel::setNeuronColouring(NeuronGridView::Colouring colouring) {
    m_colouring->setCurrentIndex(m_colouring->findData(int(colouring)));
    m_grid->setColouring(colouring);
}

void RunPanel::setTitle(const QString& title) {
    m_title->setText(title);
    nameViews();
}

// What a screen reader calls the pictures: "Neuron grid of A: ReLU".
void RunPanel::nameViews() {
    const QString run = m_title->text();
    const auto name = [&](QWidget* widget, const QString& what) {
        widget->setAccessibleName(run.isEmpty() ? what : tr("%1 of %2").arg(what, run));
    };
    name(m_surface, tr("Decision surface"));
    name(m_fit, tr("Fitted curve"));
    name(m_grid, tr("Neuron grid"));
    name(m_gridScroll, tr("Neuron grid"));
    name(m_neuronMap, tr("Output of the chosen neuron over the plane"));
}
QString RunPanel::title() const { return m_title->text(); }

void RunPanel::setRun(const TrainingSnapshot& s, const std::shared_ptr<const TrainingData>& data) {
    const int rawDimension = data ? data->rawDimension : 2;
    m_plane->setCurrentIndex(rawDimension == 2 ? 0 : rawDimension == 1 ? 1 : 2);
    const int classes = data ? data->classes : 2;
    m_planeCaption->setText(
        rawDimension != 2 ? QString()
        : classes > 2
            ? tr("Background: the predicted class, in full colour where the model is sure "
                 "of it, paler as its probability falls towards 1/%1 (a guess). Dots: training "
                 "points (white rim), test points (black rim).")
                  .arg(classes)
        : appearance().diverging == DivergingMap::BlueOrange
            ? tr("Background: P(class 1) — orange near 1, blue near 0, white 0.5 (the "
                 "boundary), pale where the model is unsure. Dots: training points (white "
                 "rim), test points (black rim).")
            : tr("Background: P(class 1) — red near 1, blue near 0, white 0.5 (the "
                 "boundary), pale where the model is unsure. Dots: training points (white "
                 "rim), test points (black rim)."));
    if (rawDimension == 2) {
        m_surface->setPoints(data);
        m_surface->setSnapshot(s, data ? data->classes : 2);
    } else if (rawDimension == 1) {
        m_fit->setPoints(data);
        if (!s.probes.fittedCurve.empty()) m_fit->setCurve(s.probes.fittedCurve);
    }
    if (!s.diagnostics.layers.empty()) m_grid->setDiagnostics(s.diagnostics);
    if (!s.probes.neuronMaps.empty() || rawDimension != 2) {
        m_neuronMaps = s.probes.neuronMaps;
        m_planeLow = s.surfaceLow;
        m_planeHigh = s.surfaceHigh;
    }
    m_neuronMap->setVisible(rawDimension == 2);
    m_neuronCaption->setVisible(rawDimension == 2);
    showNeuron();

    int dead = 0, units = 0;
    for (const LayerDiagnostics& layer : s.diagnostics.layers) {
        units += layer.width;
        dead += int(std::count(layer.dead.begin(), layer.dead.end(), 1));
    }
    QString summary = tr("dead %1 of %2 · revived %3").arg(dead).arg(units).arg(s.revived);
    if (data && data->kind != TaskKind::Regression)
        summary += tr(" · test accuracy %1%").arg(s.testAccuracy * 100.0, 0, 'f', 1);
    if (s.diverged) summary += tr(" · diverged at step %1").arg(s.divergedAtStep);
    m_summary->setText(summary);
}

void RunPanel::clear() {
    m_surface->clearSurface();
    m_surface->setPoints(nullptr);
    m_fit->setPoints(nullptr);
    m_grid->clear();
    m_neuronMap->clear();
    m_neuronMaps.clear();
    m_summary->clear();
}

void RunPanel::selectNeuron(int layer, int unit) {
    m_selectedLayer = layer;
    m_selectedUnit = unit;
    m_grid->setSelected(NeuronGridView::Neuron{layer, unit});
    showNeuron();
}

void RunPanel::showNeuron() {
    if (m_selectedLayer >= int(m_neuronMaps.size())) {
        m_neuronMap->clear();
        return;
    }
    const NeuronMaps& maps = m_neuronMaps[size_t(m_selectedLayer)];  // (units, n, n)
    const int n = maps.resolution;
    const size_t cells = size_t(n) * size_t(n);
    if (m_selectedUnit >= maps.units || n < 2 || maps.values.size() != size_t(maps.units) * cells) {
        m_neuronMap->clear();
        return;
    }
    const bool dead = m_grid->isDead({m_selectedLayer, m_selectedUnit});
    m_neuronCaption->setText(
        tr("Neuron %1 of %2: its output over the plane%3")
            .arg(m_selectedUnit + 1)
            .arg(m_grid->layerName(m_selectedLayer))
            .arg(dead ? tr(" (dead on the data: it passes no gradient)") : QString()));
    m_grid->setSelected(NeuronGridView::Neuron{m_selectedLayer, m_selectedUnit});
    const auto first = maps.values.begin() + std::ptrdiff_t(size_t(m_selectedUnit) * cells);
    m_neuronMap->setData(n, n, std::vector<float>(first, first + std::ptrdiff_t(cells)), m_planeLow,
                         m_planeHigh, m_planeLow, m_planeHigh);
    DecisionSurfaceView::refitOpenGlCanvas(m_neuronMap);
}

// The pictures' smallest sizes grow with the UI scale, as their labels do: at 200 % a neuron map
// of 120 × 90 pixels had no room left for its cells between its axis labels and colour bar.
void RunPanel::applyMinimumSizes() {
    const auto scaled = [](int pixels) { return int(std::lround(pixels * uiScale())); };
    m_grid->setMinimumSize(scaled(150), scaled(80));
    m_gridScroll->setMinimumHeight(scaled(60));
    m_neuronMap->setMinimumSize(scaled(140), scaled(110));
    m_plane->setMinimumSize(scaled(140), scaled(120));
}

QString RunPanel::summaryText() const { return m_summary->text(); }

void RunPanel::arrange(Arrangement arrangement) {
    m_arrangement = arrangement;
    const bool narrow = arrangement == Arrangement::Narrow;
    m_body->setDirection(narrow ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_side->setDirection(arrangement == Arrangement::Wide ? QBoxLayout::TopToBottom
                                                          : QBoxLayout::LeftToRight);
    // In a row the plane, square and as tall as the panel, needs less of the width.
    m_body->setStretch(0, narrow ? 5 : arrangement == Arrangement::Row ? 2 : 3);
    m_body->setStretch(1, narrow ? 3 : arrangement == Arrangement::Row ? 3 : 2);
}

void RunPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int rowWidth = m_plane->minimumWidth() + m_gridScroll->minimumSizeHint().width() +
                         std::max(m_grid->minimumWidth(), m_colouring->sizeHint().width()) +
                         m_neuronMap->minimumWidth() + int(kRowSlack * uiScale());
    Arrangement next = Arrangement::Wide;
    if (width() < kNarrowWidth) {
        next = Arrangement::Narrow;
    } else if (width() >= rowWidth) {
        if (m_arrangement == Arrangement::Wide && height() <= minimumSizeHint().height()) {
            m_stackedHeight = minimumSizeHint().height();  // squeezed: the page would scroll
            next = Arrangement::Row;
        } else if (m_arrangement == Arrangement::Row &&
                   height() < m_stackedHeight + int(24 * uiScale())) {
            next = Arrangement::Row;  // not back until the stacked pictures fit with room
        }
    }
    if (next != m_arrangement) arrange(next);
    m_grid->updateGeometry();  // its size hint depends on its width
}

QString RunPanel::captionText() const { return m_planeCaption->text(); }

void RunPanel::setCaptionShown(bool shown) { m_planeCaption->setVisible(shown); }

QImage RunPanel::renderImage() { return grab().toImage(); }

QJsonObject RunPanel::saveState() const {
    return {{QStringLiteral("neuronLayer"), m_selectedLayer},
            {QStringLiteral("neuronUnit"), m_selectedUnit},
            {QStringLiteral("surface"), m_surface->saveState()},
            {QStringLiteral("neuronMap"), m_neuronMap->saveState()},
            {QStringLiteral("colouring"),
             m_grid->colouring() == NeuronGridView::Colouring::Active ? "active" : "gradient"}};
}

void RunPanel::restoreState(const QJsonObject& state) {
    m_surface->restoreState(state.value(QStringLiteral("surface")).toObject());
    m_neuronMap->restoreState(state.value(QStringLiteral("neuronMap")).toObject());
    setNeuronColouring(state.value(QStringLiteral("colouring")).toString() == "active"
                           ? NeuronGridView::Colouring::Active
                           : NeuronGridView::Colouring::PassesGradient);
    selectNeuron(std::max(0, state.value(QStringLiteral("neuronLayer")).toInt()),
                 std::max(0, state.value(QStringLiteral("neuronUnit")).toInt()));
}

}  // namespace actlab::ui
