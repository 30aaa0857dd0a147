// LessonEditor: the lesson being edited, its undo stack of snapshots, the menu, Save and the
// question before unsaved edits go.
#include "lesson_editor.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QStatusBar>
#include <QUndoCommand>
#include <algorithm>

#include "class_visibility.h"
#include "lesson_capture.h"
#include "lesson_controller.h"
#include "lesson_editor_panel.h"
#include "lessons/lesson_question.h"
#include "main_window.h"
#include "ui/common/ui_scale.h"

namespace actlab::gui {
namespace {

// An edit: the lesson and the selected scene before and after. Typing into one text merges into
// one step (the same mergeKey: the scene, the field and the language).
class LessonEditCommand : public QUndoCommand {
public:
    LessonEditCommand(LessonEditor& editor, const QString& text, Lesson before, int sceneBefore,
                      Lesson after, int sceneAfter, const QString& mergeKey)
        : QUndoCommand(text),
          m_editor(editor),
          m_before(std::move(before)),
          m_after(std::move(after)),
          m_sceneBefore(sceneBefore),
          m_sceneAfter(sceneAfter),
          m_mergeKey(mergeKey) {}
    void undo() override { m_editor.setState(m_before, m_sceneBefore); }
    void redo() override { m_editor.setState(m_after, m_sceneAfter); }
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 28; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* edit = static_cast<const LessonEditCommand*>(other);
        if (edit->m_mergeKey != m_mergeKey) return false;
        m_after = edit->m_after;
        m_sceneAfter = edit->m_sceneAfter;
        return true;
    }

private:
    LessonEditor& m_editor;
    Lesson m_before, m_after;
    int m_sceneBefore, m_sceneAfter;
    QString m_mergeKey;
};

void setText(LessonText& texts, const std::string& language, const QString& text) {
    if (text.trimmed().isEmpty())
        texts.erase(language);  // a missing translation
    else
        texts[language] = text.toStdString();
}

bool showsFigure(const LessonScene& scene, const std::string& id) {
    return std::any_of(scene.text.begin(), scene.text.end(), [&](const auto& text) {
        return text.second.find("{{" + id + "}}") != std::string::npos;
    });
}

// A figure of the scene's runs to fill in as {{id}}: block and head 1 where it has them.
LessonFigure runFigure(const std::string& what, const std::string& run, const std::string& id) {
    const bool blocks = what == "layer_grad_norm" || what == "previous_token_attention";
    LessonFigure f =
        lessonFigureFor({what, run, blocks ? 1 : 0, what == "previous_token_attention" ? 1 : 0});
    f.id = id;
    // The editor's figures claim nothing: the text says what the measurement means.
    f.value = 0;
    f.tolerance = 1e12;
    return f;
}

}  // namespace

LessonScene emptyLessonScene() {
    LessonScene scene;
    scene.view = "explorer";
    return scene;
}

LessonEditor::LessonEditor(MainWindow& window) : QObject(&window), m_window(window) {
    m_dock = new QDockWidget(&window);
    m_dock->setObjectName(QStringLiteral("lessonEditorDock"));
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    m_panel = new LessonEditorPanel(*this);
    connect(this, &LessonEditor::changed, this, &LessonEditor::updateChoosing);
    m_dock->setWidget(m_panel);
    ui::keepDockTitleScaled(m_dock);
    window.addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();
    m_askUnsaved = [this] {
        const auto answer = QMessageBox::question(
            &m_window, tr("Lesson editor"),
            tr("The lesson has edits that are not saved. Save them first?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        return answer == QMessageBox::Save      ? UnsavedAnswer::Save
               : answer == QMessageBox::Discard ? UnsavedAnswer::Discard
                                                : UnsavedAnswer::Cancel;
    };
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this] {
        updateTitle();
        emit changed();
    });
}

void LessonEditor::addMenu(QMenu* lessons) {
    QAction* create = lessons->addAction(tr("&New lesson"), this, [this] { newLesson(); });
    create->setObjectName(QStringLiteral("newLesson"));
    QAction* edit = lessons->addAction(tr("&Edit lesson"), this, [this] {
        if (!editCurrentLesson())
            QMessageBox::information(&m_window, tr("Edit lesson"),
                                     tr("Open a lesson first (File → Open lesson… or Help → "
                                        "Lessons…), or use Edit lesson file…."));
    });
    edit->setObjectName(QStringLiteral("editLesson"));
    QAction* file = lessons->addAction(tr("Edit lesson &file…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(&m_window, tr("Edit lesson file"),
                                                          QString(), tr("ActLab lessons (*.json)"));
        QString error;
        if (!path.isEmpty() && !editFile(path, &error))
            QMessageBox::warning(&m_window, tr("Cannot open the lesson"), error);
    });
    file->setObjectName(QStringLiteral("editLessonFile"));
}

bool LessonEditor::isEditing() const { return m_editing; }

void LessonEditor::start(const Lesson& lesson, const QString& path) {
    m_lesson = lesson;
    m_scene = 0;
    m_path = path;
    m_editing = true;
    m_recovered = false;
    m_preparedFigures.clear();
    m_undo.clear();
    m_undo.setClean();
    // Beside the views, in a tab with the Properties dock (which only the Explorer shows), wide
    // enough for the two languages side by side.
    if (auto* properties = m_window.findChild<QDockWidget*>(QStringLiteral("propertiesDock"));
        properties && !m_dock->isVisible() &&
        m_window.dockWidgetArea(properties) == m_window.dockWidgetArea(m_dock))
        m_window.tabifyDockWidget(properties, m_dock);
    m_dock->show();
    m_dock->raise();
    m_window.resizeDocks({m_dock}, {std::max(620, m_window.width() * 2 / 5)}, Qt::Horizontal);
    updateTitle();
    emit changed();
}

bool LessonEditor::newLesson() {
    if (!maySwitch()) return false;
    Lesson lesson;
    lesson.languages = lessonLanguages();
    lesson.scenes.push_back(captureScene(m_window, emptyLessonScene()));
    start(lesson, QString());
    return true;
}

bool LessonEditor::editLesson(const Lesson& lesson, const QString& path) {
    if (lesson.scenes.empty() || !maySwitch()) return false;
    start(lesson, path);
    return true;
}

bool LessonEditor::editCurrentLesson() {
    const LessonController* lessons = m_window.lessons();
    if (!lessons->lesson()) return false;
    const bool copy = lessons->isBuiltIn() || !QFileInfo(lessons->fileName()).isFile();
    if (!editLesson(*lessons->lesson(), copy ? QString() : lessons->fileName())) return false;
    selectScene(lessons->sceneIndex());
    return true;
}

bool LessonEditor::editFile(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Could not read %1: %2").arg(path, file.errorString());
        return false;
    }
    std::string problem;
    // As a draft: a lesson saved before it was finished ("Save it anyway?") opens again.
    const auto lesson =
        parseLesson(file.readAll().toStdString(), QFileInfo(path).fileName().toStdString(),
                    &problem, LessonReading::Draft);
    if (!lesson) {
        if (error) *error = QString::fromStdString(problem);
        return false;
    }
    return editLesson(*lesson, path);
}

bool LessonEditor::recover(const Lesson& lesson, const QString& path, int scene) {
    if (!editLesson(lesson, path)) return false;
    m_recovered = true;
    selectScene(std::clamp(scene, 0, int(m_lesson.scenes.size()) - 1));
    updateTitle();
    emit changed();
    return true;
}

LessonEditor::~LessonEditor() { m_undo.blockSignals(true); }

void LessonEditor::closeEditor() {
    if (!maySwitch()) return;
    setChoosing(false);
    m_editing = false;
    m_recovered = false;
    m_undo.clear();
    m_dock->hide();
    emit changed();
}

void LessonEditor::selectScene(int index) {
    if (index < 0 || index >= int(m_lesson.scenes.size()) || index == m_scene) return;
    m_scene = index;
    emit changed();
}

QString LessonEditor::problem() const {
    std::string error;
    if (parseLesson(lessonToJson(m_lesson), "", &error)) return {};
    return QString::fromStdString(error.substr(error.find(": ") + 2));  // no file name
}

void LessonEditor::setState(const Lesson& lesson, int scene) {
    m_lesson = lesson;
    m_scene = std::clamp(scene, 0, int(m_lesson.scenes.size()) - 1);
    emit changed();
}

void LessonEditor::edit(const QString& what, const std::function<void(Lesson&, int& scene)>& change,
                        const QString& mergeKey) {
    if (!m_editing) return;
    Lesson after = m_lesson;
    int sceneAfter = m_scene;
    change(after, sceneAfter);
    if (sceneAfter == m_scene && lessonToJson(after) == lessonToJson(m_lesson)) return;
    m_undo.push(new LessonEditCommand(*this, what, m_lesson, m_scene, std::move(after), sceneAfter,
                                      mergeKey));
}

void LessonEditor::addScene() {
    const LessonScene scene = captureScene(m_window, emptyLessonScene());
    edit(tr("Add scene"), [&](Lesson& l, int& s) {
        l.scenes.insert(l.scenes.begin() + s + 1, scene);
        ++s;
    });
}

void LessonEditor::duplicateScene() {
    edit(tr("Duplicate scene"), [](Lesson& l, int& s) {
        l.scenes.insert(l.scenes.begin() + s + 1, l.scenes[size_t(s)]);
        ++s;
    });
}

void LessonEditor::deleteScene() {
    if (m_lesson.scenes.size() < 2) return;  // a lesson has a scene
    edit(tr("Delete scene"), [](Lesson& l, int& s) {
        l.scenes.erase(l.scenes.begin() + s);
        s = std::min(s, int(l.scenes.size()) - 1);
    });
}

void LessonEditor::moveScene(int from, int to) {
    const int count = int(m_lesson.scenes.size());
    if (from < 0 || from >= count || to < 0 || to >= count || from == to) {
        emit changed();  // the list shows the order again
        return;
    }
    edit(tr("Move scene"), [&](Lesson& l, int& s) {
        LessonScene moved = l.scenes[size_t(from)];
        l.scenes.erase(l.scenes.begin() + from);
        l.scenes.insert(l.scenes.begin() + to, std::move(moved));
        s = to;
    });
}

void LessonEditor::captureView() {
    const LessonScene captured = captureScene(m_window, scene());
    edit(tr("Capture the view"), [&](Lesson& l, int& s) { l.scenes[size_t(s)] = captured; });
}

void LessonEditor::setLessonTitle(const std::string& language, const QString& title) {
    edit(
        tr("Edit the lesson title"), [&](Lesson& l, int&) { setText(l.title, language, title); },
        QStringLiteral("lesson title %1").arg(QString::fromStdString(language)));
}

void LessonEditor::setSceneTitle(const std::string& language, const QString& title) {
    edit(
        tr("Edit the scene title"),
        [&](Lesson& l, int& s) { setText(l.scenes[size_t(s)].title, language, title); },
        QStringLiteral("title %1 %2").arg(m_scene).arg(QString::fromStdString(language)));
}

// The text, the figures it newly shows (prepareFigure's) added and those no text shows removed.
void LessonEditor::setSceneText(const std::string& language, const QString& markup) {
    edit(
        tr("Edit the scene text"),
        [&](Lesson& l, int& s) {
            LessonScene& scene = l.scenes[size_t(s)];
            setText(scene.text, language, markup);
            for (const LessonFigure& f : m_preparedFigures)
                if (showsFigure(scene, f.id) &&
                    std::none_of(scene.figures.begin(), scene.figures.end(),
                                 [&](const LessonFigure& g) { return g.id == f.id; }))
                    scene.figures.push_back(f);
            std::erase_if(scene.figures, [&](const LessonFigure& f) {
                return !f.id.empty() && !showsFigure(scene, f.id);
            });
        },
        QStringLiteral("text %1 %2").arg(m_scene).arg(QString::fromStdString(language)));
}

void LessonEditor::setSceneNotes(const std::string& language, const QString& notes) {
    edit(
        tr("Edit the speaker notes"),
        [&](Lesson& l, int& s) { setText(l.scenes[size_t(s)].notes, language, notes); },
        QStringLiteral("notes %1 %2").arg(m_scene).arg(QString::fromStdString(language)));
}

void LessonEditor::setCovers(const std::vector<std::string>& panels) {
    edit(tr("Cover panels until the reveal"),
         [&](Lesson& l, int& s) { l.scenes[size_t(s)].covers = panels; });
}

void LessonEditor::toggleHidden(const std::string& name) {
    edit(tr("Hide or show a control for the class"), [&](Lesson& l, int& s) {
        std::vector<std::string>& hidden = l.scenes[size_t(s)].hidden;
        if (std::erase(hidden, name) == 0) hidden.push_back(name);
    });
}

void LessonEditor::showEverything() {
    edit(tr("Show every control to the class"),
         [&](Lesson& l, int& s) { l.scenes[size_t(s)].hidden.clear(); });
}

bool LessonEditor::choosing() const { return m_choosingView.has_value(); }

void LessonEditor::setChoosing(bool on) {
    ClassVisibility* visibility = m_window.lessons()->visibility();
    if (!on || !m_editing) {
        if (!m_choosingView) return;
        m_choosingView.reset();
        visibility->stopChoosing();
        emit changed();
        return;
    }
    m_choosingView = scene().view;
    m_window.setCurrentView(QString::fromStdString(scene().view));
    visibility->startChoosing(scene().view, scene().hidden,
                              [this](const std::string& name) { toggleHidden(name); });
    emit changed();
}

void LessonEditor::updateChoosing() {
    if (!m_choosingView) return;
    if (!m_editing || *m_choosingView != scene().view)
        setChoosing(false);  // another view: choose again there
    else
        m_window.lessons()->visibility()->setChoiceMarks(scene().hidden);
}

void LessonEditor::setHighlight(const QString& panel) {
    edit(tr("Highlight a panel"),
         [&](Lesson& l, int& s) { l.scenes[size_t(s)].highlight = panel.toStdString(); });
}

void LessonEditor::setHiddenControls(bool hidden) {
    edit(tr("Hide the settings"),
         [&](Lesson& l, int& s) { l.scenes[size_t(s)].hiddenControls = hidden; });
}

void LessonEditor::editQuestion(const QString& what,
                                const std::function<void(std::optional<LessonQuestion>&)>& change,
                                const QString& mergeKey) {
    edit(
        what,
        [&](Lesson& l, int& s) {
            LessonScene& scene = l.scenes[size_t(s)];
            change(scene.question);
            if (!scene.question) scene.covers.clear();  // only a question covers a panel
        },
        mergeKey.isEmpty() ? QString()
                           : QStringLiteral("question %1 %2").arg(m_scene).arg(mergeKey));
}

QString LessonEditor::prepareFigure(const QString& what, const QString& run) {
    if (!m_editing || !lessonFigureFitsView(what.toStdString(), scene().view)) return {};
    // The same measurement inserted again (in the other language's text, say) is the same figure:
    // every text of a scene must show each of its figures.
    const LessonFigure wanted = runFigure(what.toStdString(), run.toStdString(), {});
    const auto same = [&](const LessonFigure& f) {
        return !f.id.empty() && f.what == wanted.what && f.run == wanted.run &&
               f.layer == wanted.layer && f.head == wanted.head;
    };
    for (const std::vector<LessonFigure>* figures : {&scene().figures, &m_preparedFigures})
        if (auto found = std::find_if(figures->begin(), figures->end(), same);
            found != figures->end())
            return QString::fromStdString(found->id);
    // The id: the kind, run b's with "_b", and a number where the scene has it already.
    const std::string base = what.toStdString() + (run == QLatin1String("b") ? "_b" : "");
    std::string id = base;
    for (int n = 2;
         showsFigure(scene(), id) || std::any_of(scene().figures.begin(), scene().figures.end(),
                                                 [&](const LessonFigure& f) { return f.id == id; });
         ++n)
        id = base + "_" + std::to_string(n);
    std::erase_if(m_preparedFigures, [&](const LessonFigure& f) { return f.id == id; });
    m_preparedFigures.push_back(runFigure(what.toStdString(), run.toStdString(), id));
    return QString::fromStdString(id);
}

void LessonEditor::preview() {
    if (!m_editing) return;
    setChoosing(false);
    m_window.lessons()->preview(m_lesson, m_path, m_scene);
}

bool LessonEditor::save(const QString& path, QString* error) {
    const std::string text = lessonToJson(m_lesson);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error) *error = tr("Could not save the lesson to %1: %2").arg(path, file.errorString());
        return false;
    }
    m_path = path;
    m_recovered = false;
    m_undo.setClean();
    updateTitle();
    emit changed();
    return true;
}

bool LessonEditor::saveInteractively(bool askForPath) {
    const QString problem = this->problem();
    if (!problem.isEmpty() &&
        QMessageBox::question(&m_window, tr("Save lesson"),
                              tr("ActLab cannot open the lesson as it stands yet (%1). Save it "
                                 "anyway?")
                                  .arg(problem)) != QMessageBox::Yes)
        return false;
    QString path = m_path;
    if (askForPath || path.isEmpty()) {
        path = QFileDialog::getSaveFileName(&m_window, tr("Save lesson"),
                                            m_path.isEmpty() ? tr("lesson.json") : m_path,
                                            tr("ActLab lessons (*.json)"));
        if (path.isEmpty()) return false;
        if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            path += QStringLiteral(".json");
    }
    QString error;
    if (!save(path, &error)) {
        QMessageBox::warning(&m_window, tr("Save lesson"), error);
        return false;
    }
    m_window.statusBar()->showMessage(tr("Saved the lesson to %1").arg(path), 5000);
    return true;
}

void LessonEditor::setUnsavedQuestion(std::function<UnsavedAnswer()> question) {
    m_askUnsaved = std::move(question);
}

bool LessonEditor::maySwitch() {
    if (!m_editing || !isModified()) return true;
    switch (m_askUnsaved()) {
        case UnsavedAnswer::Save:
            return saveInteractively(false);
        case UnsavedAnswer::Discard:
            return true;
        case UnsavedAnswer::Cancel:
            break;
    }
    return false;
}

void LessonEditor::updateTitle() {
    const QString name = m_path.isEmpty() ? tr("a new lesson") : QFileInfo(m_path).fileName();
    m_dock->setWindowTitle(
        tr("Lesson editor — %1%2").arg(name, isModified() ? QStringLiteral(" *") : QString()));
}

}  // namespace actlab::gui
