// The length T and vocabulary V a sequence task takes, for the Attention view's T and V boxes:
// whether the task fixes them, its defaults, and its limits within the model's (T ≤ 64, V ≤ 128),
// found by asking core's SequenceTask::create, the one place that knows each task's own limits.
#pragma once

#include <QString>

namespace actlab::ui {

struct TaskShape {
    bool sequenceFree = true, vocabularyFree = true;  // false: the task fixes it
    int sequence = 0, vocabulary = 0;                 // the task's defaults (or fixed values)
    int minSequence = 2, maxSequence = 2;
    int minVocabulary = 2, maxVocabulary = 2;
};

TaskShape taskShape(const QString& task);  // an unknown task: T and V fixed at 0

}  // namespace actlab::ui
