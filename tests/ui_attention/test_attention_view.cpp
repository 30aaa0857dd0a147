// The Attention tab, offscreen: Play advances and the maps change, Step takes exactly one step,
// hovering reads a weight, a click enlarges a head, typed sequences (wrong and right), settings
// that discard a trained run ask first, the curves skip NaN, and exports. The window sizes are
// in test_attention_layout.cpp.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "../ui/gui_test_support.h"
#include "training/sequence_presets.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_controls.h"
#include "ui/attention/attention_grid_view.h"
#include "ui/attention/attention_view.h"
#include "ui/attention/sequence_input_panel.h"
#include "ui/charts/curve_chart.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

bool waitFor(const std::function<bool()>& done, int milliseconds = 20000) {
    return actlab::test::waitFor(done, milliseconds);
}

struct ShownView {
    AttentionView view;
    int questions = 0;
    bool discard = true;
    // asOpened: as the view opens (its default preset); else a fixed small reverse model of
    // 2 layers × 4 heads that the tests below count on.
    explicit ShownView(bool asOpened = false) {
        view.setDiscardQuestion([this](int) {
            ++questions;
            return discard;
        });
        view.resize(1400, 900);
        view.show();
        waitFor([this] { return view.framesDrawn() > 0 && view.grid()->layers() > 0; });
        if (asOpened) return;
        SequenceTrainingConfig config;
        config.task = "reverse";
        config.taskOptions = {8, 8};  // T = V = 8, as the reverse-heads preset
        config.model.layers = 2;
        config.model.heads = 4;
        config.model.dModel = 64;
        config.testSequences = 64;
        view.controls()->setConfig(config);
        view.reset();
        waitFor([this] { return view.grid()->layers() == 2 && view.grid()->heads() == 4; });
    }
    std::vector<float> weights() const {
        std::vector<float> all;
        AttentionGridView* g = view.grid();
        for (int l = 0; l < g->layers(); ++l)
            for (int h = 0; h < g->heads(); ++h)
                for (int q = 0; q < g->length(); ++q)
                    for (int k = 0; k < g->length(); ++k) all.push_back(g->weight(l, h, q, k));
        return all;
    }
    void type(const QString& text) {
        view.sequenceInput()->lineEdit()->setText(text);
        QTest::mouseClick(view.sequenceInput()->predictButton(), Qt::LeftButton);
    }
};

void moveMouse(QWidget* widget, QPointF position) {
    QMouseEvent move(QEvent::MouseMove, position, widget->mapToGlobal(position), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(widget, &move);
}

}  // namespace

TEST(AttentionView, OpensOnReverseHeadsAtStepZeroWithAMapPerHead) {
    ShownView shown(true);
    EXPECT_EQ(shown.view.controls()->presetName(), "reverse-heads");
    EXPECT_EQ(shown.view.currentStep(), 0);
    EXPECT_EQ(shown.view.playButton()->text(), "Play");
    SequenceTrainingConfig preset;
    findSequencePreset("reverse-heads")->apply(preset);
    AttentionGridView* grid = shown.view.grid();
    EXPECT_EQ(grid->layers(), preset.model.layers);
    EXPECT_EQ(grid->heads(), preset.model.heads);
    EXPECT_EQ(grid->length(), 8);
    EXPECT_EQ(shown.view.probeBox()->count(), 8);
    EXPECT_TRUE(grid->labelsShown());
    const QRect map = grid->mapRect(preset.model.layers - 1, preset.model.heads - 1);
    EXPECT_FALSE(map.isEmpty());
    EXPECT_EQ(map.width(), map.height()) << "maps are square";
    EXPECT_TRUE(shown.view.probeText().contains("of 8 right"))
        << shown.view.probeText().toStdString();
}

TEST(AttentionView, PlayAdvancesTheStepAndTheMapsChange) {
    ShownView shown;
    const std::vector<float> before = shown.weights();
    QTest::mouseClick(shown.view.playButton(), Qt::LeftButton);
    EXPECT_EQ(shown.view.playButton()->text(), "Pause");
    ASSERT_TRUE(waitFor([&] { return shown.view.currentStep() >= 30; }));
    QTest::mouseClick(shown.view.playButton(), Qt::LeftButton);
    ASSERT_TRUE(waitFor([&] { return !shown.view.controller()->isPlaying(); }));
    EXPECT_EQ(shown.view.playButton()->text(), "Play");
    EXPECT_TRUE(shown.view.statusText().startsWith("Step "))
        << shown.view.statusText().toStdString();
    const std::vector<float> after = shown.weights();
    ASSERT_EQ(after.size(), before.size());
    double change = 0;
    for (size_t i = 0; i < after.size(); ++i) change += std::abs(after[i] - before[i]);
    EXPECT_GT(change, 0.1) << "the maps follow the training";
    EXPECT_GE(shown.view.charts()->lossChart()->curvePoints("train").size(), 2);
}

TEST(AttentionView, StepAdvancesExactlyOneStep) {
    ShownView shown;
    QTest::mouseClick(shown.view.stepButton(), Qt::LeftButton);
    ASSERT_TRUE(waitFor(
        [&] { return shown.view.currentStep() == 1 && !shown.view.controller()->isPlaying(); }));
    QTest::mouseClick(shown.view.stepButton(), Qt::LeftButton);
    ASSERT_TRUE(waitFor(
        [&] { return shown.view.currentStep() == 2 && !shown.view.controller()->isPlaying(); }));
    waitFor([] { return false; }, 100);
    EXPECT_EQ(shown.view.currentStep(), 2);
}

TEST(AttentionView, HoverReadsTheWeightOfTheCellUnderThePointer) {
    ShownView shown;
    ASSERT_TRUE(shown.view.trainAndWait(40, 30000));
    AttentionGridView* grid = shown.view.grid();
    const int layer = 0, head = 1, query = 2, key = 5;
    moveMouse(grid, grid->cellRect(layer, head, query, key).center());
    // The oracle: the frame's own tensors, not the grid's copy.
    const AttentionFrame& frame = shown.view.controller()->latest();
    const AttentionMaps& attention = frame.snapshot->probes.attention;
    const ProbeTokens& tokens = frame.snapshot->probes.tokens;
    const float weight = attention.at(layer, head, 0, query, key);
    const QString queryToken = frame.info->tokenNames[tokens.probe(0)[size_t(query)]];
    const QString keyToken = frame.info->tokenNames[tokens.probe(0)[size_t(key)]];
    const QString expected =
        QString("query %1 (pos 2) → key %2 (pos 5): weight %3 · layer 1, head 2")
            .arg(queryToken, keyToken, QString::number(weight, 'f', 2));
    EXPECT_EQ(shown.view.readoutText().toStdString(), expected.toStdString());
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(grid, &leave);
    EXPECT_EQ(shown.view.readoutText().toStdString(), "Hover a map to read a weight.");
}

TEST(AttentionView, ClickEnlargesAHeadAndClickOrEscapeGoesBack) {
    ShownView shown;
    AttentionGridView* grid = shown.view.grid();
    const QRect small = grid->mapRect(1, 2);
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, small.center());
    ASSERT_TRUE(grid->isEnlarged());
    EXPECT_EQ(grid->enlargedLayer(), 1);
    EXPECT_EQ(grid->enlargedHead(), 2);
    EXPECT_TRUE(grid->mapRect(0, 0).isEmpty()) << "only the enlarged head is drawn";
    EXPECT_GT(grid->mapRect(1, 2).width(), 2 * small.width());
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->mapRect(1, 2).center());
    EXPECT_FALSE(grid->isEnlarged());
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->mapRect(0, 3).center());
    ASSERT_TRUE(grid->isEnlarged());
    QTest::keyClick(grid, Qt::Key_Escape);
    EXPECT_FALSE(grid->isEnlarged());
}

TEST(AttentionView, ATypedSequenceShowsItsPredictionAndMapsUntilCleared) {
    ShownView shown;
    ASSERT_TRUE(shown.view.trainAndWait(20, 30000));
    shown.type("h g f e d c b a");
    SequenceInputPanel* input = shown.view.sequenceInput();
    EXPECT_TRUE(input->messageText().isEmpty()) << input->messageText().toStdString();
    ASSERT_TRUE(waitFor([&] { return !input->predictionText().isEmpty(); }));
    EXPECT_TRUE(input->predictionText().startsWith("Prediction: h→"))
        << input->predictionText().toStdString();
    EXPECT_EQ(shown.view.grid()->tokens(), QString("h g f e d c b a").split(' '));
    EXPECT_EQ(shown.view.grid()->caption(), "Your sequence");
    QTest::mouseClick(input->clearButton(), Qt::LeftButton);
    ASSERT_TRUE(waitFor([&] { return shown.view.grid()->caption() == "Probe 1"; }));
    EXPECT_TRUE(input->predictionText().isEmpty());
}

TEST(AttentionView, ABadTypedSequenceShowsTheErrorAndLeavesThePreviousState) {
    ShownView shown;
    SequenceInputPanel* input = shown.view.sequenceInput();
    shown.type("a b c d e f g h");
    ASSERT_TRUE(waitFor([&] { return !input->predictionText().isEmpty(); }));
    const QString prediction = input->predictionText();
    const QStringList tokens = shown.view.grid()->tokens();

    shown.type("a b zz d e f g h");
    EXPECT_TRUE(input->messageText().contains("\"zz\"")) << input->messageText().toStdString();
    EXPECT_TRUE(input->messageText().contains("a b c d e f g h")) << "lists the vocabulary";
    waitFor([] { return false; }, 100);
    EXPECT_EQ(input->predictionText(), prediction);
    EXPECT_EQ(shown.view.grid()->tokens(), tokens);
    EXPECT_EQ(shown.view.grid()->caption(), "Your sequence");

    shown.type("a b c");
    EXPECT_TRUE(input->messageText().contains("exactly 8 tokens"))
        << input->messageText().toStdString();
    EXPECT_TRUE(input->messageText().contains("you typed 3"));
    EXPECT_EQ(shown.view.grid()->tokens(), tokens);
}

TEST(AttentionView, SpacesTypedInTheSequenceDoNotStartTraining) {
    ShownView shown;
    QLineEdit* line = shown.view.sequenceInput()->lineEdit();
    line->setFocus();
    QTest::keyClicks(line, "a b");
    EXPECT_EQ(line->text(), "a b");
    EXPECT_FALSE(shown.view.controller()->isPlaying()) << "Space toggles Play elsewhere only";
}

TEST(AttentionView, SettingsThatNeedANewModelAskBeforeDiscardingATrainedRun) {
    ShownView shown;
    ASSERT_TRUE(shown.view.trainAndWait(5, 30000));
    auto* layers = shown.view.controls()->findChild<QSpinBox*>("layers");
    ASSERT_NE(layers, nullptr);
    shown.discard = false;
    layers->setValue(3);
    ASSERT_TRUE(waitFor([&] { return shown.questions == 1; }));
    EXPECT_EQ(layers->value(), 2) << "kept run: the fields go back";
    waitFor([] { return false; }, 150);
    EXPECT_EQ(shown.view.currentStep(), 5);
    EXPECT_EQ(shown.view.grid()->layers(), 2);

    shown.discard = true;
    layers->setValue(3);
    ASSERT_TRUE(waitFor([&] { return shown.questions == 2; }));
    ASSERT_TRUE(waitFor([&] { return shown.view.grid()->layers() == 3; }));
    EXPECT_EQ(shown.view.currentStep(), 0);
    // At step 0 nothing is lost: no question.
    layers->setValue(1);
    ASSERT_TRUE(waitFor([&] { return shown.view.grid()->layers() == 1; }));
    EXPECT_EQ(shown.questions, 2);
}

TEST(AttentionView, TheLearningRateChangesWithoutANewModel) {
    ShownView shown;
    ASSERT_TRUE(shown.view.trainAndWait(5, 30000));
    auto* rate = shown.view.controls()->findChild<QDoubleSpinBox*>("learningRate");
    rate->setValue(0.002);
    waitFor([] { return false; }, 150);
    EXPECT_EQ(shown.questions, 0);
    EXPECT_EQ(shown.view.currentStep(), 5);
}

TEST(AttentionView, HeadsThatDoNotSplitDModelGiveAMessage) {
    ShownView shown;
    shown.view.controls()->findChild<QSpinBox*>("heads")->setValue(3);
    ASSERT_TRUE(waitFor([&] { return !shown.view.messageText().isEmpty(); }));
    EXPECT_TRUE(shown.view.messageText().contains("3 heads"))
        << shown.view.messageText().toStdString();
}

TEST(AttentionView, ADivergedRunSaysSoAndStops) {
    ShownView shown;
    SequenceTrainingConfig config;  // six Post-LN blocks on sort with SGD at rate 1: NaN soon
    config.task = "sort";
    config.model.layers = 6;
    config.model.heads = 4;
    config.model.dModel = 64;
    config.model.norm = NormPlacement::Post;
    config.optimizer.kind = OptimizerKind::Sgd;
    config.optimizer.learningRate = 1.0;
    config.testSequences = 64;
    shown.view.controls()->setConfig(config);
    shown.view.reset();
    ASSERT_TRUE(waitFor([&] { return shown.view.grid()->layers() == 6; }))
        << shown.view.messageText().toStdString();
    shown.view.play();
    ASSERT_TRUE(waitFor([&] { return shown.view.diverged(); }, 60000));
    ASSERT_TRUE(waitFor([&] { return !shown.view.controller()->isPlaying(); }));
    const int at = shown.view.controller()->latest().snapshot->divergedAtStep;
    EXPECT_TRUE(shown.view.messageText().startsWith(QString("Diverged at step %1").arg(at)))
        << shown.view.messageText().toStdString();
    EXPECT_FALSE(shown.view.playButton()->isEnabled());
    EXPECT_FALSE(shown.view.stepButton()->isEnabled());
    for (CurveChart* chart :
         {shown.view.charts()->lossChart(), shown.view.charts()->gradientChart()})
        for (const QString& key : chart->curveKeys())
            for (const QPointF& point : chart->curvePoints(key))
                EXPECT_TRUE(std::isfinite(point.y())) << key.toStdString();
}

TEST(AttentionCharts, NonFinitePointsNeverReachAChart) {
    AttentionCharts charts;
    SequenceSnapshot run;
    run.layers = 1;
    run.heads = 2;
    run.history = {{0, 2.0, 2.0, 0.1, 0.0, {1.0, 1.5}, {0.5}},
                   {10, NAN, INFINITY, 0.2, 0.1, {NAN, 1.2}, {NAN}},
                   {20, 1.0, 1.1, 0.3, 0.2, {0.8, 1.1}, {0.25}}};
    // The train curve is the per-step series (issue 25): a non-finite bucket is left out too.
    run.trainLossSteps = {
        {1, 1, 1, 2.0, 2.0, 2.0}, {2, 2, 1, NAN, NAN, NAN}, {3, 3, 1, 1.0, 1.0, 1.0}};
    charts.setRun(run);
    EXPECT_EQ(charts.lossChart()->curvePoints("train").size(), 2);
    EXPECT_EQ(charts.lossChart()->curvePoints("test").size(), 2);
    EXPECT_EQ(charts.entropyChart()->curvePoints("L0H0").size(), 2);
    EXPECT_EQ(charts.entropyChart()->curvePoints("L0H1").size(), 3);
    EXPECT_EQ(charts.gradientChart()->curvePoints("L0").size(), 2);
    EXPECT_EQ(charts.accuracyChart()->curvePoints("sequence").size(), 3);
}

TEST(AttentionView, TheGridExportsAsPngSvgAndCsv) {
    ShownView shown;
    QTemporaryDir dir;
    QString error;
    AttentionGridView* grid = shown.view.grid();
    ASSERT_TRUE(grid->exportPng(dir.filePath("maps.png"), &error)) << error.toStdString();
    // At PanelExport's density (2 × the UI scale): issue 9, exports at the presentation scale.
    EXPECT_EQ(QImage(dir.filePath("maps.png")).size(), grid->size() * 2);
    grid->enlarge(0, 1);
    ASSERT_TRUE(grid->exportPng(dir.filePath("head.png"), &error));
    EXPECT_FALSE(QImage(dir.filePath("head.png")).isNull());
    ASSERT_TRUE(grid->exportSvg(dir.filePath("maps.svg"), &error)) << error.toStdString();
    ASSERT_TRUE(grid->exportCsv(dir.filePath("maps.csv"), &error)) << error.toStdString();
    QFile csv(dir.filePath("maps.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), 1 + 2 * 4 * 8 * 8);
    EXPECT_EQ(lines.first(), "layer,head,query,query_token,key,key_token,weight");
}
