// PropertiesPanel: header (name, formula, parameters), window editor and the property form,
// filled from core's computeProperties in plain language.
#include "ui/panels/properties_panel.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "backends/backend.h"
#include "ui/common/control_choices.h"
#include "ui/common/core_text.h"
#include "ui/common/ui_scale.h"
#include "ui/panels/panel_widgets.h"

namespace actlab::ui {
namespace {

QString fixedText(double value) { return QLocale().toString(value, 'f', 3); }
QString shortNumber(double value) { return QLocale().toString(value, 'g', 4); }

}  // namespace

PropertiesPanel::PropertiesPanel(actlab::Backend& backend, QWidget* parent)
    : QWidget(parent),
      m_backend(backend),
      m_config(ActivationConfig::withDefaults(ActivationId::Gelu)) {
    m_name = new QLabel;
    keepRelativeFont(m_name, 1.5, true);
    m_formula = new QLabel;
    keepRelativeFont(m_formula, 1.4);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_parameters = new QLabel;
    m_parameters->setWordWrap(true);
    m_gatedNote = new QLabel;
    m_gatedNote->setWordWrap(true);
    m_gatedNote->setStyleSheet(QStringLiteral("font-style: italic;"));

    m_low = windowSpinBox(-6, tr("Window: x from"));
    m_high = windowSpinBox(6, tr("Window: x to"));
    m_error = new QLabel;
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_error->hide();
    auto* windowRow = new QHBoxLayout;
    windowRow->addWidget(new QLabel(tr("Window: x from")));
    windowRow->addWidget(m_low);
    windowRow->addWidget(new QLabel(tr("to")));
    windowRow->addWidget(m_high);
    windowRow->addStretch(1);

    auto* propertiesBox = new QGroupBox(tr("Behaviour"));
    m_form = new QFormLayout(propertiesBox);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    m_form->setLabelAlignment(Qt::AlignRight);
    m_form->setHorizontalSpacing(16);
    m_form->setVerticalSpacing(10);
    addProperty("monotonic", tr("Monotonic (never falls)?"),
                tr("Monotonic: f never decreases anywhere on the window (f′ ≥ 0 and no jump "
                   "down)."));
    addProperty("continuous", tr("Continuous?"),
                tr("Whether f can be drawn without lifting the pen: no jump on the window."));
    addProperty("boundedBelow", tr("Bounded below?"),
                tr("Whether f stays above some finite value as x goes to −∞ or +∞."));
    addProperty("boundedAbove", tr("Bounded above?"),
                tr("Whether f stays below some finite value as x goes to −∞ or +∞."));
    addProperty("smooth", tr("Smooth?"),
                tr("No kink and no jump: f′ and f″ are continuous on the window."));
    addProperty("minimum", tr("Lowest value:"), tr("The smallest f on the window and where."));
    addProperty("slopeRange", tr("Slope f′ ranges:"),
                tr("The smallest and largest derivative on the window and where."));
    addProperty("flatShare", tr("Flat (f′ = 0) on:"),
                tr("Share of the window where |f′| ≤ 10⁻⁶: no gradient flows there."));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_name);
    layout->addWidget(m_formula);
    layout->addWidget(m_parameters);
    layout->addWidget(m_gatedNote);
    layout->addSpacing(8);
    layout->addLayout(windowRow);
    layout->addWidget(m_error);
    layout->addWidget(propertiesBox);
    layout->addStretch(1);

    connect(m_low, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::recompute);
    connect(m_high, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::recompute);
    showHeader();
    recompute();
}

QLabel* PropertiesPanel::addProperty(const QString& key, const QString& label, const QString& tip) {
    auto* value = new QLabel;
    value->setObjectName(key);
    value->setWordWrap(true);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* name = new QLabel(label);
    name->setToolTip(tip);
    value->setToolTip(tip);
    m_form->addRow(name, value);
    return value;
}

QString PropertiesPanel::propertyText(const QString& key) const {
    const auto* label = findChild<QLabel*>(key);
    return label ? label->text() : QString();
}

double PropertiesPanel::windowLow() const { return m_low->value(); }
double PropertiesPanel::windowHigh() const { return m_high->value(); }
QString PropertiesPanel::errorText() const { return m_error->text(); }

void PropertiesPanel::setActivation(const actlab::ActivationConfig& config) {
    m_config = config;
    showHeader();
    recompute();
}

void PropertiesPanel::setWindow(double low, double high) {
    {
        const QSignalBlocker b1(m_low), b2(m_high);
        m_low->setValue(low);
        m_high->setValue(high);
    }
    recompute();
}

void PropertiesPanel::showHeader() {
    const ActivationInfo& info = m_config.info();
    m_name->setText(coreText(info.displayName));
    m_formula->setText(qtText(info.formula));
    QStringList parameters;
    for (size_t i = 0; i < info.parameters.size(); ++i) {
        const ParameterSpec& spec = info.parameters[i];
        parameters << tr("%1 = %2 (%3; allowed %4 to %5)")
                          .arg(qtText(spec.name), shortNumber(m_config.parameters[i]),
                               coreText(spec.meaning), shortNumber(spec.minimum),
                               shortNumber(spec.maximum));
    }
    m_parameters->setText(parameters.isEmpty()
                              ? tr("No parameters.")
                              : tr("Parameters: ") + parameters.join(QStringLiteral("; ")));
    const bool gated = info.kind == ActivationKind::Gated;
    m_gatedNote->setText(gated ? tr("A gated unit: the properties below are those of its gate %1.")
                                     .arg(coreText(activationInfo(info.gate).displayName))
                               : QString());
    m_gatedNote->setVisible(gated);
}

void PropertiesPanel::recompute() {
    const double low = m_low->value();
    const double high = m_high->value();
    const bool valid = low < high;
    m_error->setText(valid ? QString() : tr("The window must start below where it ends."));
    m_error->setVisible(!valid);
    if (!valid) return;

    m_properties = computeProperties(m_config, low, high);
    const ActivationProperties& p = m_properties;
    auto set = [this](const char* key, const QString& text) {
        findChild<QLabel*>(QLatin1String(key))->setText(text);
    };
    set("monotonic", p.monotonic ? tr("Yes: it never decreases on the window")
                                 : tr("No: not monotonic (it decreases somewhere on the window)"));
    set("boundedBelow", p.boundedBelow ? tr("Yes") : tr("No: it falls without limit"));
    set("boundedAbove", p.boundedAbove ? tr("Yes") : tr("No: it grows without limit"));
    QStringList jumps;
    for (double x : p.jumpsAt) jumps << fixedText(x);
    set("continuous", p.continuous
                          ? tr("Yes: no jump on the window")
                          : tr("No: f jumps at x = %1").arg(jumps.join(QStringLiteral(", "))));
    set("smooth", p.smooth       ? tr("Yes: no kinks (f′ and f″ are continuous)")
                  : p.continuous ? tr("No: it has a kink (a jump in f′ or f″)")
                                 : tr("No: f itself jumps"));
    set("minimum", (p.minimumInterior ? tr("%1 at x = %2, a dip inside the window")
                                      : tr("%1 at x = %2, at the edge of the window"))
                       .arg(fixedText(p.minimumValue), fixedText(p.minimumAt)));
    set("slopeRange", tr("from %1 (at x = %2) to %3 (at x = %4)")
                          .arg(fixedText(p.firstMinimum), fixedText(p.firstMinimumAt),
                               fixedText(p.firstMaximum), fixedText(p.firstMaximumAt)));
    set("flatShare",
        tr("%1 % of the window").arg(QLocale().toString(100.0 * p.zeroGradientShare, 'f', 1)));
}

QImage PropertiesPanel::renderImage() { return grab().toImage(); }

QJsonObject PropertiesPanel::saveState() const {
    QJsonArray parameters;
    for (double value : m_config.parameters) parameters.append(value);
    return {{"activation", qtText(m_config.info().name)},
            {"parameters", parameters},
            {"xLow", m_low->value()},
            {"xHigh", m_high->value()}};
}

void PropertiesPanel::restoreState(const QJsonObject& state) {
    const QByteArray name = state.value("activation").toString().toUtf8();
    if (const ActivationInfo* info =
            findActivation(std::string_view(name.constData(), name.size()))) {
        ActivationConfig config = ActivationConfig::withDefaults(info->id);
        const QJsonArray parameters = state.value("parameters").toArray();
        for (size_t i = 0; i < info->parameters.size() && i < size_t(parameters.size()); ++i)
            config.setParameter(info->parameters[i].name,
                                parameters[qsizetype(i)].toDouble(config.parameters[i]));
        m_config = config;
        showHeader();
    }
    setWindow(state.value("xLow").toDouble(m_low->value()),
              state.value("xHigh").toDouble(m_high->value()));
}

}  // namespace actlab::ui
