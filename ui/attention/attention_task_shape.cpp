// taskShape: the defaults from the catalogue, the lower limits by trying each value from 2 up
// (at most 64 + 128 cheap checks; create builds no data).
#include "ui/attention/attention_task_shape.h"

#include <algorithm>

#include "datasets/sequence_tasks.h"
#include "models/transformer.h"

namespace actlab::ui {
namespace {

bool accepts(const SequenceTaskInfo& info, SequenceTaskOptions options) {
    std::string error;
    return SequenceTask::create(info, options, &error).has_value();
}

}  // namespace

TaskShape taskShape(const QString& task) {
    TaskShape shape;
    const SequenceTaskInfo* info = findSequenceTask(task.toStdString());
    if (!info) {
        shape.sequenceFree = shape.vocabularyFree = false;
        shape.minSequence = shape.maxSequence = shape.minVocabulary = shape.maxVocabulary = 0;
        return shape;
    }
    if (info->kind == SequenceTaskKind::Text) {  // its limits need a text: core's own
        shape.sequence = info->defaultSequence;
        shape.vocabulary = shape.maxVocabulary = kMaxTextVocabularySize;
        shape.maxSequence = kMaxTransformerSequence;
        return shape;
    }
    std::string error;
    const std::optional<SequenceTask> defaults = SequenceTask::create(*info, {}, &error);
    shape.sequence = defaults ? defaults->sequence() : info->defaultSequence;
    shape.vocabulary = defaults ? defaults->vocabulary() : info->defaultVocabulary;
    shape.sequenceFree = !info->sequenceFixed;
    shape.vocabularyFree = !info->vocabularyFixed;
    shape.minSequence = shape.maxSequence = shape.sequence;
    shape.minVocabulary = shape.maxVocabulary = shape.vocabulary;
    if (shape.sequenceFree) {
        shape.maxSequence = kMaxTransformerSequence;
        for (int t = 2; t <= shape.sequence; ++t)
            if (accepts(*info, {t, 0})) {
                shape.minSequence = t;
                break;
            }
        while (shape.maxSequence > shape.sequence && !accepts(*info, {shape.maxSequence, 0}))
            --shape.maxSequence;
    }
    if (shape.vocabularyFree) {
        shape.maxVocabulary = kMaxTransformerVocabulary;
        for (int v = 2; v <= shape.vocabulary; ++v)
            if (accepts(*info, {0, v})) {
                shape.minVocabulary = v;
                break;
            }
        while (shape.maxVocabulary > shape.vocabulary && !accepts(*info, {0, shape.maxVocabulary}))
            --shape.maxVocabulary;
    }
    return shape;
}

}  // namespace actlab::ui
