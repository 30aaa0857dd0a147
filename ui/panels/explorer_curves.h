// The Explorer's data, without widgets: which functions are shown (in the order they were
// checked, which gives their colours), their parameters and, for gated units, the value v;
// their samples from core; the chart curves, cursor readings, CSV and JSON state built from them.
#pragma once

#include <QColor>
#include <QJsonObject>
#include <QString>
#include <array>
#include <optional>
#include <vector>

#include "activations/catalogue.h"
#include "activations/properties.h"
#include "backends/backend.h"
#include "sampling/curve_sampling.h"
#include "ui/charts/curve_chart.h"

namespace actlab::ui {

// Which of f, f′, f″ are plotted.
struct DerivativeSet {
    bool value = true;
    bool first = true;
    bool second = false;
};

class ExplorerCurves {
public:
    static constexpr int kSamples = 2001;             // points per curve, as the benchmark assumes
    static constexpr double kGatedValueMinimum = -3;  // range of v for gated units
    static constexpr double kGatedValueMaximum = 3;
    static constexpr double kGatedValueDefault = 1;

    struct Reading {  // one row of the cursor readout
        ActivationId id;
        QString label;
        QColor color;
        double value;   // f(x), or y for a gated unit
        double first;   // f′(x), or ∂y/∂x
        double second;  // f″(x), or ∂²y/∂x²
    };

    explicit ExplorerCurves(Backend& backend);

    const std::vector<ActivationId>& visible() const { return m_visible; }
    bool isVisible(ActivationId id) const;
    void setVisible(ActivationId id, bool visible);
    QColor color(ActivationId id) const;  // invalid when hidden
    const ActivationConfig& config(ActivationId id) const;
    double gatedValue(ActivationId id) const;  // v of a gated unit
    // Sets a catalogue parameter, or "v" of a gated unit; returns a message on bad input.
    std::optional<QString> setParameter(ActivationId id, const QString& name, double value);
    double parameter(ActivationId id, const QString& name) const;

    DerivativeSet derivatives() const { return m_derivatives; }
    void setDerivatives(DerivativeSet derivatives);
    // The sampled x range; requires low < high (checked by the caller).
    void setRange(double low, double high);
    double low() const { return m_low; }
    double high() const { return m_high; }

    // Chart curves of the visible functions; samples again only what changed.
    std::vector<CurveChart::Curve> curves();
    int nonFiniteCount();  // points dropped from the visible curves as NaN/Inf
    // f, f′, f″ of every visible function at x, from core's reference maths.
    std::vector<Reading> readingsAt(double x) const;
    // The visible curves' samples: function,parameters,x,f[,f_prime][,f_second],point. point is
    // "sample"; where a shown curve jumps, three more rows at its x say the limit from the
    // left, the value taken and the limit from the right ("left_limit", "value", "right_limit").
    QString csvText();  // samples on demand (a cache)
    bool writeCsv(const QString& path, QString* error);
    // Where the shown f (0), f′ (1) or f″ (2) of a visible function jumps on the window.
    const std::vector<Jump>& jumps(ActivationId id, int derivative);

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

    static QString label(ActivationId id);
    static QString parameterText(const ActivationConfig& config, double gatedValue);

private:
    struct Entry {
        ActivationConfig config;
        double gatedValue = kGatedValueDefault;
        int colorIndex = -1;
        bool stale = true;
        CurveSamples samples;  // f, f′ (f″) from core; for gated units y = act(x)·v
        bool sampledSecond = false;
        std::array<std::vector<Jump>, 3> jumps;  // of f, f′, f″ on the samples
    };
    Entry& entry(ActivationId id) { return m_entries[static_cast<size_t>(id)]; }
    const Entry& entry(ActivationId id) const { return m_entries[static_cast<size_t>(id)]; }
    void markAllStale();
    const Entry& sampled(ActivationId id);

    Backend& m_backend;
    std::vector<Entry> m_entries;
    std::vector<ActivationId> m_visible;
    DerivativeSet m_derivatives;
    double m_low = -6;
    double m_high = 6;
};

}  // namespace actlab::ui
