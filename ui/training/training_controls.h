// The settings of the Training view: preset, data set (and the user's own points), model,
// activation and its parameters, optimizer, regularisation, seed, and the activation of the
// second run in compare mode. It turns them into TrainingConfigs; it trains nothing itself.
#pragma once

#include <QJsonObject>
#include <QWidget>
#include <optional>
#include <vector>

#include "training/trainer.h"

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace actlab::ui {

class ParameterEditor;

class TrainingControls : public QWidget {
    Q_OBJECT
public:
    explicit TrainingControls(QWidget* parent = nullptr);

    // The runs to train: one, or two (same data and seed, B's activation) when comparing.
    // Empty (and problem() says why) when a field is invalid.
    std::vector<TrainingConfig> configs() const;
    QString problem() const;       // what is wrong with the fields, "" if nothing
    QStringList runNames() const;  // activation display names, one per run

    bool applyPreset(const QString& name);  // false for an unknown name
    QString presetName() const;             // "" when custom
    void setCompare(bool on, const QString& activationName = QString());
    bool compare() const;
    void setSeed(int seed);

    // The user's points (task "user"). Adding one switches the data set to them. Clicks on the
    // plane add points only in "Draw points" mode (off by default: a click never changes data).
    bool drawingPoints() const;
    void setDrawingPoints(bool on);
    void addUserPoint(double x1, double x2, bool otherClass);
    bool importUserPoints(const QString& csvText, QString* error);
    void clearUserPoints();
    const LabelledPoints& userPoints() const { return m_userPoints; }
    int userClasses() const { return m_userClasses; }
    int chosenClass() const;

    QJsonObject saveState() const;
    void restoreState(const QJsonObject& state);

signals:
    void rebuildRequested();  // data, model or seed changed: the runs start again
    void optimizerChanged();  // optimizer or regularisation: applied to the running runs
    void messageChanged(const QString& message);
    void drawingPointsChanged(bool on);

private:
    QWidget* buildDataBox();
    QWidget* buildModelBox();
    QWidget* buildOptimizerBox();
    QWidget* buildCompareBox();
    void writeFields(const TrainingConfig& config);  // without emitting
    void rebuildActivationChoices();
    void rebuildParameterEditor();   // run A's activation parameters
    void rebuildParameterEditorB();  // run B's, in the Compare box
    // Run B's activation: the compare box's choice with the parameters set for it.
    ActivationConfig activationB() const;
    static QString runName(const ActivationConfig& config);
    void updateVisibility();
    void changed(bool rebuild);
    void importCsvFile();

    TrainingConfig m_base;  // the preset's config: fields without a control come from here
    ActivationConfig m_activation;
    ActivationConfig m_activationB;  // its parameters; the id follows the compare box
    LabelledPoints m_userPoints;
    int m_userClasses = 2;
    bool m_writing = false;

    QComboBox* m_preset;
    QLabel* m_presetText;
    QComboBox* m_task;
    QDoubleSpinBox* m_noise;
    QSpinBox* m_trainShare;
    QSpinBox* m_points;
    QSpinBox* m_seed;
    QButtonGroup* m_classButtons;
    QPushButton* m_drawPoints;
    QLabel* m_userText;
    QWidget* m_userBox;
    QComboBox* m_modelKind;
    QLineEdit* m_hidden;
    QSpinBox* m_dModel;
    QSpinBox* m_blocks;
    QWidget* m_mlpRow;
    QWidget* m_gluRow;
    QComboBox* m_activationBox;
    QVBoxLayout* m_parameterHolder;
    ParameterEditor* m_parameters = nullptr;
    QComboBox* m_init;
    QDoubleSpinBox* m_biasInit;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_learningRate;
    QSpinBox* m_batch;
    QDoubleSpinBox* m_l1;
    QDoubleSpinBox* m_l2;
    QCheckBox* m_compare;
    QComboBox* m_compareActivation;
    QVBoxLayout* m_parameterHolderB;
    ParameterEditor* m_parametersB = nullptr;
};

}  // namespace actlab::ui
