// The activation catalogue table: unique names, defaults inside their ranges, the ranges the
// product promises, and the error messages of setParameter / findActivation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "activations/catalogue.h"

namespace actlab {
namespace {

const ParameterSpec& spec(ActivationId id, std::string_view name) {
    for (const ParameterSpec& p : activationInfo(id).parameters)
        if (p.name == name) return p;
    throw std::invalid_argument("no parameter " + std::string(name));
}

TEST(Catalogue, HasEveryIdInOrder) {
    const auto catalogue = activationCatalogue();
    ASSERT_EQ(catalogue.size(), size_t(kActivationCount));
    for (int i = 0; i < kActivationCount; ++i) {
        EXPECT_EQ(static_cast<int>(catalogue[i].id), i);
        EXPECT_EQ(&activationInfo(static_cast<ActivationId>(i)), &catalogue[i]);
    }
}

TEST(Catalogue, NamesAreUniqueAndNonEmpty) {
    std::set<std::string_view> names, displayNames;
    for (const ActivationInfo& info : activationCatalogue()) {
        EXPECT_FALSE(info.name.empty());
        EXPECT_FALSE(info.displayName.empty()) << info.name;
        EXPECT_FALSE(info.formula.empty()) << info.name;
        EXPECT_TRUE(names.insert(info.name).second) << "duplicate name " << info.name;
        EXPECT_TRUE(displayNames.insert(info.displayName).second) << info.displayName;
        EXPECT_EQ(info.name.find(' '), std::string_view::npos) << info.name;
    }
}

TEST(Catalogue, CountsNineteenScalarsAndFourGatedUnits) {
    int scalars = 0, gated = 0;
    for (const ActivationInfo& info : activationCatalogue()) {
        if (info.kind == ActivationKind::Scalar) {
            ++scalars;
            EXPECT_EQ(info.gate, info.id) << info.name;
        } else {
            ++gated;
            EXPECT_EQ(activationInfo(info.gate).kind, ActivationKind::Scalar) << info.name;
        }
    }
    EXPECT_EQ(scalars, 19);
    EXPECT_EQ(gated, 4);
    EXPECT_EQ(activationInfo(ActivationId::Glu).gate, ActivationId::Sigmoid);
    EXPECT_EQ(activationInfo(ActivationId::Reglu).gate, ActivationId::Relu);
    EXPECT_EQ(activationInfo(ActivationId::Geglu).gate, ActivationId::Gelu);
    EXPECT_EQ(activationInfo(ActivationId::Swiglu).gate, ActivationId::Silu);
}

TEST(Catalogue, DefaultsLieInsideTheirRanges) {
    for (const ActivationInfo& info : activationCatalogue()) {
        EXPECT_LE(info.parameters.size(), size_t(kMaxParameters)) << info.name;
        const ActivationConfig config = ActivationConfig::withDefaults(info.id);
        for (size_t i = 0; i < info.parameters.size(); ++i) {
            const ParameterSpec& p = info.parameters[i];
            EXPECT_LT(p.minimum, p.maximum) << info.name << "." << p.name;
            EXPECT_GE(p.defaultValue, p.minimum) << info.name << "." << p.name;
            EXPECT_LE(p.defaultValue, p.maximum) << info.name << "." << p.name;
            EXPECT_EQ(config.parameters[i], p.defaultValue) << info.name << "." << p.name;
            EXPECT_EQ(config.parameter(p.name), p.defaultValue) << info.name << "." << p.name;
            EXPECT_FALSE(p.meaning.empty()) << info.name << "." << p.name;
        }
    }
}

TEST(Catalogue, RangesAreThePromisedOnes) {
    const auto expectRange = [](ActivationId id, std::string_view name, double low, double high,
                                double fallback) {
        const ParameterSpec& p = spec(id, name);
        EXPECT_EQ(p.minimum, low) << activationInfo(id).name << "." << name;
        EXPECT_EQ(p.maximum, high) << activationInfo(id).name << "." << name;
        EXPECT_EQ(p.defaultValue, fallback) << activationInfo(id).name << "." << name;
    };
    expectRange(ActivationId::LeakyRelu, "alpha", 0.0, 1.0, 0.01);
    expectRange(ActivationId::Prelu, "alpha", 0.0, 1.0, 0.25);
    expectRange(ActivationId::Elu, "alpha", 0.1, 3.0, 1.0);
    expectRange(ActivationId::Swish, "beta", 0.1, 10.0, 1.0);
    expectRange(ActivationId::Softplus, "beta", 0.1, 10.0, 1.0);
    expectRange(ActivationId::Softplus, "threshold", 1.0, 50.0, 20.0);  // PyTorch's default 20
    EXPECT_TRUE(activationInfo(ActivationId::Prelu).learnable);
    EXPECT_FALSE(activationInfo(ActivationId::LeakyRelu).learnable);
}

TEST(Catalogue, ParameterlessEntriesHaveNoParameters) {
    for (ActivationId id : {ActivationId::Relu, ActivationId::Gelu, ActivationId::Selu,
                            ActivationId::Silu, ActivationId::Swiglu})
        EXPECT_TRUE(activationInfo(id).parameters.empty()) << activationInfo(id).name;
}

TEST(Catalogue, SetParameterAcceptsTheRangeEnds) {
    ActivationConfig config = ActivationConfig::withDefaults(ActivationId::Elu);
    EXPECT_FALSE(config.setParameter("alpha", 0.1));
    EXPECT_EQ(config.parameter("alpha"), 0.1);
    EXPECT_FALSE(config.setParameter("alpha", 3.0));
    EXPECT_EQ(config.parameter("alpha"), 3.0);
    ActivationConfig softplus = ActivationConfig::withDefaults(ActivationId::Softplus);
    EXPECT_FALSE(softplus.setParameter("threshold", 5.0));
    EXPECT_EQ(softplus.parameters[0], 1.0);  // beta untouched
    EXPECT_EQ(softplus.parameters[1], 5.0);
}

TEST(Catalogue, SetParameterRejectsOutOfRangeWithAMessage) {
    ActivationConfig config = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    const auto error = config.setParameter("alpha", 1.5);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("alpha"), std::string::npos) << *error;
    EXPECT_NE(error->find("leaky_relu"), std::string::npos) << *error;
    EXPECT_EQ(config.parameter("alpha"), 0.01) << "a rejected value must not be stored";
    EXPECT_TRUE(config.setParameter("alpha", -1e-9));
    ActivationConfig swish = ActivationConfig::withDefaults(ActivationId::Swish);
    EXPECT_TRUE(swish.setParameter("beta", 0.0));
    EXPECT_TRUE(swish.setParameter("beta", 10.5));
    EXPECT_EQ(swish.parameter("beta"), 1.0);
}

TEST(Catalogue, SetParameterRejectsNonFiniteValues) {
    ActivationConfig config = ActivationConfig::withDefaults(ActivationId::Softplus);
    for (double bad :
         {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity()}) {
        const auto error = config.setParameter("beta", bad);
        ASSERT_TRUE(error) << bad;
        EXPECT_FALSE(error->empty());
        EXPECT_EQ(config.parameter("beta"), 1.0);
    }
}

TEST(Catalogue, SetParameterRejectsUnknownNames) {
    ActivationConfig elu = ActivationConfig::withDefaults(ActivationId::Elu);
    const auto error = elu.setParameter("beta", 1.0);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("beta"), std::string::npos) << *error;
    EXPECT_NE(error->find("alpha"), std::string::npos) << "should list the known names: " << *error;
    ActivationConfig relu = ActivationConfig::withDefaults(ActivationId::Relu);
    const auto none = relu.setParameter("alpha", 0.1);
    ASSERT_TRUE(none);
    EXPECT_NE(none->find("no parameters"), std::string::npos) << *none;
}

TEST(Catalogue, FindActivationByName) {
    for (const ActivationInfo& info : activationCatalogue()) {
        const ActivationInfo* found = findActivation(info.name);
        ASSERT_NE(found, nullptr) << info.name;
        EXPECT_EQ(found, &info);
    }
    EXPECT_EQ(findActivation("gelu_tanh")->id, ActivationId::GeluTanh);
    EXPECT_EQ(findActivation("swiglu")->kind, ActivationKind::Gated);
    EXPECT_EQ(findActivation("no_such_activation"), nullptr);
    EXPECT_EQ(findActivation(""), nullptr);
    EXPECT_EQ(findActivation("GELU"), nullptr) << "names are case-sensitive CLI names";
    EXPECT_EQ(findActivation("gelu "), nullptr);
}

}  // namespace
}  // namespace actlab
