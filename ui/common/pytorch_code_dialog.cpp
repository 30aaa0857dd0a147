// The PyTorch code dialog: the script regenerated when the steps change, copied to the
// clipboard or saved with QSaveFile.
#include "ui/common/pytorch_code_dialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "export/pytorch_script.h"
#include "ui/common/core_text.h"

namespace actlab::ui {
namespace {

constexpr int kDefaultSteps = 1000;    // a run that has not trained yet
constexpr int kMaxSteps = 10'000'000;  // as actlab-cli train --steps

int initialSteps(int steps) { return steps > 0 ? std::min(steps, kMaxSteps) : kDefaultSteps; }

}  // namespace

PytorchCodeDialog::PytorchCodeDialog(Generator generator, int steps, QString fileName,
                                     QWidget* parent)
    : QDialog(parent), m_generator(std::move(generator)), m_fileName(std::move(fileName)) {
    setWindowTitle(tr("PyTorch code"));
    setObjectName(QStringLiteral("pytorchCodeDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* explanation = new QLabel(
        tr("A self-contained Python script for PyTorch 1.13 that builds the same data, model, "
           "loss and optimizer, trains them and prints the figures of actlab-cli train as JSON. "
           "Run it with --weights FILE.safetensors (saved by actlab-cli train --save-model) to "
           "print the trained model's logits instead."),
        this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);
    auto* stepsRow = new QHBoxLayout;
    auto* stepsLabel = new QLabel(tr("Training steps:"), this);
    m_steps = new QSpinBox(this);
    m_steps->setObjectName(QStringLiteral("pytorchSteps"));
    m_steps->setRange(0, kMaxSteps);
    m_steps->setValue(initialSteps(steps));
    m_steps->setKeyboardTracking(false);  // typed digits regenerate once, when committed
    m_steps->setToolTip(tr("How many steps the script trains (STEPS at its top)"));
    stepsLabel->setBuddy(m_steps);
    stepsRow->addWidget(stepsLabel);
    stepsRow->addWidget(m_steps);
    stepsRow->addStretch(1);
    layout->addLayout(stepsRow);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("pytorchProblem"));
    m_problem->setWordWrap(true);
    m_problem->hide();
    layout->addWidget(m_problem);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("pytorchCode"));
    m_text->setAccessibleName(tr("PyTorch script"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addWidget(m_text, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copyButton = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    QPushButton* saveButton = buttons->addButton(tr("Save…"), QDialogButtonBox::ActionRole);
    copyButton->setObjectName(QStringLiteral("pytorchCopy"));
    saveButton->setObjectName(QStringLiteral("pytorchSave"));
    copyButton->setToolTip(tr("Copy the script to the clipboard"));
    saveButton->setToolTip(tr("Save the script as a .py file"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copyButton, &QPushButton::clicked, this, &PytorchCodeDialog::copy);
    connect(saveButton, &QPushButton::clicked, this, &PytorchCodeDialog::save);
    connect(m_steps, &QSpinBox::valueChanged, this, &PytorchCodeDialog::regenerate);
    resize(900, 700);
    regenerate();
}

QString PytorchCodeDialog::script() const { return m_text->toPlainText(); }

void PytorchCodeDialog::regenerate() {
    std::string error;
    const std::optional<std::string> script = m_generator(m_steps->value(), &error);
    m_problem->setVisible(!script);
    if (!script) {
        m_problem->setText(tr("These settings cannot be exported: %1").arg(coreMessage(error)));
        m_text->clear();
        return;
    }
    m_text->setPlainText(QString::fromStdString(*script));
}

void PytorchCodeDialog::copy() { QApplication::clipboard()->setText(script()); }

bool PytorchCodeDialog::saveTo(const QString& path, QString* error) const {
    QSaveFile file(path);
    const QByteArray bytes = script().toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error) *error = tr("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void PytorchCodeDialog::save() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save PyTorch code"), m_fileName,
                                                tr("Python scripts (*.py)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".py"), Qt::CaseInsensitive)) path += QStringLiteral(".py");
    QString error;
    if (!saveTo(path, &error)) QMessageBox::warning(this, tr("Save PyTorch code"), error);
}

void showPytorchCode(QWidget* parent, const std::vector<TrainingConfig>& runs,
                     const QString& problem, int steps) {
    const std::optional<TrainingConfig> run =
        runs.empty() || !problem.isEmpty() ? std::nullopt : std::optional(runs.front());
    const std::string why =
        problem.isEmpty() ? "the settings are not valid" : problem.toStdString();
    PytorchCodeDialog dialog(
        [run, why](int n, std::string* error) -> std::optional<std::string> {
            if (run) return pytorchScript(*run, n, error);
            *error = why;
            return std::nullopt;
        },
        steps,
        QStringLiteral("actlab_training_%1.py")
            .arg(run ? QString::fromStdString(run->task) : QStringLiteral("run")),
        parent);
    dialog.exec();
}

void showPytorchCode(QWidget* parent, const SequenceTrainingConfig& config, const QString& problem,
                     int steps) {
    const std::string why = problem.toStdString();
    PytorchCodeDialog dialog(
        [config, why](int n, std::string* error) -> std::optional<std::string> {
            if (why.empty()) return pytorchScript(config, n, 50, error);
            *error = why;
            return std::nullopt;
        },
        steps, QStringLiteral("actlab_attention_%1.py").arg(QString::fromStdString(config.task)),
        parent);
    dialog.exec();
}

}  // namespace actlab::ui
