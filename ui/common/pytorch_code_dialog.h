// "Show PyTorch code…": a Training or Attention run as a self-contained PyTorch script
// (core/export/pytorch_script.h) in a read-only monospace text, with the number of steps it
// trains, Copy and Save…. The views call showPytorchCode with their current configuration.
#pragma once

#include <QDialog>
#include <functional>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QSpinBox;

namespace actlab {
struct TrainingConfig;
struct SequenceTrainingConfig;
}  // namespace actlab

namespace actlab::ui {

class PytorchCodeDialog : public QDialog {
    Q_OBJECT
public:
    // The script for a number of steps, or nullopt with a one-line *error.
    using Generator = std::function<std::optional<std::string>(int steps, std::string* error)>;

    PytorchCodeDialog(Generator generator, int steps, QString fileName, QWidget* parent = nullptr);

    QString script() const;  // as shown ("" when the configuration was refused)
    QPlainTextEdit* text() const { return m_text; }
    QSpinBox* stepsBox() const { return m_steps; }
    bool saveTo(const QString& path, QString* error) const;  // the script, atomically

private:
    void regenerate();  // from the steps box
    void copy();
    void save();

    Generator m_generator;
    QString m_fileName;  // suggested by Save…
    QPlainTextEdit* m_text;
    QSpinBox* m_steps;
    QLabel* m_problem;
};

// Opens the dialog (modal) for a lab's run A, from what its controls give: the Training view's
// configs() (run A first; none when a field is invalid) or the Attention view's config(), and
// their problem() ("" when the fields are valid; else the dialog shows it instead of a script).
// `steps`: what the script trains at first, the run's step count (1000 for a run at step 0).
void showPytorchCode(QWidget* parent, const std::vector<TrainingConfig>& runs,
                     const QString& problem, int steps);
void showPytorchCode(QWidget* parent, const SequenceTrainingConfig& config, const QString& problem,
                     int steps);

}  // namespace actlab::ui
