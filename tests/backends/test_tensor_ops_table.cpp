// TensorOpsTable: each op goes to the first backend that offers it, the CPU is last and runs
// the rest with explicit transfers, and results do not depend on which
// backend ran an op (a fake backend here: it offers two ops, and runs them through the CPU).
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "backends/tensor_ops.h"
#include "models/transformer.h"

namespace actlab {
namespace {

// Offers Add and LinearForward only, counts its calls and its finishes; the work itself is the
// CPU's, so that a model run through it must give exactly the CPU's numbers.
class CountingOps final : public TensorOps<double> {
public:
    std::string_view backendName() const override { return "counting"; }
    bool supports(TensorOp op) const override { return offered.count(op) > 0; }
    void finish() override { ++finishes; }
    void syncToHost(std::span<const HostRange> ranges) override {
        for (HostRange range : ranges) synced.push_back(range.data);
    }
    void hostWrote(HostRange range) override { written.push_back(range.data); }

    std::set<TensorOp> offered{TensorOp::Add, TensorOp::LinearForward};
    int calls = 0, finishes = 0;
    std::vector<const void*> synced, written;  // what the CPU's ops asked for and wrote

    void linearForward(TensorView<double> out, ConstTensorView<double> inp,
                       ConstTensorView<double> weight, ConstTensorView<double> bias) override {
        ++calls;
        cpu->linearForward(out, inp, weight, bias);
    }
    void add(TensorView<double> out, ConstTensorView<double> a,
             ConstTensorView<double> b) override {
        ++calls;
        cpu->add(out, a, b);
    }
    // Everything else must never be called: the table sends it to the CPU.
    [[noreturn]] static void unexpected() { throw std::logic_error("not offered"); }
    void linearBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                        ConstTensorView<double>, ConstTensorView<double>,
                        ConstTensorView<double>) override {
        unexpected();
    }
    void activationForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                           const ActivationConfig&) override {
        unexpected();
    }
    void activationBackward(TensorView<double>, ConstTensorView<double>,
                            ConstTensorView<double>) override {
        unexpected();
    }
    void gatedForward(TensorView<double>, TensorView<double>, TensorView<double>,
                      ConstTensorView<double>, ConstTensorView<double>,
                      const ActivationConfig&) override {
        unexpected();
    }
    void gatedBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                       ConstTensorView<double>, ConstTensorView<double>) override {
        unexpected();
    }
    void preluForward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                      ConstTensorView<double>) override {
        unexpected();
    }
    void preluBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                       ConstTensorView<double>, ConstTensorView<double>) override {
        unexpected();
    }
    void layernormForward(TensorView<double>, TensorView<double>, TensorView<double>,
                          ConstTensorView<double>, ConstTensorView<double>,
                          ConstTensorView<double>) override {
        unexpected();
    }
    void layernormBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                           ConstTensorView<double>, ConstTensorView<double>,
                           ConstTensorView<double>, ConstTensorView<double>,
                           ConstTensorView<double>) override {
        unexpected();
    }
    void attentionForward(TensorView<double>, TensorView<double>, TensorView<double>,
                          ConstTensorView<double>, ConstTensorView<double>, ConstTensorView<double>,
                          int, bool) override {
        unexpected();
    }
    void attentionBackward(TensorView<double>, TensorView<double>, TensorView<double>,
                           ConstTensorView<double>, ConstTensorView<double>,
                           ConstTensorView<double>, ConstTensorView<double>,
                           ConstTensorView<double>, int) override {
        unexpected();
    }
    void embeddingForward(TensorView<double>, ConstTokenView, ConstTensorView<double>,
                          ConstTensorView<double>) override {
        unexpected();
    }
    void embeddingBackward(TensorView<double>, TensorView<double>, ConstTensorView<double>,
                           ConstTokenView) override {
        unexpected();
    }
    void meanPoolForward(TensorView<double>, ConstTensorView<double>) override { unexpected(); }
    void meanPoolBackward(TensorView<double>, ConstTensorView<double>) override { unexpected(); }
    void crossEntropyForward(TensorView<double>, TensorView<double>, TensorView<double>,
                             ConstTensorView<double>, ConstTokenView) override {
        unexpected();
    }
    void crossEntropyBackward(TensorView<double>, ConstTensorView<double>, ConstTokenView,
                              double) override {
        unexpected();
    }
    void copy(TensorView<double>, ConstTensorView<double>) override { unexpected(); }
    void fill(TensorView<double>, double) override { unexpected(); }
    void sumOfSquares(std::span<const std::span<const double>>, std::span<double>) override {
        unexpected();
    }
    void optimizerUpdate(const OptimizerRule<double>&, std::span<const ParameterSlot<double>>,
                         std::span<double>) override {
        unexpected();
    }
    void loss(TensorView<double>, TensorView<double>, TensorView<double>, ConstTensorView<double>,
              ConstTensorView<float>, LossKind) override {
        unexpected();
    }
    void regularisation(TensorView<double>, ConstTensorView<double>, double, double) override {
        unexpected();
    }

private:
    std::shared_ptr<TensorOps<double>> cpu = cpuTensorOps<double>();
};

TEST(TensorOpsTable, EachOpRunsOnTheFirstBackendThatOffersItAndTheCpuRunsTheRest) {
    auto counting = std::make_shared<CountingOps>();
    TensorOpsTable<double> table({counting});
    EXPECT_EQ(table.backendFor(TensorOp::Add), "counting");
    EXPECT_EQ(table.backendFor(TensorOp::LinearForward), "counting");
    for (int op = 0; op < kTensorOpCount; ++op) {
        if (TensorOp(op) == TensorOp::Add || TensorOp(op) == TensorOp::LinearForward) continue;
        EXPECT_EQ(table.backendFor(TensorOp(op)), "cpu") << tensorOpName(TensorOp(op));
    }
    // describe() names the ops that ran on the CPU among those called so far
    EXPECT_EQ(table.describe(), "counting");
    (void)table.forOp(TensorOp::Add);
    (void)table.forOp(TensorOp::MixForward);
    (void)table.forOp(TensorOp::LinearBackward);
    (void)table.forOp(TensorOp::MixForward);
    EXPECT_EQ(table.describe(), "counting (cpu: linear_backward, mix_forward)");
}

TEST(TensorOpsTable, TheCpuAloneOffersEveryOpAndMustComeLast) {
    TensorOpsTable<double> alone;
    EXPECT_EQ(alone.describe(), "cpu");
    for (int op = 0; op < kTensorOpCount; ++op) EXPECT_EQ(alone.backendFor(TensorOp(op)), "cpu");
    EXPECT_THROW(TensorOpsTable<double>({cpuTensorOps<double>(), std::make_shared<CountingOps>()}),
                 std::invalid_argument);
    EXPECT_THROW(TensorOpsTable<double>({nullptr}), std::invalid_argument);
}

// Issue 26: an op that falls back has explicit transfers: its inputs come home from the device
// first, and the device learns which tensors the host wrote; nothing else moves.
TEST(TensorOpsTable, AnOpOnTheCpuBringsItsInputsHomeAndMarksWhatItWrote) {
    auto counting = std::make_shared<CountingOps>();
    TensorOpsTable<double> table({counting});
    Tensor<double> a(Shape{4}, 1.0), b(Shape{4}, 2.0), out(Shape{4});
    table.forOp(TensorOp::Add).add(out, a, b);
    table.forOp(TensorOp::Add).add(out, out, b);
    EXPECT_TRUE(counting->synced.empty());  // the device's own ops move nothing
    EXPECT_TRUE(counting->written.empty());
    table.forOp(TensorOp::Copy).copy(a, out);  // on the CPU
    EXPECT_EQ(counting->synced, std::vector<const void*>{out.data()});
    EXPECT_EQ(counting->written, std::vector<const void*>{a.data()});
    EXPECT_EQ(counting->finishes, 0);
    table.finish();
    EXPECT_EQ(counting->finishes, 1);
    EXPECT_EQ(a(0), 5.0);
    EXPECT_EQ(counting->calls, 2);
}

TEST(TensorOpsTable, ATransformerRunThroughAnotherBackendGivesTheCpusNumbers) {
    TransformerConfig config;
    config.vocabulary = config.outputs = 8;
    config.sequence = 6;
    config.dModel = 16;
    config.heads = 2;
    std::string error;
    auto reference = Transformer<double>::create(config, &error);
    auto routed = Transformer<double>::create(config, &error);
    ASSERT_TRUE(reference && routed) << error;
    auto counting = std::make_shared<CountingOps>();
    routed->setTensorOps(std::make_shared<TensorOpsTable<double>>(
        std::vector<std::shared_ptr<TensorOps<double>>>{counting}));
    TokenTensor tokens(Shape{3, 6});
    for (Index i = 0; i < tokens.size(); ++i) tokens.data()[i] = Token(i * 5 % 8);
    const Tensor<double> expected(reference->forward(tokens));
    const ConstTensorView<double> got = routed->forward(tokens);
    ASSERT_EQ(got.size(), expected.size());
    for (Index i = 0; i < got.size(); ++i) EXPECT_EQ(got.data()[i], expected.data()[i]) << i;
    // 2 blocks: q, k, v, o, fc1, fc2 each, and the head; two residual adds per block.
    EXPECT_EQ(counting->calls, 2 * 6 + 1 + 2 * 2);
    Tensor<double> dlogits(got.shape(), 0.25);
    reference->zeroGradients();
    routed->zeroGradients();
    reference->backward(dlogits);
    routed->backward(dlogits);
    const auto pr = reference->parameters(), pt = routed->parameters();
    for (size_t k = 0; k < pr.size(); ++k) EXPECT_EQ(pr[k]->grad, pt[k]->grad) << pr[k]->name;
}

}  // namespace
}  // namespace actlab
