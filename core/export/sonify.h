// Audio trace (issue 29, after Desmos's): a catalogue activation's curve f over [A, B] played
// as pitch from left to right (higher y, higher pitch), as 16-bit mono PCM WAV. For students who
// cannot see the curve: a tick marks x = 0 and every zero crossing of f, silence where f is not
// finite, and f′ may sound with it in another timbre.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "activations/catalogue.h"

namespace actlab {

struct SonifyOptions {
    double low = -5.0;  // the x range [low, high], finite, low < high
    double high = 5.0;
    double seconds = 3.0;      // the sweep's length, in (0, kMaxSonifySeconds]
    bool derivative = false;   // f′ as a second voice (odd harmonics: a reedier sound)
    double lowestHz = 220.0;   // the curve's smallest y sounds at this pitch (A3) …
    double highestHz = 880.0;  // … its largest at this one (A5); log-frequency between
    int sampleRate = 44100;
};

inline constexpr double kMaxSonifySeconds = 60.0;

// The pitch of y on a curve whose finite values span [yMin, yMax]: lowestHz·(highestHz /
// lowestHz)^((y − yMin)/(yMax − yMin)); the middle (geometric mean) for a constant curve.
double sonifyPitch(double y, double yMin, double yMax, const SonifyOptions& options);

// The samples (in [−32767, 32767]) of the sweep: sample i plays x = low + (high − low)·i/(n − 1),
// n = round(seconds · sampleRate). Gated units sound act(x), their value input at 1. Empty with
// *error set (one line) for a bad range or length.
std::vector<int16_t> sonify(const ActivationConfig& config, const SonifyOptions& options,
                            std::string* error);

// The same sweep for a curve known only at points, as a chart holds it (x ascending, y NaN where
// undefined): f linear between neighbouring points, undefined (silent) beside an undefined point
// and outside [x₀, xₙ]; f′ each segment's slope. Empty with *error set for bad options or fewer
// than two points.
std::vector<int16_t> sonifyPoints(const std::vector<double>& x, const std::vector<double>& y,
                                  const SonifyOptions& options, std::string* error);

// A RIFF/WAVE file's bytes: PCM, 16-bit, mono, at `sampleRate`.
std::string wavFile(const std::vector<int16_t>& samples, int sampleRate);

}  // namespace actlab
