// The Explorer's exports (PNG, SVG, CSV, panel image) and its JSON state for lessons and sessions.
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <cmath>

#include "ui/charts/curve_chart.h"
#include "ui/panels/explorer_panel.h"
#include "ui/panels/function_list_widget.h"

namespace actlab::ui {

bool ExplorerPanel::exportPng(const QString& path, QString* error) const {
    return m_chart->exportPng(path, error);
}

bool ExplorerPanel::exportSvg(const QString& path, QString* error) const {
    return m_chart->exportSvg(path, error);
}

bool ExplorerPanel::exportCsv(const QString& path, QString* error) {
    return m_curves.writeCsv(path, error);
}

QImage ExplorerPanel::renderImage() { return grab().toImage(); }

QString ExplorerPanel::exportTitle() const { return m_chart->exportTitle(); }
QSize ExplorerPanel::exportSize() const { return m_chart->exportSize(); }
bool ExplorerPanel::hasExportData() const { return m_chart->hasExportData(); }

void ExplorerPanel::paintExport(QPainter& painter, const QSize& size) const {
    m_chart->paintExport(painter, size);
}

// Sampling on demand is a cache: the curves shown do not change.
QString ExplorerPanel::csvText() const { return const_cast<ExplorerCurves&>(m_curves).csvText(); }

QJsonObject ExplorerPanel::saveState() const {
    QJsonObject state = m_curves.saveState();
    state[QStringLiteral("version")] = 1;
    state[QStringLiteral("home")] = QJsonArray{m_homeLow, m_homeHigh};
    state[QStringLiteral("yRange")] = QJsonArray{m_chart->yLow(), m_chart->yHigh()};
    if (auto id = m_functionList->currentFunction())
        state[QStringLiteral("selected")] = QString::fromUtf8(activationInfo(*id).name.data());
    return state;
}

void ExplorerPanel::restoreState(const QJsonObject& state) {
    m_curves.restoreState(state);
    const QJsonArray home = state.value(QStringLiteral("home")).toArray();
    if (home.size() == 2 && home[0].toDouble(NAN) < home[1].toDouble(NAN)) {
        m_homeLow = home[0].toDouble();
        m_homeHigh = home[1].toDouble();
        m_chart->setXRange(m_homeLow, m_homeHigh);
    }
    for (const ActivationInfo& info : activationCatalogue())
        m_functionList->setChecked(info.id, m_curves.isVisible(info.id));
    {
        const DerivativeSet set = m_curves.derivatives();
        const QSignalBlocker a(m_showValue), b(m_showFirst), c(m_showSecond);
        m_showValue->setChecked(set.value);
        m_showFirst->setChecked(set.first);
        m_showSecond->setChecked(set.second);
    }
    rebuildParameterEditors();
    updateSwatches();
    m_chart->setView(m_curves.low(), m_curves.high(), m_chart->yLow(), m_chart->yHigh());
    onDerivativeBoxToggled();  // axis titles and curves, y fitted
    const QJsonArray yRange = state.value(QStringLiteral("yRange")).toArray();
    if (yRange.size() == 2)  // ignored unless finite and ordered
        m_chart->setView(m_curves.low(), m_curves.high(), yRange[0].toDouble(NAN),
                         yRange[1].toDouble(NAN));
    {
        const QSignalBlocker a(m_lowBox), b(m_highBox);
        m_lowBox->setValue(m_curves.low());
        m_highBox->setValue(m_curves.high());
    }
    if (const ActivationInfo* info =
            findActivation(state.value(QStringLiteral("selected")).toString().toStdString()))
        m_functionList->setCurrentFunction(info->id);
}

}  // namespace actlab::ui
