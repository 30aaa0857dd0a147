// Nothing the user made is lost in the Training view (issue 7): a click on the plane never
// replaces the trained run or the data set outside Draw points mode; settings that need a new
// model ask before discarding a trained run and, when refused, put the fields (and points) back;
// the wheel over the settings scrolls them instead of changing a spin box or combo box that has
// no focus. Real input: QTest clicks and wheel events through QApplication.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QWheelEvent>
#include <functional>

#include "../ui/gui_test_support.h"
#include "ui/common/wheel_guard.h"
#include "ui/heatmap/heatmap_view.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/run_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_controls.h"
#include "ui/training/training_view.h"

using namespace actlab::ui;

namespace {

bool waitFor(const std::function<bool()>& done, int milliseconds = 15000) {
    return actlab::test::waitFor(done, milliseconds);
}

// A Training view trained `steps` steps, whose "discard the trained run?" question is answered
// by `discard` and counted.
struct TrainedView {
    TrainingView view;
    int questions = 0;
    bool discard = false;
    explicit TrainedView(int steps) {
        view.setDiscardQuestion([this](int) {
            ++questions;
            return discard;
        });
        view.resize(1400, 900);
        view.show();
        waitFor([this] { return view.framesDrawn() > 0; });
        view.trainAndWait(steps, 20000);
    }
    void clickPlane(double x1, double x2) {
        DecisionSurfaceView* surface = view.runPanel(0)->surfaceView();
        const QPoint at =
            surface->heatmap()->mapFrom(surface, surface->positionOf(x1, x2)).toPoint();
        QTest::mouseClick(surface->heatmap(), Qt::LeftButton, Qt::NoModifier, at);
        QTest::qWait(150);  // past the rebuild timer (60 ms)
    }
};

// A wheel notch (one step of 120) at the centre of `widget`; returns whether the widget
// accepted it (QApplication offers an ignored mouse wheel event to the parent next).
bool wheelOver(QWidget* widget, int notches) {
    const QPointF at = QPointF(widget->rect().center());
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
    return event.isAccepted();
}

}  // namespace

TEST(TrainingNoLostWork, AClickOnTheTrainedPlaneChangesNothing) {
    TrainedView trained(40);
    ASSERT_EQ(trained.view.currentStep(), 40);
    const QString task = trained.view.controls()->findChild<QComboBox*>("task")->currentText();
    trained.clickPlane(1.0, 1.0);
    trained.clickPlane(-2.0, 3.0);
    EXPECT_EQ(trained.view.currentStep(), 40);
    EXPECT_EQ(trained.view.controls()->userPoints().size(), 0u);
    EXPECT_EQ(trained.view.controls()->findChild<QComboBox*>("task")->currentText(), task);
    EXPECT_EQ(trained.questions, 0);
}

TEST(TrainingNoLostWork, DrawingOnATrainedRunAsksAndARefusalKeepsRunAndPoints) {
    TrainedView trained(40);
    trained.view.controls()->setDrawingPoints(true);
    trained.clickPlane(1.0, 1.0);
    EXPECT_EQ(trained.questions, 1);
    EXPECT_EQ(trained.view.currentStep(), 40) << "refused: the trained run stays";
    EXPECT_EQ(trained.view.controls()->userPoints().size(), 0u) << "and the point is not added";
    EXPECT_NE(trained.view.controls()->findChild<QComboBox*>("task")->currentData().toString(),
              "user");

    trained.discard = true;
    trained.clickPlane(1.0, 1.0);
    EXPECT_EQ(trained.questions, 2);
    EXPECT_EQ(trained.view.controls()->userPoints().size(), 1u);
    EXPECT_EQ(trained.view.currentStep(), 0);
    trained.clickPlane(-1.0, 1.0);  // nothing trained since: no question
    EXPECT_EQ(trained.questions, 2);
    EXPECT_EQ(trained.view.controls()->userPoints().size(), 2u);
}

TEST(TrainingNoLostWork, ANewModelSettingAsksAndARefusalPutsTheFieldBack) {
    TrainedView trained(30);
    auto* noise = trained.view.controls()->findChild<QDoubleSpinBox*>("noise");
    ASSERT_TRUE(noise);
    const double before = noise->value();
    noise->setValue(before + 0.2);
    QTest::qWait(150);
    EXPECT_EQ(trained.questions, 1);
    EXPECT_DOUBLE_EQ(noise->value(), before);
    EXPECT_EQ(trained.view.currentStep(), 30);
    ASSERT_TRUE(trained.view.trainAndWait(10, 20000)) << "the kept run trains on";
    EXPECT_EQ(trained.view.currentStep(), 40);

    trained.discard = true;
    noise->setValue(before + 0.2);
    QTest::qWait(150);
    EXPECT_EQ(trained.questions, 2);
    EXPECT_DOUBLE_EQ(noise->value(), before + 0.2);
    EXPECT_TRUE(waitFor([&] { return trained.view.currentStep() == 0; }));
}

TEST(TrainingNoLostWork, TheLearningRateChangesLiveWithoutAQuestion) {
    TrainedView trained(30);
    auto* rate = trained.view.controls()->findChild<QDoubleSpinBox*>("learningRate");
    ASSERT_TRUE(rate);
    rate->setValue(rate->value() / 2);
    QTest::qWait(150);
    EXPECT_EQ(trained.questions, 0);
    EXPECT_EQ(trained.view.currentStep(), 30);
}

TEST(TrainingNoLostWork, TheWheelGoesPastSpinAndComboBoxesWithoutFocus) {
    WheelGuard::install();
    QWidget form;
    auto* layout = new QFormLayout(&form);
    auto* button = new QPushButton("first");  // takes the focus when the form is shown
    auto* spin = new QSpinBox;
    spin->setRange(0, 100);
    spin->setValue(50);
    auto* combo = new QComboBox;
    combo->addItems({"a", "b", "c"});
    combo->setCurrentIndex(1);
    layout->addRow("button", button);
    layout->addRow("spin", spin);
    layout->addRow("combo", combo);
    form.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&form));
    form.activateWindow();
    button->setFocus();
    ASSERT_TRUE(waitFor([&] { return button->hasFocus(); }, 2000));

    EXPECT_EQ(spin->focusPolicy(), Qt::StrongFocus) << "the wheel must not focus it";
    EXPECT_EQ(combo->focusPolicy(), Qt::StrongFocus);
    EXPECT_FALSE(wheelOver(spin, -3)) << "ignored: the scroll area behind gets it";
    EXPECT_FALSE(wheelOver(combo, -3));
    EXPECT_EQ(spin->value(), 50);
    EXPECT_EQ(combo->currentIndex(), 1);
    EXPECT_FALSE(spin->hasFocus());

    spin->setFocus();
    ASSERT_TRUE(waitFor([&] { return spin->hasFocus(); }, 2000));
    wheelOver(spin, 2);
    EXPECT_EQ(spin->value(), 52) << "a focused spin box takes the wheel";
}

TEST(TrainingNoLostWork, ARefusedImportKeepsTheEarlierPointsAndSaysWhy) {
    TrainingControls controls;
    controls.addUserPoint(1, 1, false);
    controls.addUserPoint(-1, -1, true);
    ASSERT_EQ(controls.userPoints().size(), 2u);
    const actlab::LabelledPoints before = controls.userPoints();
    for (const auto& [csv, why] : {std::pair{"1,2,1\n3,4,1\n", "two classes"},
                                   std::pair{"1,2,0\n3,1e7,1\n", "larger than 1e6"},
                                   std::pair{"x1,x2,label\n", "no data rows"}}) {
        QString error;
        EXPECT_FALSE(controls.importUserPoints(QString::fromUtf8(csv), &error)) << csv;
        EXPECT_TRUE(error.contains(QString::fromUtf8(why))) << error.toStdString();
        EXPECT_EQ(controls.userPoints().inputs, before.inputs);
        EXPECT_EQ(controls.userPoints().targets, before.targets);
    }
}

// A malformed "Hidden layers" text keeps the run and its pictures and holds Play (saying why)
// instead of blanking the plots while Play still trained the old model.
TEST(TrainingNoLostWork, MalformedHiddenLayersKeepTheRunAndHoldPlay) {
    TrainedView trained(30);
    auto* hidden = trained.view.controls()->findChild<QLineEdit*>("hidden");
    ASSERT_TRUE(hidden);
    const QString good = hidden->text();
    hidden->setFocus();
    hidden->selectAll();
    QTest::keyClicks(hidden, "32,,x");
    QTest::keyClick(hidden, Qt::Key_Return);
    QTest::qWait(150);
    EXPECT_EQ(trained.questions, 0);
    EXPECT_EQ(trained.view.currentStep(), 30);
    EXPECT_FALSE(trained.view.playButton()->isEnabled());
    EXPECT_FALSE(trained.view.stepButton()->isEnabled());
    EXPECT_TRUE(trained.view.messageText().contains("Hidden layers"))
        << trained.view.messageText().toStdString();
    EXPECT_GT(trained.view.runPanel(0)->surfaceView()->heatmap()->columns(), 0)
        << "the pictures are kept";
    trained.view.play();  // Space or a script: refused as well
    QTest::qWait(100);
    EXPECT_EQ(trained.view.currentStep(), 30);

    hidden->selectAll();
    QTest::keyClicks(hidden, good);
    QTest::keyClick(hidden, Qt::Key_Return);
    QTest::qWait(150);
    EXPECT_TRUE(trained.view.playButton()->isEnabled());
    EXPECT_TRUE(trained.view.messageText().isEmpty()) << trained.view.messageText().toStdString();
    EXPECT_EQ(trained.questions, 0) << "the fields are those of the run again: nothing to discard";
    EXPECT_EQ(trained.view.currentStep(), 30);
}

// A divergence on points far outside the plane says that the data is the cause (and how to fix
// it), not only "lower the learning rate".
TEST(TrainingNoLostWork, ADivergenceOnFarAwayPointsNamesTheData) {
    TrainedView shown(0);
    QString csv;
    for (int i = 0; i < 20; ++i)
        csv += QStringLiteral("%1,%2,%3\n").arg(9e5 * (i % 2 ? 1 : -1)).arg(4e5 + i).arg(i % 2);
    QString error;
    ASSERT_TRUE(shown.view.controls()->importUserPoints(csv, &error)) << error.toStdString();
    auto* rate = shown.view.controls()->findChild<QDoubleSpinBox*>("learningRate");
    auto* optimizer = shown.view.controls()->findChild<QComboBox*>("optimizer");
    ASSERT_TRUE(rate && optimizer);
    const int sgd = optimizer->findText(QStringLiteral("sgd"));
    ASSERT_GE(sgd, 0);
    optimizer->setCurrentIndex(sgd);
    emit optimizer->activated(sgd);  // plain SGD: the steps scale with the huge inputs
    rate->setValue(rate->maximum());
    QTest::qWait(150);
    shown.view.trainAndWait(300, 20000);
    ASSERT_TRUE(waitFor([&] { return shown.view.messageText().contains("Diverged"); }))
        << shown.view.messageText().toStdString();
    EXPECT_TRUE(shown.view.messageText().contains("far outside the plane"))
        << shown.view.messageText().toStdString();
    EXPECT_TRUE(shown.view.messageText().contains("9e+05"))
        << shown.view.messageText().toStdString();
}
