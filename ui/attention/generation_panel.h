// The text task's generation panel: a prompt, the temperature (a slider, 0.1 to 2) and top-k,
// Generate and the generated text, and the next character's softmax after the prompt drawn as
// bars (the 20 most likely characters), redrawn as the slider moves. The bars come from a model
// of its own rebuilt from the weights of the worker's latest frame; Generate samples on another
// such model in a thread of its own (hundreds of characters take a second or more): the UI never
// waits on training or on sampling.
#pragma once

#include <QGroupBox>
#include <QPointer>
#include <memory>
#include <vector>

#include "datasets/text_corpus.h"
#include "models/transformer.h"
#include "training/text_sampling.h"
#include "ui/attention/model_weights.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QThread;

namespace actlab::ui {

class NextCharacterBars;

class GenerationPanel : public QGroupBox {
    Q_OBJECT
public:
    static constexpr int kBars = 20;

    explicit GenerationPanel(QWidget* parent = nullptr);
    ~GenerationPanel() override;

    // The run's corpus (null: not the text task) and its newest weights (null: none yet).
    void setCorpus(std::shared_ptr<const TextCorpus> corpus);
    void setWeights(std::shared_ptr<const ModelWeights> weights);

    double temperature() const;
    void setTemperature(double temperature);  // as the slider would: the bars are redrawn
    void setTopK(int k);
    void setPrompt(const QString& prompt);
    void setSeed(int seed);
    // What the Generate button does: samples in a thread of its own from the newest weights;
    // false (and a line in the output) when there is no model yet or a generation is running.
    bool generate();
    bool isGenerating() const { return !m_job.isNull(); }
    QString output() const;
    // The bars drawn: the most likely next characters' probabilities, largest first.
    std::vector<double> barProbabilities() const;
    QStringList barLabels() const;

signals:
    void generated();  // the generated text (or why there is none) is in the output

private:
    void showGenerated(const QString& text);
    Transformer<float>* model();  // the model of the newest weights (rebuilt when they change)
    SamplingSettings settings() const;
    std::vector<Token> promptContext(QString* error) const;
    void updateBars();
    void showTemperature();

    std::shared_ptr<const TextCorpus> m_corpus;
    std::shared_ptr<const ModelWeights> m_weights, m_modelWeights;
    std::unique_ptr<Transformer<float>> m_model;
    QLineEdit* m_prompt;
    QSlider* m_temperature;
    QLabel* m_temperatureValue;
    QSpinBox* m_topK;
    QSpinBox* m_length;
    QSpinBox* m_seed;
    QPushButton* m_generate;
    QPlainTextEdit* m_output;
    NextCharacterBars* m_bars;
    QPointer<QThread> m_job;  // the running generation, null when none
};

}  // namespace actlab::ui
