// A run's history as CSV (`actlab-cli train --metrics`): one row per step of the train-loss
// series (every step while the run fits its capacity, else one per bucket, at its last step)
// and per step at which the held-out figures were measured; a cell is empty where its figure
// was not measured at that step. Numbers read back to the same double.
#pragma once

#include <string>

#include "training/sequence_trainer.h"
#include "training/trainer.h"

namespace actlab {

// step,train_loss,train_loss_min,train_loss_max,test_loss,train_acc,test_acc,dead_fraction,
// vanishing_fraction,grad_norm_first,grad_norm_last,revived
std::string trainingHistoryCsv(const TrainingSnapshot& snapshot);
// step,train_loss,train_loss_min,train_loss_max,test_loss,token_accuracy,sequence_accuracy,
// attention_entropy
std::string sequenceHistoryCsv(const SequenceSnapshot& snapshot);

}  // namespace actlab
