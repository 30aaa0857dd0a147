// Lessons with questions for the GUI tests (issue 28): an explorer scene, then a Training scene
// (the dying-ReLU runs, ReLU against Leaky ReLU, 1500 steps, speaker notes) asking `question`
// (JSON).
#pragma once

#include <QString>

namespace actlab::test {

inline const char* kDeadUnitsQuestion =
    R"j({"text": {"en": "After 1500 steps of Adam, will more units be dead with ReLU or with Leaky ReLU?", "zh_CN": "Adam 训练 1500 步后，ReLU 和 Leaky ReLU 哪个死亡单元更多？"},
    "choices": [
      {"text": {"en": "ReLU", "zh_CN": "ReLU"}, "when": "dead_fraction(a) > dead_fraction(b)"},
      {"text": {"en": "Leaky ReLU", "zh_CN": "Leaky ReLU"}, "when": "dead_fraction(b) > dead_fraction(a)"}]})j";

inline QString questionLesson(const char* question = kDeadUnitsQuestion) {
    return QStringLiteral(R"j({"format": "actlab-lesson", "version": 1,
      "title": {"en": "Predict", "zh_CN": "预测"}, "languages": ["en", "zh_CN"], "scenes": [
      {"title": {"en": "ReLU", "zh_CN": "ReLU"}, "text": {"en": "<p>Look.</p>", "zh_CN": "<p>看。</p>"},
       "view": "explorer"},
      {"title": {"en": "Dead units", "zh_CN": "死亡单元"},
       "text": {"en": "<p>Which dies more?</p>", "zh_CN": "<p>哪个死得多？</p>"},
       "notes": {"en": "Wait for every hand before the reveal.", "zh_CN": "等所有人举手后再揭晓。"},
       "view": "training", "preset": "dying-relu", "compare": {"activation": "leaky_relu"},
       "pretrain_steps": 1500, "question": %1}]})j")
        .arg(QString::fromUtf8(question));
}

}  // namespace actlab::test
