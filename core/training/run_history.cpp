// StepSeries: buckets that merge in pairs when full; the evaluation schedule.
#include "training/run_history.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace actlab {

StepBucket mergeBuckets(const StepBucket& a, const StepBucket& b) {
    const int count = a.count + b.count;
    const double mean = count > 0 ? (a.mean * a.count + b.mean * b.count) / count : 0;
    return {a.firstStep, b.lastStep, count, std::min(a.min, b.min), mean, std::max(a.max, b.max)};
}

StepSeries::StepSeries(std::size_t capacity)
    : m_capacity(std::max<std::size_t>(2, capacity + capacity % 2)) {}

void StepSeries::push(int step, double value) {
    if (!m_buckets.empty() && std::size_t(m_buckets.back().count) < m_width) {
        m_buckets.back() = mergeBuckets(m_buckets.back(), {step, step, 1, value, value, value});
        return;
    }
    if (m_buckets.size() == m_capacity) {  // full: neighbours merge, each bucket takes twice
        std::vector<StepBucket> merged;
        merged.reserve(m_capacity);
        for (std::size_t i = 0; i + 1 < m_buckets.size(); i += 2)
            merged.push_back(mergeBuckets(m_buckets[i], m_buckets[i + 1]));
        m_buckets = std::move(merged);
        m_width *= 2;
        push(step, value);
        return;
    }
    m_buckets.push_back({step, step, 1, value, value, value});
}

bool StepSeries::restore(std::size_t width, std::vector<StepBucket> buckets, int lastStep,
                         std::string* error) {
    const auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (width == 0 || (width & (width - 1)) != 0) return fail("the width is not a power of two");
    if (buckets.size() > m_capacity)
        return fail("it has " + std::to_string(buckets.size()) + " buckets, at most " +
                    std::to_string(m_capacity) + " fit");
    int previous = 0;
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        const StepBucket& b = buckets[i];
        const std::string where = "bucket " + std::to_string(i) + " ";
        if (b.firstStep <= previous || b.lastStep < b.firstStep)
            return fail(where + "is out of step order");
        if (b.count < 1 || std::size_t(b.count) > width || b.count > b.lastStep - b.firstStep + 1)
            return fail(where + "holds more values than its steps or its width allow");
        if (!std::isfinite(b.min) || !std::isfinite(b.mean) || !std::isfinite(b.max) ||
            b.min > b.mean || b.mean > b.max)
            return fail(where + "does not have min <= mean <= max, all finite");
        previous = b.lastStep;
    }
    if (previous > lastStep) return fail("it goes past the run's last step");
    m_width = width;
    m_buckets = std::move(buckets);
    return true;
}

std::vector<StepBucket> thinBuckets(const std::vector<StepBucket>& buckets,
                                    std::size_t maxBuckets) {
    std::size_t group = 1;
    while (maxBuckets > 0 && (buckets.size() + group - 1) / group > maxBuckets) group *= 2;
    if (group == 1) return buckets;
    std::vector<StepBucket> thinned;
    thinned.reserve(buckets.size() / group + 1);
    for (std::size_t i = 0; i < buckets.size(); i += group) {
        StepBucket b = buckets[i];
        for (std::size_t j = i + 1; j < std::min(buckets.size(), i + group); ++j)
            b = mergeBuckets(b, buckets[j]);
        thinned.push_back(b);
    }
    return thinned;
}

std::vector<StepBucket> bucketsUpTo(const std::vector<StepBucket>& buckets, int step) {
    std::vector<StepBucket> kept;
    for (const StepBucket& b : buckets)
        if (b.lastStep <= step) kept.push_back(b);
    return kept;
}

bool isEvaluationStep(int step) {
    if (step < 0) return false;
    const unsigned interval = std::max(1u, std::bit_floor(unsigned(step) / 16u));
    return unsigned(step) % interval == 0;
}

}  // namespace actlab
