// The float instantiation of the reference formulas (evaluateScalar<float>, evaluateGated<float>:
// the CPU's f32 path for functions without an Eigen kernel and for gated units) against mpmath
// at float32 inputs out to ±80 (fixtures/tails_f32.csv): 2e-5 relative, no absolute floor.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "activations/scalar_functions.h"
#include "f32_tail_reference.h"

namespace actlab {
namespace {

using test::F32TailRow;

TEST(F32Tails, FixtureCoversEveryScalarFunctionWithSeveralSettingsOfEachParameter) {
    std::set<std::string> names;
    std::map<std::string, std::set<std::string>> settings;
    int normal = 0;
    for (const F32TailRow& row : test::readF32TailFixture()) {
        names.insert(row.name);
        settings[row.name].insert(row.params);
        normal += !row.first.tiny && std::abs(row.first.value) > 0 && std::abs(row.x) > 60;
    }
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind == ActivationKind::Gated) continue;
        EXPECT_TRUE(names.count(std::string(info.name))) << info.name;
        if (!info.parameters.empty()) {
            EXPECT_GE(settings[std::string(info.name)].size(), 2u) << info.name;
        }
    }
    EXPECT_GT(normal, 1000) << "the far tails (|x| > 60) must have normal-float slopes to check";
}

// The fixture holds the floats next to every zero of f′, where a relative bound is hardest.
TEST(F32Tails, FixtureSamplesTheFloatsNextToEveryZeroOfTheSlope) {
    struct Zero {
        const char* name;
        double at;
    };
    const Zero zeros[] = {{"gelu", -0.7517915246935645}, {"gelu_tanh", -0.7524614220710163},
                          {"silu", -1.2784645427610738}, {"gelu_sigmoid", -0.7511542554413947},
                          {"mish", -1.1924312145154952}, {"hardswish", -1.5}};
    const std::vector<F32TailRow> rows = test::readF32TailFixture();
    for (const Zero& zero : zeros) {
        int within = 0;
        for (const F32TailRow& row : rows)
            within += row.name == zero.name && std::abs(row.x - zero.at) < 4e-7;
        EXPECT_GE(within, 6) << zero.name;
    }
}

TEST(F32Tails, ScalarFloatTemplateValuesAndSlopesAreWithin2e5Relative) {
    test::F32TailCheck check("evaluateScalar<float>");
    for (const F32TailRow& row : test::readF32TailFixture()) {
        const Derivatives<float> got = evaluateScalar<float>(row.config, row.x);
        check.check(row, "f", got.value, row.value);
        check.check(row, "f′", got.first, row.first);
    }
    check.finish();
}

// Gated units y = act(x)·v through the float template: ∂y/∂v = act(x) and ∂y/∂x = act′(x)·v are
// checked against the gate's rows (v = 1 and v = −0.5 scale exactly).
TEST(F32Tails, GatedFloatTemplateGateValuesAndSlopesAreWithin2e5Relative) {
    test::F32TailCheck check("evaluateGated<float>");
    const std::vector<F32TailRow> rows = test::readF32TailFixture();
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind != ActivationKind::Gated) continue;
        const ActivationConfig config = ActivationConfig::withDefaults(info.id);
        const std::string gate(activationInfo(info.gate).name);
        for (const F32TailRow& row : rows) {
            if (row.name != gate || !row.params.empty()) continue;
            for (float v : {1.0f, -0.5f}) {
                const GatedDerivatives<float> got = evaluateGated<float>(config, row.x, v);
                check.check(row, "y", got.value, row.value, v);
                check.check(row, "∂y/∂x", got.dValueDx, row.first, v);
                check.check(row, "∂y/∂v", got.dValueDv, row.value);
            }
        }
    }
    check.finish();
}

}  // namespace
}  // namespace actlab
