// GenerationPanel: the form, the bars (painted here) and core's sampling (text_sampling.h) on
// the panel's own copy of the model.
#include "ui/attention/generation_panel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>

#include "ui/common/core_text.h"

namespace actlab::ui {

// The next character's probabilities as labelled bars, largest first.
class NextCharacterBars : public QWidget {
public:
    explicit NextCharacterBars(QWidget* parent) : QWidget(parent) {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    // Room for the share line, bars four lines high and the characters, at any UI scale.
    QSize sizeHint() const override { return {200, fontMetrics().height() * 6 + 4}; }
    QSize minimumSizeHint() const override { return sizeHint(); }
    void setBars(std::vector<double> probabilities, QStringList labels) {
        m_probabilities = std::move(probabilities);
        m_labels = std::move(labels);
        update();
    }
    const std::vector<double>& probabilities() const { return m_probabilities; }
    const QStringList& labels() const { return m_labels; }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.fillRect(rect(), palette().base());
        const int n = int(m_probabilities.size());
        if (n == 0) return;
        const QFontMetrics metrics(font());
        const int labelHeight = metrics.height() + 2;
        const double width = double(this->width()) / GenerationPanel::kBars;
        // The tallest bar (the first) reaches below the line naming its share.
        const int top = labelHeight;
        const int plotHeight = height() - 2 * labelHeight - 2;
        const double largest = std::max(1e-9, m_probabilities.front());
        const QColor bar = palette().color(QPalette::Highlight);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRectF(0, 0, this->width(), labelHeight), Qt::AlignLeft | Qt::AlignVCenter,
                         GenerationPanel::tr("largest: %1%").arg(largest * 100, 0, 'f', 1));
        for (int i = 0; i < n; ++i) {
            const int h = int(m_probabilities[size_t(i)] / largest * plotHeight + 0.5);
            const QRectF column(i * width + 1, 0, width - 2, height());
            painter.fillRect(QRectF(column.left(), top + plotHeight - h, column.width(), h), bar);
            painter.drawText(
                QRectF(column.left(), top + plotHeight + 1, column.width(), labelHeight),
                Qt::AlignCenter, m_labels.value(i));
        }
    }

private:
    std::vector<double> m_probabilities;
    QStringList m_labels;
};

GenerationPanel::GenerationPanel(QWidget* parent) : QGroupBox(tr("Generate text"), parent) {
    setObjectName(QStringLiteral("generationPanel"));
    m_prompt = new QLineEdit(this);
    m_prompt->setObjectName(QStringLiteral("generationPrompt"));
    m_prompt->setAccessibleName(tr("Prompt"));
    m_prompt->setPlaceholderText(tr("the text's first character"));
    m_temperature = new QSlider(Qt::Horizontal, this);
    m_temperature->setObjectName(QStringLiteral("temperature"));
    m_temperature->setAccessibleName(tr("Temperature"));
    m_temperature->setRange(int(kMinTemperature * 10), int(kMaxTemperature * 10));
    m_temperature->setValue(10);
    m_temperature->setToolTip(
        tr("The softmax's temperature: p ∝ exp(z/τ). Low: the likeliest character almost "
           "always; high: flatter, more surprising"));
    m_temperatureValue = new QLabel(this);
    m_temperatureValue->setAccessibleName(tr("Temperature value"));
    m_topK = new QSpinBox(this);
    m_topK->setObjectName(QStringLiteral("topK"));
    m_topK->setAccessibleName(tr("Top-k"));
    m_topK->setRange(0, kMaxTextVocabularySize);
    m_topK->setSpecialValueText(tr("all"));
    m_topK->setToolTip(tr("Draw only among the k likeliest characters; all: no cut"));
    m_length = new QSpinBox(this);
    m_length->setAccessibleName(tr("Characters to generate"));
    m_length->setRange(1, 2000);
    m_length->setValue(200);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("generationSeed"));
    m_seed->setAccessibleName(tr("Sampling seed"));
    m_seed->setRange(0, 1'000'000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The same seed and weights give the same text"));
    m_generate = new QPushButton(tr("Generate"), this);
    m_generate->setObjectName(QStringLiteral("generate"));
    m_generate->setAccessibleName(tr("Generate"));
    m_output = new QPlainTextEdit(this);
    m_output->setObjectName(QStringLiteral("generatedText"));
    m_output->setAccessibleName(tr("Generated text"));
    m_output->setReadOnly(true);
    m_output->setMinimumHeight(90);
    m_bars = new NextCharacterBars(this);
    m_bars->setAccessibleName(tr("Next character probabilities"));
    m_bars->setToolTip(tr("The next character after the prompt: the %1 likeliest, with this "
                          "temperature and top-k")
                           .arg(kBars));

    auto* temperatureRow = new QHBoxLayout;
    temperatureRow->addWidget(m_temperature, 1);
    temperatureRow->addWidget(m_temperatureValue);
    auto* form = new QFormLayout;
    form->addRow(tr("Prompt"), m_prompt);
    form->addRow(tr("Temperature"), temperatureRow);
    form->addRow(tr("Top-k"), m_topK);
    form->addRow(tr("Characters"), m_length);
    form->addRow(tr("Seed"), m_seed);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Next character:"), this));
    layout->addWidget(m_bars);
    layout->addWidget(m_generate);
    layout->addWidget(m_output);

    connect(m_temperature, &QSlider::valueChanged, this, [this] {
        showTemperature();
        updateBars();
    });
    connect(m_topK, &QSpinBox::valueChanged, this, [this] { updateBars(); });
    connect(m_prompt, &QLineEdit::textChanged, this, [this] { updateBars(); });
    connect(m_generate, &QPushButton::clicked, this, [this] { generate(); });
    showTemperature();
}

GenerationPanel::~GenerationPanel() {
    if (!m_job) return;
    m_job->wait();  // a generation in flight writes into state it owns; let it end
    delete m_job.data();
}

void GenerationPanel::setCorpus(std::shared_ptr<const TextCorpus> corpus) {
    m_corpus = std::move(corpus);
    m_model.reset();
    m_modelWeights.reset();
    m_output->clear();
    updateBars();
}

void GenerationPanel::setWeights(std::shared_ptr<const ModelWeights> weights) {
    if (weights == m_weights) return;
    m_weights = std::move(weights);
    if (isVisible()) updateBars();
}

double GenerationPanel::temperature() const { return m_temperature->value() / 10.0; }
void GenerationPanel::setTemperature(double t) { m_temperature->setValue(int(t * 10 + 0.5)); }
void GenerationPanel::setTopK(int k) { m_topK->setValue(k); }
void GenerationPanel::setPrompt(const QString& prompt) { m_prompt->setText(prompt); }
void GenerationPanel::setSeed(int seed) { m_seed->setValue(seed); }
QString GenerationPanel::output() const { return m_output->toPlainText(); }
std::vector<double> GenerationPanel::barProbabilities() const { return m_bars->probabilities(); }
QStringList GenerationPanel::barLabels() const { return m_bars->labels(); }

void GenerationPanel::showTemperature() {
    m_temperatureValue->setText(QString::number(temperature(), 'f', 1));
}

SamplingSettings GenerationPanel::settings() const {
    return {.temperature = temperature(), .topK = m_topK->value()};
}

Transformer<float>* GenerationPanel::model() {
    // Weights of the run whose corpus this is (a new run's frame may bring either first).
    if (!m_weights || !m_corpus || m_weights->config.vocabulary != m_corpus->vocabulary() ||
        m_weights->config.outputs != m_corpus->vocabulary() ||
        m_weights->config.sequence < m_corpus->sequence())
        return nullptr;
    if (m_modelWeights != m_weights) {
        m_model = modelFromWeights(*m_weights);
        m_modelWeights = m_weights;
    }
    return m_model.get();
}

std::vector<Token> GenerationPanel::promptContext(QString* error) const {
    std::vector<Token> ids;
    const std::string prompt = m_prompt->text().toStdString();
    if (!prompt.empty()) {
        std::string message;
        const std::optional<std::u32string> text = decodeUtf8(prompt, &message);
        if (!text) {
            *error = coreMessage(message);
            return {};
        }
        for (char32_t c : *text) ids.push_back(m_corpus->idOf(c));
    } else if (!m_corpus->ids().empty()) {
        ids.push_back(m_corpus->ids().front());  // as generateText starts
    }
    const size_t sequence = size_t(std::max(1, m_corpus->sequence()));
    if (ids.size() > sequence) ids.erase(ids.begin(), ids.end() - std::ptrdiff_t(sequence));
    return ids;
}

void GenerationPanel::updateBars() {
    Transformer<float>* net = m_corpus ? model() : nullptr;
    QString error;
    const std::vector<Token> context = net ? promptContext(&error) : std::vector<Token>{};
    if (!net || context.empty()) {
        m_bars->setBars({}, {});
        return;
    }
    const std::vector<double> p = nextCharacterDistribution(*net, context, settings());
    std::vector<int> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    const size_t shown = std::min<size_t>(kBars, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(shown), order.end(),
                      [&p](int a, int b) { return p[size_t(a)] > p[size_t(b)]; });
    const std::vector<std::string> names = m_corpus->tokenNames();
    std::vector<double> bars;
    QStringList labels;
    for (size_t i = 0; i < shown; ++i) {
        bars.push_back(p[size_t(order[i])]);
        labels << QString::fromStdString(names[size_t(order[i])]);
    }
    m_bars->setBars(std::move(bars), labels);
}

bool GenerationPanel::generate() {
    if (m_job) return false;  // the button is disabled meanwhile
    if (!m_corpus || !model()) {
        showGenerated(tr("No model yet: train a step first."));
        return false;
    }
    // The job owns everything it reads: a model of its own from the newest weights, the corpus,
    // the prompt and the settings; it hands back only the text.
    struct Job {
        std::shared_ptr<const ModelWeights> weights;
        std::shared_ptr<const TextCorpus> corpus;
        std::string prompt;
        int characters;
        SamplingSettings settings;
        std::uint64_t seed;
        QString text;
    };
    auto job = std::make_shared<Job>(Job{m_weights, m_corpus, m_prompt->text().toStdString(),
                                         m_length->value(), settings(),
                                         std::uint64_t(m_seed->value()), QString()});
    m_job = QThread::create([job] {
        std::unique_ptr<Transformer<float>> net = modelFromWeights(*job->weights);
        std::string error = "the model could not be rebuilt";
        const std::optional<std::string> text =
            net ? generateText(*net, *job->corpus, job->prompt, job->characters, job->settings,
                               job->seed, &error)
                : std::nullopt;
        job->text = text ? QString::fromStdString(*text) : coreMessage(error);
    });
    m_job->setObjectName(QStringLiteral("textGeneration"));
    connect(m_job, &QThread::finished, this, [this, job] {
        m_job->deleteLater();
        m_job = nullptr;
        showGenerated(job->text);
    });
    m_generate->setEnabled(false);
    m_generate->setText(tr("Generating…"));
    m_job->start(QThread::LowPriority);
    return true;
}

void GenerationPanel::showGenerated(const QString& text) {
    m_generate->setText(tr("Generate"));
    m_generate->setEnabled(true);
    m_output->setPlainText(text);
    emit generated();
}

}  // namespace actlab::ui
