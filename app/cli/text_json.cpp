// The text task's figures and the head scores in the JSON line of train (text_json.h).
#include "text_json.h"

namespace actlab::cli {

void writeTextFigures(JsonWriter& json, const TextFigures& f) {
    json.key("test_bits_per_char")
        .value(f.testBits)
        .key("best_test_bits_per_char")
        .value(f.bestTestBits)
        .key("best_step")
        .value(static_cast<long long>(f.bestStep))
        .key("train_bits_per_char")
        .value(f.trainBits)
        .key("next_char_accuracy")
        .value(f.accuracy)
        .key("unigram_bits_per_char")
        .value(f.unigramBits)
        .key("bigram_bits_per_char")
        .value(f.bigramBits)
        .key("vocab")
        .value(static_cast<long long>(f.vocabulary))
        .key("unk_share")
        .value(f.unknownShare)
        .key("text_chars")
        .value(static_cast<long long>(f.characters))
        .key("held_out")
        .value(f.heldOut);
}

void writeHeadScores(JsonWriter& json, const HeadScores& scores) {
    json.key("head_scores").beginArray();
    for (int l = 0; l < scores.layers; ++l) {
        json.beginArray();
        for (int h = 0; h < scores.heads; ++h) {
            const HeadScore& s = scores.at(l, h);
            json.beginObject()
                .key("previous_token")
                .value(s.previousToken)
                .key("induction")
                .value(s.induction)
                .key("shifted_induction")
                .value(s.shiftedInduction)
                .key("self")
                .value(s.self)
                .key("first_token")
                .value(s.firstToken)
                .key("label")
                .value(s.label)
                .endObject();
        }
        json.endArray();
    }
    json.endArray();
}

}  // namespace actlab::cli
