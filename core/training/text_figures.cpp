// The text task's figures in bits per character (training/text_figures.h).
#include "training/text_figures.h"

namespace actlab {

std::optional<TextFigures> textFigures(const SequenceTask& task, const SequenceSnapshot& s) {
    const TextCorpus* corpus = task.textCorpus();
    if (!corpus) return std::nullopt;
    TextFigures f;
    f.trainBits = bitsPerCharacter(s.trainLoss);
    f.testBits = bitsPerCharacter(s.testLoss);
    f.bestTestBits = f.testBits;
    f.bestStep = s.evaluatedStep;
    for (const SequenceHistoryPoint& point : s.history)
        if (bitsPerCharacter(point.testLoss) < f.bestTestBits) {
            f.bestTestBits = bitsPerCharacter(point.testLoss);
            f.bestStep = point.step;
        }
    f.accuracy = s.tokenAccuracy;
    f.unigramBits = corpus->unigramBitsPerCharacter();
    f.bigramBits = corpus->bigramBitsPerCharacter();
    f.vocabulary = corpus->vocabulary();
    f.unknownShare = corpus->unknownShare();
    f.characters = corpus->characters();
    f.heldOut = corpus->heldOut();
    return f;
}

}  // namespace actlab
