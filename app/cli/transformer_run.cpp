// The Transformer's run of `actlab-cli train --model transformer`: one JSON line of figures, an
// optional per-log CSV (--metrics) and the probe batch's attention maps (--dump-attention
// FILE.json).
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "backends/backend_factory.h"
#include "commands.h"
#include "common/number_format.h"
#include "config/run_state_json.h"
#include "export/pytorch_script.h"
#include "json_writer.h"
#include "models/safetensors.h"
#include "run_loop.h"
#include "session_file.h"
#include "text_json.h"
#include "transformer_options.h"

namespace actlab::cli {
namespace {

// {"layers", "heads", "tokens", "token_names", "class_names", "maps"[layer][head][probe][q][k],
//  "logits"[probe][position][class] (pooled: [probe][class])}.
std::string attentionDump(const SequenceTrainer& trainer, const SequenceSnapshot& s) {
    const AttentionMaps& attention = s.probes.attention;
    const ProbePredictions& predictions = s.probes.predictions;
    const ProbeTokens& tokens = s.probes.tokens;
    const std::int64_t L = attention.layers, H = attention.heads, P = attention.probes,
                       T = attention.queries;
    nlohmann::json dump;
    dump["layers"] = L;
    dump["heads"] = H;
    dump["task"] = trainer.config().task;
    dump["step"] = s.step;
    dump["token_names"] = trainer.task().tokenNames();
    dump["class_names"] = trainer.task().classNames();
    nlohmann::json ids = nlohmann::json::array();
    for (std::int64_t p = 0; p < P; ++p) {
        nlohmann::json row = nlohmann::json::array();
        for (Token id : tokens.probe(int(p))) row.push_back(int(id));
        ids.push_back(row);
    }
    dump["tokens"] = ids;
    nlohmann::json maps = nlohmann::json::array();
    size_t i = 0;
    for (std::int64_t l = 0; l < L; ++l) {
        nlohmann::json layer = nlohmann::json::array();
        for (std::int64_t h = 0; h < H; ++h) {
            nlohmann::json head = nlohmann::json::array();
            for (std::int64_t p = 0; p < P; ++p) {
                nlohmann::json map = nlohmann::json::array();
                for (std::int64_t q = 0; q < T; ++q) {
                    nlohmann::json row = nlohmann::json::array();
                    for (std::int64_t k = 0; k < T; ++k) row.push_back(attention.weights[i++]);
                    map.push_back(row);
                }
                head.push_back(map);
            }
            layer.push_back(head);
        }
        maps.push_back(layer);
    }
    dump["maps"] = maps;
    const bool pooled = predictions.pooled;
    const std::int64_t positions = predictions.rows, classes = predictions.classes;
    nlohmann::json out = nlohmann::json::array();
    i = 0;
    for (std::int64_t p = 0; p < P; ++p) {
        nlohmann::json probe = nlohmann::json::array();
        for (std::int64_t t = 0; t < positions; ++t) {
            nlohmann::json row = nlohmann::json::array();
            for (std::int64_t c = 0; c < classes; ++c) row.push_back(predictions.logits[i++]);
            if (pooled)
                probe = row;
            else
                probe.push_back(row);
        }
        out.push_back(probe);
    }
    dump["logits"] = out;
    return dump.dump() + "\n";
}

}  // namespace

TransformerRun runTransformer(const TransformerTrainOptions& o, std::ostream* metrics,
                              double target, std::string& notes,
                              std::unique_ptr<SequenceTrainer> resumed) {
    std::string error;
    std::unique_ptr<SequenceTrainer> trainer =
        resumed ? std::move(resumed) : SequenceTrainer::create(o.config, &error);
    if (!trainer) throw CliError(error);
    TransformerRun run;
    if (o.backend != BackendChoice::Cpu) {
        BackendSelection selection = createBackend(o.backend);
        const std::string line = "actlab-cli: note: " + selection.reason + "\n";
        if (selection.fellBack && notes.find(line) == std::string::npos) notes += line;
        trainer->setTensorOps(createTensorOpsTable(*selection.backend));
    }
    run.parameters = trainer->model().parameterCount();
    run.dFf = trainer->model().feedForwardWidth();
    stepAndMeasure(*trainer, o, target, metrics, run);
    run.backend = trainer->model().tensorOps().describe();  // with the ops that fell back
    run.text = textFigures(trainer->task(), run.final);
    run.headScores =
        measureHeadScores(trainer->model(), trainer->config().batch, trainer->config().seed);
    if (o.saveModelPath) {
        SafetensorsFile file = transformerToSafetensors(trainer->model());
        if (const TextCorpus* corpus = trainer->task().textCorpus()) {  // the ids' characters
            nlohmann::json characters = nlohmann::json::array();
            for (char32_t c : corpus->symbols()) characters.push_back(encodeUtf8({&c, 1}));
            if (corpus->hasUnknown()) characters.push_back("<unk>");
            file.metadata["actlab_vocabulary"] = characters.dump();
        }
        writeText(*o.saveModelPath, encodeSafetensors(file), "--save-model file");
    }
    if (o.dumpAttentionPath)
        writeText(*o.dumpAttentionPath, attentionDump(*trainer, run.final),
                  "--dump-attention file");
    if (o.saveSessionPath)
        writeSessionFile(*o.saveSessionPath,
                         cliSession("attention", sequenceTrainerStateToJson(*trainer)));
    return run;
}

namespace {

// A Transformer's train, compare and export.
class TransformerModelRun final : public ModelRun {
public:
    TransformerModelRun(TransformerTrainOptions options, std::unique_ptr<SequenceTrainer> resumed)
        : m_options(std::move(options)), m_resumed(std::move(resumed)) {}
    std::string train(std::string& notes) const override {
        std::ostringstream metrics;
        const TransformerRun r = runTransformer(
            m_options, m_options.metricsPath ? &metrics : nullptr, 0, notes, std::move(m_resumed));
        if (m_options.metricsPath)
            writeText(*m_options.metricsPath, metrics.str(), "--metrics file");
        return transformerRunJson(m_options, r);
    }
    std::string compare(const Arguments& args, std::string& notes) const override {
        return compareTransformers(args, m_options, notes);
    }
    std::string exportPytorch() const override {
        std::string error;
        const TransformerTrainOptions& o = m_options;
        return scriptOrThrow(pytorchScript(o.config, o.steps, o.logEvery, &error), error);
    }

private:
    TransformerTrainOptions m_options;
    mutable std::unique_ptr<SequenceTrainer> m_resumed;  // taken by the first train()
};

}  // namespace

std::unique_ptr<ModelRun> transformerModelRun(TransformerTrainOptions options,
                                              std::unique_ptr<SequenceTrainer> resumed) {
    return std::make_unique<TransformerModelRun>(std::move(options), std::move(resumed));
}

std::string transformerRunJson(const TransformerTrainOptions& o, const TransformerRun& r) {
    const SequenceSnapshot& s = r.final;
    const TransformerConfig& m = o.config.model;
    JsonWriter json;
    json.beginObject()
        .key("model")
        .value("transformer")
        .key("task")
        .value(o.config.task)
        .key("backend")
        .value(r.backend)
        .key("layers")
        .value(static_cast<long long>(m.layers))
        .key("heads")
        .value(static_cast<long long>(m.heads))
        .key("d_model")
        .value(static_cast<long long>(m.dModel))
        .key("d_ff")
        .value(static_cast<long long>(r.dFf))
        .key("ffn")
        .value(feedForwardName(m.ffn))
        .key("ffn_activation")
        .value(activationSpec(m.ffnActivation))
        .key("qkv_activation")
        .value(activationSpec(m.qkvActivation))
        .key("norm")
        .value(normPlacementName(m.norm))
        .key("steps")
        .value(static_cast<long long>(s.step))
        .key("train_loss")
        .value(s.trainLoss)
        .key("test_loss")
        .value(s.testLoss)
        .key("token_accuracy")
        .value(s.tokenAccuracy)
        .key("sequence_accuracy")
        .value(s.sequenceAccuracy)
        .key("attention_entropy")
        .value(s.attentionEntropy)
        .key("softmax_saturation")
        .value(s.softmaxSaturation)
        .key("grad_norm")
        .value(s.gradientNorm)
        .key("diverged")
        .value(s.diverged);
    if (s.diverged) json.key("diverged_at").value(static_cast<long long>(s.divergedAtStep));
    json.key("steps_per_second").value(r.stepsPerSecond).key("parameters").value(r.parameters);
    const auto array = [&](const char* name, const std::vector<double>& values) {
        json.key(name).beginArray();
        for (double v : values) json.value(v);
        json.endArray();
    };
    array("layer_grad_norms", s.layerGradientNorm);
    array("head_entropy", s.headEntropy);
    array("head_max_weight", s.headMaxWeight);
    array("qkv_dead_fraction", s.qkvDeadFraction);
    array("ffn_dead_fraction", s.ffnDeadFraction);
    writeMixWeights(json, r.mixes);
    if (r.text) writeTextFigures(json, *r.text);
    writeHeadScores(json, r.headScores);
    json.endObject();
    return json.text() + "\n";
}

}  // namespace actlab::cli
