// PropertiesPanel: GELU is not monotonic with its minimum near −0.170 at −0.752; ReLU facts;
// gated units; validation and state round trip.
#include "ui/panels/properties_panel.h"

#include <gtest/gtest.h>

#include <QLocale>

#include "backends/backend_factory.h"

using actlab::ActivationConfig;
using actlab::ActivationId;
using actlab::ui::PropertiesPanel;

namespace {

actlab::Backend& cpuBackend() {
    static const auto selection = actlab::createBackend(actlab::BackendChoice::Cpu);
    return *selection.backend;
}

}  // namespace

TEST(PropertiesPanel, GeluIsNotMonotonicWithItsMinimumInside) {
    PropertiesPanel panel(cpuBackend());
    panel.setActivation(ActivationConfig::withDefaults(ActivationId::Gelu));
    EXPECT_TRUE(panel.propertyText("monotonic").contains(QStringLiteral("not monotonic")));
    EXPECT_NEAR(panel.properties().minimumValue, -0.170, 5e-4);
    EXPECT_NEAR(panel.properties().minimumAt, -0.752, 5e-4);
    EXPECT_TRUE(panel.properties().minimumInterior);
    const QString minimum = panel.propertyText("minimum");
    EXPECT_TRUE(minimum.contains(QLocale().toString(-0.170, 'f', 3))) << minimum.toStdString();
    EXPECT_TRUE(minimum.contains(QLocale().toString(-0.752, 'f', 3))) << minimum.toStdString();
    EXPECT_TRUE(minimum.contains(QStringLiteral("inside")));
    EXPECT_TRUE(panel.propertyText("smooth").startsWith(QStringLiteral("Yes")));
}

TEST(PropertiesPanel, ReluIsMonotonicWithAKinkAndFlatOnHalfTheWindow) {
    PropertiesPanel panel(cpuBackend());
    panel.setActivation(ActivationConfig::withDefaults(ActivationId::Relu));
    EXPECT_TRUE(panel.propertyText("monotonic").startsWith(QStringLiteral("Yes")));
    EXPECT_TRUE(panel.propertyText("smooth").startsWith(QStringLiteral("No")));
    EXPECT_TRUE(panel.propertyText("boundedBelow").startsWith(QStringLiteral("Yes")));
    EXPECT_TRUE(panel.propertyText("boundedAbove").startsWith(QStringLiteral("No")));
    EXPECT_NEAR(panel.properties().zeroGradientShare, 0.5, 0.01);
    EXPECT_TRUE(panel.propertyText("flatShare").contains(QLocale().toString(50.0, 'f', 1)));
}

TEST(PropertiesPanel, GatedUnitsShowTheGateProperties) {
    PropertiesPanel panel(cpuBackend());
    panel.setActivation(ActivationConfig::withDefaults(ActivationId::Swiglu));
    EXPECT_EQ(panel.activation().id, ActivationId::Swiglu);
    EXPECT_FALSE(panel.propertyText("minimum").isEmpty());
}

TEST(PropertiesPanel, RejectsAnEmptyWindowAndDefaultsToMinusSixToSix) {
    PropertiesPanel panel(cpuBackend());
    EXPECT_DOUBLE_EQ(panel.windowLow(), -6);
    EXPECT_DOUBLE_EQ(panel.windowHigh(), 6);
    panel.setWindow(1, -1);
    EXPECT_FALSE(panel.errorText().isEmpty());
    EXPECT_DOUBLE_EQ(panel.properties().windowLow, -6);
}

TEST(PropertiesPanel, StateRoundTrips) {
    PropertiesPanel panel(cpuBackend());
    ActivationConfig leaky = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    ASSERT_FALSE(leaky.setParameter("alpha", 0.2).has_value());
    panel.setActivation(leaky);
    panel.setWindow(-3, 2);
    PropertiesPanel restored(cpuBackend());
    restored.restoreState(panel.saveState());
    EXPECT_EQ(restored.saveState(), panel.saveState());
    EXPECT_EQ(restored.activation().id, ActivationId::LeakyRelu);
    EXPECT_DOUBLE_EQ(restored.activation().parameter("alpha"), 0.2);
    EXPECT_DOUBLE_EQ(restored.properties().minimumValue, panel.properties().minimumValue);
}
