// GeluApproximationPanel: samples the three functions through the backend, the errors through
// core's compareFunctions, and shows both charts with a summary of the largest errors.
#include "ui/panels/gelu_approximation_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "backends/backend.h"
#include "sampling/curve_sampling.h"
#include "ui/charts/curve_chart.h"

namespace actlab::ui {
namespace {

constexpr int kCurvePoints = 801;
constexpr int kErrorPoints = 2001;
constexpr double kWindowLimit = 1000.0;

const QColor kExactColor(40, 40, 40);
const QColor kTanhColor(178, 24, 43);
const QColor kSigmoidColor(33, 102, 172);

QString number(double value, int digits = 4) { return QLocale().toString(value, 'g', digits); }

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QDoubleSpinBox* windowSpinBox(double value) {
    auto* box = new QDoubleSpinBox;
    box->setRange(-kWindowLimit, kWindowLimit);
    box->setDecimals(2);
    box->setSingleStep(0.5);
    box->setValue(value);
    box->setKeyboardTracking(false);
    return box;
}

CurveChart::Curve makeCurve(const QString& key, const QString& label, const QColor& color,
                            Qt::PenStyle style, const std::vector<double>& x,
                            const std::vector<double>& y) {
    CurveChart::Curve curve{key, label, color, style, {}, {}};
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i])) continue;
        curve.x.push_back(x[i]);
        curve.y.push_back(y[i]);
    }
    return curve;
}

// The error at the sample nearest to x (the samples are evenly spaced).
double errorNear(const ApproximationError& error, double x) {
    const size_t n = error.x.size();
    if (n < 2) return std::nan("");
    const double position = (x - error.x.front()) / (error.x.back() - error.x.front()) * (n - 1);
    return error.error[size_t(std::clamp(std::lround(position), 0L, long(n - 1)))];
}

}  // namespace

GeluApproximationPanel::GeluApproximationPanel(actlab::Backend& backend, QWidget* parent)
    : QWidget(parent), m_backend(backend) {
    m_low = windowSpinBox(-5);
    m_high = windowSpinBox(5);
    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_error->hide();
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cursor = new QLabel(tr("Move the pointer over a chart."));
    m_cursor->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cursor->setMinimumHeight(3 * m_cursor->fontMetrics().lineSpacing());

    auto* windowBox = new QGroupBox(tr("Window"));
    auto* windowForm = new QFormLayout(windowBox);
    windowForm->addRow(tr("x from:"), m_low);
    windowForm->addRow(tr("x to:"), m_high);
    m_showTanhError = new QCheckBox(tr("tanh approximation"));
    m_showSigmoidError = new QCheckBox(tr("sigmoid approximation"));
    m_showTanhError->setChecked(true);
    m_showSigmoidError->setChecked(true);
    auto* errorBox = new QGroupBox(tr("Error chart shows"));
    auto* errorLayout = new QVBoxLayout(errorBox);
    errorLayout->addWidget(m_showTanhError);
    errorLayout->addWidget(m_showSigmoidError);
    auto* summaryBox = new QGroupBox(tr("Largest errors on the window"));
    (new QVBoxLayout(summaryBox))->addWidget(m_summary);
    auto* cursorBox = new QGroupBox(tr("Under the cursor"));
    (new QVBoxLayout(cursorBox))->addWidget(m_cursor);
    auto* side = new QVBoxLayout;
    side->addWidget(windowBox);
    side->addWidget(m_error);
    side->addWidget(errorBox);
    side->addWidget(summaryBox);
    side->addWidget(cursorBox);
    side->addStretch(1);
    auto* sideWidget = new QWidget;
    sideWidget->setLayout(side);
    sideWidget->setMaximumWidth(340);

    m_curves = new CurveChart;
    m_curves->setTitle(tr("GELU and its approximations"));
    m_curves->setAxisTitles(tr("x"), tr("f(x)"));
    m_errors = new CurveChart;
    m_errors->setTitle(tr("Error of each approximation (approximation − exact)"));
    m_errors->setAxisTitles(tr("x"), tr("error"));
    auto* charts = new QVBoxLayout;
    charts->addWidget(m_curves, 3);
    charts->addWidget(m_errors, 2);

    auto* root = new QHBoxLayout(this);
    root->addLayout(charts, 1);
    root->addWidget(sideWidget, 0);

    connect(m_low, &QDoubleSpinBox::valueChanged, this, &GeluApproximationPanel::recompute);
    connect(m_high, &QDoubleSpinBox::valueChanged, this, &GeluApproximationPanel::recompute);
    connect(m_showTanhError, &QCheckBox::toggled, this, &GeluApproximationPanel::showErrorCurves);
    connect(m_showSigmoidError, &QCheckBox::toggled, this,
            &GeluApproximationPanel::showErrorCurves);
    connect(m_curves, &CurveChart::cursorMoved, this, &GeluApproximationPanel::showCursor);
    connect(m_errors, &CurveChart::cursorMoved, this, &GeluApproximationPanel::showCursor);
    recompute();
}

double GeluApproximationPanel::windowLow() const { return m_low->value(); }
double GeluApproximationPanel::windowHigh() const { return m_high->value(); }
QString GeluApproximationPanel::summaryText() const { return m_summary->text(); }
QString GeluApproximationPanel::errorText() const { return m_error->text(); }

void GeluApproximationPanel::setWindow(double low, double high) {
    {
        const QSignalBlocker b1(m_low), b2(m_high);
        m_low->setValue(low);
        m_high->setValue(high);
    }
    recompute();
}

void GeluApproximationPanel::recompute() {
    const double low = m_low->value();
    const double high = m_high->value();
    const bool valid = low < high;
    m_error->setText(valid ? QString() : tr("The window must start below where it ends."));
    m_error->setVisible(!valid);
    if (!valid) return;

    const auto exact = ActivationConfig::withDefaults(ActivationId::Gelu);
    const auto viaTanh = ActivationConfig::withDefaults(ActivationId::GeluTanh);
    const auto viaSigmoid = ActivationConfig::withDefaults(ActivationId::GeluSigmoid);
    const CurveSamples f = sampleCurve(m_backend, exact, low, high, kCurvePoints, false);
    const CurveSamples t = sampleCurve(m_backend, viaTanh, low, high, kCurvePoints, false);
    const CurveSamples s = sampleCurve(m_backend, viaSigmoid, low, high, kCurvePoints, false);
    m_curves->setCurves({
        makeCurve("gelu", tr("exact GELU"), kExactColor, Qt::SolidLine, f.x, f.value),
        makeCurve("gelu_tanh", tr("tanh approximation"), kTanhColor, Qt::DashLine, t.x, t.value),
        makeCurve("gelu_sigmoid", tr("sigmoid approximation"), kSigmoidColor, Qt::DotLine, s.x,
                  s.value),
    });
    m_curves->setXRange(low, high);
    m_curves->fitY();

    m_tanhError = compareFunctions(exact, viaTanh, low, high, kErrorPoints);
    m_sigmoidError = compareFunctions(exact, viaSigmoid, low, high, kErrorPoints);
    showErrorCurves();

    const QString row = tr("<p><b>%1</b><br><i>%2</i><br>largest |error|: <b>%3</b> at x = %4</p>");
    m_summary->setText(
        row.arg(tr("tanh approximation"), fromView(viaTanh.info().formula).toHtmlEscaped(),
                number(m_tanhError.maxAbsError, 3), number(m_tanhError.at)) +
        row.arg(tr("sigmoid approximation"), fromView(viaSigmoid.info().formula).toHtmlEscaped(),
                number(m_sigmoidError.maxAbsError, 3), number(m_sigmoidError.at)) +
        tr("<p>Largest sigmoid error ÷ largest tanh error: %1</p>")
            .arg(m_tanhError.maxAbsError > 0
                     ? number(m_sigmoidError.maxAbsError / m_tanhError.maxAbsError, 2)
                     : QStringLiteral("∞")));
}

void GeluApproximationPanel::setErrorCurvesShown(bool tanh, bool sigmoid) {
    {
        const QSignalBlocker b1(m_showTanhError), b2(m_showSigmoidError);
        m_showTanhError->setChecked(tanh);
        m_showSigmoidError->setChecked(sigmoid);
    }
    showErrorCurves();
}

void GeluApproximationPanel::showErrorCurves() {
    std::vector<CurveChart::Curve> curves;
    if (m_showTanhError->isChecked())
        curves.push_back(makeCurve("gelu_tanh/error", tr("tanh approximation − exact"), kTanhColor,
                                   Qt::SolidLine, m_tanhError.x, m_tanhError.error));
    if (m_showSigmoidError->isChecked())
        curves.push_back(makeCurve("gelu_sigmoid/error", tr("sigmoid approximation − exact"),
                                   kSigmoidColor, Qt::SolidLine, m_sigmoidError.x,
                                   m_sigmoidError.error));
    m_errors->setCurves(curves);
    m_errors->setXRange(m_low->value(), m_high->value());
    m_errors->fitY();
}

void GeluApproximationPanel::showCursor(double x) {
    if (m_tanhError.x.empty()) return;
    m_cursor->setText(tr("x = %1\ntanh error: %2\nsigmoid error: %3")
                          .arg(number(x), number(errorNear(m_tanhError, x), 3),
                               number(errorNear(m_sigmoidError, x), 3)));
}

QImage GeluApproximationPanel::renderImage() { return grab().toImage(); }

QJsonObject GeluApproximationPanel::saveState() const {
    return {{"xLow", m_low->value()},
            {"xHigh", m_high->value()},
            {"showTanhError", m_showTanhError->isChecked()},
            {"showSigmoidError", m_showSigmoidError->isChecked()}};
}

void GeluApproximationPanel::restoreState(const QJsonObject& state) {
    {
        const QSignalBlocker b1(m_showTanhError), b2(m_showSigmoidError);
        m_showTanhError->setChecked(state.value("showTanhError").toBool(true));
        m_showSigmoidError->setChecked(state.value("showSigmoidError").toBool(true));
    }
    setWindow(state.value("xLow").toDouble(m_low->value()),
              state.value("xHigh").toDouble(m_high->value()));
}

}  // namespace actlab::ui
