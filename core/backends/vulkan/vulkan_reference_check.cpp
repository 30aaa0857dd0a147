// Point-by-point comparison against scalar_functions.h in double, reporting the worst point.
#include "backends/vulkan/vulkan_reference_check.h"

#include <cmath>
#include <cstdio>

#include "activations/scalar_functions.h"

namespace actlab::vulkan {
namespace {

// Tracks the number of bad points and the worst one (error relative to its tolerance).
class MismatchTracker {
public:
    void compare(const char* output, double x, double got, double expected, double absolute,
                 double relative) {
        if (!std::isfinite(expected)) return;
        const double allowed = absolute + relative * std::abs(expected);
        const double error = std::abs(got - expected);
        if (error <= allowed) return;  // NaN fails here too
        ++m_count;
        const double score = std::isnan(error) ? INFINITY : error / allowed;
        if (m_count > 1 && !(score > m_worstScore)) return;
        m_worstScore = score;
        char line[200];
        std::snprintf(line, sizeof line, "%s at x=%.9g: vulkan %.9g, reference %.9g", output, x,
                      got, expected);
        m_worst = line;
    }

    std::optional<std::string> result(const ActivationConfig& config, size_t points) const {
        if (m_count == 0) return std::nullopt;
        return std::string(config.info().name) + ": " + std::to_string(m_count) + " of " +
               std::to_string(points) + " values differ; worst " + m_worst;
    }

private:
    size_t m_count = 0;
    double m_worstScore = 0.0;
    std::string m_worst;
};

}  // namespace

std::optional<std::string> findScalarMismatch(const ActivationConfig& config,
                                              const ScalarActivationBatch<float>& batch,
                                              const CheckTolerance& tolerance) {
    MismatchTracker tracker;
    const double a = tolerance.absolute, r = tolerance.relative;
    for (size_t i = 0; i < batch.x.size(); ++i) {
        const double x = batch.x[i];
        const Derivatives<double> expected = evaluateScalar(config, x);
        tracker.compare("f", x, batch.value[i], expected.value, a, r);
        tracker.compare("f'", x, batch.first[i], expected.first, a, r);
        if (!batch.second.empty())
            tracker.compare("f''", x, batch.second[i], expected.second, tolerance.secondAbsolute,
                            tolerance.secondRelative);
    }
    return tracker.result(config, batch.x.size());
}

std::optional<std::string> findGatedMismatch(const ActivationConfig& config,
                                             const GatedActivationBatch<float>& batch,
                                             const CheckTolerance& tolerance) {
    MismatchTracker tracker;
    const double a = tolerance.absolute, r = tolerance.relative;
    for (size_t i = 0; i < batch.x.size(); ++i) {
        const double x = batch.x[i];
        const GatedDerivatives<double> expected = evaluateGated(config, x, double(batch.v[i]));
        tracker.compare("y", x, batch.value[i], expected.value, a, r);
        tracker.compare("dy/dx", x, batch.dValueDx[i], expected.dValueDx, a, r);
        tracker.compare("dy/dv", x, batch.dValueDv[i], expected.dValueDv, a, r);
    }
    return tracker.result(config, batch.x.size());
}

}  // namespace actlab::vulkan
