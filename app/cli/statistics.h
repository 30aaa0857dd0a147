// Mean and sample standard deviation of a handful of runs (compare's "mean ± std" columns).
#pragma once

#include <cmath>
#include <vector>

namespace actlab::cli {

struct Statistic {
    double mean = 0, sd = 0;
};

// mean = Σv / n; sd = √(Σ(v − mean)² / (n − 1)), 0 for fewer than two values; {0, 0} if empty.
inline Statistic statistic(const std::vector<double>& values) {
    Statistic s;
    if (values.empty()) return s;
    for (double v : values) s.mean += v;
    s.mean /= double(values.size());
    for (double v : values) s.sd += (v - s.mean) * (v - s.mean);
    s.sd = values.size() > 1 ? std::sqrt(s.sd / double(values.size() - 1)) : 0.0;
    return s;
}

// Σv / n, 0 if empty.
inline double mean(const std::vector<double>& values) { return statistic(values).mean; }

}  // namespace actlab::cli
