// The audio trace: f sampled once per audio sample, its y mapped to a log-frequency pitch, a sine
// (f) and an odd-harmonic tone (f′) integrated in phase so the pitch glides without clicks.
#include "export/sonify.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "activations/scalar_functions.h"

namespace actlab {
namespace {

constexpr double kTwoPi = 6.283185307179586;
constexpr double kVoiceLevel = 0.45;       // f's sine, of full scale
constexpr double kDerivativeLevel = 0.25;  // f′'s tone
constexpr double kTickLevel = 0.35;
constexpr double kTickSeconds = 0.004;  // a short Hann-shaped burst …
constexpr double kTickHz = 2000.0;      // … high above the voices
constexpr double kFadeSeconds = 0.005;  // in and out of the sweep and around silences

struct Range {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();
};

Range finiteRange(const std::vector<double>& values) {
    Range range;
    for (double v : values)
        if (std::isfinite(v))
            range.min = std::min(range.min, v), range.max = std::max(range.max, v);
    return range;
}

// One voice: a tone whose pitch follows `values`, silent where they are not finite. `odd`: add
// the third and fifth harmonics (f′'s timbre). Adds into `mix`.
void addVoice(const std::vector<double>& values, double level, bool odd,
              const SonifyOptions& options, std::vector<double>& mix) {
    const Range range = finiteRange(values);
    if (!(range.min <= range.max)) return;  // nowhere finite: silence
    const size_t fade = size_t(kFadeSeconds * options.sampleRate);
    double phase = 0.0, gain = 0.0;
    for (size_t i = 0; i < values.size(); ++i) {
        const bool sounding = std::isfinite(values[i]);
        // The gain glides to 1 or 0 over `fade` samples: no click where f starts or stops.
        gain = std::clamp(gain + (sounding ? 1.0 : -1.0) / double(fade + 1), 0.0, 1.0);
        if (!sounding && gain == 0.0) continue;
        const double y = sounding ? values[i] : range.min;
        phase += kTwoPi * sonifyPitch(y, range.min, range.max, options) / options.sampleRate;
        if (phase > kTwoPi) phase -= kTwoPi;
        double tone = std::sin(phase);
        if (odd) tone = 0.6 * tone + 0.3 * std::sin(3 * phase) + 0.1 * std::sin(5 * phase);
        mix[i] += level * gain * tone;
    }
}

// A tick centred on sample `at`.
void addTick(size_t at, const SonifyOptions& options, std::vector<double>& mix) {
    const long half = long(kTickSeconds * options.sampleRate / 2);
    for (long k = -half; k <= half; ++k) {
        const long i = long(at) + k;
        if (i < 0 || i >= long(mix.size())) continue;
        const double window = 0.5 * (1 + std::cos(kTwoPi / 2 * double(k) / double(half + 1)));
        mix[size_t(i)] +=
            kTickLevel * window * std::sin(kTwoPi * kTickHz * double(k) / options.sampleRate);
    }
}

// Where to tick: the sample nearest x = 0 and every sample where f changes sign (ticks closer
// than three tick lengths are one).
std::vector<size_t> tickPlaces(const std::vector<double>& x, const std::vector<double>& y,
                               const SonifyOptions& options) {
    std::vector<size_t> places;
    if (options.low <= 0 && 0 <= options.high) {
        const double t = -options.low / (options.high - options.low);
        places.push_back(size_t(std::lround(t * double(x.size() - 1))));
    }
    const auto sign = [](double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; };
    for (size_t i = 1; i < y.size(); ++i)
        if (std::isfinite(y[i]) && std::isfinite(y[i - 1]) && sign(y[i]) != sign(y[i - 1]) &&
            (sign(y[i]) != 0 || i + 1 == y.size()))
            places.push_back(sign(y[i - 1]) == 0 ? i - 1 : i);
    std::sort(places.begin(), places.end());
    const size_t apart = size_t(3 * kTickSeconds * options.sampleRate);
    std::vector<size_t> merged;
    for (size_t p : places)
        if (merged.empty() || p > merged.back() + apart) merged.push_back(p);
    return merged;
}

std::string checkOptions(const SonifyOptions& options) {
    if (!std::isfinite(options.low) || !std::isfinite(options.high) ||
        !(options.low < options.high) || !std::isfinite(options.high - options.low))
        return "the range needs finite A < B";
    if (!(options.seconds > 0) || options.seconds > kMaxSonifySeconds)
        return "the length must be above 0 and at most 60 seconds";
    if (options.sampleRate < 8000 || !(options.lowestHz > 0) ||
        !(options.highestHz > options.lowestHz) || options.highestHz >= options.sampleRate / 2.0)
        return "the pitches must lie between 0 and half the sample rate, lowest first";
    if (std::lround(options.seconds * options.sampleRate) < 2) return "the sound is too short";
    return {};
}

void appendLittleEndian(std::string& out, uint32_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) out += char((value >> (8 * b)) & 0xff);
}

}  // namespace

double sonifyPitch(double y, double yMin, double yMax, const SonifyOptions& options) {
    const double ratio = options.highestHz / options.lowestHz;
    if (!(yMax > yMin)) return options.lowestHz * std::sqrt(ratio);
    const double share = std::clamp((y - yMin) / (yMax - yMin), 0.0, 1.0);
    return options.lowestHz * std::pow(ratio, share);
}

// The sweep of f (and f′) sampled at x: the voices, the ticks, the fade in and out.
static std::vector<int16_t> synthesise(const std::vector<double>& x, const std::vector<double>& f,
                                       const std::vector<double>& slope,
                                       const SonifyOptions& options) {
    const size_t n = x.size();
    std::vector<double> mix(n, 0.0);
    addVoice(f, kVoiceLevel, false, options, mix);
    if (options.derivative) addVoice(slope, kDerivativeLevel, true, options, mix);
    for (size_t at : tickPlaces(x, f, options)) addTick(at, options, mix);
    const size_t fade = std::min(n / 2, size_t(kFadeSeconds * options.sampleRate));
    std::vector<int16_t> samples(n);
    for (size_t i = 0; i < n; ++i) {
        double v = mix[i];
        if (i < fade) v *= double(i) / double(fade);
        if (n - 1 - i < fade) v *= double(n - 1 - i) / double(fade);
        samples[i] = int16_t(std::lround(std::clamp(v, -1.0, 1.0) * 32767.0));
    }
    return samples;
}

// The x of each audio sample: low + (high − low)·i/(n − 1).
static std::vector<double> sweepPositions(const SonifyOptions& options) {
    const size_t n = size_t(std::lround(options.seconds * options.sampleRate));
    std::vector<double> x(n);
    for (size_t i = 0; i < n; ++i)
        x[i] = options.low + (options.high - options.low) * double(i) / double(n - 1);
    return x;
}

std::vector<int16_t> sonify(const ActivationConfig& config, const SonifyOptions& options,
                            std::string* error) {
    if (std::string problem = checkOptions(options); !problem.empty()) {
        if (error) *error = problem;
        return {};
    }
    const std::vector<double> x = sweepPositions(options);
    std::vector<double> f(x.size()), slope(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const Derivatives<double> d = evaluateScalar(config, x[i]);
        f[i] = d.value;
        slope[i] = d.first;
    }
    return synthesise(x, f, slope, options);
}

std::vector<int16_t> sonifyPoints(const std::vector<double>& pointX,
                                  const std::vector<double>& pointY, const SonifyOptions& options,
                                  std::string* error) {
    std::string problem = checkOptions(options);
    if (problem.empty() && (pointX.size() != pointY.size() || pointX.size() < 2 ||
                            !std::is_sorted(pointX.begin(), pointX.end())))
        problem = "the curve needs two or more points, x ascending";
    if (!problem.empty()) {
        if (error) *error = problem;
        return {};
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> x = sweepPositions(options);
    std::vector<double> f(x.size(), nan), slope(x.size(), nan);
    for (size_t i = 0; i < x.size(); ++i) {
        // The segment [pointX[k], pointX[k + 1]] that holds x[i]; none outside the points.
        const auto above = std::upper_bound(pointX.begin(), pointX.end(), x[i]);
        if (above == pointX.begin() || (above == pointX.end() && x[i] > pointX.back())) continue;
        const size_t k = std::min(size_t(above - pointX.begin()) - 1, pointX.size() - 2);
        const double span = pointX[k + 1] - pointX[k];
        if (!(span > 0) || !std::isfinite(pointY[k]) || !std::isfinite(pointY[k + 1])) continue;
        slope[i] = (pointY[k + 1] - pointY[k]) / span;
        f[i] = pointY[k] + slope[i] * (x[i] - pointX[k]);
    }
    return synthesise(x, f, slope, options);
}

std::string wavFile(const std::vector<int16_t>& samples, int sampleRate) {
    const uint32_t dataBytes = uint32_t(samples.size() * 2);
    std::string out = "RIFF";
    appendLittleEndian(out, 36 + dataBytes, 4);
    out += "WAVEfmt ";
    appendLittleEndian(out, 16, 4);  // the fmt chunk's size
    appendLittleEndian(out, 1, 2);   // PCM
    appendLittleEndian(out, 1, 2);   // mono
    appendLittleEndian(out, uint32_t(sampleRate), 4);
    appendLittleEndian(out, uint32_t(sampleRate) * 2, 4);  // bytes per second
    appendLittleEndian(out, 2, 2);                         // bytes per frame
    appendLittleEndian(out, 16, 2);                        // bits per sample
    out += "data";
    appendLittleEndian(out, dataBytes, 4);
    for (int16_t s : samples) appendLittleEndian(out, uint32_t(uint16_t(s)), 2);
    return out;
}

}  // namespace actlab
