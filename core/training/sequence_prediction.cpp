// predictSequence: pad the sequence into a training-shaped batch, one forward pass, softmax per
// row of logits, and the attention maps of batch row 0 cropped to the sequence's length.
#include "training/sequence_prediction.h"

#include <algorithm>
#include <cmath>

namespace actlab {

SequenceLengths predictableLengths(const SequenceTrainingConfig& config) {
    const int T = config.model.sequence;
    if (config.model.causal && !config.model.pooled) return {1, T};
    return {T, T};
}

std::optional<SequencePrediction> predictSequence(SequenceTrainer& trainer,
                                                  std::span<const Token> tokens,
                                                  std::string* error) {
    const auto fail = [&](std::string message) -> std::optional<SequencePrediction> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    const SequenceTrainingConfig& config = trainer.config();
    const TransformerConfig& mc = config.model;
    const SequenceLengths lengths = predictableLengths(config);
    const int length = int(tokens.size());
    if (trainer.diverged()) return fail("the run diverged: reset it first");
    if (length < lengths.minimum || length > lengths.maximum) {
        const std::string range =
            lengths.minimum == lengths.maximum
                ? std::to_string(lengths.maximum)
                : std::to_string(lengths.minimum) + " to " + std::to_string(lengths.maximum);
        return fail("the sequence must have " + range + " tokens, got " + std::to_string(length));
    }
    for (Token token : tokens)
        if (token < 0 || token >= mc.vocabulary)
            return fail("token " + std::to_string(token) + " is outside the vocabulary 0.." +
                        std::to_string(mc.vocabulary - 1));

    const Index B = config.batch, T = mc.sequence;
    TokenTensor input(Shape{B, T}, Token(0));
    for (Index b = 0; b < B; ++b) std::copy(tokens.begin(), tokens.end(), input[b].span().begin());
    const ConstTensorView<float> logits = trainer.model().forward(input);
    trainer.model().tensorOps().finish();  // the logits and the maps to the host

    SequencePrediction out;
    out.tokens.assign(tokens.begin(), tokens.end());
    out.pooled = mc.pooled;
    out.classes = mc.outputs;
    const Index rows = mc.pooled ? 1 : length;
    out.classification = classifyLogits(
        std::span<const float>(logits.data(), size_t(rows * mc.outputs)), mc.outputs);
    out.attention = {mc.layers, mc.heads, 1, int(length), int(length), {}};
    out.attention.weights.reserve(size_t(mc.layers * mc.heads * length * length));
    for (int l = 0; l < mc.layers; ++l) {
        const float* att = trainer.model().probe(l).attention.data();  // (B, NH, T, T), b = 0
        for (int h = 0; h < mc.heads; ++h)
            for (Index q = 0; q < length; ++q) {
                const float* row = att + (Index(h) * T + q) * T;
                out.attention.weights.insert(out.attention.weights.end(), row, row + length);
            }
    }
    return out;
}

}  // namespace actlab
