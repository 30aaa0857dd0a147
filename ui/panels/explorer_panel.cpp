// The Explorer panel: assembles the controls (explorer_panel_controls.cpp), chart and cursor
// readout, and keeps them in step with ExplorerCurves; state and exports: explorer_panel_state.cpp.
#include "ui/panels/explorer_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSet>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/common/appearance.h"
#include "ui/common/core_text.h"
#include "ui/panels/cursor_readout.h"
#include "ui/panels/function_list_widget.h"
#include "ui/panels/panel_widgets.h"
#include "ui/panels/parameter_editor.h"

namespace actlab::ui {
namespace {}  // namespace

ExplorerPanel::ExplorerPanel(actlab::Backend& backend, QWidget* parent)
    : QWidget(parent), m_curves(backend) {
    qRegisterMetaType<actlab::ActivationConfig>();
    m_selectionTimer = new QTimer(this);
    m_selectionTimer->setSingleShot(true);
    m_selectionTimer->setInterval(50);
    connect(m_selectionTimer, &QTimer::timeout, this,
            [this] { emit selectedActivationChanged(selectedActivation()); });
    m_chart = new CurveChart(this);
    PanelExport::attachMenu(m_chart, this);  // the chart's picture, the curves' f, f′, f″ CSV
    m_chart->setObjectName(QStringLiteral("explorerChart"));
    m_chart->setLegendOptional(true);  // the readout under it names every curve in its colour
    connect(&AppearanceNotifier::instance(), &AppearanceNotifier::changed, this, [this] {
        updateSwatches();  // the palette's colours
        refresh(false);
    });
    m_readout = new CursorReadout(this);

    auto* plotSplitter = new QSplitter(Qt::Vertical, this);
    plotSplitter->addWidget(m_chart);
    plotSplitter->addWidget(m_readout);
    plotSplitter->setStretchFactor(0, 1);
    plotSplitter->setStretchFactor(1, 0);
    plotSplitter->setChildrenCollapsible(false);
    plotSplitter->setSizes({4000, 170});  // the chart gets what the readout does not need

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(buildControls());
    layout->addWidget(plotSplitter, 1);

    connect(m_chart, &CurveChart::cursorMoved, this, &ExplorerPanel::setCursorX);
    connect(m_chart, &CurveChart::viewChanged, this, &ExplorerPanel::onViewChanged);
    connect(m_chart, &CurveChart::viewReset, this, [this] { refresh(true); });

    m_curves.setRange(m_homeLow, m_homeHigh);
    m_chart->setXRange(m_homeLow, m_homeHigh);
    setVisibleFunctions({QStringLiteral("relu"), QStringLiteral("gelu"), QStringLiteral("silu"),
                         QStringLiteral("tanh")});
    onDerivativeBoxToggled();  // axis titles
    m_functionList->setCurrentFunction(ActivationId::Gelu);
}

ExplorerPanel::~ExplorerPanel() = default;

ParameterEditor* ExplorerPanel::parameterEditor(ActivationId id) const {
    auto it = m_editors.find(id);
    return it == m_editors.end() ? nullptr : it->second;
}

bool ExplorerPanel::setVisibleFunctions(const QStringList& names, QString* error) {
    std::vector<ActivationId> ids;
    for (const QString& name : names) {
        const ActivationInfo* info = activationNamed(name.trimmed());
        if (!info) {
            const QString text = tr("Unknown function \"%1\".").arg(name);
            showMessage(text);
            if (error) *error = text;
            return false;
        }
        ids.push_back(info->id);
    }
    for (ActivationId id : std::vector<ActivationId>(m_curves.visible()))
        m_curves.setVisible(id, false);
    for (ActivationId id : ids) m_curves.setVisible(id, true);
    for (const ActivationInfo& info : activationCatalogue())
        m_functionList->setChecked(info.id, m_curves.isVisible(info.id));
    rebuildParameterEditors();
    updateSwatches();
    refresh(true);
    const auto current = m_functionList->currentFunction();
    if (!ids.empty() && (!current || !m_curves.isVisible(*current)))
        m_functionList->setCurrentFunction(ids.front());  // the Properties dock follows
    return true;
}

QStringList ExplorerPanel::visibleFunctions() const {
    QStringList names;
    for (ActivationId id : m_curves.visible()) names << QString::fromUtf8(activationInfo(id).name);
    return names;
}

void ExplorerPanel::setFunctionVisible(ActivationId id, bool visible) {
    m_functionList->setChecked(id, visible);
    onFunctionToggled(id, visible);
}

void ExplorerPanel::onFunctionToggled(ActivationId id, bool visible) {
    m_curves.setVisible(id, visible);
    rebuildParameterEditors();
    updateSwatches();
    refresh(true);
    if (visible) m_functionList->setCurrentFunction(id);
}

bool ExplorerPanel::setParameter(const QString& function, const QString& parameter, double value,
                                 QString* error) {
    const ActivationInfo* info = activationNamed(function);
    if (!info) {
        const QString text = tr("Unknown function \"%1\".").arg(function);
        showMessage(text);
        if (error) *error = text;
        return false;
    }
    if (auto problem = m_curves.setParameter(info->id, parameter, value)) {
        showMessage(*problem);
        if (error) *error = *problem;
        return false;
    }
    if (ParameterEditor* editor = parameterEditor(info->id)) editor->setValue(parameter, value);
    onParameterEdited(info->id, parameter, value);
    return true;
}

double ExplorerPanel::parameter(const QString& function, const QString& parameter) const {
    const ActivationInfo* info = activationNamed(function);
    return info ? m_curves.parameter(info->id, parameter) : NAN;
}

void ExplorerPanel::onParameterEdited(ActivationId id, const QString& name, double value) {
    if (auto problem = m_curves.setParameter(id, name, value)) {
        showMessage(*problem);
        return;
    }
    showMessage(QString());
    refresh(false);
    if (m_functionList->currentFunction() != id) return;
    if (m_dragging) {  // listeners (the Properties dock) follow a drag at most every 50 ms
        if (!m_selectionTimer->isActive()) m_selectionTimer->start();
    } else {
        emit selectedActivationChanged(selectedActivation());
    }
}

void ExplorerPanel::setDerivatives(DerivativeSet derivatives) {
    {
        const QSignalBlocker a(m_showValue), b(m_showFirst), c(m_showSecond);
        m_showValue->setChecked(derivatives.value);
        m_showFirst->setChecked(derivatives.first);
        m_showSecond->setChecked(derivatives.second);
    }
    onDerivativeBoxToggled();
}

void ExplorerPanel::onDerivativeBoxToggled() {
    const DerivativeSet set{m_showValue->isChecked(), m_showFirst->isChecked(),
                            m_showSecond->isChecked()};
    m_curves.setDerivatives(set);
    QStringList titles;  // the legend names functions; the axis title says which line is which
    if (set.value) titles << tr("f(x) solid");
    if (set.first) titles << tr("f′(x) dashed");
    if (set.second) titles << tr("f″(x) dotted");
    m_chart->setAxisTitles(tr("x"), titles.isEmpty() ? tr("y") : titles.join(QStringLiteral(", ")));
    refresh(true);
}

bool ExplorerPanel::setXRange(double low, double high, QString* error) {
    QString problem;
    if (!std::isfinite(low) || !std::isfinite(high))
        problem = tr("The x range must be made of finite numbers.");
    else if (!(low < high))
        problem = tr("The x range needs low < high (got %1 and %2).").arg(low).arg(high);
    else if (high - low < kMinimumRangeWidth)
        problem = tr("The x range is too narrow (at least %1 wide).").arg(kMinimumRangeWidth);
    else if (std::abs(low) > kRangeLimit || std::abs(high) > kRangeLimit)
        problem = tr("The x range must lie within ±%1.").arg(kRangeLimit);
    m_rangeProblem = problem;
    if (!problem.isEmpty()) {
        showMessage(problem);
        if (error) *error = problem;
        return false;
    }
    showMessage(QString());
    m_homeLow = low;
    m_homeHigh = high;
    {
        const QSignalBlocker a(m_lowBox), b(m_highBox);
        m_lowBox->setValue(low);
        m_highBox->setValue(high);
    }
    m_curves.setRange(low, high);
    m_chart->setXRange(low, high);
    refresh(true);
    return true;
}

void ExplorerPanel::applyRangeFromBoxes() { setXRange(m_lowBox->value(), m_highBox->value()); }

void ExplorerPanel::onViewChanged(double low, double high) {
    {
        const QSignalBlocker a(m_lowBox), b(m_highBox);
        m_lowBox->setValue(low);
        m_highBox->setValue(high);
    }
    // The boxes show the view's (valid) range now: a complaint about the range typed before
    // would be stale.
    if (!m_rangeProblem.isEmpty() && messageText() == m_rangeProblem) showMessage(QString());
    m_rangeProblem.clear();
    m_curves.setRange(low, high);  // sample what is on screen: 2001 points across the view
    refresh(false);
}

void ExplorerPanel::refresh(bool fitY) {
    const std::vector<CurveChart::Curve> curves = m_curves.curves();
    QSet<QString> named;  // one legend entry per function: its first shown curve
    for (const CurveChart::Curve& curve : curves) {
        const QString function = curve.key.section(QLatin1Char('/'), 0, 0);
        m_chart->setLegendEntryVisible(curve.key, !named.contains(function));
        named.insert(function);
    }
    m_chart->setCurves(curves);
    if (fitY) m_chart->fitY();
    updateReadout();
}

void ExplorerPanel::setDragging(bool dragging) {
    if (dragging == m_dragging) return;
    m_dragging = dragging;
    m_chart->setDraftMode(dragging);  // curves without antialiasing while a slider is held
    if (!dragging && m_selectionTimer->isActive()) {
        m_selectionTimer->stop();
        emit selectedActivationChanged(selectedActivation());
    }
}

void ExplorerPanel::rebuildParameterEditors() {
    setDragging(false);
    for (auto& [id, editor] : m_editors) delete editor;
    m_editors.clear();
    int position = 0;
    for (ActivationId id : m_curves.visible()) {
        const ActivationInfo& info = activationInfo(id);
        std::vector<ParameterRow> rows;
        if (info.kind == ActivationKind::Gated)
            rows.push_back({QStringLiteral("v"), tr("value input v of y = act(x)·v"),
                            ExplorerCurves::kGatedValueMinimum, ExplorerCurves::kGatedValueMaximum,
                            ExplorerCurves::kGatedValueDefault, m_curves.gatedValue(id)});
        for (size_t i = 0; i < info.parameters.size(); ++i) {
            const ParameterSpec& spec = info.parameters[i];
            rows.push_back({QString::fromUtf8(spec.name.data(), qsizetype(spec.name.size())),
                            coreText(spec.meaning), spec.minimum, spec.maximum, spec.defaultValue,
                            m_curves.config(id).parameters[i]});
        }
        if (rows.empty()) continue;
        auto* editor = new ParameterEditor(QString::fromUtf8(info.name.data()),
                                           ExplorerCurves::label(id), m_curves.color(id), rows);
        connect(
            editor, &ParameterEditor::valueChanged, this,
            [this, id](const QString& name, double value) { onParameterEdited(id, name, value); });
        connect(editor, &ParameterEditor::dragStarted, this, [this] { setDragging(true); });
        connect(editor, &ParameterEditor::dragFinished, this, [this] { setDragging(false); });
        m_parameterLayout->insertWidget(position++, editor);
        m_editors[id] = editor;
    }
    m_noParameters->setVisible(m_editors.empty());
}

void ExplorerPanel::updateSwatches() {
    for (const ActivationInfo& info : activationCatalogue())
        m_functionList->setSwatch(info.id, m_curves.color(info.id));
}

void ExplorerPanel::setCursorX(double x) {
    m_cursorX = x;
    updateReadout();
}

void ExplorerPanel::updateReadout() {
    const bool second = m_curves.derivatives().second;
    m_readout->setReadings(
        m_cursorX, m_cursorX ? m_curves.readingsAt(*m_cursorX) : m_curves.readingsAt(0), second);
}

QString ExplorerPanel::cursorText() const { return m_readout->text(); }

void ExplorerPanel::showMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString ExplorerPanel::messageText() const { return m_message->text(); }

ActivationConfig ExplorerPanel::selectedActivation() const {
    std::optional<ActivationId> id = m_functionList->currentFunction();
    if (!id && !m_curves.visible().empty()) id = m_curves.visible().front();
    return m_curves.config(id.value_or(ActivationId::Relu));
}

}  // namespace actlab::ui
