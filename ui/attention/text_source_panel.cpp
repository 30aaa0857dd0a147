// TextSourcePanel: the built-in texts' box, Paste and Open file, core's checks and the status
// line (from core's TextCorpus of the text at the present T and vocabulary).
#include "ui/attention/text_source_panel.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "datasets/builtin_texts.h"
#include "datasets/sequence_tasks.h"
#include "ui/common/core_text.h"

namespace actlab::ui {
namespace {

constexpr const char* kDefaultText = "english-poems";

std::shared_ptr<const std::string> builtInText(const QString& name) {
    const BuiltInText* text = findBuiltInText(name.toStdString());
    return text ? std::make_shared<const std::string>(text->text) : nullptr;
}

// The corpus of `text` at T and the vocabulary limit, or nullptr with *error.
std::shared_ptr<const TextCorpus> textCorpusOf(const std::string& text, int sequence,
                                               int vocabulary, std::string* error) {
    const SequenceTaskInfo* info = findSequenceTask("text");
    if (!info) return nullptr;
    const std::optional<SequenceTask> task = SequenceTask::create(
        *info, {sequence, vocabulary}, error, std::make_shared<const std::string>(text));
    if (!task || !task->textCorpus()) return nullptr;
    return std::make_shared<const TextCorpus>(*task->textCorpus());
}

}  // namespace

TextSourcePanel::TextSourcePanel(QWidget* parent) : QWidget(parent) {
    m_builtIn = new QComboBox(this);
    m_builtIn->setObjectName(QStringLiteral("builtInText"));
    m_builtIn->setAccessibleName(tr("Built-in text"));
    const std::pair<const char*, QString> names[] = {
        {"english-poems", tr("English poems (Blake, Shakespeare)")},
        {"tang-poems", tr("Tang poems (Chinese)")},
        {"program", tr("A small program (Python)")}};
    for (const auto& [name, label] : names)
        if (findBuiltInText(name)) m_builtIn->addItem(label, QString::fromLatin1(name));
    for (const BuiltInText& text : builtInTexts())  // any other that ships, by its name
        if (m_builtIn->findData(QString::fromUtf8(text.name.data(), int(text.name.size()))) < 0)
            m_builtIn->addItem(QString::fromUtf8(text.name.data(), int(text.name.size())),
                               QString::fromUtf8(text.name.data(), int(text.name.size())));
    m_builtIn->addItem(tr("Your own text"), QString());
    m_builtIn->setToolTip(tr("A text that comes with ActLab, or the one you pasted or opened"));
    m_paste = new QPushButton(tr("Paste text…"), this);
    m_paste->setObjectName(QStringLiteral("pasteText"));
    m_paste->setAccessibleName(tr("Paste text"));
    m_paste->setToolTip(tr("Type or paste a text of your own: a poem, a page, some code"));
    m_open = new QPushButton(tr("Open file…"), this);
    m_open->setObjectName(QStringLiteral("openTextFile"));
    m_open->setAccessibleName(tr("Open a text file"));
    m_open->setToolTip(tr("A UTF-8 text file of at most 10 MB"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("textStatus"));
    m_status->setAccessibleName(tr("Text status"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("textError"));
    m_error->setAccessibleName(tr("Text error"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));
    m_error->hide();

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_paste);
    buttons->addWidget(m_open);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_builtIn);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_error);

    connect(m_builtIn, &QComboBox::activated, this, [this] {
        const QString name = m_builtIn->currentData().toString();
        if (name.isEmpty()) {
            showBuiltIn();  // "your own text" is chosen by pasting or opening one
            return;
        }
        chooseBuiltIn(name);
    });
    connect(m_paste, &QPushButton::clicked, this, &TextSourcePanel::pasteText);
    connect(m_open, &QPushButton::clicked, this, &TextSourcePanel::openFileDialog);
    setText(builtInText(QString::fromLatin1(kDefaultText)));
}

void TextSourcePanel::setText(std::shared_ptr<const std::string> text) {
    if (!text) return;
    m_text = std::move(text);
    showBuiltIn();
    updateStatus();
}

void TextSourcePanel::setShape(int sequence, int vocabulary) {
    if (sequence == m_sequence && vocabulary == m_vocabulary) return;
    m_sequence = sequence;
    m_vocabulary = vocabulary;
    updateStatus();
}

bool TextSourcePanel::offerText(const std::string& bytes) {
    std::string error;
    if (!textCorpusOf(bytes, m_sequence, m_vocabulary, &error)) {
        showError(coreMessage(error));
        return false;
    }
    showError(QString());
    m_text = std::make_shared<const std::string>(bytes);
    showBuiltIn();
    updateStatus();
    emit textChosen();
    return true;
}

bool TextSourcePanel::openFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        showError(tr("Cannot open %1: %2").arg(QFileInfo(path).fileName(), file.errorString()));
        return false;
    }
    // One byte more than the limit is enough for core to say the file is too large.
    const QByteArray bytes = file.read(qint64(kMaxTextBytes) + 1);
    return offerText(bytes.toStdString());
}

bool TextSourcePanel::chooseBuiltIn(const QString& name) {
    const std::shared_ptr<const std::string> text = builtInText(name);
    return text && offerText(*text);
}

QString TextSourcePanel::statusText() const { return m_status->text(); }
QString TextSourcePanel::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

void TextSourcePanel::pasteText() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Paste a text"));
    auto* edit = new QPlainTextEdit(&dialog);
    edit->setAccessibleName(tr("Your text"));
    edit->setPlaceholderText(tr("Paste or type a text here: a poem, a page of a book, a program…"));
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(edit);
    layout->addWidget(box);
    dialog.resize(560, 400);
    if (dialog.exec() == QDialog::Accepted) offerText(edit->toPlainText().toStdString());
}

void TextSourcePanel::openFileDialog() {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a text"), QString(),
                                     tr("Text files (*.txt *.md *.py *.cpp *.h);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void TextSourcePanel::showBuiltIn() {
    int index = m_builtIn->findData(QString());
    for (int i = 0; i < m_builtIn->count(); ++i) {
        const std::shared_ptr<const std::string> text =
            builtInText(m_builtIn->itemData(i).toString());
        if (text && m_text && *text == *m_text) index = i;
    }
    m_builtIn->setCurrentIndex(index);
}

void TextSourcePanel::updateStatus() {
    if (!m_text) {
        m_status->clear();
        return;
    }
    std::string error;
    const std::shared_ptr<const TextCorpus> corpus =
        textCorpusOf(*m_text, m_sequence, m_vocabulary, &error);
    if (!corpus) {
        m_status->setText(coreMessage(error));
        return;
    }
    const QString heldOut =
        corpus->heldOut()
            ? tr("every tenth block of %1 characters held out").arg(corpus->blockLength())
            : tr("no held-out part (text too short)");
    m_status->setText(tr("%1 characters · vocabulary %2 · <unk> %3% · %4")
                          .arg(corpus->characters())
                          .arg(corpus->vocabulary())
                          .arg(corpus->unknownShare() * 100, 0, 'f', 1)
                          .arg(heldOut));
}

void TextSourcePanel::showError(const QString& error) {
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

}  // namespace actlab::ui
