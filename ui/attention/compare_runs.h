// Run B of the Attention view's compare mode is run A with differences: an explicit table of the
// settings a user may give B (model, optimizer, batch), each named by its field in core's JSON
// (config/config_json.h) and told in a few words for labels and legends ("qkv relu", "Post-LN").
// Task, data, seed and probes are always A's, so both runs see the same sequences.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "training/sequence_trainer.h"

namespace actlab::ui {

struct RunDifference {
    QString field;  // core's JSON field: "model.qkv_activation"
    QString a, b;   // in a few words: "qkv relu", "qkv identity"
};

// The settings of the table in which b differs from a, in the table's order.
std::vector<RunDifference> runDifferences(const SequenceTrainingConfig& a,
                                          const SequenceTrainingConfig& b);
// newA with the settings in which b differed from oldA, and A's shared settings.
SequenceTrainingConfig carryDifferences(const SequenceTrainingConfig& oldA,
                                        const SequenceTrainingConfig& b,
                                        const SequenceTrainingConfig& newA);
// b with A's task, task options, seed, held-out sequences and probes (and a forced causal mask).
SequenceTrainingConfig withSharedSettings(SequenceTrainingConfig b,
                                          const SequenceTrainingConfig& a);

// "relu", or with parameters that differ from the catalogue's: "leaky_relu α 0.2".
QString activationText(const ActivationConfig& activation);
// A grid's title: "A · qkv relu · Pre-LN", then what else differs ("· 3 layers"); run 0 or 1.
QString runTitle(int run, const SequenceTrainingConfig& config,
                 const std::vector<RunDifference>& differences);
// A legend's name: "A · qkv relu" (the first two differences), "A" when nothing differs.
QString runLegendName(int run, const std::vector<RunDifference>& differences);

}  // namespace actlab::ui
