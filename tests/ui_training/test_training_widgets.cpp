// The Training view's parts on their own: the neuron grid (dead units of a constructed model,
// revivals, hit testing), the decision surface (points, clicks), the controls (presets,
// compare, user points, CSV errors, state) and the curves.
#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSpinBox>

#include "training/presets.h"
#include "ui/charts/curve_chart.h"
#include "ui/panels/parameter_editor.h"
#include "ui/training/decision_surface_view.h"
#include "ui/training/heatmap_renderer_choice.h"
#include "ui/training/neuron_grid_view.h"
#include "ui/training/training_charts.h"
#include "ui/training/training_controls.h"

using namespace actlab;
using namespace actlab::ui;

namespace {

// A model whose first layer has dead ReLU units by construction: bias init −3 with He weights
// leaves the units whose weights cannot lift z above 0 anywhere on the data dead from step 0.
TrainingSnapshot constructedSnapshot() {
    TrainingConfig c;
    findTrainingPreset("dying-relu")->apply(c);
    c.model.hidden = {16, 12};
    auto trainer = Trainer::create(c, nullptr);
    return trainer->snapshot(true);
}

void click(QWidget* widget, QPointF at, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QMouseEvent press(QEvent::MouseButtonPress, at, widget->mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, modifiers);
    QApplication::sendEvent(widget, &press);
}

}  // namespace

TEST(NeuronGridView, ShowsTheDeadUnitsOfAConstructedModel) {
    const TrainingSnapshot s = constructedSnapshot();
    ASSERT_EQ(s.diagnostics.layers.size(), 2u);
    int deadInModel = 0;
    for (const auto& layer : s.diagnostics.layers)
        for (unsigned char dead : layer.dead) deadInModel += dead;
    ASSERT_GT(deadInModel, 0) << "the construction should kill some units";

    NeuronGridView grid;
    grid.resize(500, 300);
    grid.setDiagnostics(s.diagnostics);
    EXPECT_EQ(grid.deadCount(0) + grid.deadCount(1), deadInModel);
    const QImage image = grid.grab().toImage();
    for (int l = 0; l < 2; ++l) {
        const auto& layer = s.diagnostics.layers[size_t(l)];
        for (int u = 0; u < layer.width; ++u) {
            const QRect cell = grid.cellRect({l, u});
            ASSERT_TRUE(cell.isValid());
            // The middle of the top edge is the cell's fill (the cross runs corner to corner):
            // the dead colour exactly where the unit is dead.
            const QColor fill = image.pixelColor(QPoint(cell.center().x(), cell.top() + 1));
            EXPECT_EQ(fill == NeuronGridView::deadColor(), bool(layer.dead[size_t(u)]))
                << "layer " << l << " unit " << u;
            EXPECT_EQ(grid.isDead({l, u}), bool(layer.dead[size_t(u)]));
        }
    }
}

// The second colouring shows the share of samples with z > 0; the pixels follow it.
TEST(NeuronGridView, TheActiveColouringShowsTheShareWithPositiveZ) {
    ModelDiagnostics d;
    LayerDiagnostics layer;
    layer.name = "hidden 1";
    layer.width = 3;
    layer.passShare = {1.0f, 1.0f, 1.0f};  // leaky units: every one passes gradient
    layer.activeShare = {0.0f, 0.5f, 1.0f};
    layer.dead = {0, 0, 0};
    d.layers = {layer};
    NeuronGridView grid;
    grid.resize(400, 200);
    grid.setDiagnostics(d);
    const auto fillOf = [&](int unit) {
        const QImage image = grid.grab().toImage();
        const QRect cell = grid.cellRect({0, unit});
        return image.pixelColor(QPoint(cell.center().x(), cell.top() + 1));
    };
    EXPECT_EQ(fillOf(0), fillOf(2)) << "passes gradient: all alike";
    grid.setColouring(NeuronGridView::Colouring::Active);
    EXPECT_EQ(grid.cellShare({0, 0}), 0.0f);
    EXPECT_EQ(grid.cellShare({0, 1}), 0.5f);
    EXPECT_NE(fillOf(0), fillOf(2)) << "active: the unit that is off differs";
    EXPECT_NE(fillOf(0), fillOf(1));
}

TEST(NeuronGridView, RevivalsAreCountedAndClicksSelect) {
    ModelDiagnostics before;
    before.layers.resize(1);
    before.layers[0].name = "hidden 1";
    before.layers[0].width = 3;
    before.layers[0].passShare = {0.f, 0.5f, 0.f};
    before.layers[0].dead = {1, 0, 1};
    ModelDiagnostics after = before;
    after.layers[0].passShare = {0.2f, 0.5f, 0.f};
    after.layers[0].dead = {0, 0, 1};
    NeuronGridView grid;
    grid.resize(300, 120);
    grid.setDiagnostics(before);
    grid.setDiagnostics(after);
    EXPECT_EQ(grid.revivedCount(), 1);
    QSignalSpy spy(&grid, &NeuronGridView::neuronClicked);
    click(&grid, grid.cellRect({0, 2}).center());
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(1).toInt(), 2);
    EXPECT_EQ(grid.selected()->unit, 2);
    grid.clear();
    EXPECT_EQ(grid.revivedCount(), 0);
}

TEST(NeuronGridView, WideLayersWrapIntoRows) {
    ModelDiagnostics d;
    d.layers.resize(1);
    d.layers[0].name = "hidden 1";
    d.layers[0].width = 512;
    d.layers[0].passShare.assign(512, 1.f);
    d.layers[0].dead.assign(512, 0);
    NeuronGridView grid;
    grid.resize(400, 400);
    grid.setDiagnostics(d);
    const QRect first = grid.cellRect({0, 0}), last = grid.cellRect({0, 511});
    EXPECT_TRUE(grid.rect().contains(last)) << last.x() << "," << last.y();
    EXPECT_GT(last.top(), first.top());
}

TEST(DecisionSurfaceView, DrawsThePointsAndTurnsClicksIntoPlaneCoordinates) {
    const TrainingSnapshot s = constructedSnapshot();
    auto data = std::make_shared<TrainingData>();
    data->train = LabelledPoints{2, {-3, -3, 3, 3}, {0, 1}};
    data->test = LabelledPoints{2, {0, 4}, {1}};
    DecisionSurfaceView view;
    view.resize(500, 420);
    view.setPoints(data);
    view.setSnapshot(s, 2);
    EXPECT_EQ(view.drawnPointCount(), 3);
    const QImage image = view.renderImage();
    const QColor atClass1 = image.pixelColor(view.positionOf(3, 3).toPoint());
    EXPECT_EQ(atClass1, DecisionSurfaceView::classColor(1, 2));
    // Values drawn: 2p − 1 stays within [−1, 1].
    EXPECT_GE(view.heatmap()->dataMinimum(), -1.0);
    EXPECT_LE(view.heatmap()->dataMaximum(), 1.0);

    QSignalSpy spy(&view, &DecisionSurfaceView::pointRequested);
    const QPointF at = view.heatmap()->mapFrom(&view, view.positionOf(2.0, -1.0));
    click(view.heatmap(), at, Qt::ShiftModifier);
    EXPECT_EQ(spy.count(), 0) << "a click outside Draw points mode asks for no point";
    view.setDrawing(true);
    click(view.heatmap(), at, Qt::ShiftModifier);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_NEAR(spy.at(0).at(0).toDouble(), 2.0, 0.1);
    EXPECT_NEAR(spy.at(0).at(1).toDouble(), -1.0, 0.1);
    EXPECT_TRUE(spy.at(0).at(2).toBool());
}

// Issue 7: the surface is on a fixed scale, whatever the frame holds: P(class 1) from 0 to 1
// (an unsure model stays pale), and for three classes a legend of the classes, not a bar.
TEST(DecisionSurfaceView, UsesAFixedProbabilityScaleAndAClassLegend) {
    TrainingSnapshot s;
    s.probes.surface = {3, std::vector<float>(9, 0.53f), {}};
    DecisionSurfaceView view;
    view.resize(400, 360);
    view.setSnapshot(s, 2);
    EXPECT_EQ(view.heatmap()->scaleLow(), 0.0);
    EXPECT_EQ(view.heatmap()->scaleHigh(), 1.0);
    EXPECT_TRUE(view.heatmap()->categories().isEmpty());
    EXPECT_TRUE(view.heatmap()->equalAspect());
    const QRect plot = view.heatmap()->plotRect();
    EXPECT_NEAR(plot.width(), plot.height(), 1) << "equal units on both axes";

    s.probes.surface.values = {0, 1, 2, 0, 1, 2, 0, 1, 2};
    view.setSnapshot(s, 3);
    EXPECT_EQ(view.heatmap()->scaleLow(), 0.0);
    EXPECT_EQ(view.heatmap()->scaleHigh(), 2.0);
    EXPECT_EQ(view.heatmap()->categories(), (QStringList{"class 0", "class 1", "class 2"}));

    // Confidence as saturation: the class colour where the model is sure (p = 1), white where
    // it guesses (p = 1/3), half-way between at p = 2/3.
    s.probes.surface.confidence = {1, 1, 1, 2 / 3.f, 2 / 3.f, 2 / 3.f, 1 / 3.f, 1 / 3.f, 1 / 3.f};
    view.setSnapshot(s, 3);
    const QImage image = view.heatmap()->renderImage(view.heatmap()->size());
    const QRect field = view.heatmap()->plotRect();
    const auto cellColour = [&](int column, int row) {  // row 0 at the bottom
        return image.pixelColor(field.left() + field.width() * (2 * column + 1) / 6,
                                field.bottom() - field.height() * (2 * row + 1) / 6);
    };
    const QColor class2 = DecisionSurfaceView::classColor(2, 3);
    EXPECT_EQ(cellColour(2, 0), class2);
    EXPECT_EQ(cellColour(2, 2), QColor(Qt::white));
    EXPECT_NEAR(cellColour(2, 1).green(), (255 + class2.green()) / 2.0, 1.5);
}

// Issue 7: every control of the Training settings says what it does; every number box also
// says its range, as it writes its ends. The MLP and GLU rows, the user-point buttons and an
// activation with parameters (leaky ReLU) are all shown in turn.
TEST(TrainingControls, EveryControlHasATooltipAndNumberBoxesTheirRange) {
    TrainingControls controls;
    controls.show();
    QStringList missing;
    const auto check = [&](const QString& when) {
        for (QWidget* widget : controls.findChildren<QWidget*>()) {
            const bool control =
                qobject_cast<QComboBox*>(widget) || qobject_cast<QAbstractSpinBox*>(widget) ||
                qobject_cast<QLineEdit*>(widget) || qobject_cast<QAbstractButton*>(widget);
            if (!control || qobject_cast<QLineEdit*>(widget->parentWidget())) continue;
            if (qobject_cast<QLineEdit*>(widget) &&
                qobject_cast<QAbstractSpinBox*>(widget->parent()))
                continue;  // a spin box's own editor
            const QString tip = widget->toolTip();
            const QString name =
                QStringLiteral("%1 %2 \"%3\" (%4)")
                    .arg(widget->metaObject()->className(), widget->objectName(), tip, when);
            if (tip.isEmpty()) {
                missing << name;
                continue;
            }
            QString low, high;
            if (auto* number = qobject_cast<QDoubleSpinBox*>(widget)) {
                low = QString::number(number->minimum(), 'g', 6);
                high = QString::number(number->maximum(), 'g', 6);
            } else if (auto* count = qobject_cast<QSpinBox*>(widget)) {
                low = QString::number(count->minimum());
                high = QString::number(count->maximum());
            }
            if (!low.isEmpty() && !(tip.contains(low) && tip.contains(high)))
                missing << name + QStringLiteral(": no range %1 to %2").arg(low, high);
        }
    };
    ASSERT_TRUE(controls.applyPreset("dying-relu"));
    check("MLP");
    ASSERT_TRUE(controls.applyPreset("swiglu-spiral"));
    check("GLU");
    auto* task = controls.findChild<QComboBox*>(QStringLiteral("task"));
    ASSERT_NE(task, nullptr);
    task->setCurrentIndex(task->findData(QStringLiteral("user")));
    emit task->activated(task->currentIndex());
    check("your points");
    ASSERT_TRUE(controls.applyPreset("dying-relu"));
    auto* activation = controls.findChild<QComboBox*>(QStringLiteral("activation"));
    activation->setCurrentIndex(activation->findData(int(actlab::ActivationId::LeakyRelu)));
    emit activation->activated(activation->currentIndex());
    check("leaky ReLU");
    missing.removeDuplicates();
    EXPECT_TRUE(missing.isEmpty()) << missing.join(QLatin1Char('\n')).toStdString();
}

// Issue 7: run B has its own activation parameters (B's Leaky ReLU slope), set in the Compare
// box, independent of A's; they reach B's configuration only and survive the saved state.
TEST(TrainingControls, RunBHasItsOwnActivationParameters) {
    TrainingControls controls;
    ASSERT_TRUE(controls.applyPreset("dying-relu"));
    controls.setCompare(true, QStringLiteral("leaky_relu"));
    auto* editor = controls.findChild<ParameterEditor*>(QStringLiteral("parametersB"));
    ASSERT_NE(editor, nullptr) << "B's Leaky ReLU shows its slope";
    QDoubleSpinBox* alpha = editor->spinBox(QStringLiteral("alpha"));
    ASSERT_NE(alpha, nullptr);
    alpha->setValue(0.2);
    std::vector<TrainingConfig> runs = controls.configs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].model.activations.front().id, actlab::ActivationId::Relu);
    EXPECT_EQ(runs[1].model.activations.front().id, actlab::ActivationId::LeakyRelu);
    EXPECT_DOUBLE_EQ(runs[1].model.activations.front().parameters[0], 0.2);

    TrainingControls restored;
    restored.restoreState(controls.saveState());
    runs = restored.configs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_DOUBLE_EQ(runs[1].model.activations.front().parameters[0], 0.2);
    restored.setCompare(false);
    EXPECT_EQ(restored.findChild<ParameterEditor*>(QStringLiteral("parametersB")), nullptr)
        << "no B parameters without a run B";
}

// The preset's documented set-up ("spiral, 3x32 ReLU, bias init -3, Adam"), not the preset's
// own apply(), is the expectation.
TEST(TrainingControls, DyingReluPresetGivesItsDocumentedSetUpAndCompareAddsALeakyReluRun) {
    TrainingControls controls;
    QSignalSpy rebuilds(&controls, &TrainingControls::rebuildRequested);
    ASSERT_TRUE(controls.applyPreset("dying-relu"));
    EXPECT_FALSE(controls.applyPreset("nope"));
    EXPECT_EQ(rebuilds.count(), 1);
    auto configs = controls.configs();
    ASSERT_EQ(configs.size(), 1u);
    EXPECT_EQ(configs[0].task, "spiral");
    EXPECT_EQ(configs[0].model.hidden, (std::vector<int>{32, 32, 32}));
    EXPECT_EQ(configs[0].model.biasInit, -3.0);
    EXPECT_EQ(configs[0].optimizer.kind, OptimizerKind::Adam);
    EXPECT_EQ(configs[0].model.activations[0].id, ActivationId::Relu);

    controls.setCompare(true, "leaky_relu");
    configs = controls.configs();
    ASSERT_EQ(configs.size(), 2u);
    EXPECT_EQ(configs[1].model.activations[0].id, ActivationId::LeakyRelu);
    EXPECT_EQ(configs[1].data.seed, configs[0].data.seed);
    EXPECT_EQ(configs[1].model.seed, configs[0].model.seed);
    EXPECT_EQ(controls.runNames(), (QStringList{"ReLU", "Leaky ReLU"}));
}

TEST(TrainingControls, BadHiddenLayersAreExplainedNotTrained) {
    TrainingControls controls;
    auto* hidden = controls.findChild<QLineEdit*>("hidden");
    ASSERT_TRUE(hidden);
    hidden->setText("32,0,32");
    EXPECT_TRUE(controls.configs().empty());
    EXPECT_FALSE(controls.problem().isEmpty());
    hidden->setText("4,4");
    EXPECT_EQ(controls.configs().at(0).model.hidden, (std::vector<int>{4, 4}));
}

TEST(TrainingControls, UserPointsFromClicksAndCsv) {
    TrainingControls controls;
    controls.addUserPoint(1, 2, false);
    controls.addUserPoint(-1, -2, true);
    EXPECT_EQ(controls.userPoints().size(), 2u);
    EXPECT_EQ(controls.userPoints().targets, (std::vector<double>{0, 1}));
    auto configs = controls.configs();
    EXPECT_EQ(configs.at(0).task, "user");
    ASSERT_TRUE(configs.at(0).userPoints);
    EXPECT_EQ(configs.at(0).userPoints->size(), 2u);

    QString error;
    EXPECT_FALSE(controls.importUserPoints("x1,x2,label\n1,2,0\n3,oops,1\n", &error));
    EXPECT_TRUE(error.contains("line 3")) << error.toStdString();
    EXPECT_EQ(controls.userPoints().size(), 2u);  // unchanged by a failed import
    EXPECT_FALSE(controls.importUserPoints("1,2,0\n3,4,7\n", &error));
    EXPECT_TRUE(error.contains("0, 1 or 2")) << error.toStdString();
    ASSERT_TRUE(controls.importUserPoints("x1,x2,label\n1,2,0\n3,4,1\n5,6,2\n0,0,1\n", &error));
    EXPECT_EQ(controls.userPoints().size(), 4u);
    EXPECT_EQ(controls.userClasses(), 3);
    controls.clearUserPoints();
    EXPECT_EQ(controls.userPoints().size(), 0u);
}

TEST(TrainingControls, StateRoundTrips) {
    TrainingControls controls;
    controls.applyPreset("spiral-gelu");
    controls.setCompare(true, "silu");
    controls.addUserPoint(1, 1, false);
    controls.setSeed(7);
    TrainingControls other;
    other.restoreState(controls.saveState());
    EXPECT_EQ(other.saveState(), controls.saveState());
    EXPECT_EQ(other.configs().size(), 2u);
    EXPECT_EQ(other.configs().at(0).data.seed, 7u);
}

// The state keeps the configuration in core's JSON form ("config"): fields without a control
// (the input features, the optimizer's betas) survive a save and restore too.
TEST(TrainingControls, ANonDefaultConfigurationRoundTripsThroughTheState) {
    TrainingControls controls;
    QJsonObject state = controls.saveState();
    ASSERT_TRUE(state["config"].isObject());
    QJsonObject config = state["config"].toObject();
    config["task"] = "xor";
    config["l2"] = 0.005;
    QJsonObject optimizer = config["optimizer"].toObject();
    optimizer["kind"] = "momentum";
    optimizer["lr"] = 0.05;
    optimizer["beta2"] = 0.95;
    config["optimizer"] = optimizer;
    QJsonObject data = config["data"].toObject();
    data["noise"] = 0.3;
    data["features"] = QJsonArray{"x1", "x2", "x1*x2"};
    config["data"] = data;
    state["config"] = config;
    state["preset"] = "";
    state["hidden"] = "16,8";
    TrainingControls other;
    other.restoreState(state);
    ASSERT_EQ(other.configs().size(), 1u);
    const TrainingConfig c = other.configs().front();
    EXPECT_EQ(c.task, "xor");
    EXPECT_EQ(c.l2, 0.005);
    EXPECT_EQ(c.optimizer.kind, OptimizerKind::Momentum);
    EXPECT_EQ(c.optimizer.learningRate, 0.05);
    EXPECT_EQ(c.optimizer.beta2, 0.95);
    EXPECT_EQ(c.data.noise, 0.3);
    EXPECT_EQ(c.data.features.size(), 3u);
    EXPECT_EQ(c.model.hidden, (std::vector<int>{16, 8}));
    TrainingControls third;
    third.restoreState(other.saveState());
    EXPECT_EQ(third.saveState(), other.saveState());
}

TEST(TrainingCharts, CurvesForEachRunAndLayerWithoutNonFiniteValues) {
    TrainingSnapshot run;
    for (int step = 0; step <= 100; step += 10) {
        HistoryPoint p;
        p.step = step;
        p.trainLoss = 1.0 / (1 + step);
        p.testLoss = step == 50 ? NAN : 1.2 / (1 + step);
        p.trainAccuracy = p.testAccuracy = step / 100.0;
        p.layerDeadFraction = {0.1, 0.2};
        p.layerGradientNorm = {step == 0 ? 0.0 : 1e-3, 1e-1};
        run.history.push_back(p);
    }
    TrainingCharts charts;
    charts.resize(1200, 300);
    charts.setRuns({run, run}, {"ReLU", "Leaky ReLU"}, true);
    EXPECT_EQ(charts.lossChart()->curveKeys().size(), 4);
    EXPECT_EQ(charts.deadChart()->curveKeys().size(), 4);
    EXPECT_EQ(charts.lossChart()->curvePoints("0/test").size(), 10);   // the NaN left out
    EXPECT_EQ(charts.gradientChart()->curvePoints("0/0").size(), 10);  // the 0 left out (log)
    EXPECT_GE(charts.lossChart()->xHigh(), 100);
    EXPECT_TRUE(charts.gradientChart()->logarithmicY());
    EXPECT_DOUBLE_EQ(charts.gradientChart()->yLow(), 1e-3);  // whole decades around the data
    EXPECT_DOUBLE_EQ(charts.gradientChart()->yHigh(), 1e-1);
    charts.setRuns({run}, {"ReLU"}, false);
    EXPECT_TRUE(charts.accuracyChart()->isHidden());
    EXPECT_EQ(charts.lossChart()->curveKeys().size(), 2);
}

TEST(HeatmapRendererChoice, RasterWithoutUsableOpenGlOrWhenAsked) {
    qputenv("ACTLAB_HEATMAP", "raster");
    HeatmapRendererChoice choice = chooseHeatmapRenderer();
    EXPECT_EQ(choice.renderer, HeatmapView::Renderer::Raster);
    EXPECT_TRUE(choice.reason.contains("ACTLAB_HEATMAP")) << choice.reason.toStdString();
    qunsetenv("ACTLAB_HEATMAP");
    choice = chooseHeatmapRenderer();
    std::printf("[ choice   ] %s\n", qPrintable(choice.reason));
    if (!HeatmapView::openGlAvailable()) {  // e.g. offscreen: OpenGL widgets would crash
        EXPECT_EQ(choice.renderer, HeatmapView::Renderer::Raster);
        EXPECT_FALSE(choice.reason.isEmpty());
    }
}

TEST(TrainingControls, ActivationParametersHaveSliders) {
    TrainingControls controls;
    auto* activation = controls.findChild<QComboBox*>("activation");
    ASSERT_TRUE(activation);
    activation->setCurrentIndex(activation->findText("Leaky ReLU"));
    emit activation->activated(activation->currentIndex());
    auto* alpha = controls.findChild<QDoubleSpinBox*>("spin/leaky_relu/alpha");
    ASSERT_TRUE(alpha);
    QSignalSpy rebuilds(&controls, &TrainingControls::rebuildRequested);
    alpha->setValue(0.2);
    EXPECT_GE(rebuilds.count(), 1);
    const auto configs = controls.configs();
    EXPECT_EQ(configs.at(0).model.activations.at(0).id, ActivationId::LeakyRelu);
    EXPECT_DOUBLE_EQ(configs.at(0).model.activations.at(0).parameter("alpha"), 0.2);
}
