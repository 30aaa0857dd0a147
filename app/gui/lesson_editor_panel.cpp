// LessonEditorPanel: the editor's widgets, refreshed from LessonEditor after every edit.
#include "lesson_editor_panel.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTextEdit>
#include <QTextList>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "lesson_class_view_box.h"
#include "lesson_editor.h"
#include "lesson_question_editor.h"
#include "translations.h"
#include "ui/lessons/lesson_markup.h"

namespace actlab::gui {
namespace {

QString editorText(const LessonText& texts, const std::string& language) {
    const auto it = texts.find(language);
    return it == texts.end() ? QString() : QString::fromStdString(it->second);
}

QString viewName(const std::string& view) {
    if (view == "explorer") return LessonEditorPanel::tr("Explorer");
    if (view == "gelu") return LessonEditorPanel::tr("GELU approximations");
    if (view == "gated") return LessonEditorPanel::tr("Gated surface");
    if (view == "training") return LessonEditorPanel::tr("Training");
    return LessonEditorPanel::tr("Attention");
}

// A box of panels: "No panel", then the view's panels (lessonHighlights), `chosen` selected.
void fillPanelBox(QComboBox* box, const std::string& view, const std::string& chosen) {
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(LessonEditorPanel::tr("No panel"), QString());
    for (const std::string& panel : lessonHighlights(view))
        box->addItem(lessonPanelName(panel), QString::fromStdString(panel));
    box->setCurrentIndex(std::max(0, box->findData(QString::fromStdString(chosen))));
}

// The figures a scene's runs measure (lesson_figure_kinds.cpp), as the teacher sees them.
QString figureName(const std::string& what) {
    // clang-format off
    static const std::map<std::string, const char*> names{
        {"dead_fraction",     QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "dead units")},
        {"grad_norm_ratio",   QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "gradient norm, first / last layer")},
        {"test_accuracy",     QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "test accuracy")},
        {"train_accuracy",    QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "training accuracy")},
        {"token_accuracy",    QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "token accuracy")},
        {"test_loss",         QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "test loss")},
        {"perplexity",        QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "perplexity")},
        {"attention_entropy", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "attention entropy")},
        {"qkv_dead_fraction", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "dead Q/K/V units")},
        {"ffn_dead_fraction", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "dead FFN units")},
        {"layer_grad_norm",   QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "gradient norm of block 1")},
        {"negator_attention", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "attention on the negator")},
        {"previous_token_attention", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel",
                                                "block 1, head 1: attention on the token before")},
    };
    // clang-format on
    const auto it = names.find(what);
    return it == names.end() ? QString::fromStdString(what) : LessonEditorPanel::tr(it->second);
}

QToolButton* toolButton(const QString& label, const QString& name, const QString& tip,
                        QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setText(label);
    button->setObjectName(name);
    button->setToolTip(tip);
    button->setAccessibleName(tip);
    return button;
}

QPushButton* pushButton(const QString& label, const QString& name, QWidget* parent) {
    auto* button = new QPushButton(label, parent);
    button->setObjectName(name);
    button->setAccessibleName(QString(label).remove(u'&'));
    return button;
}

QComboBox* comboBox(const QString& name, const QString& accessibleName, const QString& tip,
                    QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(name);
    box->setAccessibleName(accessibleName);
    box->setToolTip(tip);
    return box;
}

}  // namespace

// The panels a scene can highlight (lessonHighlights), as the teacher sees them.
QString lessonPanelName(const std::string& panel) {
    // clang-format off
    static const std::map<std::string, const char*> names{
        {"chart",    QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the chart")},
        {"functions", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the function list")},
        {"curves",   QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the curves")},
        {"errors",   QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the errors")},
        {"surface",  QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the surface")},
        {"slice",    QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the slice")},
        {"controls", QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the settings")},
        {"run",      QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the run")},
        {"grid",     QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the neuron grid")},
        {"charts",   QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the charts")},
        {"maps",     QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the attention maps")},
        {"distributions",
                     QT_TRANSLATE_NOOP("actlab::gui::LessonEditorPanel", "the distributions")},
    };
    // clang-format on
    const auto it = names.find(panel);
    return it == names.end() ? QString::fromStdString(panel) : LessonEditorPanel::tr(it->second);
}

LessonEditorPanel::LessonEditorPanel(LessonEditor& editor, QWidget* parent)
    : QWidget(parent), m_editor(editor) {
    setObjectName(QStringLiteral("lessonEditor"));
    setAccessibleName(tr("Lesson editor"));
    auto* content = new QWidget;
    auto* inner = new QVBoxLayout(content);
    inner->addWidget(buildSceneList());
    inner->addWidget(buildSceneSettings());
    inner->addWidget(buildFormatBar());
    inner->addWidget(buildTexts(), 1);
    m_question = new LessonQuestionEditor(m_editor, content);
    inner->addWidget(m_question);
    auto* scroll = new QScrollArea(this);
    scroll->setAccessibleName(tr("Lesson editor"));
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    scroll->setFrameShape(QFrame::NoFrame);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("lessonProblem"));
    m_problem->setWordWrap(true);
    m_problem->setAccessibleName(tr("What the lesson still needs"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildFileBar());
    layout->addWidget(scroll, 1);
    layout->addWidget(m_problem);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        for (const auto& [language, column] : m_columns)
            if (now == column.text) m_activeLanguage = language;
    });
    connect(&m_editor, &LessonEditor::changed, this, &LessonEditorPanel::refresh);
    setMinimumWidth(420);
}

QWidget* LessonEditorPanel::buildFileBar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    QUndoStack* undo = m_editor.undoStack();
    // Fixed texts on the buttons, the step they undo or redo in the tooltip.
    auto* undoAction = new QAction(tr("Undo"), this);
    undoAction->setShortcut(QKeySequence::Undo);
    auto* redoAction = new QAction(tr("Redo"), this);
    redoAction->setShortcut(QKeySequence::Redo);
    connect(undoAction, &QAction::triggered, undo, &QUndoStack::undo);
    connect(redoAction, &QAction::triggered, undo, &QUndoStack::redo);
    connect(undo, &QUndoStack::canUndoChanged, undoAction, &QAction::setEnabled);
    connect(undo, &QUndoStack::canRedoChanged, redoAction, &QAction::setEnabled);
    connect(undo, &QUndoStack::undoTextChanged, undoAction,
            [undoAction](const QString& step) { undoAction->setToolTip(tr("Undo %1").arg(step)); });
    connect(undo, &QUndoStack::redoTextChanged, redoAction,
            [redoAction](const QString& step) { redoAction->setToolTip(tr("Redo %1").arg(step)); });
    for (QAction* action : {undoAction, redoAction}) {
        action->setEnabled(false);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        auto* button = new QToolButton(bar);
        button->setDefaultAction(action);
        button->setAccessibleName(action->text());
        row->addWidget(button);
    }
    undoAction->setObjectName(QStringLiteral("lessonUndo"));
    redoAction->setObjectName(QStringLiteral("lessonRedo"));
    auto* preview = pushButton(tr("&Preview"), QStringLiteral("previewScene"), bar);
    preview->setToolTip(tr("Show the scene as the class sees it"));
    auto* save = pushButton(tr("&Save"), QStringLiteral("saveLesson"), bar);
    auto* saveAs = pushButton(tr("Save &as…"), QStringLiteral("saveLessonAs"), bar);
    auto* close = pushButton(tr("&Close"), QStringLiteral("closeLessonEditor"), bar);
    connect(preview, &QPushButton::clicked, &m_editor, &LessonEditor::preview);
    connect(save, &QPushButton::clicked, this, [this] { m_editor.saveInteractively(false); });
    connect(saveAs, &QPushButton::clicked, this, [this] { m_editor.saveInteractively(true); });
    connect(close, &QPushButton::clicked, &m_editor, &LessonEditor::closeEditor);
    row->addStretch(1);
    for (QPushButton* button : {preview, save, saveAs, close}) row->addWidget(button);
    return bar;
}

QWidget* LessonEditorPanel::buildSceneList() {
    auto* box = new QGroupBox(tr("Scenes"), this);
    m_scenes = new QListWidget(box);
    m_scenes->setObjectName(QStringLiteral("sceneList"));
    m_scenes->setAccessibleName(tr("Scenes (drag to reorder)"));
    m_scenes->setDragDropMode(QAbstractItemView::InternalMove);
    m_scenes->setDefaultDropAction(Qt::MoveAction);
    m_scenes->setMaximumHeight(140);
    connect(m_scenes, &QListWidget::currentRowChanged, &m_editor, &LessonEditor::selectScene);
    // A drop has moved an item: the lesson's scene moves (queued: the list is still dropping).
    connect(
        m_scenes->model(), &QAbstractItemModel::rowsMoved, this,
        [this](const QModelIndex&, int start, int, const QModelIndex&, int row) {
            if (!m_refreshingList) m_editor.moveScene(start, row > start ? row - 1 : row);
        },
        Qt::QueuedConnection);
    auto* add = pushButton(tr("&Add"), QStringLiteral("addScene"), box);
    add->setToolTip(tr("A new scene after this one, showing the current view"));
    auto* duplicate = pushButton(tr("D&uplicate"), QStringLiteral("duplicateScene"), box);
    m_delete = pushButton(tr("&Delete"), QStringLiteral("deleteScene"), box);
    auto* capture = pushButton(tr("Capture this &view"), QStringLiteral("captureView"), box);
    capture->setToolTip(
        tr("The scene takes the current view as it is now: its functions, "
           "settings, runs and the steps they have trained"));
    connect(add, &QPushButton::clicked, &m_editor, &LessonEditor::addScene);
    connect(duplicate, &QPushButton::clicked, &m_editor, &LessonEditor::duplicateScene);
    connect(m_delete, &QPushButton::clicked, &m_editor, &LessonEditor::deleteScene);
    connect(capture, &QPushButton::clicked, &m_editor, &LessonEditor::captureView);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* button : {add, duplicate, m_delete}) buttons->addWidget(button);
    buttons->addStretch(1);
    buttons->addWidget(capture);
    auto* layout = new QVBoxLayout(box);
    layout->addWidget(m_scenes);
    layout->addLayout(buttons);
    return box;
}

QWidget* LessonEditorPanel::buildSceneSettings() {
    auto* box = new QWidget(this);
    m_view = new QLabel(box);
    m_view->setObjectName(QStringLiteral("sceneViewLabel"));
    m_view->setWordWrap(true);
    m_highlight = new QComboBox(box);
    m_highlight->setObjectName(QStringLiteral("sceneHighlight"));
    m_highlight->setAccessibleName(tr("Panel to highlight"));
    m_hidden = new QCheckBox(tr("Hide the settings from the class"), box);
    m_hidden->setObjectName(QStringLiteral("sceneHiddenControls"));
    m_hidden->setAccessibleName(m_hidden->text());
    connect(m_highlight, &QComboBox::activated, this,
            [this] { m_editor.setHighlight(m_highlight->currentData().toString()); });
    connect(m_hidden, &QCheckBox::toggled, &m_editor, &LessonEditor::setHiddenControls);
    m_classView = new LessonClassViewBox(m_editor, box);
    auto* layout = new QGridLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 0, 0, 1, 2);
    auto* highlightLabel = new QLabel(tr("&Highlight:"), box);
    highlightLabel->setBuddy(m_highlight);
    layout->addWidget(highlightLabel, 1, 0);
    layout->addWidget(m_highlight, 1, 1);
    layout->addWidget(m_hidden, 2, 0, 1, 2);
    layout->addWidget(m_classView, 3, 0, 1, 2);
    layout->setColumnStretch(1, 1);
    return box;
}

QWidget* LessonEditorPanel::buildFormatBar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    struct Button {
        QString label, name, tip;
        std::function<void()> act;
        QKeySequence key;
    };
    const Button buttons[] = {
        {tr("B"), QStringLiteral("formatBold"), tr("Bold"), [this] { toggleBold(); },
         QKeySequence::Bold},
        {tr("I"), QStringLiteral("formatItalic"), tr("Italic"), [this] { toggleItalic(); },
         QKeySequence::Italic},
        {tr("x₂"),
         QStringLiteral("formatSubscript"),
         tr("Subscript"),
         [this] { toggleScript(false); },
         {}},
        {tr("x²"),
         QStringLiteral("formatSuperscript"),
         tr("Superscript"),
         [this] { toggleScript(true); },
         {}},
        {tr("• List"),
         QStringLiteral("formatList"),
         tr("Bulleted list"),
         [this] { toggleList(); },
         {}},
    };
    for (const Button& b : buttons) {
        QToolButton* button = toolButton(b.label, b.name, b.tip, bar);
        QFont face = button->font();
        face.setBold(b.name == QLatin1String("formatBold"));
        face.setItalic(b.name == QLatin1String("formatItalic"));
        button->setFont(face);
        connect(button, &QToolButton::clicked, this, b.act);
        if (!b.key.isEmpty()) {
            auto* action = new QAction(this);
            action->setShortcut(b.key);
            action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            connect(action, &QAction::triggered, this, b.act);
            addAction(action);
        }
        row->addWidget(button);
    }
    row->addSpacing(12);
    m_figures = comboBox(QStringLiteral("figureChoice"), tr("Measured figure to insert"),
                         tr("What the scene's runs measure once pre-trained, written as "
                            "{{id}} and filled in for the class"),
                         bar);
    m_figures->setPlaceholderText(tr("No measured figures in this view"));
    auto* insert = pushButton(tr("&Insert figure"), QStringLiteral("insertFigure"), bar);
    m_insertFigure = insert;
    connect(insert, &QPushButton::clicked, this, &LessonEditorPanel::insertChosenFigure);
    row->addWidget(m_figures, 1);
    row->addWidget(insert);
    return bar;
}

QWidget* LessonEditorPanel::buildTexts() {
    auto* box = new QWidget(this);
    auto* grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    const QString rows[] = {tr("Lesson"), tr("Scene"), tr("Text"), tr("Notes")};
    for (int row = 0; row < 4; ++row)
        grid->addWidget(new QLabel(rows[row], box), row + 2, 0, Qt::AlignTop | Qt::AlignLeft);
    int columnIndex = 1;
    for (const std::string& language : lessonLanguages()) {
        const QString name = languageName(QString::fromStdString(language));
        const Column column = buildColumn(language, name, box);
        grid->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped()), box), 0,
                        columnIndex);
        grid->addWidget(column.missing, 1, columnIndex);
        grid->addWidget(column.lessonTitle, 2, columnIndex);
        grid->addWidget(column.title, 3, columnIndex);
        grid->addWidget(column.text, 4, columnIndex);
        grid->addWidget(column.notes, 5, columnIndex);
        grid->setColumnStretch(columnIndex, 1);
        m_columns[language] = column;
        ++columnIndex;
    }
    grid->setRowStretch(4, 1);
    return box;
}

LessonEditorPanel::Column LessonEditorPanel::buildColumn(const std::string& language,
                                                         const QString& name, QWidget* box) {
    const QString code = QString::fromStdString(language);
    Column column;
    column.missing = new QLabel(tr("⚠ translation missing"), box);
    column.missing->setObjectName(QStringLiteral("missing_") + code);
    column.missing->setStyleSheet(QStringLiteral("color: #975000"));  // 5.3:1 on the window
    column.lessonTitle = new QLineEdit(box);
    column.lessonTitle->setObjectName(QStringLiteral("lessonTitle_") + code);
    column.lessonTitle->setPlaceholderText(tr("Lesson title (%1)").arg(name));
    column.lessonTitle->setAccessibleName(column.lessonTitle->placeholderText());
    column.title = new QLineEdit(box);
    column.title->setObjectName(QStringLiteral("sceneTitle_") + code);
    column.title->setPlaceholderText(tr("Scene title (%1)").arg(name));
    column.title->setAccessibleName(column.title->placeholderText());
    column.text = new QTextEdit(box);
    column.text->setObjectName(QStringLiteral("sceneText_") + code);
    column.text->setAccessibleName(tr("Scene text (%1)").arg(name));
    column.text->setPlaceholderText(tr("What the class reads beside the view (%1)").arg(name));
    column.text->setAcceptRichText(true);
    column.text->setUndoRedoEnabled(false);  // the lesson's Undo undoes typing too
    column.text->setMinimumHeight(160);
    column.notes = new QPlainTextEdit(box);
    column.notes->setObjectName(QStringLiteral("sceneNotes_") + code);
    column.notes->setAccessibleName(tr("Speaker notes (%1)").arg(name));
    column.notes->setPlaceholderText(
        tr("Speaker notes (%1): on the presenter's screen only, not projected or printed")
            .arg(name));
    column.notes->setUndoRedoEnabled(false);  // the lesson's Undo undoes typing too
    column.notes->setMaximumHeight(90);
    QPlainTextEdit* notes = column.notes;
    connect(notes, &QPlainTextEdit::textChanged, this,
            [this, language, notes] { m_editor.setSceneNotes(language, notes->toPlainText()); });
    connect(column.lessonTitle, &QLineEdit::textEdited, this,
            [this, language](const QString& t) { m_editor.setLessonTitle(language, t); });
    connect(column.title, &QLineEdit::textEdited, this,
            [this, language](const QString& t) { m_editor.setSceneTitle(language, t); });
    QTextEdit* edit = column.text;
    connect(edit, &QTextEdit::textChanged, this, [this, language, edit] {
        m_editor.setSceneText(language, ui::lessonMarkup(*edit->document()));
    });
    return column;
}

QTextEdit* LessonEditorPanel::activeText() const {
    // The focus is in a text (also while the window is not active), else it was last.
    for (const auto& [language, column] : m_columns)
        if (focusWidget() == column.text) return column.text;
    return m_columns.at(m_activeLanguage).text;
}

void LessonEditorPanel::toggleBold() {
    QTextEdit* edit = activeText();
    QTextCharFormat format;
    format.setFontWeight(edit->textCursor().charFormat().fontWeight() >= QFont::Bold ? QFont::Normal
                                                                                     : QFont::Bold);
    edit->mergeCurrentCharFormat(format);
}

void LessonEditorPanel::toggleItalic() {
    QTextEdit* edit = activeText();
    QTextCharFormat format;
    format.setFontItalic(!edit->textCursor().charFormat().fontItalic());
    edit->mergeCurrentCharFormat(format);
}

void LessonEditorPanel::toggleScript(bool superscript) {
    QTextEdit* edit = activeText();
    const auto wanted =
        superscript ? QTextCharFormat::AlignSuperScript : QTextCharFormat::AlignSubScript;
    QTextCharFormat format;
    format.setVerticalAlignment(edit->textCursor().charFormat().verticalAlignment() == wanted
                                    ? QTextCharFormat::AlignNormal
                                    : wanted);
    edit->mergeCurrentCharFormat(format);
}

void LessonEditorPanel::toggleList() {
    QTextCursor cursor = activeText()->textCursor();
    if (QTextList* list = cursor.currentList()) {
        QTextBlockFormat plain = cursor.blockFormat();
        list->remove(cursor.block());
        plain.setObjectIndex(-1);
        plain.setIndent(0);
        cursor.setBlockFormat(plain);
    } else {
        cursor.createList(QTextListFormat::ListDisc);
    }
}

void LessonEditorPanel::insertChosenFigure() {
    const QString chosen = m_figures->currentData().toString();  // "id:ID" or "new:WHAT:RUN"
    if (chosen.isEmpty()) return;
    const QStringList parts = chosen.split(u':');
    const QString id = parts[0] == QLatin1String("id")
                           ? parts.value(1)
                           : m_editor.prepareFigure(parts.value(1), parts.value(2));
    if (id.isEmpty()) return;
    QTextEdit* edit = activeText();
    edit->textCursor().insertText(QStringLiteral("{{%1}}").arg(id));
    edit->setFocus();
}

void LessonEditorPanel::refresh() {
    setEnabled(m_editor.isEditing());
    if (!m_editor.isEditing()) return;
    refreshSceneList();
    refreshScene();
    const QString problem = m_editor.problem();
    QString text = problem.isEmpty() ? tr("✓ ActLab can open this lesson as it stands.")
                                     : tr("Not ready yet: %1").arg(problem);
    // The file's words say what is missing; the editor says how to give it.
    if (problem.endsWith(QLatin1String("needs pretrain_steps")))
        text += QLatin1Char('\n') + tr("Train the view to the step the question is about, then "
                                       "Capture this view: the scene pre-trains that far at the "
                                       "reveal.");
    m_problem->setText(text);
}

void LessonEditorPanel::refreshSceneList() {
    const Lesson& lesson = m_editor.lesson();
    const std::string language = lessonLanguage(lesson, currentLanguage().toStdString());
    const QSignalBlocker block(m_scenes);
    m_refreshingList = true;  // the rows the list loses and gains are no drop
    m_scenes->clear();
    for (size_t i = 0; i < lesson.scenes.size(); ++i) {
        QString title = editorText(lesson.scenes[i].title, language);
        if (title.isEmpty()) title = editorText(lesson.scenes[i].title, "en");
        m_scenes->addItem(
            tr("%1. %2 — %3")
                .arg(i + 1)
                .arg(title.isEmpty() ? tr("(untitled)") : title, viewName(lesson.scenes[i].view)));
    }
    m_scenes->setCurrentRow(m_editor.currentScene());
    m_refreshingList = false;
    m_delete->setEnabled(lesson.scenes.size() > 1);
}

void LessonEditorPanel::refreshScene() {
    const Lesson& lesson = m_editor.lesson();
    const LessonScene& scene = lesson.scenes[size_t(m_editor.currentScene())];
    QString view = tr("View: %1").arg(viewName(scene.view));
    if (scene.pretrainSteps > 0) view += tr(", pre-trained %1 steps").arg(scene.pretrainSteps);
    m_view->setText(view);
    fillPanelBox(m_highlight, scene.view, scene.highlight);
    m_classView->refresh(scene);
    {
        const QSignalBlocker block(m_hidden);
        m_hidden->setChecked(scene.hiddenControls);
        m_hidden->setEnabled(scene.view == "training" || scene.view == "attention");
    }
    for (auto& [language, column] : m_columns) {
        const QSignalBlocker a(column.lessonTitle), b(column.title), c(column.text),
            d(column.notes);
        if (column.notes->toPlainText().trimmed() != editorText(scene.notes, language).trimmed())
            column.notes->setPlainText(editorText(scene.notes, language));
        if (column.lessonTitle->text() != editorText(lesson.title, language))
            column.lessonTitle->setText(editorText(lesson.title, language));
        if (column.title->text() != editorText(scene.title, language))
            column.title->setText(editorText(scene.title, language));
        const QString markup = editorText(scene.text, language);
        if (ui::lessonMarkup(*column.text->document()) != markup) {
            column.text->setHtml(markup);
            column.text->moveCursor(QTextCursor::End);
        }
        column.missing->setVisible(markup.isEmpty() || column.title->text().isEmpty());
    }
    refreshFigureBox();
    m_question->refresh(scene);
}

void LessonEditorPanel::refreshFigureBox() {
    const LessonScene& scene = m_editor.lesson().scenes[size_t(m_editor.currentScene())];
    const QSignalBlocker block(m_figures);
    const QString chosen = m_figures->currentData().toString();
    m_figures->clear();
    for (const LessonFigure& f : scene.figures)
        if (!f.id.empty())
            m_figures->addItem(
                QStringLiteral("{{%1}} — %2").arg(QString::fromStdString(f.id), figureName(f.what)),
                QStringLiteral("id:") + QString::fromStdString(f.id));
    const bool compare = scene.compareActivation || !scene.compareConfigJson.empty();
    for (const std::string& what : lessonFigureKinds()) {
        if (!lessonFigureFitsView(what, scene.view) || lessonFigureFitsView(what, "explorer"))
            continue;  // the runs' figures; a function's is quoted as written
        for (const char* run : {"a", "b"}) {
            if (run[0] == 'b' && !compare) continue;
            const QString label =
                compare ? tr("%1, run %2").arg(figureName(what), run[0] == 'a' ? tr("A") : tr("B"))
                        : figureName(what);
            m_figures->addItem(
                label,
                QStringLiteral("new:%1:%2").arg(QString::fromStdString(what), QLatin1String(run)));
        }
    }
    m_figures->setCurrentIndex(m_figures->count() ? std::max(0, m_figures->findData(chosen)) : -1);
    m_figures->setEnabled(m_figures->count() > 0);
    m_insertFigure->setEnabled(m_figures->count() > 0);
}

}  // namespace actlab::gui
