// The Attention tab's settings, offscreen: the parameter boxes of parametrised activations
// (catalogue defaults and ranges, values reaching the trainer), the task's length T and
// vocabulary V (free or fixed by the task), and the state written and read through core's JSON
// (config/config_json.h) with the compare settings, probe and enlarged head.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QSpinBox>
#include <QWheelEvent>

#include "attention_test_view.h"
#include "config/config_json.h"
#include "ui/attention/attention_controller.h"

using namespace actlab;
using namespace actlab::ui;
using actlab::test::AttentionTestView;
using actlab::test::waitUntil;

namespace {

const AttentionRunInfo* trainedInfo(AttentionTestView& shown) {
    return shown.view.controller()->latest().info.get();
}

}  // namespace

TEST(AttentionSettings, LeakyReluOnQkvGetsAnAlphaBoxWithTheCataloguesDefaultAndRange) {
    AttentionTestView shown;
    AttentionControls* controls = shown.view.controls();
    EXPECT_EQ(controls->findChild<QDoubleSpinBox*>("qkvActivation.alpha"), nullptr)
        << "identity has no parameters";
    ASSERT_TRUE(shown.choose("qkvActivation", int(ActivationId::LeakyRelu)));
    auto* alpha = controls->findChild<QDoubleSpinBox*>("qkvActivation.alpha");
    ASSERT_NE(alpha, nullptr);
    EXPECT_TRUE(alpha->isVisibleTo(controls));
    const ParameterSpec& spec = activationInfo(ActivationId::LeakyRelu).parameters[0];
    EXPECT_DOUBLE_EQ(alpha->value(), spec.defaultValue);
    EXPECT_DOUBLE_EQ(alpha->minimum(), spec.minimum);
    EXPECT_DOUBLE_EQ(alpha->maximum(), spec.maximum);
    alpha->setValue(5.0);
    EXPECT_DOUBLE_EQ(alpha->value(), spec.maximum) << "no value outside the range";
    alpha->setValue(0.3);
    EXPECT_DOUBLE_EQ(controls->config().model.qkvActivation.parameter("alpha"), 0.3);
    ASSERT_TRUE(waitUntil([&] {
        const AttentionRunInfo* info = trainedInfo(shown);
        return info && info->config.model.qkvActivation.id == ActivationId::LeakyRelu &&
               info->config.model.qkvActivation.parameter("alpha") == 0.3;
    })) << "the value reaches the trainer's configuration";

    ASSERT_TRUE(shown.choose("qkvActivation", int(ActivationId::Gelu)));
    const auto* gone = controls->findChild<QDoubleSpinBox*>("qkvActivation.alpha");
    EXPECT_TRUE(gone == nullptr || !gone->isVisibleTo(controls)) << "gelu has no parameters";
    EXPECT_EQ(controls->config().model.qkvActivation.id, ActivationId::Gelu);
}

TEST(AttentionSettings, SoftplusOnTheFeedForwardGetsBetaAndThreshold) {
    AttentionTestView shown;
    ASSERT_TRUE(shown.choose("ffnActivation", int(ActivationId::Softplus)));
    AttentionControls* controls = shown.view.controls();
    auto* beta = controls->findChild<QDoubleSpinBox*>("ffnActivation.beta");
    auto* threshold = controls->findChild<QDoubleSpinBox*>("ffnActivation.threshold");
    ASSERT_NE(beta, nullptr);
    ASSERT_NE(threshold, nullptr);
    EXPECT_DOUBLE_EQ(threshold->value(), 20.0);
    beta->setValue(2.5);
    EXPECT_DOUBLE_EQ(controls->config().model.ffnActivation.parameter("beta"), 2.5);
}

TEST(AttentionSettings, LengthAndVocabularyChangeTheTasksShape) {
    AttentionTestView shown;
    AttentionControls* controls = shown.view.controls();
    auto* length = controls->findChild<QSpinBox*>("sequenceLength");
    auto* vocabulary = controls->findChild<QSpinBox*>("vocabulary");
    ASSERT_NE(length, nullptr);
    ASSERT_NE(vocabulary, nullptr);
    EXPECT_TRUE(length->isEnabled());
    EXPECT_EQ(length->value(), 8);
    EXPECT_EQ(length->maximum(), 64) << "the model's limit";
    EXPECT_EQ(vocabulary->maximum(), 128);
    length->setValue(12);
    vocabulary->setValue(5);
    ASSERT_TRUE(waitUntil([&] { return shown.view.grid()->length() == 12; }))
        << "a 12 × 12 map per head";
    ASSERT_TRUE(trainedInfo(shown));
    EXPECT_EQ(trainedInfo(shown)->tokenNames.size(), 5);
    EXPECT_EQ(shown.view.grid()->tokens().size(), 12);
}

TEST(AttentionSettings, TasksThatFixTheirShapeDisableTheBoxes) {
    AttentionTestView shown;
    AttentionControls* controls = shown.view.controls();
    auto* length = controls->findChild<QSpinBox*>("sequenceLength");
    auto* vocabulary = controls->findChild<QSpinBox*>("vocabulary");
    ASSERT_TRUE(shown.choose("task", QString("sort")));
    EXPECT_FALSE(length->isEnabled());
    EXPECT_FALSE(vocabulary->isEnabled());
    EXPECT_EQ(length->value(), 6);
    EXPECT_EQ(vocabulary->value(), 3);
    EXPECT_TRUE(length->toolTip().contains("6")) << length->toolTip().toStdString();
    ASSERT_TRUE(waitUntil([&] { return shown.view.grid()->length() == 6; }));

    ASSERT_TRUE(shown.choose("task", QString("negation")));
    EXPECT_TRUE(length->isEnabled()) << "negation's length is free";
    EXPECT_FALSE(vocabulary->isEnabled()) << "its words are its own";
    ASSERT_TRUE(shown.choose("task", QString("induction")));
    EXPECT_TRUE(length->isEnabled());
    EXPECT_EQ(length->value(), 24);
    EXPECT_GT(length->minimum(), 2) << "induction needs room for a repeated segment";
    EXPECT_TRUE(vocabulary->isEnabled());
}

TEST(AttentionSettings, TheStateRoundTripsThroughCoresJson) {
    SequenceTrainingConfig config;
    config.task = "histogram";
    config.taskOptions = {12, 5};
    config.seed = 7;
    config.model.layers = 1;
    config.model.heads = 2;
    config.model.dModel = 32;
    config.model.norm = NormPlacement::Post;
    config.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::LeakyRelu);
    ASSERT_FALSE(config.model.qkvActivation.setParameter("alpha", 0.2));
    config.model.ffnActivation = ActivationConfig::withDefaults(ActivationId::Elu);
    ASSERT_FALSE(config.model.ffnActivation.setParameter("alpha", 1.5));
    config.optimizer.learningRate = 0.002;
    config.testSequences = 64;
    AttentionTestView shown(config);
    SequenceTrainingConfig b = shown.view.controls()->config();
    b.model.qkvActivation = ActivationConfig::withDefaults(ActivationId::Identity);
    b.model.norm = NormPlacement::Pre;
    shown.view.controls()->setConfigB(b);
    shown.view.setCompare(true);
    ASSERT_TRUE(waitUntil([&] { return shown.view.gridB()->layers() == 1; }));
    shown.view.probeBox()->setCurrentIndex(2);
    shown.view.grid()->enlarge(0, 1);
    const QJsonObject state = shown.view.saveState();

    // The training configuration is core's serialisation, not a second one.
    const QJsonObject controls = state["controls"].toObject();
    const std::string written =
        QJsonDocument(controls["training"].toObject()).toJson(QJsonDocument::Compact).toStdString();
    std::string error;
    const auto parsed = sequenceTrainingConfigFromJson(written, &error);
    ASSERT_TRUE(parsed) << error;
    EXPECT_EQ(parsed->task, "histogram");
    EXPECT_DOUBLE_EQ(parsed->model.qkvActivation.parameter("alpha"), 0.2);
    EXPECT_TRUE(controls["compare"].toObject()["on"].toBool());

    AttentionTestView other;
    other.view.restoreState(state);
    AttentionControls* restored = other.view.controls();
    EXPECT_EQ(sequenceTrainingConfigToJson(restored->config()),
              sequenceTrainingConfigToJson(shown.view.controls()->config()));
    EXPECT_EQ(sequenceTrainingConfigToJson(restored->configB()),
              sequenceTrainingConfigToJson(shown.view.controls()->configB()));
    EXPECT_TRUE(restored->compare());
    EXPECT_TRUE(other.view.comparing());
    auto* alpha = restored->findChild<QDoubleSpinBox*>("qkvActivation.alpha");
    ASSERT_NE(alpha, nullptr);
    EXPECT_DOUBLE_EQ(alpha->value(), 0.2);
    ASSERT_TRUE(waitUntil([&] {
        return other.view.grid()->length() == 12 && other.view.gridB()->layers() == 1 &&
               other.view.probeBox()->count() > 2;
    }));
    EXPECT_EQ(other.view.probeBox()->currentIndex(), 2);
    EXPECT_TRUE(other.view.grid()->isEnlarged());
    EXPECT_EQ(other.view.grid()->enlargedHead(), 1);
    EXPECT_EQ(other.view.saveState()["controls"], state["controls"]);
}

// The wheel over the settings passes spin and combo boxes that have no focus (the application's
// WheelGuard, which the controls install): scrolling the panel never changes d_model or the task.
TEST(AttentionSettings, TheWheelPassesBoxesWithoutFocus) {
    actlab::ui::AttentionControls controls;
    controls.show();  // polished, as on screen
    auto* dModel = controls.findChild<QSpinBox*>("dModel");
    auto* task = controls.findChild<QComboBox*>("task");
    ASSERT_TRUE(dModel && task);
    const int width = dModel->value();
    const int index = task->currentIndex();
    for (QWidget* box : {static_cast<QWidget*>(dModel), static_cast<QWidget*>(task)}) {
        EXPECT_EQ(box->focusPolicy(), Qt::StrongFocus);
        const QPointF at = QPointF(box->rect().center());
        QWheelEvent wheel(at, box->mapToGlobal(at), QPoint(), QPoint(0, -360), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(box, &wheel);
        EXPECT_FALSE(wheel.isAccepted());
    }
    EXPECT_EQ(dModel->value(), width);
    EXPECT_EQ(task->currentIndex(), index);
}
