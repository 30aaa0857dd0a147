// The Attention lab's run as a PyTorch script: the task's generator (sequence_task_code.h), a
// minGPT-style Transformer with ActLab's parameter names, order and initial weights, per-token
// or pooled cross-entropy, the optimizer, and the figures of `actlab-cli train --model
// transformer`.
#include <cctype>

#include "common/number_format.h"
#include "export/python_text.h"
#include "export/pytorch_script.h"
#include "export/script_parts.h"
#include "export/sequence_task_code.h"

namespace actlab {
namespace {

using namespace pytorch_export;

constexpr const char* kSequenceScriptHead = R"PY(#!/usr/bin/env python3
"""ActLab's Attention-lab run in PyTorch, written by ActLab ("Show PyTorch code").

${SUMMARY}
The script draws ActLab's batches with ActLab's random generator, builds the Transformer with
ActLab's initial weights, trains with the same loss and optimizer, and prints one JSON line with
the figures of `actlab-cli train --model transformer`. It needs PyTorch (1.13 or later) only:

    python3 SCRIPT.py                             train, then print the figures
    python3 SCRIPT.py --weights FILE.safetensors  load ActLab's trained weights (the file of
                                                  actlab-cli train ... --save-model FILE) and
                                                  print the logits of the first ${PROBES} test
                                                  sequences instead
"""
import argparse
import json
import math
import struct

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)  # a small model runs fastest on one thread

STEPS = ${STEPS}  # training steps
BATCH = ${BATCH}  # sequences per step, drawn afresh each step
SEED = ${SEED}  # the batches, the test sequences and the initial weights
LOG_EVERY = ${LOG_EVERY}  # train_loss is the mean batch loss since the last multiple of it
TEST_SEQUENCES = ${TEST}  # held-out sequences
PROBES = ${PROBES}  # the first test sequences, whose logits --weights prints
IGNORE = -100  # a target that is not trained on (PyTorch's ignore_index)

# The task and the model, as ActLab's TransformerConfig has them.
TASK = "${TASK}"
VOCAB = ${VOCAB}  # input tokens
SEQ = ${SEQ}  # tokens per sequence
CLASSES = ${CLASSES}  # outputs of the head
D_MODEL = ${D_MODEL}
HEADS = ${HEADS}
LAYERS = ${LAYERS}
D_FF = ${D_FF}
FFN = "${FFN}"  # plain, gated or none
NORM = "${NORM}"  # pre: h = x + o(A(LN1(x))), x' = h + F(LN2(h)); post: h = LN1(x + o(A(x))), ...
CAUSAL = ${CAUSAL}  # query t sees the keys up to t only
POOLED = ${POOLED}  # one class per sequence, from the mean over positions


)PY";

constexpr const char* kModel = R"PY(class Attention(nn.Module):
    """Multi-head self-attention (core/layers/attention.cpp) with an activation on q, k and v."""

    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D_MODEL, D_MODEL)
        self.k = nn.Linear(D_MODEL, D_MODEL)
        self.v = nn.Linear(D_MODEL, D_MODEL)
        self.o = nn.Linear(D_MODEL, D_MODEL)
${QKV_ACTS}
    def forward(self, z):  # z (B, T, C) -> (B, T, C)
        B, T, C = z.shape
        hs = C // HEADS
        pairs = ((self.q_act, self.q), (self.k_act, self.k), (self.v_act, self.v))
        q, k, v = (act(p(z)).view(B, T, HEADS, hs).transpose(1, 2)
                   for act, p in pairs)  # (B, heads, T, hs)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hs)  # (B, heads, T, T)
        if CAUSAL:
            above = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
            scores = scores.masked_fill(above, float("-inf"))
        y = (F.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(B, T, C)  # heads side by side
        return self.o(y)


${FEED_FORWARD}

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D_MODEL, eps=1e-5)
        self.attn = Attention()
        self.ffn = None
        if FFN != "none":
            self.ln2 = nn.LayerNorm(D_MODEL, eps=1e-5)
            self.ffn = FeedForward()

    def forward(self, x):
        if NORM == "pre":
            h = x + self.attn(self.ln1(x))
            return h if self.ffn is None else h + self.ffn(self.ln2(h))
        h = self.ln1(x + self.attn(x))
        return h if self.ffn is None else self.ln2(h + self.ffn(h))


class Transformer(nn.Module):
    """ActLab's Transformer (core/models/transformer.h). Its parameters have ActLab's names, in
    ActLab's order (tok_emb.weight, blocks.0.ln1.weight, ..., head.bias), as in the safetensors
    files that actlab-cli train --save-model writes."""

    def __init__(self):
        super().__init__()
        self.tok_emb = nn.Embedding(VOCAB, D_MODEL)
        self.pos_emb = nn.Embedding(SEQ, D_MODEL)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D_MODEL, eps=1e-5) if NORM == "pre" else None
        self.head = nn.Linear(D_MODEL, CLASSES)
        initialise(self)

    def weights(self):  # the Linear weights: weight decay acts on these only
        return [p for name, p in self.named_parameters() if is_matrix(name)]

    def forward(self, ids):  # ids (B, T) -> logits (B*T, classes), or (B, classes) pooled
        B, T = ids.shape
        x = self.tok_emb(ids) + self.pos_emb(torch.arange(T))
        for block in self.blocks:
            x = block(x)
        if self.ln_f is not None:
            x = self.ln_f(x)
        if POOLED:
            return self.head(x.mean(dim=1))
        return self.head(x).reshape(B * T, -1)


def is_layer_norm(name):
    return name.startswith("ln_f.") or ".ln1." in name or ".ln2." in name


def is_matrix(name):  # a Linear layer's weight (out, in)
    embedding = name.startswith(("tok_emb.", "pos_emb."))
    return name.endswith(".weight") and not embedding and not is_layer_norm(name)


${INITIAL_WEIGHT}def initialise(model):
${WEIGHTS}
    random = Random(SEED)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith(".bias"):
                p.zero_()
            elif name.endswith(".mix_weights"):  # a mix starts at equal shares, with no draw
                p.zero_()
            elif is_layer_norm(name):
                p.fill_(1.0)
${MATRIX}            else:
                drawn = [random.normal(0.0, 0.02) for _ in range(p.numel())]
                p.copy_(torch.tensor(drawn, dtype=torch.float64).reshape(p.shape))


)PY";

constexpr const char* kPlainFeedForward = R"PY(class FeedForward(nn.Module):
    """The plain FFN: fc2(act(fc1(z)))."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(D_MODEL, D_FF)
        self.fc2 = nn.Linear(D_FF, D_MODEL)
${FFN_ACT}
    def forward(self, z):
        return self.fc2(self.act(self.fc1(z)))
)PY";

constexpr const char* kGatedFeedForward = R"PY(class FeedForward(nn.Module):
    """The gated FFN: out(act(gate(z)) * value(z)), no biases."""

    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(D_MODEL, D_FF, bias=False)
        self.value = nn.Linear(D_MODEL, D_FF, bias=False)
        self.out = nn.Linear(D_FF, D_MODEL, bias=False)
${FFN_ACT}
    def forward(self, z):
        return self.out(self.act(self.gate(z)) * self.value(z))
)PY";

// fan_weight(n_out, n_in, seed) for a fan-based initialiser, and the branch that uses it.
std::string fanWeightFunction(Initialiser init) {
    const InitialiserCode code = initialiserCode(init);
    return substitute(
        R"PY(def fan_weight(n_out, n_in, seed):
    """A Linear weight (out, in) by ActLab's ${NAME} initialiser (core/models/weight_init.cpp):
    drawn from Random(seed), stored (out, in) in the order drawn (the MLP's are transposed)."""
    random = Random(seed)
    ${SCALE}
    drawn = [${DRAW} for _ in range(n_in * n_out)]
    return torch.tensor(drawn, dtype=torch.float64).reshape(n_out, n_in)


)PY",
        {{"NAME", std::string(initialiserName(init))}, {"SCALE", code.scale}, {"DRAW", code.draw}});
}

constexpr const char* kRun = R"PY(def train(model):
    """STEPS steps of ActLab's loop (core/training/sequence_trainer.cpp): a fresh batch from the
    task's generator each step; returns the batch losses and the step at which the loss stopped
    being finite (ActLab stops a run there), or None."""
    optimizer, schedule = make_optimizer(model)
    random = Random(SEED ^ 0x5851F42D4C957F2D)  # the data stream
    losses = []
    for step in range(STEPS):
        tokens, targets, _ = sample(BATCH, random)
        loss = F.cross_entropy(model(tokens), targets.reshape(-1), ignore_index=IGNORE)
        if not math.isfinite(loss.item()):
            return losses, step
        optimizer.zero_grad()
        loss.backward()
${CLIP}        optimizer.step()
        schedule.step()
        losses.append(loss.item())
    return losses, None


def figures(model, losses, diverged_at):
    """The figures of `actlab-cli train --model transformer` that apply, on the test sequences."""
    tokens, targets, scored = TEST
    with torch.no_grad():
        logits = model(tokens).double()
    targets, scored = targets.reshape(-1), scored.reshape(-1)
    test_loss = F.cross_entropy(logits, targets, ignore_index=IGNORE).item()
    right = logits.argmax(dim=1) == targets
    token_accuracy = right[scored].double().mean().item() if scored.any() else 0.0
    every = (right | ~scored).reshape(len(tokens), -1).all(dim=1)  # each scored position right
    counted = scored.reshape(len(tokens), -1).any(dim=1)  # the sequences with a scored position
    last_log = (len(losses) - 1) // LOG_EVERY * LOG_EVERY
    result = {
        "model": "transformer",
        "task": TASK,
        "layers": LAYERS,
        "heads": HEADS,
        "d_model": D_MODEL,
        "d_ff": D_FF,
        "ffn": FFN,
        "ffn_activation": "${FFN_ACTIVATION}",
        "qkv_activation": "${QKV_ACTIVATION}",
        "norm": NORM,
        "steps": len(losses),
        "train_loss": sum(losses[last_log:]) / len(losses[last_log:]) if losses else test_loss,
        "test_loss": test_loss,
        "token_accuracy": token_accuracy,
        "sequence_accuracy": every[counted].double().mean().item() if counted.any() else 0.0,
        "diverged": diverged_at is not None,
        "parameters": sum(p.numel() for p in model.parameters()),
    }
    if diverged_at is not None:
        result["diverged_at"] = diverged_at
    return result


)PY";

constexpr const char* kEndText = R"PY(TEST = held_out(TEST_SEQUENCES)  # the held-out windows

if __name__ == "__main__":
    main()
)PY";

constexpr const char* kEnd =
    R"PY(TEST = sample(TEST_SEQUENCES, Random(SEED ^ 0x14057B7EF767814F))  # the test stream

if __name__ == "__main__":
    main()
)PY";

// def NAME(x) for a catalogue function; for a mix, NAME_MIX = [its functions] (a Mix module per
// site uses them).
std::string activationFunction(const std::string& name, const ActivationConfig& a,
                               const std::string& what) {
    if (a.id == ActivationId::Mix) {
        std::string constant = name;
        for (char& c : constant) c = char(std::toupper(static_cast<unsigned char>(c)));
        constant += "_MIX = ";
        return constant + pythonList(mixFunctions(a), int(constant.size()), 4) + "  # " + what +
               "\n\n\n";
    }
    return "def " + name + "(x):  # " + what + "\n    return " + torchActivation(a, "x") + "\n\n\n";
}

// The line that gives the attention its q, k and v activations, or the FFN its own.
std::string qkvActivations(const TransformerConfig& m) {
    if (m.qkvActivation.id != ActivationId::Mix)
        return "        self.q_act = self.k_act = self.v_act = qkv_activation\n";
    return "        self.q_act, self.k_act, self.v_act = (\n            Mix(QKV_ACTIVATION_MIX, " +
           mixShape(m.qkvActivation, m.dModel, m.mixPerUnit) + ") for _ in range(3))\n";
}

std::string ffnActivation(const TransformerConfig& m, int feedForwardWidth) {
    if (m.ffnActivation.id != ActivationId::Mix) return "        self.act = ffn_activation\n";
    return "        self.act = Mix(FFN_ACTIVATION_MIX, " +
           mixShape(m.ffnActivation, feedForwardWidth, m.mixPerUnit) + ")\n";
}

// The swish and mix helpers, when an activation is written with them.
std::string swishHelper(const TransformerConfig& m) {
    const std::vector<ActivationConfig> activations{m.qkvActivation, m.ffnActivation};
    std::string text;
    if (needsSwish(activations))
        text += "def swish(x, beta):  # x·σ(βx)\n    return x * torch.sigmoid(beta * x)\n\n\n";
    if (needsMix(activations)) text += mixHelper();
    return text;
}

// The docstring's summary of the run: "Task reverse, T 8, V 8: 2 pre-LN blocks, d_model 64, …".
std::string sequenceRunSummary(const SequenceTrainingConfig& c, int feedForwardWidth, int steps) {
    const TransformerConfig& m = c.model;
    return "Task " + c.task + ", T " + std::to_string(m.sequence) + ", V " +
           std::to_string(m.vocabulary) + ": " + std::to_string(m.layers) + " " +
           std::string(normPlacementName(m.norm)) + "-LN blocks, d_model " +
           std::to_string(m.dModel) + ", " + std::to_string(m.heads) + " heads, " +
           std::string(feedForwardName(m.ffn)) + " FFN" +
           (m.ffn == FeedForwardKind::None ? std::string()
                                           : " " + std::to_string(feedForwardWidth) + " (" +
                                                 activationSpec(m.ffnActivation) + ")") +
           ", " + activationSpec(m.qkvActivation) + " on Q/K/V" + (m.causal ? ", causal" : "") +
           (m.pooled ? ", pooled" : "") + "; " + optimizerSummary(c.optimizer) + ", batch " +
           std::to_string(c.batch) + ", " + std::to_string(steps) + " steps, seed " +
           std::to_string(c.seed) + ".";
}

// The script's head: the docstring, the imports and the run's constants.
std::string sequenceScriptHead(const SequenceTrainingConfig& c, int feedForwardWidth, int steps,
                               int logEvery) {
    const TransformerConfig& m = c.model;
    const auto flag = [](bool on) { return std::string(on ? "True" : "False"); };
    return substitute(
        kSequenceScriptHead,
        {{"SUMMARY", wrapText(sequenceRunSummary(c, feedForwardWidth, steps), "", "")},
         {"PROBES", std::to_string(c.probes)},
         {"STEPS", std::to_string(steps)},
         {"BATCH", std::to_string(c.batch)},
         {"SEED", std::to_string(c.seed)},
         {"LOG_EVERY", std::to_string(logEvery)},
         {"TEST", std::to_string(c.testSequences)},
         {"TASK", c.task},
         {"VOCAB", std::to_string(m.vocabulary)},
         {"SEQ", std::to_string(m.sequence)},
         {"CLASSES", std::to_string(m.outputs)},
         {"D_MODEL", std::to_string(m.dModel)},
         {"HEADS", std::to_string(m.heads)},
         {"LAYERS", std::to_string(m.layers)},
         {"D_FF", std::to_string(feedForwardWidth)},
         {"FFN", std::string(feedForwardName(m.ffn))},
         {"NORM", std::string(normPlacementName(m.norm))},
         {"CAUSAL", flag(m.causal)},
         {"POOLED", flag(m.pooled)}});
}

// The Transformer's classes, with its feed-forward network and ActLab's initial weights.
std::string transformerCode(const TransformerConfig& m, int feedForwardWidth) {
    const std::string matrix =
        m.init ? "            elif is_matrix(name):  # its own stream, seeded from this one\n"
                 "                p.copy_(fan_weight(p.shape[0], p.shape[1], random.next()))\n"
               : "";
    return substitute(
        kModel,
        {{"FEED_FORWARD",
          m.ffn == FeedForwardKind::None
              ? std::string("FeedForward = None  # no feed-forward network\n")
              : substitute(m.ffn == FeedForwardKind::Gated ? kGatedFeedForward : kPlainFeedForward,
                           {{"FFN_ACT", ffnActivation(m, feedForwardWidth)}})},
         {"QKV_ACTS", qkvActivations(m)},
         {"INITIAL_WEIGHT", m.init ? fanWeightFunction(*m.init) : std::string()},
         {"WEIGHTS",
          docstring("ActLab's initial weights (core/models/transformer.cpp): one Random(SEED) "
                    "visits the parameters in ActLab's order: " +
                        std::string(m.init ? "Linear weights by " +
                                                 std::string(initialiserName(*m.init)) +
                                                 ", each from a stream seeded by its next draw"
                                           : "Linear weights N(0, 0.02)") +
                        ", embeddings N(0, 0.02) value by value, biases 0 and LayerNorm weights 1.",
                    4)},
         {"MATRIX", matrix}});
}

}  // namespace

std::optional<std::string> pytorchScript(const SequenceTrainingConfig& config, int steps,
                                         int logEvery, std::string* error) {
    if (steps < 0 || logEvery < 1) {
        if (error) *error = "the steps must be 0 or more and the log interval 1 or more";
        return std::nullopt;
    }
    const std::unique_ptr<SequenceTrainer> trainer = SequenceTrainer::create(config, error);
    if (!trainer) return std::nullopt;
    const SequenceTrainingConfig& c = trainer->config();  // sizes from the task
    const TransformerConfig& m = c.model;
    const std::string ffnSpec = activationSpec(m.ffnActivation);
    ScriptParts parts;
    parts.head = sequenceScriptHead(c, trainer->model().feedForwardWidth(), steps, logEvery);
    parts.data = sequenceTaskCode(trainer->task());
    parts.model =
        swishHelper(m) + activationFunction("qkv_activation", m.qkvActivation,
                                            activationSpec(m.qkvActivation) + ", on q, k and v");
    if (m.ffn != FeedForwardKind::None)
        parts.model +=
            activationFunction("ffn_activation", m.ffnActivation,
                               m.ffn == FeedForwardKind::Gated ? ffnSpec + "'s gate" : ffnSpec);
    parts.model += transformerCode(m, trainer->model().feedForwardWidth());
    parts.optimizer = c.optimizer;
    parts.training = substitute(kRun, {{"CLIP", clipLine(c.optimizer, 8)},
                                       {"FFN_ACTIVATION", ffnSpec},
                                       {"QKV_ACTIVATION", activationSpec(m.qkvActivation)}});
    parts.mainModel = "Transformer";
    parts.mainInputs = "TEST[0][:PROBES]";
    parts.mainRows = "f\"the first {PROBES} test sequences\"";
    parts.mainHelp = "load ActLab's trained weights and print the probes' logits";
    parts.mainTrain =
        "        losses, diverged_at = train(model)\n"
        "        print(json.dumps(figures(model, losses, diverged_at)))";
    parts.tail = trainer->task().textCorpus() ? kEndText : kEnd;
    return assembleScript(parts);
}

}  // namespace actlab
