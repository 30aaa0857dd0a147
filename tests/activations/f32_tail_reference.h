// The f32 tail oracle shared by the activation and backend suites: tails_f32.csv (mpmath at 60
// digits, scripts/make_f32_tail_fixtures.py) and a relative check with no absolute floor:
// |got − want| ≤ 2e-5·|want| wherever |want| ≥ 1e-30; below that ("tiny") only |got| ≤ 2e-30.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "fixture_reader.h"

namespace actlab::test {

inline constexpr double kF32Relative = 2e-5;  // the requirement of issue 6
inline constexpr double kTinyBound = 2e-30;   // |got| allowed where |want| < 1e-30

// One reference quantity: `tiny` where 0 < |value| < 1e-30 (written "tiny" in the file).
struct F32Reference {
    double value = 0;
    bool tiny = false;
};

// One row of tails_f32.csv: name,params,x,y,dy, x a float32 value printed exactly.
struct F32TailRow {
    int line = 0;
    std::string name;
    std::string params;
    ActivationConfig config;
    float x = 0;
    F32Reference value, first;
};

inline F32Reference parseReference(const std::string& text) {
    if (text == "tiny") return {0, true};
    return {parseNumber(text), false};
}

inline std::vector<F32TailRow> readF32TailFixture() {
    std::vector<F32TailRow> rows;
    for (auto& [line, f] : readCsv("tails_f32.csv", "name,params,x,y,dy")) {
        if (f.size() != 5)
            throw std::runtime_error("bad field count on line " + std::to_string(line));
        const double x = parseNumber(f[2]);
        if (double(float(x)) != x)
            throw std::runtime_error("x is not a float32 on line " + std::to_string(line));
        rows.push_back({line, f[0], f[1], configFor(f[0], f[1]), float(x), parseReference(f[3]),
                        parseReference(f[4])});
    }
    return rows;
}

// The fixture's rows grouped by setting ("name(params)"), in file order.
inline std::map<std::string, std::vector<F32TailRow>> f32TailRowsBySetting() {
    std::map<std::string, std::vector<F32TailRow>> settings;
    for (F32TailRow& row : readF32TailFixture())
        settings[row.name + "(" + row.params + ")"].push_back(row);
    return settings;
}

// Collects the relative errors of one f32 path over the fixture: ADD_FAILURE for the first
// failures (with the row), then only counts; the worst error is printed for the record.
class F32TailCheck {
public:
    explicit F32TailCheck(std::string path) : m_path(std::move(path)) {}

    void check(const F32TailRow& row, const char* quantity, double got, F32Reference want,
               double scale = 1.0) {
        ++m_checked;
        want.value *= scale;
        bool ok = false;
        double error = 0;
        if (want.tiny) {
            ok = std::abs(got) <= kTinyBound * std::abs(scale);
        } else if (want.value == 0) {
            ok = got == 0;
            error = ok ? 0 : INFINITY;
        } else {
            error = std::abs(got - want.value) / std::abs(want.value);
            ok = std::isfinite(got) && error <= kF32Relative;
        }
        if (!want.tiny && !(error <= m_worst)) {
            m_worst = error;
            m_worstWhere = describe(row, quantity, got, want.value);
        }
        if (ok) return;
        if (++m_failures <= 12)
            ADD_FAILURE() << m_path << ": " << describe(row, quantity, got, want.value)
                          << (want.tiny ? " (reference below 1e-30: must be tiny)" : "");
    }

    // Call once at the end: expects no failures and prints the worst relative error.
    void finish() const {
        std::printf("[ f32 tails ] %s: %d checks, worst relative error %.3g (%s)\n", m_path.c_str(),
                    m_checked, m_worst, m_worstWhere.c_str());
        ::testing::Test::RecordProperty("worst_relative_error", std::to_string(m_worst));
        EXPECT_GT(m_checked, 0) << m_path;
        EXPECT_EQ(m_failures, 0) << m_path << ": " << m_failures << " of " << m_checked
                                 << " values beyond " << kF32Relative << " relative";
    }

private:
    static std::string describe(const F32TailRow& row, const char* quantity, double got,
                                double want) {
        char buffer[200];
        std::snprintf(buffer, sizeof buffer, "%s at x = %.9g: got %.9g, exact %.9g", quantity,
                      double(row.x), got, want);
        return row.name + "(" + row.params + ") " + buffer + " [tails_f32.csv line " +
               std::to_string(row.line) + "]";
    }

    std::string m_path;
    int m_checked = 0;
    int m_failures = 0;
    double m_worst = 0;
    std::string m_worstWhere;
};

}  // namespace actlab::test
