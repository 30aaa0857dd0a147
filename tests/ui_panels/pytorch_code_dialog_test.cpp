// PytorchCodeDialog ("Show PyTorch code…"): the script read-only in the fixed font, regenerated
// for the steps asked, copied and saved as it is shown; a refused configuration says why.
#include "ui/common/pytorch_code_dialog.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <functional>

#include "export/pytorch_script.h"

using actlab::ui::PytorchCodeDialog;

namespace {

PytorchCodeDialog::Generator stepsScript() {
    return [](int steps, std::string*) {
        return std::optional<std::string>("STEPS = " + std::to_string(steps) + "\n");
    };
}

}  // namespace

TEST(PytorchCodeDialog, ShowsTheScriptReadOnlyInTheFixedFont) {
    PytorchCodeDialog dialog(stepsScript(), 250, QStringLiteral("run.py"));
    EXPECT_EQ(dialog.script(), QStringLiteral("STEPS = 250\n"));
    EXPECT_TRUE(dialog.text()->isReadOnly());
    EXPECT_EQ(dialog.text()->font().family(),
              QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    EXPECT_FALSE(dialog.findChild<QLabel*>(QStringLiteral("pytorchProblem"))->isVisibleTo(&dialog));
}

TEST(PytorchCodeDialog, ARunThatHasNotTrainedGetsAThousandSteps) {
    PytorchCodeDialog dialog(stepsScript(), 0, QStringLiteral("run.py"));
    EXPECT_EQ(dialog.stepsBox()->value(), 1000);
    EXPECT_EQ(dialog.script(), QStringLiteral("STEPS = 1000\n"));
}

TEST(PytorchCodeDialog, OtherStepsGiveTheirScript) {
    PytorchCodeDialog dialog(stepsScript(), 250, QStringLiteral("run.py"));
    dialog.stepsBox()->setValue(7);
    EXPECT_EQ(dialog.script(), QStringLiteral("STEPS = 7\n"));
}

TEST(PytorchCodeDialog, CopyAndSaveGiveTheScriptAsShown) {
    PytorchCodeDialog dialog(stepsScript(), 42, QStringLiteral("run.py"));
    dialog.findChild<QPushButton*>(QStringLiteral("pytorchCopy"))->click();
    EXPECT_EQ(QApplication::clipboard()->text(), dialog.script());
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("run.py"));
    QString error;
    ASSERT_TRUE(dialog.saveTo(path, &error)) << error.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(file.readAll()), dialog.script());
    EXPECT_FALSE(dialog.saveTo(folder.filePath(QStringLiteral("no/such/folder/run.py")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("no/such/folder"))) << error.toStdString();
}

TEST(PytorchCodeDialog, ARefusedConfigurationSaysWhy) {
    PytorchCodeDialog dialog(
        [](int, std::string* error) -> std::optional<std::string> {
            *error = "unknown task 'circles'";
            return std::nullopt;
        },
        10, QStringLiteral("run.py"));
    EXPECT_TRUE(dialog.script().isEmpty());
    const QLabel* problem = dialog.findChild<QLabel*>(QStringLiteral("pytorchProblem"));
    EXPECT_TRUE(problem->isVisibleTo(&dialog));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("unknown task 'circles'")));
}

// The views' generators: the Training and Attention labs' default runs as real scripts.
TEST(PytorchCodeDialog, TheLabsRunsAreScripts) {
    const actlab::TrainingConfig training;
    PytorchCodeDialog mlp(
        [training](int n, std::string* e) { return actlab::pytorchScript(training, n, e); }, 5,
        QStringLiteral("run.py"));
    EXPECT_TRUE(mlp.script().startsWith(QStringLiteral("#!/usr/bin/env python3\n")));
    EXPECT_TRUE(mlp.script().contains(QStringLiteral("STEPS = 5  #")));
    EXPECT_TRUE(mlp.script().contains(QStringLiteral("class Mlp(nn.Module)")));
    const actlab::SequenceTrainingConfig sequence;
    PytorchCodeDialog transformer(
        [sequence](int n, std::string* e) { return actlab::pytorchScript(sequence, n, 50, e); }, 5,
        QStringLiteral("run.py"));
    EXPECT_TRUE(transformer.script().contains(QStringLiteral("class Transformer(nn.Module)")));
}

namespace {

// What the modal dialog that `open` shows holds: its script, or its problem text.
QString shownByDialog(const std::function<void()>& open) {
    QString shown;
    QTimer::singleShot(0, [&shown] {
        auto* dialog = qobject_cast<PytorchCodeDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        shown = dialog->script().isEmpty()
                    ? dialog->findChild<QLabel*>(QStringLiteral("pytorchProblem"))->text()
                    : dialog->script();
        dialog->reject();
    });
    open();
    return shown;
}

}  // namespace

// What the views call: run A's script, or, for settings that build no run, their problem.
TEST(PytorchCodeDialog, ShowPytorchCodeOpensRunAsScriptOrSaysWhyNot) {
    const QString mlp = shownByDialog(
        [] { actlab::ui::showPytorchCode(nullptr, {actlab::TrainingConfig{}}, QString(), 3); });
    EXPECT_TRUE(mlp.contains(QStringLiteral("STEPS = 3  #"))) << mlp.toStdString();
    const QString refused = shownByDialog([] {
        actlab::ui::showPytorchCode(nullptr, std::vector<actlab::TrainingConfig>{},
                                    QStringLiteral("Hidden layers: 0 units"), 3);
    });
    EXPECT_TRUE(refused.contains(QStringLiteral("Hidden layers: 0 units")))
        << refused.toStdString();
    const QString transformer = shownByDialog([] {
        actlab::ui::showPytorchCode(nullptr, actlab::SequenceTrainingConfig{}, QString(), 0);
    });
    EXPECT_TRUE(transformer.contains(QStringLiteral("STEPS = 1000  #")));
}
