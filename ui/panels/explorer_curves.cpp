// The Explorer's data model: visibility, parameters, sampling through core, and what is built
// from the samples (chart curves, cursor readings, CSV, JSON state).
#include "ui/panels/explorer_curves.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSaveFile>
#include <QTextStream>
#include <algorithm>
#include <array>
#include <cmath>

#include "activations/scalar_functions.h"
#include "common/number_format.h"
#include "ui/common/appearance.h"
#include "ui/common/core_text.h"
#include "ui/panels/panel_widgets.h"

namespace actlab::ui {
namespace {

// Colour slots handed to the visible functions; slot i is seriesColor(i) of the appearance.
constexpr size_t kColorSlots = 10;
const QString kGatedValueName = QStringLiteral("v");

// lupdate files these tr() calls under the enclosing class's name: the same context here.
QString tr(const char* text) {
    return QCoreApplication::translate("actlab::ui::ExplorerCurves", text);
}

QString catalogueNumber(double value) {
    return QString::fromStdString(actlab::formatNumber(value));
}

QString nameOf(ActivationId id) { return QString::fromUtf8(activationInfo(id).name); }

// The curve cut at each jump into pieces (the first keeps the key and the legend entry, the
// others are KEY/2, KEY/3, …), each piece running to the limit on its side; then the values
// taken at the jumps as filled dots (KEY/taken) and the limits not taken as open dots
// (KEY/limits), as a textbook draws a step. The sample at a jump's x is its filled dot.
void addPieces(std::vector<CurveChart::Curve>& out, CurveChart::Curve curve,
               const std::vector<Jump>& jumps) {
    if (jumps.empty()) {
        out.push_back(std::move(curve));
        return;
    }
    using Mark = CurveChart::Curve::Mark;
    const auto same = [](double a, double b) {
        return std::abs(a - b) <= 1e-6 * (1 + std::abs(a));
    };
    CurveChart::Curve taken{curve.key + "/taken", curve.label, curve.color, Qt::SolidLine, {}, {},
                            Mark::FilledDots,     false};
    CurveChart::Curve limits{curve.key + "/limits", curve.label, curve.color, Qt::SolidLine, {}, {},
                             Mark::OpenDots,        false};
    CurveChart::Curve piece{curve.key, curve.label, curve.color, curve.style, {}, {}};
    size_t next = 0;
    double skip = NAN;
    for (size_t i = 0; i < curve.x.size(); ++i) {
        while (next < jumps.size() && curve.x[i] >= jumps[next].at) {
            const Jump& jump = jumps[next++];
            piece.x.push_back(jump.at);
            piece.y.push_back(jump.left);
            out.push_back(std::move(piece));
            piece = CurveChart::Curve{curve.key + "/" + QString::number(next + 1),
                                      curve.label,
                                      curve.color,
                                      curve.style,
                                      {jump.at},
                                      {jump.right},
                                      Mark::Line,
                                      false};
            taken.x.push_back(jump.at);
            taken.y.push_back(jump.value);
            for (double limit : {jump.left, jump.right}) {
                if (same(limit, jump.value)) continue;
                limits.x.push_back(jump.at);
                limits.y.push_back(limit);
            }
            skip = jump.at;
        }
        if (curve.x[i] == skip) continue;
        piece.x.push_back(curve.x[i]);
        piece.y.push_back(curve.y[i]);
    }
    out.push_back(std::move(piece));
    out.push_back(std::move(taken));
    if (!limits.x.empty()) out.push_back(std::move(limits));
}

}  // namespace

ExplorerCurves::ExplorerCurves(Backend& backend) : m_backend(backend) {
    m_entries.resize(kActivationCount);
    for (int i = 0; i < kActivationCount; ++i)
        m_entries[i].config = ActivationConfig::withDefaults(static_cast<ActivationId>(i));
}

bool ExplorerCurves::isVisible(ActivationId id) const {
    return std::find(m_visible.begin(), m_visible.end(), id) != m_visible.end();
}

void ExplorerCurves::setVisible(ActivationId id, bool visible) {
    if (visible == isVisible(id)) return;
    Entry& e = entry(id);
    if (!visible) {
        m_visible.erase(std::remove(m_visible.begin(), m_visible.end(), id), m_visible.end());
        e.colorIndex = -1;
        return;
    }
    // The first palette colour no visible function uses (cycling when all ten are taken).
    std::array<int, kColorSlots> uses{};
    for (ActivationId shown : m_visible) ++uses[size_t(entry(shown).colorIndex) % kColorSlots];
    e.colorIndex = static_cast<int>(std::min_element(uses.begin(), uses.end()) - uses.begin());
    m_visible.push_back(id);
}

QColor ExplorerCurves::color(ActivationId id) const {
    const int index = entry(id).colorIndex;
    return index < 0 ? QColor() : seriesColor(index);
}

const ActivationConfig& ExplorerCurves::config(ActivationId id) const { return entry(id).config; }

double ExplorerCurves::gatedValue(ActivationId id) const { return entry(id).gatedValue; }

std::optional<QString> ExplorerCurves::setParameter(ActivationId id, const QString& name,
                                                    double value) {
    Entry& e = entry(id);
    if (e.config.info().kind == ActivationKind::Gated && name == kGatedValueName) {
        if (!std::isfinite(value) || value < kGatedValueMinimum || value > kGatedValueMaximum)
            return tr("v must be between %1 and %2.")
                .arg(kGatedValueMinimum)
                .arg(kGatedValueMaximum);
        if (e.gatedValue != value) e.stale = true;
        e.gatedValue = value;
        return std::nullopt;
    }
    const ActivationConfig before = e.config;
    if (auto error = e.config.setParameter(name.toStdString(), value)) return coreMessage(*error);
    if (before.parameters != e.config.parameters) e.stale = true;
    return std::nullopt;
}

double ExplorerCurves::parameter(ActivationId id, const QString& name) const {
    const Entry& e = entry(id);
    if (name == kGatedValueName) return e.gatedValue;
    const auto specs = e.config.info().parameters;
    for (size_t i = 0; i < specs.size(); ++i)
        if (QString::fromUtf8(specs[i].name) == name) return e.config.parameters[i];
    return 0;
}

void ExplorerCurves::setDerivatives(DerivativeSet derivatives) {
    if (derivatives.second && !m_derivatives.second) markAllStale();
    m_derivatives = derivatives;
}

void ExplorerCurves::setRange(double low, double high) {
    if (!(low < high) || (low == m_low && high == m_high)) return;
    m_low = low;
    m_high = high;
    markAllStale();
}

void ExplorerCurves::markAllStale() {
    for (Entry& e : m_entries) e.stale = true;
}

const ExplorerCurves::Entry& ExplorerCurves::sampled(ActivationId id) {
    Entry& e = entry(id);
    if (e.stale || (m_derivatives.second && !e.sampledSecond)) {
        e.samples = sampleCurve(m_backend, e.config, m_low, m_high, kSamples, m_derivatives.second,
                                e.gatedValue);
        e.sampledSecond = m_derivatives.second;
        e.stale = false;
        const std::vector<double>* curves[] = {&e.samples.value, &e.samples.first,
                                               &e.samples.second};
        for (int k = 0; k < 3; ++k) {
            const ActivationConfig config = e.config;
            const double v = e.gatedValue;
            e.jumps[size_t(k)] = findJumps(e.samples.x, *curves[k], [config, v, k](double x) {
                const GatedDerivatives<double> d = evaluateGated<double>(config, x, v);
                return k == 0 ? d.value : k == 1 ? d.dValueDx : d.secondDx;
            });
        }
    }
    return e;
}

const std::vector<Jump>& ExplorerCurves::jumps(ActivationId id, int derivative) {
    return sampled(id).jumps[size_t(std::clamp(derivative, 0, 2))];
}

QString ExplorerCurves::label(ActivationId id) { return coreText(activationInfo(id).displayName); }

std::vector<CurveChart::Curve> ExplorerCurves::curves() {
    std::vector<CurveChart::Curve> result;
    for (ActivationId id : m_visible) {
        const Entry& e = sampled(id);
        const QString key = nameOf(id);
        const QColor colour = color(id);
        const QString name = label(id);
        if (m_derivatives.value)
            addPieces(result,
                      {key + "/f", name, colour, Qt::SolidLine, e.samples.x, e.samples.value},
                      e.jumps[0]);
        if (m_derivatives.first)
            addPieces(result,
                      {key + "/f1", name + QStringLiteral("′"), colour, Qt::DashLine, e.samples.x,
                       e.samples.first},
                      e.jumps[1]);
        if (m_derivatives.second && e.samples.second.size() == e.samples.x.size())
            addPieces(result,
                      {key + "/f2", name + QStringLiteral("″"), colour, Qt::DotLine, e.samples.x,
                       e.samples.second},
                      e.jumps[2]);
    }
    return result;
}

int ExplorerCurves::nonFiniteCount() {
    int count = 0;
    for (ActivationId id : m_visible) count += sampled(id).samples.nonFinite;
    return count;
}

std::vector<ExplorerCurves::Reading> ExplorerCurves::readingsAt(double x) const {
    std::vector<Reading> readings;
    for (ActivationId id : m_visible) {
        const Entry& e = entry(id);
        const GatedDerivatives<double> d = evaluateGated<double>(e.config, x, e.gatedValue);
        readings.push_back({id, label(id), color(id), d.value, d.dValueDx, d.secondDx});
    }
    return readings;
}

QString ExplorerCurves::parameterText(const ActivationConfig& config, double gatedValue) {
    QStringList parts;
    if (config.info().kind == ActivationKind::Gated)
        parts << kGatedValueName + QLatin1Char('=') + catalogueNumber(gatedValue);
    const auto specs = config.info().parameters;
    for (size_t i = 0; i < specs.size(); ++i)
        parts << QString::fromUtf8(specs[i].name) + QLatin1Char('=') +
                     catalogueNumber(config.parameters[i]);
    return parts.join(QLatin1Char(';'));
}

QString ExplorerCurves::csvText() {
    QString text;
    QTextStream out(&text);
    out << "function,parameters,x";
    if (m_derivatives.value) out << ",f";
    if (m_derivatives.first) out << ",f_prime";
    if (m_derivatives.second) out << ",f_second";
    out << ",point\n";
    const bool shown[] = {m_derivatives.value, m_derivatives.first, m_derivatives.second};
    for (ActivationId id : m_visible) {
        const Entry& e = sampled(id);
        const QString prefix =
            nameOf(id) + QLatin1Char(',') + parameterText(e.config, e.gatedValue);
        const std::vector<double>* columns[] = {&e.samples.value, &e.samples.first,
                                                &e.samples.second};
        std::vector<double> at;  // where any shown curve jumps, in order
        for (int k = 0; k < 3; ++k)
            if (shown[k])
                for (const Jump& jump : e.jumps[size_t(k)]) at.push_back(jump.at);
        std::sort(at.begin(), at.end());
        at.erase(std::unique(at.begin(), at.end()), at.end());
        size_t next = 0;
        const auto writeJump = [&](double x) {
            const double h = 1e-9 * (1.0 + std::abs(x));
            const char* names[] = {"left_limit", "value", "right_limit"};
            const double xs[] = {x - h, x, x + h};
            for (int side = 0; side < 3; ++side) {
                const GatedDerivatives<double> d =
                    evaluateGated<double>(e.config, xs[side], e.gatedValue);
                const double values[] = {d.value, d.dValueDx, d.secondDx};
                out << prefix << ',' << catalogueNumber(x);
                for (int k = 0; k < 3; ++k)
                    if (shown[k]) out << ',' << catalogueNumber(values[k]);
                out << ',' << names[side] << '\n';
            }
        };
        for (size_t i = 0; i < e.samples.x.size(); ++i) {
            while (next < at.size() && at[next] < e.samples.x[i]) writeJump(at[next++]);
            out << prefix << ',' << catalogueNumber(e.samples.x[i]);
            for (int k = 0; k < 3; ++k)
                if (shown[k]) out << ',' << catalogueNumber((*columns[k])[i]);
            out << ",sample\n";
        }
        while (next < at.size()) writeJump(at[next++]);
    }
    out.flush();
    return text;
}

bool ExplorerCurves::writeCsv(const QString& path, QString* error) {
    QSaveFile file(path);
    const QByteArray bytes = csvText().toUtf8();
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(bytes) != bytes.size() ||
        !file.commit()) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QJsonObject ExplorerCurves::saveState() const {
    QJsonArray visible;
    for (ActivationId id : m_visible) visible.append(nameOf(id));
    QJsonObject parameters;
    for (int i = 0; i < kActivationCount; ++i) {
        const Entry& e = m_entries[i];
        QJsonObject values;
        const auto specs = e.config.info().parameters;
        for (size_t k = 0; k < specs.size(); ++k)
            values[QString::fromUtf8(specs[k].name)] = e.config.parameters[k];
        if (e.config.info().kind == ActivationKind::Gated) values[kGatedValueName] = e.gatedValue;
        if (!values.isEmpty()) parameters[nameOf(e.config.id)] = values;
    }
    QJsonArray derivatives;
    if (m_derivatives.value) derivatives.append(QStringLiteral("f"));
    if (m_derivatives.first) derivatives.append(QStringLiteral("f1"));
    if (m_derivatives.second) derivatives.append(QStringLiteral("f2"));
    return {{QStringLiteral("visible"), visible},
            {QStringLiteral("parameters"), parameters},
            {QStringLiteral("derivatives"), derivatives},
            {QStringLiteral("xRange"), QJsonArray{m_low, m_high}}};
}

void ExplorerCurves::restoreState(const QJsonObject& state) {
    const QJsonObject parameters = state.value(QStringLiteral("parameters")).toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        const ActivationInfo* info = activationNamed(it.key());
        if (!info) continue;
        const QJsonObject values = it.value().toObject();
        for (auto v = values.begin(); v != values.end(); ++v)
            if (v.value().isDouble()) setParameter(info->id, v.key(), v.value().toDouble());
    }
    if (state.value(QStringLiteral("visible")).isArray()) {
        for (ActivationId id : std::vector<ActivationId>(m_visible)) setVisible(id, false);
        for (const QJsonValue& name : state.value(QStringLiteral("visible")).toArray())
            if (const ActivationInfo* info = activationNamed(name.toString()))
                setVisible(info->id, true);
    }
    if (state.value(QStringLiteral("derivatives")).isArray()) {
        DerivativeSet set{false, false, false};
        for (const QJsonValue& d : state.value(QStringLiteral("derivatives")).toArray()) {
            set.value |= d.toString() == QLatin1String("f");
            set.first |= d.toString() == QLatin1String("f1");
            set.second |= d.toString() == QLatin1String("f2");
        }
        setDerivatives(set);
    }
    const QJsonArray range = state.value(QStringLiteral("xRange")).toArray();
    if (range.size() == 2) {
        const double low = range[0].toDouble(NAN), high = range[1].toDouble(NAN);
        if (std::isfinite(low) && std::isfinite(high) && low < high) setRange(low, high);
    }
}

}  // namespace actlab::ui
