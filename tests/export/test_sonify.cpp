// The audio trace (core/export/sonify.h, `actlab-cli sonify`, issue 29): the WAV read back, its
// pitch measured with a discrete Fourier transform over short windows follows f: flat where f is
// constant, rising where f rises, at the pitch the log-frequency map gives.
#include <gtest/gtest.h>
#include <unistd.h>  // getpid

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "export/sonify.h"

namespace actlab::test {
namespace {

struct Wav {
    int sampleRate = 0;
    std::vector<double> samples;  // in [−1, 1]
};

uint32_t readLittleEndian(const std::string& bytes, size_t at, int count) {
    uint32_t value = 0;
    for (int b = 0; b < count; ++b) value |= uint32_t(uint8_t(bytes[at + size_t(b)])) << (8 * b);
    return value;
}

// A 16-bit mono PCM file as wavFile writes it (one fmt and one data chunk).
Wav parseWav(const std::string& bytes) {
    Wav wav;
    EXPECT_GE(bytes.size(), 44u);
    if (bytes.size() < 44) return wav;
    EXPECT_EQ(bytes.substr(0, 4), "RIFF");
    EXPECT_EQ(bytes.substr(8, 8), "WAVEfmt ");
    EXPECT_EQ(readLittleEndian(bytes, 4, 4), bytes.size() - 8);
    EXPECT_EQ(readLittleEndian(bytes, 20, 2), 1u);  // PCM
    EXPECT_EQ(readLittleEndian(bytes, 22, 2), 1u);  // mono
    EXPECT_EQ(readLittleEndian(bytes, 34, 2), 16u);
    EXPECT_EQ(bytes.substr(36, 4), "data");
    wav.sampleRate = int(readLittleEndian(bytes, 24, 4));
    const size_t count = readLittleEndian(bytes, 40, 4) / 2;
    EXPECT_EQ(44 + 2 * count, bytes.size());
    for (size_t i = 0; i < count && 44 + 2 * i + 1 < bytes.size(); ++i)
        wav.samples.push_back(int16_t(readLittleEndian(bytes, 44 + 2 * i, 2)) / 32767.0);
    return wav;
}

// The strongest frequency (1 Hz steps in [100, 1500] Hz) of a Hann-windowed 2048-sample window
// centred on sample `centre`: a naive DFT at each frequency.
double dominantFrequency(const Wav& wav, size_t centre) {
    constexpr int kWindow = 2048;
    const double pi = std::acos(-1.0);
    double best = 0, bestPower = -1;
    for (int hz = 100; hz <= 1500; ++hz) {
        double re = 0, im = 0;
        for (int k = 0; k < kWindow; ++k) {
            const size_t i = centre - kWindow / 2 + size_t(k);
            const double hann = 0.5 - 0.5 * std::cos(2 * pi * k / (kWindow - 1));
            const double angle = 2 * pi * hz * double(k) / wav.sampleRate;
            re += hann * wav.samples[i] * std::cos(angle);
            im -= hann * wav.samples[i] * std::sin(angle);
        }
        if (re * re + im * im > bestPower) bestPower = re * re + im * im, best = hz;
    }
    return best;
}

std::string readFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::string tempWav(const char* name) {
    return (std::filesystem::temp_directory_path() /
            (std::string("actlab_sonify_") + name + "_" + std::to_string(::getpid()) + ".wav"))
        .string();
}

// ReLU over [−2, 2] in 2 s: 220 Hz (its smallest y, 0) over the left half, then rising to
// 880 Hz at x = 2 along 220·4^(x/2).
TEST(Sonify, ThePitchIsFlatWhereReluIsZeroAndRisesWithIt) {
    const std::string path = tempWav("relu");
    const CliRun run =
        runCli({"sonify", "relu", "--range", "-2:2", "--seconds", "2", "--out", path});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out, "");
    const Wav wav = parseWav(readFile(path));
    std::filesystem::remove(path);
    ASSERT_EQ(wav.sampleRate, 44100);
    ASSERT_EQ(wav.samples.size(), 88200u);
    const auto sampleAt = [&](double x) { return size_t((x + 2) / 4 * (88200 - 1)); };
    for (double x : {-1.8, -1.4, -1.0, -0.6, -0.2})
        EXPECT_NEAR(dominantFrequency(wav, sampleAt(x)), 220.0, 3.0) << "x = " << x;
    double previous = 220.0;
    for (double x : {0.3, 0.7, 1.1, 1.5, 1.85}) {
        const double hz = dominantFrequency(wav, sampleAt(x));
        EXPECT_GT(hz, previous + 10) << "x = " << x;
        EXPECT_NEAR(hz, 220.0 * std::pow(4.0, x / 2), 0.04 * hz) << "x = " << x;
        previous = hz;
    }
}

TEST(Sonify, AConstantCurveSoundsTheMiddlePitchAndTheDerivativeAddsAVoice) {
    SonifyOptions options;
    options.low = -3, options.high = -1, options.seconds = 0.5;
    std::string error;
    const ActivationConfig relu = ActivationConfig::withDefaults(ActivationId::Relu);
    const std::vector<int16_t> flat = sonify(relu, options, &error);
    ASSERT_EQ(flat.size(), 22050u) << error;
    const Wav wav = parseWav(wavFile(flat, options.sampleRate));
    EXPECT_NEAR(dominantFrequency(wav, 5000), 440.0, 3.0);
    EXPECT_NEAR(dominantFrequency(wav, 15000), 440.0, 3.0);

    options.low = -2, options.high = 2;
    const ActivationConfig tanh = ActivationConfig::withDefaults(ActivationId::Tanh);
    const std::vector<int16_t> alone = sonify(tanh, options, &error);
    options.derivative = true;
    const std::vector<int16_t> both = sonify(tanh, options, &error);
    ASSERT_EQ(alone.size(), both.size());
    EXPECT_NE(alone, both);
}

// A chart's curve (the GUI's audio trace) sounds as the function it samples: ReLU's three knots
// make exactly ReLU, so the samples are the catalogue function's; an undefined point silences
// the segments beside it, and the sweep is silent outside the points.
TEST(Sonify, APointedCurveSoundsAsTheFunctionItSamples) {
    SonifyOptions options;
    options.low = -2, options.high = 2, options.seconds = 0.5;
    std::string error;
    const ActivationConfig relu = ActivationConfig::withDefaults(ActivationId::Relu);
    const std::vector<int16_t> exact = sonify(relu, options, &error);
    const std::vector<int16_t> pointed = sonifyPoints({-2, 0, 2}, {0, 0, 2}, options, &error);
    ASSERT_EQ(pointed.size(), 22050u) << error;
    EXPECT_EQ(pointed, exact);

    const double nan = std::nan("");
    const std::vector<int16_t> gap =
        sonifyPoints({-2, -1, 0, 1, 2}, {1, nan, 0.5, 1, 2}, options, &error);
    ASSERT_EQ(gap.size(), 22050u);
    const auto loudest = [&](double from, double to) {  // over x in [from, to]
        int most = 0;
        for (size_t i = 0; i < gap.size(); ++i) {
            const double x = -2 + 4.0 * double(i) / double(gap.size() - 1);
            if (x >= from && x <= to) most = std::max(most, std::abs(int(gap[i])));
        }
        return most;
    };
    EXPECT_EQ(loudest(-1.9, -0.1), 0) << "silent beside the undefined point";
    EXPECT_GT(loudest(0.1, 1.9), 5000) << "sounding where the curve is defined";
    options.low = -4;
    const std::vector<int16_t> wider = sonifyPoints({-2, 0, 2}, {0, 0, 2}, options, &error);
    for (size_t i = 200; i < wider.size() / 4 - 200; ++i)
        ASSERT_EQ(wider[i], 0) << "silent left of the first point, at sample " << i;
    EXPECT_TRUE(sonifyPoints({0}, {1}, options, &error).empty());
    EXPECT_FALSE(error.empty());
}

TEST(Sonify, BadInputIsOneErrorLineAndExitTwo) {
    const std::string path = tempWav("bad");
    const std::vector<std::vector<std::string>> bad = {
        {"sonify", "relu"},                                         // no --out
        {"sonify", "--out", path},                                  // no function
        {"sonify", "nosuch", "--out", path},                        // unknown function
        {"sonify", "relu", "--range", "2:1", "--out", path},        // A > B
        {"sonify", "relu", "--range", "x", "--out", path},          // not a window
        {"sonify", "relu", "--seconds", "0", "--out", path},        // too short
        {"sonify", "relu", "--seconds", "61", "--out", path},       // too long
        {"sonify", "elu", "--param", "alpha=-1", "--out", path},    // out of range
        {"sonify", "relu", "--out", "/nonexistent/folder/x.wav"}};  // cannot write
    for (const std::vector<std::string>& arguments : bad) {
        const CliRun run = runCli(arguments);
        EXPECT_EQ(run.status, 2) << arguments.back();
        EXPECT_EQ(run.out, "");
        EXPECT_EQ(splitLines(run.err).size(), 1u) << run.err;
        EXPECT_EQ(run.err.rfind("actlab-cli: error: ", 0), 0u) << run.err;
    }
    EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace actlab::test
