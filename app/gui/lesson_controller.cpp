// LessonController: loading, the panel, the scene keys, the menus and the session state.
#include "lesson_controller.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QThread>
#include <QVBoxLayout>
#include <cmath>

#include "class_visibility.h"
#include "lesson_handout.h"
#include "lessons/lesson_figures.h"
#include "main_window.h"
#include "translations.h"
#include "ui/attention/attention_controller.h"
#include "ui/attention/attention_view.h"
#include "ui/common/map_cursor.h"
#include "ui/common/ui_scale.h"
#include "ui/lessons/lesson_panel.h"
#include "ui/training/training_controller.h"
#include "ui/training/training_view.h"

namespace actlab::gui {
namespace {

// The course's order (issue 9); only those present under :/lessons are offered.
const char* const kBuiltInLessons[] = {
    "dying-relu",   "gelu-approximations", "sigmoid-tanh", "leaky-prelu",
    "glu-family",   "swish-mish",          "pre-post-ln",  "qkv-activations",
    "gelu-vs-relu", "predict-reveal",      "own-text"};

QString builtInPath(const QString& name) { return QStringLiteral(":/lessons/%1.json").arg(name); }

QString text(const LessonText& texts, const std::string& language) {
    const auto it = texts.find(language);
    return it == texts.end() ? QString() : QString::fromStdString(it->second);
}

}  // namespace

LessonController::LessonController(MainWindow& window) : QObject(&window), m_window(window) {
    m_visibility = new ClassVisibility(
        [&window](const std::string& view) { return window.view(QString::fromStdString(view)); },
        [this](const std::string& view, const std::string& panel) {
            return panelWidgets(view, panel);
        },
        this);
    m_panel = new ui::LessonPanel;
    m_dock = new QDockWidget(&window);
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(m_panel);
    m_dock->setMinimumWidth(240);
    ui::keepDockTitleScaled(m_dock);
    window.addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    m_dock->hide();
    connect(m_panel, &ui::LessonPanel::nextRequested, this, &LessonController::next);
    connect(m_panel, &ui::LessonPanel::previousRequested, this, &LessonController::previous);
    connect(m_panel, &ui::LessonPanel::closeRequested, this, &LessonController::close);
    connect(m_panel, &ui::LessonPanel::revealRequested, this, &LessonController::reveal);
    connect(m_panel, &ui::LessonPanel::tallyChanged, this, &LessonController::setTally);
    connect(m_panel, &ui::LessonPanel::guessesEdited, this, &LessonController::setGuesses);

    // PgDn / PgUp on the window, in presentation too; not while a spin box, slider or combo box
    // has the focus (they page with these keys), as → and R in the run views, nor a chart or map
    // (their keyboard cursors page, and Enter is theirs).
    m_nextAction = new QAction(&window);
    m_nextAction->setObjectName(QStringLiteral("nextSceneAction"));
    m_nextAction->setShortcut(QKeySequence(Qt::Key_PageDown));
    m_nextAction->setShortcutContext(Qt::WindowShortcut);
    m_previousAction = new QAction(&window);
    m_previousAction->setObjectName(QStringLiteral("previousSceneAction"));
    m_previousAction->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_previousAction->setShortcutContext(Qt::WindowShortcut);
    // Enter reveals the scene's question (not while a text field or a spin box has the focus).
    m_revealAction = new QAction(&window);
    m_revealAction->setObjectName(QStringLiteral("revealAction"));
    m_revealAction->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    m_revealAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_revealAction, &QAction::triggered, this, &LessonController::reveal);
    window.addAction(m_revealAction);
    window.addAction(m_nextAction);
    window.addAction(m_previousAction);
    connect(m_nextAction, &QAction::triggered, this, &LessonController::next);
    connect(m_previousAction, &QAction::triggered, this, &LessonController::previous);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        m_focusKeepsKeys = qobject_cast<QAbstractSpinBox*>(now) ||
                           qobject_cast<QAbstractSlider*>(now) || qobject_cast<QComboBox*>(now) ||
                           dynamic_cast<ui::MapCursorReadable*>(now) ||
                           (now && now->inherits("actlab::ui::ChartView"));
        m_focusInText = qobject_cast<QLineEdit*>(now) || qobject_cast<QTextEdit*>(now) ||
                        qobject_cast<QPlainTextEdit*>(now);
        updateShortcuts();
    });
    updateShortcuts();
}

QStringList LessonController::builtInNames() {
    QStringList names;
    for (const char* name : kBuiltInLessons)
        if (QFile::exists(builtInPath(QLatin1String(name)))) names << QLatin1String(name);
    return names;
}

QString LessonController::builtInTitle(const QString& name, const QString& language) {
    QFile file(builtInPath(name));
    if (!file.open(QIODevice::ReadOnly)) return name;
    const auto lesson = parseLesson(file.readAll().toStdString(), name.toStdString(), nullptr);
    if (!lesson) return name;
    return text(lesson->title, lessonLanguage(*lesson, language.toStdString()));
}

bool LessonController::open(const QString& source, QString* error) {
    const bool builtIn = builtInNames().contains(source);
    const QString path = builtIn ? builtInPath(source) : source;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: no such lesson file, nor a built-in lesson (built in: %2)")
                         .arg(source, builtInNames().join(QStringLiteral(", ")));
        return false;
    }
    if (!openText(file.readAll(), builtIn ? source + QStringLiteral(".json") : path, error))
        return false;
    m_builtIn = builtIn;
    return true;
}

void LessonController::preview(const Lesson& lesson, const QString& fileName, int index) {
    m_lesson = lesson;
    m_fileName = fileName;
    m_builtIn = false;
    m_scene = 0;
    m_dock->show();
    goToScene(std::clamp(index, 0, sceneCount() - 1));
}

bool LessonController::openText(const QByteArray& bytes, const QString& fileName, QString* error) {
    std::string problem;
    auto lesson = parseLesson(bytes.toStdString(), fileName.toStdString(), &problem);
    if (!lesson) {
        if (error) *error = QString::fromStdString(problem);
        return false;
    }
    m_lesson = std::move(lesson);
    m_fileName = fileName;
    m_builtIn = false;
    m_scene = 0;
    m_revealed = false;
    m_outcome.reset();
    m_tallies.assign(question() ? question()->choices.size() : 0, 0);
    updateCover();  // the last lesson's card goes
    m_dock->show();
    render();
    updateShortcuts();
    return true;
}

bool LessonController::openAtScene(const QString& source, int scene, QString* error) {
    if (!open(source, error)) return false;
    if (scene < 1 || scene > sceneCount()) {
        if (error)
            *error = tr("%1: --scene %2: the lesson has %3 scenes")
                         .arg(m_fileName)
                         .arg(scene)
                         .arg(sceneCount());
        close();
        return false;
    }
    return goToScene(scene - 1);
}

int LessonController::sceneCount() const { return m_lesson ? int(m_lesson->scenes.size()) : 0; }

bool LessonController::goToScene(int index) {
    if (!m_lesson || index < 0 || index >= sceneCount()) return false;
    m_scene = index;
    m_figures.clear();
    m_revealed = false;
    m_outcome.reset();
    const LessonScene& scene = m_lesson->scenes[size_t(index)];
    m_tallies.assign(scene.question ? scene.question->choices.size() : 0, 0);
    m_guesses.clear();
    m_guessText.clear();
    m_guessProblem.clear();
    m_visibility->show();  // before the view changes: what it hides itself stays hidden
    render();
    if (scene.question) {  // held back: the runs stand at step 0 until the reveal
        LessonScene held = scene;
        held.pretrainSteps = 0;
        applyScene(held);
    } else {
        applyScene(scene);
    }
    updateCover();
    applyHidden();
    watchRuns();
    updateShortcuts();
    return true;
}

void LessonController::next() {
    if (m_lesson && m_scene + 1 < sceneCount()) goToScene(m_scene + 1);
}

void LessonController::previous() {
    if (m_lesson && m_scene > 0) goToScene(m_scene - 1);
}

void LessonController::close() {
    m_lesson.reset();
    m_fileName.clear();
    m_scene = 0;
    updateCover();
    applyHidden();
    m_dock->hide();
    updateShortcuts();
    emit sceneShown();
}

void LessonController::setLanguage(const QString& code) {
    m_language = code;
    render();
    if (m_lesson) watchRuns();  // the views may have been made again in the new language
}

QString LessonController::language() const {
    const QString wanted = m_language.isEmpty() ? currentLanguage() : m_language;
    if (!m_lesson) return wanted;
    return QString::fromStdString(lessonLanguage(*m_lesson, wanted.toStdString()));
}

QString LessonController::sceneTitle(int index) const {
    if (!m_lesson || index < 0 || index >= sceneCount()) return {};
    return text(m_lesson->scenes[size_t(index)].title, language().toStdString());
}

QString LessonController::sceneHtml() const {
    if (!m_lesson) return {};
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    const auto it = scene.text.find(language().toStdString());
    if (it == scene.text.end()) return {};
    return QString::fromStdString(lessonTextWithFigures(
        it->second, scene, m_figures, tr("…", "a lesson figure not yet measured").toStdString()));
}

QString LessonController::sceneNotes() const {
    if (!m_lesson) return {};
    const LessonText& notes = m_lesson->scenes[size_t(m_scene)].notes;
    auto it = notes.find(language().toStdString());
    if (it == notes.end()) it = notes.find("en");
    if (it == notes.end()) it = notes.begin();
    return it == notes.end() ? QString() : QString::fromStdString(it->second);
}

void LessonController::render() {
    m_dock->setWindowTitle(tr("Lesson"));
    // The text never takes more than 30 % of the window: the view is the picture.
    m_dock->setMaximumWidth(std::max(240, int(m_window.width() * 0.3)));
    if (!m_lesson) return;
    m_panel->show(text(m_lesson->title, language().toStdString()), sceneTitle(m_scene),
                  sceneHtml() + questionHtml(), m_scene, sceneCount());
    showQuestionControls();
    emit sceneShown();
}

void LessonController::watchRuns() {
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    ui::RunController* controller =
        scene.view == "training"
            ? static_cast<ui::RunController*>(m_window.trainingView()->controller())
        : scene.view == "attention" ? m_window.attentionView()->controller()
                                    : nullptr;
    if (!controller) return;
    m_generation = controller->latestRun().generation;
    connect(controller, &ui::RunController::frameChanged, this, &LessonController::fillFigures,
            Qt::UniqueConnection);
    fillFigures();
}

void LessonController::fillFigures() {
    if (!m_lesson) return;
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    m_figures.resize(scene.figures.size());
    bool pending = false;
    for (size_t i = 0; i < scene.figures.size(); ++i)
        pending = pending || (!scene.figures[i].id.empty() && !m_figures[i]);
    const bool questionPending = scene.question && m_revealed && !m_outcome;
    if (!pending && !questionPending) return;
    const int target = scene.pretrainSteps;
    LessonSceneSnapshots runs;
    if (scene.view == "training") {
        const ui::TrainingFrame& frame = m_window.trainingView()->controller()->latest();
        if (frame.generation != m_generation) return;
        for (size_t r = 0; r < frame.runs.size() && r < 2; ++r)
            if (frame.runs[r].step == target) runs.training[r] = &frame.runs[r];
    } else if (scene.view == "attention") {
        const ui::AttentionFrame& frame = m_window.attentionView()->controller()->latest();
        if (frame.generation != m_generation) return;
        if (frame.snapshot && frame.snapshot->step == target)
            runs.attention[0] = frame.snapshot.get();
        if (frame.compared.snapshot && frame.compared.snapshot->step == target)
            runs.attention[1] = frame.compared.snapshot.get();
        if (frame.info) {
            std::vector<std::string> names;
            for (const QString& name : frame.info->tokenNames) names.push_back(name.toStdString());
            runs.negators = negatorTokens(names);
        }
    }
    if (questionPending) measureQuestion(scene, runs);
    const std::vector<FigureMeasurement> measured = measureLessonFigures(scene, runs);
    bool filled = questionPending && m_outcome;
    for (size_t i = 0; i < scene.figures.size(); ++i)
        if (!scene.figures[i].id.empty() && !m_figures[i] && measured[i].problem.empty()) {
            m_figures[i] = measured[i].measured;
            filled = true;
        }
    if (filled) render();
}

void LessonController::updateShortcuts() {
    const bool open = m_lesson.has_value() && !m_focusKeepsKeys;
    m_nextAction->setEnabled(open);
    m_previousAction->setEnabled(open);
    m_revealAction->setEnabled(open && !m_focusInText && question() && !m_revealed);
}

bool LessonController::waitForPretraining(int timeoutMilliseconds) {
    if (!m_lesson) return false;
    const LessonScene& scene = m_lesson->scenes[size_t(m_scene)];
    ui::RunView* view = scene.view == "training"
                            ? static_cast<ui::RunView*>(m_window.trainingView())
                        : scene.view == "attention" ? m_window.attentionView()
                                                    : nullptr;
    if (!view) return true;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMilliseconds) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        const bool playing = scene.view == "training"
                                 ? m_window.trainingView()->controller()->isPlaying()
                                 : m_window.attentionView()->controller()->isPlaying();
        if (view->diverged()) return false;
        if (view->currentStep() >= m_pretrainTarget && !playing && view->framesDrawn() > 0)
            return true;
        QThread::msleep(2);
    }
    return false;
}

void LessonController::addMenuActions(QMenu* file, QMenu* help) {
    QAction* open = new QAction(tr("Open &lesson…"), file);
    open->setObjectName(QStringLiteral("openLesson"));
    connect(open, &QAction::triggered, this, &LessonController::openInteractively);
    file->insertAction(file->actions().value(0), open);
    // The lesson on paper: every scene's text, figures and picture (lesson_handout.h).
    QAction* handout = new QAction(tr("Export lesson &handout…"), file);
    handout->setObjectName(QStringLiteral("exportLessonHandout"));
    connect(handout, &QAction::triggered, this,
            [this] { exportLessonHandoutInteractively(m_window); });
    file->insertAction(file->actions().value(1), handout);
    QAction* browse = help->addAction(tr("&Lessons…"), this, &LessonController::browseBuiltIn);
    browse->setObjectName(QStringLiteral("browseLessons"));
}

void LessonController::openInteractively() {
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open lesson"), QString(),
                                                      tr("ActLab lessons (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!open(path, &error)) {
        QMessageBox::warning(&m_window, tr("Cannot open the lesson"), error);
        return;
    }
    goToScene(0);
}

void LessonController::browseBuiltIn() {
    QDialog dialog(&m_window);
    dialog.setWindowTitle(tr("Lessons"));
    auto* list = new QListWidget(&dialog);
    list->setObjectName(QStringLiteral("lessonList"));
    list->setAccessibleName(tr("Built-in lessons"));
    for (const QString& name : builtInNames()) {
        auto* item = new QListWidgetItem(builtInTitle(name, language()), list);
        item->setData(Qt::UserRole, name);
    }
    list->setCurrentRow(0);
    auto* buttons =
        new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(list, &QListWidget::itemActivated, &dialog, &QDialog::accept);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(list);
    layout->addWidget(buttons);
    dialog.resize(480, 360);
    if (dialog.exec() != QDialog::Accepted || !list->currentItem()) return;
    QString error;
    if (!open(list->currentItem()->data(Qt::UserRole).toString(), &error)) {
        QMessageBox::warning(&m_window, tr("Cannot open the lesson"), error);
        return;
    }
    goToScene(0);
}

QJsonObject LessonController::sessionState() const {
    if (!m_lesson) return {};
    QJsonArray figures;  // as measured on the runs the session holds (null: not yet)
    for (const std::optional<double>& value : m_figures)
        figures.append(value && std::isfinite(*value) ? QJsonValue(*value) : QJsonValue());
    return {{QStringLiteral("file"), m_fileName},
            {QStringLiteral("lesson"), QString::fromStdString(lessonToJson(*m_lesson))},
            {QStringLiteral("scene"), m_scene},
            {QStringLiteral("figures"), figures},
            {QStringLiteral("question"), questionState()}};
}

void LessonController::restoreSessionState(const QJsonObject& state) {
    const QString text = state.value(QStringLiteral("lesson")).toString();
    if (text.isEmpty()) {
        close();
        return;
    }
    QString error;
    if (!openText(text.toUtf8(), state.value(QStringLiteral("file")).toString(), &error)) {
        close();  // a damaged lesson in a session: the views are restored, the text is not
        return;
    }
    m_scene = std::clamp(state.value(QStringLiteral("scene")).toInt(), 0, sceneCount() - 1);
    // The figures measured before the session was saved (its runs may have trained on since).
    m_figures.assign(m_lesson->scenes[size_t(m_scene)].figures.size(), std::nullopt);
    const QJsonArray figures = state.value(QStringLiteral("figures")).toArray();
    for (qsizetype i = 0; i < figures.size() && size_t(i) < m_figures.size(); ++i)
        if (figures[i].isDouble()) m_figures[size_t(i)] = figures[i].toDouble();
    restoreQuestionState(state.value(QStringLiteral("question")).toObject());
    updateCover();
    applyHidden();
    render();
    watchRuns();
}

}  // namespace actlab::gui
