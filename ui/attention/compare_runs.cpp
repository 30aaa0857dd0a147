// The settings table of compare mode: each row reads a setting as a few words and copies it from
// one configuration to another.
#include "ui/attention/compare_runs.h"

#include <QCoreApplication>

#include "ui/common/control_choices.h"

namespace actlab::ui {
namespace {

// lupdate files these tr() calls under the enclosing namespace's name: the same context here.
QString tr(const char* text, int n = -1) {
    return QCoreApplication::translate("actlab::ui", text, nullptr, n);
}

using Config = SequenceTrainingConfig;

struct Setting {
    const char* field;                             // core's JSON name
    QString (*text)(const Config& config);         // a few words
    void (*copy)(const Config& from, Config& to);  // this setting only
};

// clang-format off
const Setting kSettings[] = {
 {"model.qkv_activation", [](const Config& c) { return tr("qkv %1").arg(activationText(c.model.qkvActivation)); },
                          [](const Config& f, Config& t) { t.model.qkvActivation = f.model.qkvActivation; }},
 {"model.norm",           [](const Config& c) { return c.model.norm == NormPlacement::Pre ? tr("Pre-LN") : tr("Post-LN"); },
                          [](const Config& f, Config& t) { t.model.norm = f.model.norm; }},
 {"model.ffn",            [](const Config& c) { return tr("FFN %1").arg(qtText(feedForwardName(c.model.ffn))); },
                          [](const Config& f, Config& t) { t.model.ffn = f.model.ffn; }},
 {"model.ffn_activation", [](const Config& c) { return c.model.ffn == FeedForwardKind::None ? QString() : tr("FFN %1").arg(activationText(c.model.ffnActivation)); },
                          [](const Config& f, Config& t) { t.model.ffnActivation = f.model.ffnActivation; }},
 {"model.layers",         [](const Config& c) { return tr("%n layer(s)", c.model.layers); },
                          [](const Config& f, Config& t) { t.model.layers = f.model.layers; }},
 {"model.heads",          [](const Config& c) { return tr("%n head(s)", c.model.heads); },
                          [](const Config& f, Config& t) { t.model.heads = f.model.heads; }},
 {"model.d_model",        [](const Config& c) { return tr("d_model %1").arg(c.model.dModel); },
                          [](const Config& f, Config& t) { t.model.dModel = f.model.dModel; t.model.dFf = f.model.dFf; }},
 {"model.causal",         [](const Config& c) { return c.model.causal ? tr("causal") : tr("not causal"); },
                          [](const Config& f, Config& t) { t.model.causal = f.model.causal; }},
 {"optimizer.kind",       [](const Config& c) { return qtText(optimizerName(c.optimizer.kind)); },
                          [](const Config& f, Config& t) { t.optimizer.kind = f.optimizer.kind; }},
 {"optimizer.lr",         [](const Config& c) { return tr("lr %1").arg(c.optimizer.learningRate); },
                          [](const Config& f, Config& t) { t.optimizer.learningRate = f.optimizer.learningRate; }},
 {"optimizer.warmup",     [](const Config& c) { return tr("warm-up %1").arg(c.optimizer.warmupSteps); },
                          [](const Config& f, Config& t) {
                              t.optimizer.warmupSteps = f.optimizer.warmupSteps;
                              t.optimizer.schedule = f.optimizer.schedule;
                              t.optimizer.totalSteps = f.optimizer.totalSteps; }},
 {"batch",                [](const Config& c) { return tr("batch %1").arg(c.batch); },
                          [](const Config& f, Config& t) { t.batch = f.batch; }},
};
// clang-format on

QString runLetter(int run) { return run == 1 ? tr("B") : tr("A"); }

}  // namespace

std::vector<RunDifference> runDifferences(const Config& a, const Config& b) {
    std::vector<RunDifference> out;
    for (const Setting& setting : kSettings) {
        const QString textA = setting.text(a), textB = setting.text(b);
        if (textA != textB) out.push_back({QString::fromLatin1(setting.field), textA, textB});
    }
    return out;
}

Config carryDifferences(const Config& oldA, const Config& b, const Config& newA) {
    Config out = newA;
    for (const Setting& setting : kSettings)
        if (setting.text(oldA) != setting.text(b)) setting.copy(b, out);
    // A feed-forward kind and its activation must match (a gated unit for a gated FFN).
    const auto fits = [](const TransformerConfig& m) {
        return (m.ffn == FeedForwardKind::Gated) ==
               (m.ffnActivation.info().kind == ActivationKind::Gated);
    };
    if (out.model.ffn != FeedForwardKind::None && !fits(out.model))
        out.model.ffnActivation =
            fits(newA.model) && newA.model.ffn == out.model.ffn
                ? newA.model.ffnActivation
                : ActivationConfig::withDefaults(out.model.ffn == FeedForwardKind::Gated
                                                     ? ActivationId::Swiglu
                                                     : ActivationId::Gelu);
    return withSharedSettings(out, newA);
}

Config withSharedSettings(Config b, const Config& a) {
    b.task = a.task;
    b.taskOptions = a.taskOptions;
    b.text = a.text;
    b.seed = a.seed;
    b.testSequences = a.testSequences;
    b.probes = a.probes;
    if (const SequenceTaskInfo* task = findSequenceTask(b.task); task && task->causal)
        b.model.causal = true;
    return b;
}

QString activationText(const ActivationConfig& activation) {
    const ActivationInfo& info = activation.info();
    const ActivationConfig defaults = ActivationConfig::withDefaults(activation.id);
    QStringList parts{qtText(info.name)};
    for (size_t i = 0; i < info.parameters.size(); ++i)
        if (activation.parameters[i] != defaults.parameters[i])
            parts << tr("%1 %2").arg(qtText(info.parameters[i].name)).arg(activation.parameters[i]);
    return parts.join(QLatin1Char(' '));
}

QString runTitle(int run, const Config& config, const std::vector<RunDifference>& differences) {
    QStringList parts{runLetter(run), kSettings[0].text(config), kSettings[1].text(config)};
    for (const RunDifference& d : differences) {
        const QString& text = run == 1 ? d.b : d.a;
        if (!parts.contains(text) && !text.isEmpty()) parts << text;
    }
    return parts.join(QStringLiteral(" · "));
}

QString runLegendName(int run, const std::vector<RunDifference>& differences) {
    QStringList parts{runLetter(run)};
    for (const RunDifference& d : differences) {
        if (parts.size() == 3) break;
        const QString& text = run == 1 ? d.b : d.a;
        if (!text.isEmpty()) parts << text;
    }
    return parts.join(QStringLiteral(" · "));
}

}  // namespace actlab::ui
