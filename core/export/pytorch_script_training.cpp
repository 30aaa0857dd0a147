// The Training lab's run as a PyTorch script: the data (written point by point, or the teacher
// task's generator and split), the model (training_model_code.h), the loss, the optimizer,
// ActLab's batch order, and the figures of `actlab-cli train`.
#include <algorithm>

#include "common/number_format.h"
#include "export/python_text.h"
#include "export/pytorch_script.h"
#include "export/script_parts.h"
#include "export/training_model_code.h"

namespace actlab {
namespace {

using namespace pytorch_export;

// Python's form of each input feature of a point (x1, x2), as core/datasets computes it.
std::string featureExpression(Feature feature) {
    switch (feature) {
        case Feature::X1:
            return "x1";
        case Feature::X2:
            return "x2";
        case Feature::X1Squared:
            return "x1 * x1";
        case Feature::X2Squared:
            return "x2 * x2";
        case Feature::X1TimesX2:
            return "x1 * x2";
        case Feature::SinX1:
            return "math.sin(x1)";
        case Feature::SinX2:
            return "math.sin(x2)";
    }
    return "x1";
}

// The points as Python tuples (x1, x2, label) or (x, y), in the data set's order.
std::string pointRows(const LabelledPoints& points, bool classification) {
    std::vector<std::string> rows;
    const size_t d = size_t(points.rawDimension);
    for (size_t i = 0; i < points.size(); ++i) {
        std::string row = "(";
        for (size_t c = 0; c < d; ++c) row += pythonFloat(points.inputs[i * d + c]) + ", ";
        row += classification ? std::to_string(int(points.targets[i]))
                              : pythonFloat(points.targets[i]);
        rows.push_back(row + ")");
    }
    return wrappedItems(rows, 4);
}

// What turns the points into tensors: inputs_of(points) (n, d) float32, targets_of(points).
std::string tensorFunctions(const Dataset& data) {
    std::string inputs;
    if (data.rawDimension == 2) {
        std::string features;
        for (Feature f : data.features)
            features += "    lambda x1, x2: " + featureExpression(f) + ",  # " +
                        std::string(featureName(f)) + "\n";
        inputs =
            "# The model's inputs from a point (x1, x2), computed in double as ActLab does, "
            "then\n# rounded to float32.\nFEATURES = [\n" +
            features + "]\n\n\n" + R"PY(def inputs_of(points):  # (n, features) float32
    rows = [[feature(x1, x2) for feature in FEATURES] for x1, x2, _ in points]
    return torch.tensor(rows, dtype=torch.float64).float()
)PY";
    } else if (data.rawDimension == 1) {
        inputs = R"PY(def inputs_of(points):  # (n, 1) float32: x
    return torch.tensor([[x] for x, _ in points], dtype=torch.float64).float()
)PY";
    } else {
        inputs = R"PY(def inputs_of(points):  # (n, inputs) float32
    return torch.tensor([x for x, _ in points], dtype=torch.float64).float()
)PY";
    }
    return inputs + R"PY(

def targets_of(points):  # (n) float32: the label or the regression target
    return torch.tensor([point[-1] for point in points], dtype=torch.float64).float()


)PY";
}

// The teacher task, generated as core/datasets/generators.cpp does, then split as dataset.cpp.
std::string teacherGenerator() {
    return R"PY(def teacher(n, noise, seed):
    """ActLab's teacher task (core/datasets/generators.cpp): 64-d N(0, 1) inputs, labelled by
    the argmax of a fixed random linear map into 10 classes."""
    random = Random(seed)
    d, classes = 64, 10
    linear_map = [random.normal() for _ in range(d * classes)]
    points = []
    for _ in range(n):
        x = [random.normal() for _ in range(d)]
        best, label = -1e300, 0
        for c in range(classes):
            score = noise * random.normal()
            for j in range(d):
                score += x[j] * linear_map[j * classes + c]
            if score > best:
                best, label = score, c
        points.append((x, label))
    return points


def split(points, train_count, seed):
    """ActLab's split (core/datasets/dataset.cpp): a seeded shuffle; the first rows train."""
    order = list(range(len(points)))
    random = Random(seed ^ 0x5EED)
    for i in range(len(order) - 1, 0, -1):
        j = random.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return [points[k] for k in order[:train_count]], [points[k] for k in order[train_count:]]


)PY";
}

struct LossCode {
    std::string functions;
    bool classification;
};

LossCode lossCode(LossKind loss) {
    switch (loss) {
        case LossKind::BceWithLogits:
            return {
                R"PY(def loss_of(output, target):  # binary cross-entropy with logits, mean over the rows
    return F.binary_cross_entropy_with_logits(output[:, 0], target)


def accuracy_of(output, target):  # the share of rows whose logit has the label's side
    return ((output[:, 0] > 0) == (target > 0.5)).double().mean().item()


)PY",
                true};
        case LossKind::SoftmaxCrossEntropy:
            return {R"PY(def loss_of(output, target):  # softmax cross-entropy, mean over the rows
    return F.cross_entropy(output, target.long())


def accuracy_of(output, target):  # the share of rows whose largest logit is the label's
    return (output.argmax(dim=1) == target.long()).double().mean().item()


)PY",
                    true};
        case LossKind::Mse:
            break;
    }
    return {R"PY(def loss_of(output, target):  # mean squared error
    return F.mse_loss(output[:, 0], target)


)PY",
            false};
}

constexpr const char* kBatches = R"PY(class Batches:
    """ActLab's batch order (core/training/trainer.cpp): the training rows in an order that is
    shuffled again, in place, at the start of every epoch, by a Random seeded with
    seed * 0x9E3779B97F4A7C15 + 7 + epoch; a batch runs on across the end of an epoch."""

    def __init__(self, rows, seed):
        self.order = list(range(rows))
        self.cursor = rows  # shuffle before the first batch
        self.shuffle_seed = (seed * 0x9E3779B97F4A7C15 + 7) & MASK

    def next(self, size):
        rows = []
        for _ in range(size):
            if self.cursor == len(self.order):
                random = Random(self.shuffle_seed)
                self.shuffle_seed = (self.shuffle_seed + 1) & MASK
                for i in range(len(self.order) - 1, 0, -1):
                    j = random.below(i + 1)
                    self.order[i], self.order[j] = self.order[j], self.order[i]
                self.cursor = 0
            rows.append(self.order[self.cursor])
            self.cursor += 1
        return torch.tensor(rows)


)PY";

std::string trainFunction(const TrainingConfig& c) {
    std::string backward = "        loss.backward()\n", penalty;
    if (c.l1 > 0 || c.l2 > 0) {
        std::vector<std::string> terms;
        if (c.l1 > 0) terms.push_back(pythonFloat(c.l1) + " * w.abs().sum()");
        if (c.l2 > 0) terms.push_back(pythonFloat(0.5 * c.l2) + " * w.pow(2).sum()");
        std::string sum;
        for (const std::string& t : terms) sum += (sum.empty() ? "" : " + ") + t;
        penalty = substitute(
            R"PY(def penalty(weights):  # ActLab's L1/L2: λ1·Σ|w| + (λ2/2)·Σw² over the weight matrices
    return sum(${SUM} for w in weights)


)PY",
            {{"SUM", sum}});
        backward = "        (loss + penalty(model.weights())).backward()\n";
    }
    return penalty + substitute(R"PY(def train(model):
    """STEPS steps of ActLab's training loop; returns the step at which the loss stopped being
    finite (ActLab stops a run there), or None."""
    optimizer, schedule = make_optimizer(model)
    batches = Batches(len(train_y), DATA_SEED)
    for step in range(STEPS):
        rows = batches.next(BATCH)
        loss = loss_of(model(train_x[rows]), train_y[rows])
        if not math.isfinite(loss.item()):
            return step
        optimizer.zero_grad()
${BACKWARD}${CLIP}        optimizer.step()
        schedule.step()
    return None


)PY",
                                {{"BACKWARD", backward}, {"CLIP", clipLine(c.optimizer, 8)}});
}

std::string figuresFunction(const TrainingConfig& c, bool classification) {
    std::string extra;
    if (c.model.kind == ModelKind::GluFfn)
        extra = "        \"d_ff\": " + std::to_string(gluFeedForwardWidth(c.model)) + ",\n";
    return substitute(
        R"PY(def figures(model, diverged_at):
    """The figures of `actlab-cli train` that apply, over the whole train and test sets."""
    with torch.no_grad():
        train_output, test_output = model(train_x).double(), model(test_x).double()
    result = {
        "task": "${TASK}",
        "activation": ",".join(ACTIVATIONS),
        "steps": STEPS if diverged_at is None else diverged_at,
        "train_loss": loss_of(train_output, train_y.double()).item(),
        "test_loss": loss_of(test_output, test_y.double()).item(),
${ACCURACY}        "diverged": diverged_at is not None,
        "parameters": sum(p.numel() for p in model.parameters()),
${EXTRA}    }
    if diverged_at is not None:
        result["diverged_at"] = diverged_at
    return result


)PY",
        {{"TASK", c.task},
         {"ACCURACY", classification ? "        \"train_acc\": accuracy_of(train_output, "
                                       "train_y),\n        \"test_acc\": "
                                       "accuracy_of(test_output, test_y),\n"
                                     : ""},
         {"EXTRA", extra}});
}

// The data section at the end of the script: the points, or the teacher task's generator call.
std::string dataSection(const TrainingConfig& c, const Dataset& data, bool classification) {
    const DatasetInfo* info = findDataset(c.task);
    const size_t total = data.trainSize() + data.testSize();
    if (!c.userPoints && info && data.rawDimension > 2) {
        return substitute(
                   R"PY(# ---- The data: ActLab's ${TOTAL} points of task ${TASK} (noise ${NOISE}, seed ${SEED}),
# made here by ActLab's generator and split: ${TRAIN} to train, ${TEST} to test. ----
train_points, test_points = split(teacher(${TOTAL}, ${NOISE}, ${SEED}), ${TRAIN}, ${SEED})
)PY",
                   {{"TOTAL", std::to_string(total)},
                    {"TASK", c.task},
                    {"NOISE", pythonFloat(c.data.noise)},
                    {"SEED", std::to_string(c.data.seed)},
                    {"TRAIN", std::to_string(data.trainSize())},
                    {"TEST", std::to_string(data.testSize())}}) +
               "train_x, train_y = inputs_of(train_points), targets_of(train_points)\n"
               "test_x, test_y = inputs_of(test_points), targets_of(test_points)\n";
    }
    const std::string what = c.userPoints
                                 ? "the " + std::to_string(total) + " points you made"
                                 : "ActLab's " + std::to_string(total) + " points of task " +
                                       c.task + " (noise " + formatNumber(c.data.noise) +
                                       ", seed " + std::to_string(c.data.seed) + ")";
    const std::string row = data.rawDimension == 2
                                ? (classification ? "(x1, x2, label)" : "(x1, x2, target)")
                                : "(x, y)";
    return wrapText("---- The data: " + what +
                        " after ActLab's seeded split: " + std::to_string(data.trainSize()) +
                        " to train, " + std::to_string(data.testSize()) +
                        " to test, in ActLab's order. A row is " + row + ". ----",
                    "# ", "# ") +
           "\nTRAIN_POINTS = [\n" + pointRows(data.trainRaw, classification) +
           "]\nTEST_POINTS = [\n" + pointRows(data.testRaw, classification) +
           "]\ntrain_x, train_y = inputs_of(TRAIN_POINTS), targets_of(TRAIN_POINTS)\n"
           "test_x, test_y = inputs_of(TEST_POINTS), targets_of(TEST_POINTS)\n";
}

// ["relu"] or ["relu", "gelu", …] for the line ACTIVATIONS = …
std::string activationList(const ModelConfig& m) {
    std::vector<std::string> names;
    for (const ActivationConfig& a : m.activations) {
        std::string quoted(1, '"');  // not "\"" + name: GCC 12's -Wrestrict misreads it
        quoted.append(a.info().name).push_back('"');
        names.push_back(quoted);
    }
    return pythonList(names, 14, 4);
}

constexpr const char* kTrainingScriptHead = R"PY(#!/usr/bin/env python3
"""ActLab's Training-lab run in PyTorch, written by ActLab ("Show PyTorch code").

${SUMMARY}
The script makes ActLab's data, ActLab's initial weights and ActLab's batch order, trains with
the same loss and optimizer, and prints one JSON line with the figures of `actlab-cli train`.
It needs PyTorch (1.13 or later) and nothing else:

    python3 SCRIPT.py                             train, then print the figures
    python3 SCRIPT.py --weights FILE.safetensors  load ActLab's trained weights (the file of
                                                  actlab-cli train ... --save-model FILE) and
                                                  print the test set's logits instead
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
BATCH = ${BATCH}  # rows per step
DATA_SEED = ${DATA_SEED}  # the batch order
MODEL_SEED = ${MODEL_SEED}  # the initial weights
# The activations, one for all hidden layers (blocks) or one each, as actlab-cli train names them.
ACTIVATIONS = ${ACTIVATIONS}


)PY";

}  // namespace

std::optional<std::string> pytorchScript(const TrainingConfig& config, int steps,
                                         std::string* error) {
    if (steps < 0) {
        if (error) *error = "the number of steps must be 0 or more";
        return std::nullopt;
    }
    const std::unique_ptr<Trainer> trainer = Trainer::create(config, error);
    if (!trainer) return std::nullopt;
    const TrainingConfig& c = trainer->config();  // the model as built: sizes from the data
    const Dataset& data = trainer->dataset();
    const LossCode loss = lossCode(trainer->lossKind());
    const std::string summary =
        "Task " + c.task + ", model " + trainer->model().describe() + " (" +
        activationNames(c.model) + "), " + std::string(initialiserName(c.model.init)) + " init, " +
        optimizerSummary(c.optimizer) + ", batch " + std::to_string(c.batch) + ", " +
        std::to_string(steps) + " steps, seed " + std::to_string(c.data.seed) +
        (c.l1 > 0 ? ", L1 " + formatNumber(c.l1) : std::string()) +
        (c.l2 > 0 ? ", L2 " + formatNumber(c.l2) : std::string()) + ".";
    ScriptParts parts;
    parts.head = substitute(kTrainingScriptHead, {{"SUMMARY", wrapText(summary, "", "")},
                                                  {"STEPS", std::to_string(steps)},
                                                  {"BATCH", std::to_string(c.batch)},
                                                  {"DATA_SEED", std::to_string(c.data.seed)},
                                                  {"MODEL_SEED", std::to_string(c.model.seed)},
                                                  {"ACTIVATIONS", activationList(c.model)}});
    if (data.rawDimension > 2 && !c.userPoints) parts.data = teacherGenerator();
    parts.data += tensorFunctions(data);
    parts.model = trainingModelCode(c.model) + loss.functions;
    parts.optimizer = c.optimizer;
    parts.training =
        std::string(kBatches) + trainFunction(c) + figuresFunction(c, loss.classification);
    parts.mainModel = c.model.kind == ModelKind::Mlp ? "Mlp" : "GluFfn";
    parts.mainInputs = "test_x";
    parts.mainRows = "\"the test set\"";
    parts.mainHelp = "load ActLab's trained weights and print the test set's logits";
    parts.mainTrain = "        print(json.dumps(figures(model, train(model))))";
    parts.tail =
        dataSection(c, data, loss.classification) + "\nif __name__ == \"__main__\":\n    main()\n";
    return assembleScript(parts);
}

}  // namespace actlab
