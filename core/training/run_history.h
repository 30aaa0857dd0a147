// The history behind a run's curves, recorded by the steps and never by a clock: every step's
// training loss in a bounded series of buckets (min, mean and max of neighbouring steps, so a
// long run's curve keeps its spikes), and the schedule of steps at which the held-out figures
// are measured. The same run (configuration, seed, steps) has the same history whatever the
// speed of the machine or how often a view asks for a snapshot.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace actlab {

// Consecutive steps of a per-step series merged into one: the steps it covers (step counts,
// the first step of a run is 1), how many values it holds, and their min, mean and max.
struct StepBucket {
    int firstStep = 0, lastStep = 0;
    int count = 0;
    double min = 0, mean = 0, max = 0;
    bool operator==(const StepBucket&) const = default;
};

// `a` and `b` (b after a) as one bucket: the mean weighted by their counts.
StepBucket mergeBuckets(const StepBucket& a, const StepBucket& b);

// At most `capacity` buckets (even, ≥ 2) over the whole run: one value per bucket until full,
// then neighbouring buckets merge in pairs and each bucket takes twice as many steps, so an
// hour-long run keeps as many buckets as a short one and every step's value counts in one.
class StepSeries {
public:
    static constexpr std::size_t kDefaultCapacity = 4096;
    explicit StepSeries(std::size_t capacity = kDefaultCapacity);

    // The value of `step` (later than every step pushed before).
    void push(int step, double value);
    const std::vector<StepBucket>& buckets() const { return m_buckets; }
    std::size_t width() const { return m_width; }  // values per bucket (a power of two)
    std::size_t capacity() const { return m_capacity; }
    bool empty() const { return m_buckets.empty(); }
    // Puts back a saved series; false with a one-line *error, changing nothing, when the buckets
    // could not have come from push() (steps out of order, counts above the width, min > mean,
    // more buckets than fit, width not a power of two, a step past lastStep).
    bool restore(std::size_t width, std::vector<StepBucket> buckets, int lastStep,
                 std::string* error);

private:
    std::size_t m_capacity;
    std::size_t m_width = 1;
    std::vector<StepBucket> m_buckets;
};

// The buckets merged in aligned groups of a power of two (index 0–1, 2–3, … for groups of two)
// so that at most maxBuckets remain: the groups stay put as the series grows, and a chart that
// draws the result does not flicker from frame to frame.
std::vector<StepBucket> thinBuckets(const std::vector<StepBucket>& buckets, std::size_t maxBuckets);

// The buckets that end at or before `step` (a replay's keyframe).
std::vector<StepBucket> bucketsUpTo(const std::vector<StepBucket>& buckets, int step);

// Whether the held-out figures are measured after `step` steps: every step up to 31, then every
// 2nd step up to 63, every 4th up to 127, … (16 measurements per doubling of the run): the first
// steps, where heads lock on and units die, at full resolution, an hour's run in a few hundred.
bool isEvaluationStep(int step);

}  // namespace actlab
