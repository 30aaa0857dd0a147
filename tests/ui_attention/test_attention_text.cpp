// The text task in the Attention view (issue 27), offscreen: a built-in text chosen in the
// controls trains with its loss in bits per character beside the unigram and bigram lines; a bad
// file is refused with a message and the run left as it was; the view's state keeps the text;
// generation is the same twice with one seed, and a higher temperature flattens the bars.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonObject>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <numbers>

#include "attention_test_view.h"
#include "datasets/builtin_texts.h"
#include "ui/attention/attention_charts.h"
#include "ui/attention/generation_panel.h"
#include "ui/attention/head_scores_panel.h"
#include "ui/attention/text_source_panel.h"
#include "ui/charts/curve_chart.h"

using namespace actlab;
using namespace actlab::ui;
using actlab::test::AttentionTestView;
using actlab::test::waitUntil;

namespace {

// A small text model: one layer of two heads, T = 16, on English poems.
SequenceTrainingConfig smallText(const char* name = "english-poems") {
    SequenceTrainingConfig config;
    config.task = "text";
    config.taskOptions = {16, 0};
    config.model.layers = 1;
    config.model.heads = 2;
    config.model.dModel = 32;
    config.model.causal = true;
    config.batch = 16;
    config.text = std::make_shared<const std::string>(findBuiltInText(name)->text);
    return config;
}

bool textRunShown(AttentionTestView& shown) {
    const AttentionFrame& frame = shown.view.controller()->latest();
    return frame.info && frame.info->corpus && shown.view.currentStep() == 0;
}

}  // namespace

TEST(AttentionText, BuiltInTextTrainsWithBitsPerCharacterAndBaselines) {
    AttentionTestView shown;
    ASSERT_TRUE(shown.choose("task", QStringLiteral("text")));
    TextSourcePanel* source = shown.view.controls()->textSource();
    EXPECT_TRUE(source->isVisibleTo(shown.view.controls()));
    ASSERT_TRUE(source->chooseBuiltIn(QStringLiteral("tang-poems")));
    EXPECT_TRUE(source->statusText().contains(QStringLiteral("vocabulary")))
        << source->statusText().toStdString();
    ASSERT_TRUE(waitUntil([&] { return textRunShown(shown); }));
    EXPECT_EQ(*shown.view.controller()->latest().info->config.text,
              std::string(findBuiltInText("tang-poems")->text));
    shown.view.controls()->setConfig(smallText());
    shown.view.reset();
    ASSERT_TRUE(waitUntil([&] { return textRunShown(shown); }));
    ASSERT_TRUE(shown.view.trainAndWait(60, 60000));
    CurveChart* loss = shown.view.charts()->lossChart();
    const QStringList keys = loss->curveKeys();
    for (const char* key : {"test", "unigram", "bigram"})
        EXPECT_TRUE(keys.contains(QString::fromLatin1(key))) << key;
    EXPECT_TRUE(std::any_of(keys.begin(), keys.end(),
                            [](const QString& k) { return k.startsWith(QLatin1String("train")); }));
    const TextCorpus& corpus = *shown.view.controller()->latest().info->corpus;
    const QList<QPointF> unigram = loss->curvePoints(QStringLiteral("unigram"));
    ASSERT_EQ(unigram.size(), 2);
    EXPECT_DOUBLE_EQ(unigram[0].y(), corpus.unigramBitsPerCharacter());
    EXPECT_DOUBLE_EQ(unigram[1].y(), corpus.unigramBitsPerCharacter());
    EXPECT_DOUBLE_EQ(loss->curvePoints(QStringLiteral("bigram"))[0].y(),
                     corpus.bigramBitsPerCharacter());
    const QList<QPointF> test = loss->curvePoints(QStringLiteral("test"));
    ASSERT_FALSE(test.isEmpty());
    const double bits = shown.view.controller()->latest().snapshot->testLoss / std::numbers::ln2;
    EXPECT_NEAR(test.back().y(), bits, 1e-6) << "the held-out curve is in bits per character";
}

TEST(AttentionText, BadFileShowsAMessageAndLeavesTheRun) {
    AttentionTestView shown(smallText());
    ASSERT_TRUE(waitUntil([&] { return textRunShown(shown); }));
    ASSERT_TRUE(shown.view.trainAndWait(5, 30000));
    const int questionsBefore = shown.questions;
    TextSourcePanel* source = shown.view.controls()->textSource();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("binary.bin"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("abc\0def\xff\xfe", 9));
    file.close();
    EXPECT_FALSE(source->openFile(path));
    EXPECT_FALSE(source->errorText().isEmpty());
    EXPECT_FALSE(source->openFile(dir.filePath(QStringLiteral("missing.txt"))));
    EXPECT_FALSE(source->offerText("hi"));  // shorter than T + 2
    EXPECT_FALSE(source->errorText().isEmpty());
    QTest::qWait(400);  // past the rebuild timer
    EXPECT_EQ(shown.view.currentStep(), 5) << "the run is untouched";
    EXPECT_EQ(shown.questions, questionsBefore) << "nothing asked: nothing changed";
    EXPECT_EQ(*shown.view.controls()->config().text, *smallText().text);
}

TEST(AttentionText, SavedStateKeepsTheText) {
    AttentionTestView shown(smallText("program"));
    const QJsonObject state = shown.view.saveState();
    AttentionTestView other;
    other.view.restoreState(state);
    ASSERT_TRUE(waitUntil([&] { return textRunShown(other); }));
    const auto text = other.view.controls()->config().text;
    ASSERT_TRUE(text);
    EXPECT_EQ(*text, std::string(findBuiltInText("program")->text));
    EXPECT_EQ(other.view.controls()->config().task, "text");
}

TEST(AttentionText, GenerationIsSeededAndTemperatureFlattensTheBars) {
    AttentionTestView shown(smallText());
    ASSERT_TRUE(waitUntil([&] { return textRunShown(shown); }));
    ASSERT_TRUE(shown.view.trainAndWait(40, 60000));
    GenerationPanel* panel = shown.view.generation();
    ASSERT_TRUE(panel->isVisible());
    ASSERT_TRUE(waitUntil([&] { return !panel->barProbabilities().empty(); }));
    panel->setPrompt(QStringLiteral("The "));
    panel->setSeed(7);
    panel->setTemperature(0.8);
    // Generation runs in a thread of its own: the button waits, the event loop goes on.
    const auto generated = [&] {
        auto* button = panel->findChild<QPushButton*>(QStringLiteral("generate"));
        EXPECT_TRUE(panel->generate());
        EXPECT_TRUE(panel->isGenerating());
        EXPECT_FALSE(button->isEnabled()) << "one generation at a time";
        EXPECT_FALSE(panel->generate());
        EXPECT_TRUE(waitUntil([&] { return !panel->isGenerating(); }));
        EXPECT_TRUE(button->isEnabled());
        return panel->output();
    };
    const QString first = generated();
    const QString second = generated();
    EXPECT_TRUE(first.startsWith(QStringLiteral("The "))) << first.toStdString();
    EXPECT_GT(first.size(), 100);
    EXPECT_EQ(first, second);
    panel->setTemperature(0.3);
    const double sharp = panel->barProbabilities().front();
    panel->setTemperature(2.0);
    const double flat = panel->barProbabilities().front();
    EXPECT_GT(sharp, flat) << "a higher temperature flattens the next character's softmax";
    EXPECT_EQ(panel->barLabels().size(), GenerationPanel::kBars);
}

TEST(AttentionText, MapsNameTheCharactersWithVisibleSpaces) {
    AttentionTestView shown(smallText());
    ASSERT_TRUE(waitUntil([&] { return textRunShown(shown) && shown.view.grid()->length() > 0; }));
    const QStringList tokens = shown.view.grid()->tokens();
    EXPECT_EQ(tokens.size(), 16);
    for (const QString& token : tokens) {
        EXPECT_FALSE(token.isEmpty());
        EXPECT_NE(token, QStringLiteral(" ")) << "spaces are drawn as ␣";
        EXPECT_NE(token, QStringLiteral("\n")) << "newlines are drawn as ↵";
    }
}

TEST(AttentionText, HeadsCarryMeasuredLabelsOnTheMapsAndInTheTable) {
    AttentionTestView shown;  // the reverse task: the scores work on every task
    ASSERT_TRUE(shown.view.trainAndWait(20, 60000));
    HeadScoresPanel* panel = shown.view.headScores();
    ASSERT_TRUE(waitUntil([&] { return panel->scores().has_value(); }));
    panel->measureNow();
    const HeadScores& scores = *panel->scores();
    EXPECT_EQ(scores.layers, 2);
    EXPECT_EQ(scores.heads, 4);
    EXPECT_EQ(panel->table()->rowCount(), 8);
    ASSERT_TRUE(waitUntil([&] { return !shown.view.grid()->headLabel(1, 3).isEmpty(); }));
    EXPECT_EQ(shown.view.grid()->headLabel(0, 2),
              HeadScoresPanel::labelText(scores.at(0, 2).label));
    EXPECT_EQ(panel->table()->item(5, 7)->text(),
              HeadScoresPanel::labelText(scores.at(1, 1).label));
    EXPECT_TRUE(panel->table()->isColumnHidden(0)) << "the Run column is for compare mode";
}

// Compare mode: run B's heads are measured on B's own weights (here a Q/K/V activation that
// changes them), listed under A's with the Run column shown, and labelled on B's maps.
TEST(AttentionText, RunBsHeadsAreMeasuredOnItsOwnWeightsAndLabelledOnItsMaps) {
    AttentionTestView shown;
    shown.view.setCompare(true);
    shown.view.controls()->setEditedRun(1);
    ASSERT_TRUE(shown.choose("qkvActivation", int(ActivationId::Relu)));
    ASSERT_TRUE(shown.view.trainAndWait(20, 60000));
    HeadScoresPanel* panel = shown.view.headScores();
    ASSERT_TRUE(waitUntil([&] { return panel->scores(0) && panel->scores(1); }));
    panel->measureNow();
    const HeadScores& a = *panel->scores(0);
    const HeadScores& b = *panel->scores(1);
    ASSERT_EQ(b.score.size(), a.score.size());
    bool differ = false;
    for (size_t i = 0; i < a.score.size(); ++i)
        differ = differ || a.score[i].previousToken != b.score[i].previousToken;
    EXPECT_TRUE(differ) << "B's scores are measured on B's weights, not a copy of A's";
    EXPECT_EQ(panel->table()->rowCount(), 16);
    EXPECT_FALSE(panel->table()->isColumnHidden(0));
    EXPECT_EQ(panel->table()->item(8, 0)->text(), QStringLiteral("B"));
    EXPECT_EQ(panel->table()->item(9, 7)->text(), HeadScoresPanel::labelText(b.at(0, 1).label));
    ASSERT_TRUE(waitUntil([&] { return !shown.view.gridB()->headLabel(1, 3).isEmpty(); }));
    EXPECT_EQ(shown.view.gridB()->headLabel(1, 2), HeadScoresPanel::labelText(b.at(1, 2).label));
    shown.view.setCompare(false);
    EXPECT_EQ(panel->table()->rowCount(), 8);
    EXPECT_TRUE(panel->table()->isColumnHidden(0));
}
