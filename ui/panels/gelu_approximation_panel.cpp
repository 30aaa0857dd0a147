// GeluApproximationPanel: samples the three functions through the backend, the errors through
// core's compareFunctions, and shows both charts with a summary of the largest errors.
#include "ui/panels/gelu_approximation_panel.h"

#include <QCheckBox>
#include <QComboBox>
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
#include "ui/common/control_choices.h"
#include "ui/common/ui_scale.h"
#include "ui/panels/panel_widgets.h"

namespace actlab::ui {
namespace {

constexpr int kCurvePoints = 801;
constexpr int kErrorPoints = 2001;

const QColor kExactColor(40, 40, 40);
const QColor kTanhColor(178, 24, 43);
const QColor kSigmoidColor(33, 102, 172);

QString approxText(double value, int digits = 4) { return QLocale().toString(value, 'g', digits); }

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

// Which errors the error chart shows and on which scale.
QGroupBox* GeluApproximationPanel::buildErrorBox() {
    m_showTanhError = new QCheckBox(tr("tanh approximation"));
    m_showSigmoidError = new QCheckBox(tr("sigmoid approximation"));
    m_showTanhError->setChecked(true);
    m_showSigmoidError->setChecked(true);
    m_errorScale = new QComboBox;
    m_errorScale->setObjectName(QStringLiteral("errorScale"));
    m_errorScale->setAccessibleName(tr("Error scale"));
    m_errorScale->addItem(tr("approximation − exact"), int(ErrorScale::Signed));
    m_errorScale->addItem(tr("|error|, log axis"), int(ErrorScale::Absolute));
    m_errorScale->addItem(tr("relative error, log axis"), int(ErrorScale::Relative));
    m_errorScale->setToolTip(
        tr("Relative error: |approximation − exact| / |GELU(x)|, undefined at x = 0"));
    m_separate = new QCheckBox(tr("each on its own scale"));
    m_separate->setObjectName(QStringLiteral("separateErrorCharts"));
    auto* errorBox = new QGroupBox(tr("Error chart shows"));
    auto* errorLayout = new QVBoxLayout(errorBox);
    errorLayout->addWidget(m_showTanhError);
    errorLayout->addWidget(m_showSigmoidError);
    errorLayout->addWidget(m_errorScale);
    errorLayout->addWidget(m_separate);
    return errorBox;
}

GeluApproximationPanel::GeluApproximationPanel(actlab::Backend& backend, QWidget* parent)
    : QWidget(parent), m_backend(backend) {
    m_low = windowSpinBox(-5);
    m_high = windowSpinBox(5);
    m_low->setObjectName(QStringLiteral("windowLow"));
    m_high->setObjectName(QStringLiteral("windowHigh"));
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
    QGroupBox* errorBox = buildErrorBox();
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
    // At 200 % a fixed 340 px cut the headings, the error kind's box and the summary.
    keepColumnWidth(sideWidget, 0, 340);

    m_curves = new CurveChart;
    m_curves->setTitle(tr("GELU and its approximations"));
    m_curves->setAxisTitles(tr("x"), tr("f(x)"));
    m_errors = new CurveChart;
    m_sigmoidErrors = new CurveChart;
    m_sigmoidErrors->hide();
    auto* errorCharts = new QHBoxLayout;
    errorCharts->addWidget(m_errors);
    errorCharts->addWidget(m_sigmoidErrors);
    auto* charts = new QVBoxLayout;
    charts->addWidget(m_curves, 3);
    charts->addLayout(errorCharts, 2);

    auto* root = new QHBoxLayout(this);
    root->addLayout(charts, 1);
    root->addWidget(sideWidget, 0);

    connect(m_low, &QDoubleSpinBox::valueChanged, this, &GeluApproximationPanel::recompute);
    connect(m_high, &QDoubleSpinBox::valueChanged, this, &GeluApproximationPanel::recompute);
    connect(m_showTanhError, &QCheckBox::toggled, this, &GeluApproximationPanel::showErrorCurves);
    connect(m_showSigmoidError, &QCheckBox::toggled, this,
            &GeluApproximationPanel::showErrorCurves);
    connect(m_errorScale, &QComboBox::activated, this, &GeluApproximationPanel::showErrorCurves);
    connect(m_separate, &QCheckBox::toggled, this, &GeluApproximationPanel::showErrorCurves);
    for (CurveChart* chart : {m_curves, m_errors, m_sigmoidErrors})
        connect(chart, &CurveChart::cursorMoved, this, &GeluApproximationPanel::showCursor);
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
        row.arg(tr("tanh approximation"), qtText(viaTanh.info().formula).toHtmlEscaped(),
                approxText(m_tanhError.maxAbsError, 3), approxText(m_tanhError.at)) +
        row.arg(tr("sigmoid approximation"), qtText(viaSigmoid.info().formula).toHtmlEscaped(),
                approxText(m_sigmoidError.maxAbsError, 3), approxText(m_sigmoidError.at)) +
        tr("<p>Largest sigmoid error ÷ largest tanh error: %1</p>")
            .arg(m_tanhError.maxAbsError > 0
                     ? approxText(m_sigmoidError.maxAbsError / m_tanhError.maxAbsError, 2)
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

void GeluApproximationPanel::setErrorScale(ErrorScale scale) {
    m_errorScale->setCurrentIndex(m_errorScale->findData(int(scale)));
    showErrorCurves();
}

GeluApproximationPanel::ErrorScale GeluApproximationPanel::errorScale() const {
    return ErrorScale(m_errorScale->currentData().toInt());
}

void GeluApproximationPanel::setSeparateErrorCharts(bool separate) {
    const QSignalBlocker block(m_separate);
    m_separate->setChecked(separate);
    showErrorCurves();
}

bool GeluApproximationPanel::separateErrorCharts() const { return m_separate->isChecked(); }

void GeluApproximationPanel::showErrorCurves() {
    const ErrorScale scale = errorScale();
    // The values drawn for one approximation: the signed error, |error| or the relative error
    // (the log axes leave out zeros; the relative error is undefined where GELU(x) = 0).
    const auto curveOf = [&](const ApproximationError& e, const char* key, const QString& name,
                             const QColor& color) {
        std::vector<double> x, y;
        for (size_t i = 0; i < e.x.size(); ++i) {
            const double value = scale == ErrorScale::Signed     ? e.error[i]
                                 : scale == ErrorScale::Absolute ? std::abs(e.error[i])
                                                                 : e.relative[i];
            if (!std::isfinite(value) || (scale != ErrorScale::Signed && !(value > 0))) continue;
            x.push_back(e.x[i]);
            y.push_back(value);
        }
        return makeCurve(key, name, color, Qt::SolidLine, x, y);  // the title says what
    };
    const CurveChart::Curve tanh =
        curveOf(m_tanhError, "gelu_tanh/error", tr("tanh approximation"), kTanhColor);
    const CurveChart::Curve sigmoid =
        curveOf(m_sigmoidError, "gelu_sigmoid/error", tr("sigmoid approximation"), kSigmoidColor);
    const bool separate = m_separate->isChecked();
    std::vector<CurveChart::Curve> first, second;
    if (m_showTanhError->isChecked()) first.push_back(tanh);
    if (m_showSigmoidError->isChecked()) (separate ? second : first).push_back(sigmoid);
    const QString yTitle = scale == ErrorScale::Signed     ? tr("error")
                           : scale == ErrorScale::Absolute ? tr("|error|")
                                                           : tr("relative");
    // Separate charts are named by their titles (no legend); the y title says what is drawn.
    const QString what = scale == ErrorScale::Signed     ? tr("approximation − exact")
                         : scale == ErrorScale::Absolute ? tr("|approximation − exact|")
                                                         : tr("|error| / |GELU(x)|");
    m_errors->setTitle(separate ? tr("tanh form") : tr("Error: %1").arg(what));
    m_sigmoidErrors->setTitle(tr("sigmoid form"));
    m_sigmoidErrors->setVisible(separate);
    for (const char* key : {"gelu_tanh/error", "gelu_sigmoid/error"})
        m_errors->setLegendEntryVisible(QString::fromLatin1(key), !separate);
    m_sigmoidErrors->setLegendEntryVisible(QStringLiteral("gelu_sigmoid/error"), false);
    for (const auto& [chart, curves] :
         {std::pair{m_errors, &first}, std::pair{m_sigmoidErrors, &second}}) {
        chart->setAxisTitles(tr("x"), yTitle);
        chart->setLogarithmicY(scale != ErrorScale::Signed);
        chart->setCurves(*curves);
        chart->setXRange(m_low->value(), m_high->value());
        chart->fitY();
        if (scale == ErrorScale::Signed) continue;
        // At most five decades, from near the smallest typical value: the dips to 0 where an
        // approximation crosses GELU would otherwise stretch the axis over ten or more, too
        // many labels to read.
        std::vector<double> values;
        for (const CurveChart::Curve& curve : *curves)
            values.insert(values.end(), curve.y.begin(), curve.y.end());
        if (values.empty()) continue;
        std::sort(values.begin(), values.end());
        const double high = 2 * values.back();
        chart->setYRange(std::max(0.5 * values[values.size() / 50], high * 1e-5), high);
    }
}

void GeluApproximationPanel::showCursor(double x) {
    if (m_tanhError.x.empty()) return;
    m_cursor->setText(tr("x = %1\ntanh error: %2\nsigmoid error: %3")
                          .arg(approxText(x), approxText(errorNear(m_tanhError, x), 3),
                               approxText(errorNear(m_sigmoidError, x), 3)));
}

QImage GeluApproximationPanel::renderImage() { return grab().toImage(); }

QJsonObject GeluApproximationPanel::saveState() const {
    return {{"xLow", m_low->value()},
            {"xHigh", m_high->value()},
            {"showTanhError", m_showTanhError->isChecked()},
            {"showSigmoidError", m_showSigmoidError->isChecked()},
            {"errorScale", m_errorScale->currentIndex()},
            {"separateErrorCharts", m_separate->isChecked()}};
}

void GeluApproximationPanel::restoreState(const QJsonObject& state) {
    {
        const QSignalBlocker b1(m_showTanhError), b2(m_showSigmoidError), b3(m_separate);
        m_showTanhError->setChecked(state.value("showTanhError").toBool(true));
        m_showSigmoidError->setChecked(state.value("showSigmoidError").toBool(true));
        const int scale = state.value("errorScale").toInt(0);
        m_errorScale->setCurrentIndex(scale >= 0 && scale < m_errorScale->count() ? scale : 0);
        m_separate->setChecked(state.value("separateErrorCharts").toBool(false));
    }
    setWindow(state.value("xLow").toDouble(m_low->value()),
              state.value("xHigh").toDouble(m_high->value()));
}

}  // namespace actlab::ui
