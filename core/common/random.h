// A small, portable, seeded random generator (xoshiro256**, seeded by splitmix64) with uniform
// and normal draws: the same seed gives the same numbers on every machine and compiler.
#pragma once

#include <cmath>
#include <cstdint>

namespace actlab {

class Random {
public:
    explicit Random(std::uint64_t seed) {
        for (auto& word : m_state) word = splitMix(seed);
    }

    std::uint64_t next() {  // xoshiro256** (Blackman & Vigna, 2018)
        const std::uint64_t result = rotate(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotate(m_state[3], 45);
        return result;
    }

    double uniform() { return double(next() >> 11) * 0x1.0p-53; }  // [0, 1)
    double uniform(double low, double high) { return low + (high - low) * uniform(); }
    int below(int n) { return int(uniform() * n); }  // [0, n)

    // Standard normal by Box–Muller; the spare value is kept for the next call.
    double normal() {
        if (m_hasSpare) {
            m_hasSpare = false;
            return m_spare;
        }
        double u1 = uniform();
        while (u1 <= 0.0) u1 = uniform();
        const double u2 = uniform();
        const double radius = std::sqrt(-2.0 * std::log(u1));
        m_spare = radius * std::sin(6.283185307179586 * u2);
        m_hasSpare = true;
        return radius * std::cos(6.283185307179586 * u2);
    }
    double normal(double mean, double sd) { return mean + sd * normal(); }

    // The whole generator state, for a saved run that continues exactly (sessions).
    struct State {
        std::uint64_t words[4] = {};
        double spare = 0;
        bool hasSpare = false;
    };
    State state() const {
        return {{m_state[0], m_state[1], m_state[2], m_state[3]}, m_spare, m_hasSpare};
    }
    void setState(const State& s) {
        for (int i = 0; i < 4; ++i) m_state[i] = s.words[i];
        m_spare = s.spare;
        m_hasSpare = s.hasSpare;
    }

private:
    static std::uint64_t splitMix(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    static std::uint64_t rotate(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    std::uint64_t m_state[4];
    double m_spare = 0;
    bool m_hasSpare = false;
};

}  // namespace actlab
