// GatedSurfacePanel: controls, validation, sampling through core and the heatmap/slice views.
#include "ui/panels/gated_surface_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "backends/backend.h"
#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/chart_pages.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"
#include "ui/common/ui_scale.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/panels/panel_widgets.h"

namespace actlab::ui {
namespace {

constexpr int kRecomputeDelayMs = 40;

QWidget* rangeRow(QWidget* low, QWidget* high, const QString& between) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(low, 1);
    layout->addWidget(new QLabel(between));
    layout->addWidget(high, 1);
    return row;
}

QString valueText(double value) { return QLocale().toString(value, 'g', 5); }

// Index of the sample nearest to `value` on an evenly spaced grid of `count` points.
int nearestIndex(double value, double low, double high, int count) {
    if (count < 2 || !(high > low)) return 0;
    const double position = (value - low) / (high - low) * (count - 1);
    return std::clamp(int(std::lround(position)), 0, count - 1);
}

}  // namespace

// The surface's settings: the unit, the x and v windows, the points per axis, the colours.
QGroupBox* GatedSurfacePanel::buildSurfaceBox() {
    m_unitBox = new QComboBox;
    for (const ActivationInfo& info : activationCatalogue())
        if (info.kind == ActivationKind::Gated)
            m_unitBox->addItem(coreText(info.displayName), qtText(info.name));
    m_unitBox->setCurrentIndex(m_unitBox->findData(QStringLiteral("swiglu")));
    m_xLow = windowSpinBox(-4, tr("x from"));
    m_xHigh = windowSpinBox(4, tr("x to"));
    m_vLow = windowSpinBox(-2, tr("v from"));
    m_vHigh = windowSpinBox(2, tr("v to"));
    m_resolution = new QSpinBox;
    m_unitBox->setObjectName(QStringLiteral("unit"));
    m_xLow->setObjectName(QStringLiteral("xLow"));
    m_xHigh->setObjectName(QStringLiteral("xHigh"));
    m_vLow->setObjectName(QStringLiteral("vLow"));
    m_vHigh->setObjectName(QStringLiteral("vHigh"));
    m_resolution->setObjectName(QStringLiteral("resolution"));
    m_resolution->setRange(16, 1024);
    m_resolution->setValue(201);
    m_resolution->setKeyboardTracking(false);
    m_resolution->setToolTip(tr("Samples along each axis; the surface has this many squared."));
    m_colorMapBox = new QComboBox;
    m_colorMapBox->setObjectName(QStringLiteral("colourMap"));
    m_colorMapBox->addItem(tr("Diverging (white at 0)"), colorMapKey(ColorMap::Diverging));
    m_colorMapBox->addItem(tr("Sequential"), colorMapKey(ColorMap::Sequential));
    m_colorMapBox->setToolTip(
        tr("Which kind of map; View → Colours chooses the maps themselves (RdBu or "
           "blue–white–orange, viridis "
           "or cividis)."));
    m_openGlBox = new QCheckBox(tr("Draw with OpenGL"));
    m_openGlBox->setEnabled(HeatmapView::openGlAvailable());
    m_openGlBox->setToolTip(m_openGlBox->isEnabled()
                                ? tr("Upload the surface as a texture instead of painting it.")
                                : tr("OpenGL is not available on this display."));
    m_sliceV = windowSpinBox(1);
    m_sliceV->setObjectName(QStringLiteral("sliceV"));
    m_sliceV->setToolTip(tr("Within the v window; click the surface to choose the slice."));

    auto* surfaceBox = new QGroupBox(tr("Surface"));
    auto* form = new QFormLayout(surfaceBox);
    form->addRow(tr("Gated unit:"), m_unitBox);
    form->addRow(tr("x from:"), rangeRow(m_xLow, m_xHigh, tr("to")));
    form->addRow(tr("v from:"), rangeRow(m_vLow, m_vHigh, tr("to")));
    form->addRow(tr("Points per axis:"), m_resolution);
    form->addRow(tr("Colours:"), m_colorMapBox);
    form->addRow(QString(), m_openGlBox);
    return surfaceBox;
}

// Settings recompute the surface on a short timer; the heatmap drives the readout and slice.
void GatedSurfacePanel::connectControls() {
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kRecomputeDelayMs);
    connect(m_timer, &QTimer::timeout, this, &GatedSurfacePanel::recompute);
    connect(m_unitBox, &QComboBox::currentIndexChanged, this,
            &GatedSurfacePanel::scheduleRecompute);
    for (QDoubleSpinBox* box : {m_xLow, m_xHigh, m_vLow, m_vHigh})
        connect(box, &QDoubleSpinBox::valueChanged, this, &GatedSurfacePanel::scheduleRecompute);
    connect(m_resolution, &QSpinBox::valueChanged, this, &GatedSurfacePanel::scheduleRecompute);
    connect(m_colorMapBox, &QComboBox::currentIndexChanged, this, [this] {
        m_heatmap->setColorMap(
            colorMapFromKey(m_colorMapBox->currentData().toString(), ColorMap::Diverging));
    });
    connect(m_openGlBox, &QCheckBox::toggled, this, [this](bool on) {
        const auto used = m_heatmap->setRenderer(on ? HeatmapView::Renderer::OpenGl
                                                    : HeatmapView::Renderer::Raster);
        const QSignalBlocker blocker(m_openGlBox);
        m_openGlBox->setChecked(used == HeatmapView::Renderer::OpenGl);
    });
    connect(m_sliceV, &QDoubleSpinBox::valueChanged, this, &GatedSurfacePanel::updateSlice);
    connect(m_heatmap, &HeatmapView::cursorMoved, this, &GatedSurfacePanel::showReadout);
    connect(m_heatmap, &HeatmapView::cursorLeft, this,
            [this] { m_readout->setText(tr("Move the pointer over the surface.")); });
    connect(m_heatmap, &HeatmapView::clicked, this, [this](double, double v) { setSliceValue(v); });
}

GatedSurfacePanel::GatedSurfacePanel(actlab::Backend& backend, QWidget* parent)
    : QWidget(parent), m_backend(backend) {
    QGroupBox* surfaceBox = buildSurfaceBox();

    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_error->hide();
    m_readout = new QLabel;
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setMinimumHeight(3 * m_readout->fontMetrics().lineSpacing());  // x, v and y
    m_summary = new QLabel;
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* readoutBox = new QGroupBox(tr("Under the cursor"));
    (new QVBoxLayout(readoutBox))->addWidget(m_readout);
    auto* summaryBox = new QGroupBox(tr("Over the whole surface"));
    (new QVBoxLayout(summaryBox))->addWidget(m_summary);
    auto* sliceBox = new QGroupBox(tr("Slice"));
    auto* sliceForm = new QFormLayout(sliceBox);
    sliceForm->addRow(tr("At v ="), m_sliceV);

    auto* controls = new QVBoxLayout;
    controls->addWidget(surfaceBox);
    controls->addWidget(m_error);
    controls->addWidget(readoutBox);
    controls->addWidget(summaryBox);
    controls->addWidget(sliceBox);
    controls->addStretch(1);

    m_formula = new QLabel;
    keepRelativeFont(m_formula, 1.5);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_heatmap = new HeatmapView;
    m_heatmap->setAxisTitles(tr("x (gate input)"), tr("v (value input)"));
    m_heatmap->setValueTitle(tr("y"));
    m_slice = new CurveChart;
    m_slice->setAxisTitles(tr("x"), tr("y"));
    // Chinese lines are taller: the slice's title, axis and legend need a chart's full height.
    const double growth = ChartPages::lineGrowth(m_slice->font());
    m_slice->setMinimumHeight(growth > 1 ? int(ChartPages::kChartHeight * growth) : 160);

    auto* views = new QVBoxLayout;
    views->addWidget(m_formula);
    views->addWidget(m_heatmap, 3);
    views->addWidget(m_slice, 2);
    auto* root = new QHBoxLayout(this);
    root->addLayout(controls, 0);
    root->addLayout(views, 1);

    connectControls();

    m_readout->setText(tr("Move the pointer over the surface."));
    recompute();
}

ActivationConfig GatedSurfacePanel::unit() const {
    const QByteArray name = m_unitBox->currentData().toString().toUtf8();
    const ActivationInfo* info = findActivation(std::string_view(name.constData(), name.size()));
    return ActivationConfig::withDefaults(info ? info->id : ActivationId::Swiglu);
}

QString GatedSurfacePanel::readoutText() const { return m_readout->text(); }
QString GatedSurfacePanel::errorText() const { return m_error->text(); }

void GatedSurfacePanel::setUnit(ActivationId id) {
    if (activationInfo(id).kind != ActivationKind::Gated) return;
    m_unitBox->setCurrentIndex(m_unitBox->findData(qtText(activationInfo(id).name)));
}

void GatedSurfacePanel::setWindows(double xLow, double xHigh, double vLow, double vHigh) {
    m_xLow->setValue(xLow);
    m_xHigh->setValue(xHigh);
    m_vLow->setValue(vLow);
    m_vHigh->setValue(vHigh);
}

void GatedSurfacePanel::setResolution(int pointsPerAxis) { m_resolution->setValue(pointsPerAxis); }
void GatedSurfacePanel::setSliceValue(double v) { m_sliceV->setValue(v); }

void GatedSurfacePanel::setColorMap(ColorMap map) {
    m_colorMapBox->setCurrentIndex(m_colorMapBox->findData(colorMapKey(map)));
}

void GatedSurfacePanel::scheduleRecompute() {
    if (validate()) m_timer->start();
}

bool GatedSurfacePanel::validate() {
    QStringList problems;
    if (!(m_xLow->value() < m_xHigh->value()))
        problems << tr("The x window must start below where it ends.");
    if (!(m_vLow->value() < m_vHigh->value()))
        problems << tr("The v window must start below where it ends.");
    m_error->setText(problems.join(QLatin1Char('\n')));
    m_error->setVisible(!problems.isEmpty());
    return problems.isEmpty();
}

void GatedSurfacePanel::recompute() {
    m_timer->stop();
    if (!validate()) return;
    const ActivationConfig config = unit();
    const int n = m_resolution->value();
    m_surface = sampleGatedSurface(m_backend, config, m_xLow->value(), m_xHigh->value(),
                                   m_vLow->value(), m_vHigh->value(), n, n);
    m_heatmap->setData(m_surface.nx, m_surface.nv, m_surface.values, m_surface.xLow,
                       m_surface.xHigh, m_surface.vLow, m_surface.vHigh);
    m_formula->setText(qtText(config.info().formula));
    m_summary->setText(tr("Smallest y: %1\nLargest y: %2\nSamples: %3 × %4\nNaN cells: %5")
                           .arg(valueText(m_surface.minimum), valueText(m_surface.maximum))
                           .arg(m_surface.nx)
                           .arg(m_surface.nv)
                           .arg(m_heatmap->nanCount()));
    updateSlice();
}

// The slice is the sampled row nearest to the chosen v: no new evaluation, only a selection.
// The v box keeps to the surface's v window, so it never shows a v the slice does not use.
void GatedSurfacePanel::updateSlice() {
    if (m_surface.nx == 0) {
        m_slice->setCurves({});
        return;
    }
    {
        const QSignalBlocker block(m_sliceV);
        m_sliceV->setRange(std::min(m_surface.vLow, m_surface.vHigh),
                           std::max(m_surface.vLow, m_surface.vHigh));
    }
    const int row = nearestIndex(m_sliceV->value(), m_surface.vLow, m_surface.vHigh, m_surface.nv);
    const double v = m_surface.vLow + (m_surface.vHigh - m_surface.vLow) * row / (m_surface.nv - 1);
    CurveChart::Curve curve;
    curve.key = QStringLiteral("slice");
    curve.label = tr("y(x) at v = %1").arg(valueText(v));
    curve.color = seriesColor(0);
    for (int column = 0; column < m_surface.nx; ++column) {
        const float y = m_surface.values[size_t(row) * m_surface.nx + column];
        if (!std::isfinite(y)) continue;
        curve.x.push_back(m_surface.xLow +
                          (m_surface.xHigh - m_surface.xLow) * column / (m_surface.nx - 1));
        curve.y.push_back(y);
    }
    m_slice->setTitle(tr("Slice at v = %1").arg(valueText(v)));
    m_slice->setToolTip(tr("y over x at v = %1, the surface's sampled row nearest to the v you "
                           "chose")
                            .arg(valueText(v)));
    m_slice->setCurves({curve});
    m_slice->setXRange(m_surface.xLow, m_surface.xHigh);
    m_slice->fitY();
}

void GatedSurfacePanel::showReadout(double x, double v, double value) {
    const QString y = std::isnan(value) ? tr("NaN (not a number)") : valueText(value);
    m_readout->setText(tr("x = %1\nv = %2\ny = %3").arg(valueText(x), valueText(v), y));
}

QImage GatedSurfacePanel::renderImage() { return grab().toImage(); }

QJsonObject GatedSurfacePanel::saveState() const {
    return {{"unit", m_unitBox->currentData().toString()},
            {"xWindow", QJsonArray{m_xLow->value(), m_xHigh->value()}},
            {"vWindow", QJsonArray{m_vLow->value(), m_vHigh->value()}},
            {"resolution", m_resolution->value()},
            {"sliceV", m_sliceV->value()},
            {"heatmap", m_heatmap->saveState()}};
}

void GatedSurfacePanel::restoreState(const QJsonObject& state) {
    {
        const QSignalBlocker b1(m_unitBox), b2(m_xLow), b3(m_xHigh), b4(m_vLow), b5(m_vHigh),
            b6(m_resolution), b7(m_sliceV), b8(m_colorMapBox), b9(m_openGlBox);
        const int unitIndex = m_unitBox->findData(state.value("unit").toString());
        if (unitIndex >= 0) m_unitBox->setCurrentIndex(unitIndex);
        const QJsonArray x = state.value("xWindow").toArray();
        const QJsonArray v = state.value("vWindow").toArray();
        if (x.size() == 2) {
            m_xLow->setValue(x[0].toDouble(m_xLow->value()));
            m_xHigh->setValue(x[1].toDouble(m_xHigh->value()));
        }
        if (v.size() == 2) {
            m_vLow->setValue(v[0].toDouble(m_vLow->value()));
            m_vHigh->setValue(v[1].toDouble(m_vHigh->value()));
        }
        m_resolution->setValue(state.value("resolution").toInt(m_resolution->value()));
        m_sliceV->setValue(state.value("sliceV").toDouble(m_sliceV->value()));
        m_heatmap->restoreState(state.value("heatmap").toObject());
        m_colorMapBox->setCurrentIndex(m_colorMapBox->findData(colorMapKey(m_heatmap->colorMap())));
        m_openGlBox->setChecked(m_heatmap->renderer() == HeatmapView::Renderer::OpenGl);
    }
    recompute();
}

}  // namespace actlab::ui
