// The history's two lists (train-loss buckets, measured points), merged by step into rows.
#include "export/history_csv.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>

#include "common/number_format.h"

namespace actlab {
namespace {

// Rows in step order: the bucket ending at a step and the point measured at it, either absent.
template <typename Point, typename Cells>
std::string historyCsv(const char* pointHeader, int pointColumns,
                       const std::vector<StepBucket>& buckets, const std::vector<Point>& points,
                       Cells cells) {
    std::ostringstream out;
    out << "step,train_loss,train_loss_min,train_loss_max," << pointHeader << '\n';
    size_t b = 0, p = 0;
    while (b < buckets.size() || p < points.size()) {
        const int bucketStep = b < buckets.size() ? buckets[b].lastStep : INT32_MAX;
        const int pointStep = p < points.size() ? points[p].step : INT32_MAX;
        const int step = std::min(bucketStep, pointStep);
        out << step;
        if (bucketStep == step) {
            const StepBucket& bucket = buckets[b++];
            out << ',' << formatNumber(bucket.mean) << ',' << formatNumber(bucket.min) << ','
                << formatNumber(bucket.max);
        } else {
            out << ",,,";
        }
        if (pointStep == step)
            cells(out, points[p++]);
        else
            out << std::string(size_t(pointColumns), ',');
        out << '\n';
    }
    return out.str();
}

}  // namespace

std::string trainingHistoryCsv(const TrainingSnapshot& snapshot) {
    return historyCsv(
        "test_loss,train_acc,test_acc,dead_fraction,vanishing_fraction,grad_norm_first,"
        "grad_norm_last,revived",
        8, snapshot.trainLossSteps, snapshot.history,
        [](std::ostringstream& out, const HistoryPoint& h) {
            out << ',' << formatNumber(h.testLoss) << ',' << formatNumber(h.trainAccuracy) << ','
                << formatNumber(h.testAccuracy) << ',' << formatNumber(h.deadFraction) << ','
                << formatNumber(h.vanishingFraction) << ',' << formatNumber(h.gradientNormFirst)
                << ',' << formatNumber(h.gradientNormLast) << ',' << h.revived;
        });
}

std::string sequenceHistoryCsv(const SequenceSnapshot& snapshot) {
    return historyCsv(
        "test_loss,token_accuracy,sequence_accuracy,attention_entropy", 4, snapshot.trainLossSteps,
        snapshot.history, [](std::ostringstream& out, const SequenceHistoryPoint& h) {
            const double entropy =
                h.headEntropy.empty()
                    ? 0
                    : std::accumulate(h.headEntropy.begin(), h.headEntropy.end(), 0.0) /
                          double(h.headEntropy.size());
            out << ',' << formatNumber(h.testLoss) << ',' << formatNumber(h.tokenAccuracy) << ','
                << formatNumber(h.sequenceAccuracy) << ',' << formatNumber(entropy);
        });
}

}  // namespace actlab
