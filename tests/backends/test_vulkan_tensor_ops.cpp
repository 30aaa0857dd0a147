// The Vulkan tensor ops (lavapipe in CI: required, never skipped) against the CPU ops, the
// reference, per-row part: linear, activations, elementwise ops, pooling, sum of squares and the
// optimizer on transformer-tiny shapes and awkward ones (sizes not multiples of 4 or 16), +=
// outputs starting nonzero, and the same errors for bad shapes and ids.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "vulkan_tensor_ops_test_support.h"

namespace actlab {
namespace {

TEST_F(VulkanTensorOpsTest, SupportsEveryOpButTheMixture) {
    EXPECT_EQ(gpu().backendName(), "vulkan");
    for (int op = 0; op < kTensorOpCount; ++op) {
        const bool mix =
            TensorOp(op) == TensorOp::MixForward || TensorOp(op) == TensorOp::MixBackward;
        EXPECT_EQ(gpu().supports(TensorOp(op)), !mix) << tensorOpName(TensorOp(op));
    }
    // The backend hands out one shared instance.
    EXPECT_EQ(s_backend->tensorOps(), s_ops);
}

TEST_F(VulkanTensorOpsTest, LinearMatchesCpu) {
    struct Case {
        Index N, C, OC;
        bool bias;
    };
    for (const Case& c : {Case{64, 64, 256, true}, Case{512, 64, 64, true}, Case{7, 13, 5, true},
                          Case{1, 64, 64, false}, Case{33, 256, 64, true}, Case{5, 3, 1, false},
                          Case{0, 8, 4, true}}) {
        SCOPED_TRACE("N " + std::to_string(c.N) + " C " + std::to_string(c.C) + " OC " +
                     std::to_string(c.OC));
        const Tensor<float> inp = randomTensor({c.N, c.C}, 1),
                            weight = randomTensor({c.OC, c.C}, 2);
        const Tensor<float> bias = c.bias ? randomTensor({c.OC}, 3) : Tensor<float>();
        Tensor<float> outGpu({c.N, c.OC}), outCpu({c.N, c.OC});
        gpu().linearForward(outGpu, inp, weight, bias);
        cpu().linearForward(outCpu, inp, weight, bias);
        expectNear(outGpu, outCpu, kSumTolerance, "linear_forward", "out");

        const Tensor<float> dout = randomTensor({c.N, c.OC}, 4);
        Tensor<float> dinpGpu = randomTensor({c.N, c.C}, 5), dinpCpu = dinpGpu;
        Tensor<float> dwGpu = randomTensor({c.OC, c.C}, 6), dwCpu = dwGpu;
        Tensor<float> dbGpu = c.bias ? randomTensor({c.OC}, 7) : Tensor<float>(), dbCpu = dbGpu;
        gpu().linearBackward(dinpGpu, dwGpu, dbGpu, dout, inp, weight);
        cpu().linearBackward(dinpCpu, dwCpu, dbCpu, dout, inp, weight);
        expectNear(dinpGpu, dinpCpu, kSumTolerance, "linear_backward", "dinp");
        expectNear(dwGpu, dwCpu, kSumTolerance, "linear_backward", "dweight");
        expectNear(dbGpu, dbCpu, kSumTolerance, "linear_backward", "dbias");
    }
}

TEST_F(VulkanTensorOpsTest, ActivationsMatchCpu) {
    for (const Shape& shape : {Shape{3, 5, 7}, Shape{4, 16, 256}, Shape{1}}) {
        const Tensor<float> inp = randomTensor(shape, 11, 2.0), dout = randomTensor(shape, 12);
        for (const testing::NamedConfig& named :
             testing::configsUnderTest(ActivationKind::Scalar)) {
            SCOPED_TRACE(named.name + " " + shape.toString());
            Tensor<float> outGpu(shape), outCpu(shape), dGpu(shape), dCpu(shape);
            gpu().activationForward(outGpu, dGpu, inp, named.config);
            cpu().activationForward(outCpu, dCpu, inp, named.config);
            expectNear(outGpu, outCpu, kFunctionTolerance, "activation_forward", "out");
            expectNear(dGpu, dCpu, kFunctionTolerance, "activation_forward", "derivative");
        }
        const Tensor<float> derivative = randomTensor(shape, 13);
        Tensor<float> dinpGpu = randomTensor(shape, 14), dinpCpu = dinpGpu;
        gpu().activationBackward(dinpGpu, dout, derivative);
        cpu().activationBackward(dinpCpu, dout, derivative);
        expectNear(dinpGpu, dinpCpu, kElementwiseTolerance, "activation_backward", "dinp");
    }
}

TEST_F(VulkanTensorOpsTest, GatedUnitsMatchCpu) {
    for (const Shape& shape : {Shape{5, 3, 7}, Shape{4, 16, 256}}) {
        const Tensor<float> gate = randomTensor(shape, 21, 2.0), value = randomTensor(shape, 22);
        for (const testing::NamedConfig& named : testing::configsUnderTest(ActivationKind::Gated)) {
            SCOPED_TRACE(named.name + " " + shape.toString());
            Tensor<float> outGpu(shape), outCpu(shape), dgGpu(shape), dgCpu(shape);
            Tensor<float> dvGpu(shape), dvCpu(shape);
            gpu().gatedForward(outGpu, dgGpu, dvGpu, gate, value, named.config);
            cpu().gatedForward(outCpu, dgCpu, dvCpu, gate, value, named.config);
            expectNear(outGpu, outCpu, kFunctionTolerance, "gated_forward", "out");
            expectNear(dgGpu, dgCpu, kFunctionTolerance, "gated_forward", "dOutdGate");
            expectNear(dvGpu, dvCpu, kFunctionTolerance, "gated_forward", "dOutdValue");
        }
        const Tensor<float> dout = randomTensor(shape, 23), dmdg = randomTensor(shape, 24);
        const Tensor<float> dmdv = randomTensor(shape, 25);
        Tensor<float> dgateGpu = randomTensor(shape, 26), dgateCpu = dgateGpu;
        Tensor<float> dvalueGpu = randomTensor(shape, 27), dvalueCpu = dvalueGpu;
        gpu().gatedBackward(dgateGpu, dvalueGpu, dout, dmdg, dmdv);
        cpu().gatedBackward(dgateCpu, dvalueCpu, dout, dmdg, dmdv);
        expectNear(dgateGpu, dgateCpu, kElementwiseTolerance, "gated_backward", "dgate");
        expectNear(dvalueGpu, dvalueCpu, kElementwiseTolerance, "gated_backward", "dvalue");
    }
}

TEST_F(VulkanTensorOpsTest, PreluMatchesCpuWithOneAlphaAndOnePerChannel) {
    for (const Shape& shape : {Shape{37, 13}, Shape{512, 64}, Shape{1, 1}}) {
        for (const Index alphas : {Index(1), shape.extent(1)}) {
            SCOPED_TRACE(shape.toString() + " with " + std::to_string(alphas) + " alpha");
            const Tensor<float> inp = randomTensor(shape, 31, 2.0);
            Tensor<float> alpha = randomTensor(Shape{alphas}, 32, 0.2);
            for (float& a : alpha.span()) a = std::abs(a);
            Tensor<float> outGpu(shape), outCpu(shape), dGpu(shape), dCpu(shape);
            gpu().preluForward(outGpu, dGpu, inp, alpha);
            cpu().preluForward(outCpu, dCpu, inp, alpha);
            expectNear(outGpu, outCpu, kElementwiseTolerance, "prelu_forward", "out");
            expectNear(dGpu, dCpu, kElementwiseTolerance, "prelu_forward", "derivative");

            const Tensor<float> dout = randomTensor(shape, 33);
            Tensor<float> dinpGpu = randomTensor(shape, 34), dinpCpu = dinpGpu;
            Tensor<float> daGpu = randomTensor(Shape{alphas}, 35), daCpu = daGpu;
            gpu().preluBackward(dinpGpu, daGpu, dout, inp, dCpu);
            cpu().preluBackward(dinpCpu, daCpu, dout, inp, dCpu);
            expectNear(dinpGpu, dinpCpu, kElementwiseTolerance, "prelu_backward", "dinp");
            expectNear(daGpu, daCpu, kSumTolerance, "prelu_backward", "dalpha");
        }
    }
}

TEST_F(VulkanTensorOpsTest, ElementwiseAndPoolingMatchCpu) {
    for (const Shape& shape : {Shape{4, 16, 64}, Shape{3, 1, 13}, Shape{2, 7, 5}}) {
        SCOPED_TRACE(shape.toString());
        const Tensor<float> a = randomTensor(shape, 61), b = randomTensor(shape, 62);
        Tensor<float> sumGpu(shape), sumCpu(shape);
        gpu().add(sumGpu, a, b);
        cpu().add(sumCpu, a, b);
        expectNear(sumGpu, sumCpu, kElementwiseTolerance, "add", "out");
        Tensor<float> inPlace = a;  // out may be a
        gpu().add(inPlace, inPlace, b);
        expectNear(inPlace, sumCpu, kElementwiseTolerance, "add", "in place");

        const Shape pooled{shape.extent(0), shape.extent(2)};
        Tensor<float> poolGpu(pooled), poolCpu(pooled);
        gpu().meanPoolForward(poolGpu, a);
        cpu().meanPoolForward(poolCpu, a);
        expectNear(poolGpu, poolCpu, kSumTolerance, "mean_pool_forward", "out");
        const Tensor<float> dout = randomTensor(pooled, 63);
        Tensor<float> dinpGpu = b, dinpCpu = b;
        gpu().meanPoolBackward(dinpGpu, dout);
        cpu().meanPoolBackward(dinpCpu, dout);
        expectNear(dinpGpu, dinpCpu, kElementwiseTolerance, "mean_pool_backward", "dinp");

        Tensor<float> copied(Shape{shape.elementCount()});
        gpu().copy(copied, a);
        expectNear(copied, a.reshape(copied.shape()), 0.0, "copy", "to");
        gpu().fill(copied, -2.5f);
        const Tensor<float> filled(copied.shape(), -2.5f);
        expectNear(copied, filled, 0.0, "fill", "to");
    }
}

TEST_F(VulkanTensorOpsTest, SumOfSquaresMatchesCpu) {
    const Tensor<float> a = randomTensor({1000}, 81), b = randomTensor({100003}, 82, 0.01);
    const Tensor<float> c = randomTensor({1}, 83), d = randomTensor({64, 256}, 84);
    const std::vector<std::span<const float>> tensors = {
        a.span(), {}, b.span(), c.span(), d.span()};
    std::vector<float> got(tensors.size()), expected(tensors.size()), again(tensors.size());
    gpu().sumOfSquares(tensors, got);
    cpu().sumOfSquares(tensors, expected);
    for (size_t i = 0; i < tensors.size(); ++i) {
        // Float partial sums (see vulkan_tensor_ops.cpp): 1e-6 relative for these sizes.
        EXPECT_NEAR(got[i], expected[i], 1e-5 * expected[i]) << "tensor " << i;
        if (expected[i] > 0)
            worstErrors()["sum_of_squares"] =
                std::max(worstErrors()["sum_of_squares"],
                         double(std::abs(got[i] - expected[i]) / expected[i]));
    }
    EXPECT_EQ(got[1], 0.0f);  // the empty tensor
    gpu().sumOfSquares(tensors, again);
    EXPECT_EQ(again, got);  // deterministic
    gpu().sumOfSquares({}, {});
}

TEST_F(VulkanTensorOpsTest, OptimizerUpdateMatchesCpu) {
    for (OptimizerKind kind :
         {OptimizerKind::Sgd, OptimizerKind::Momentum, OptimizerKind::Adam, OptimizerKind::AdamW}) {
        SCOPED_TRACE(std::string(optimizerName(kind)));
        OptimizerRule<float> rule;
        rule.kind = kind;
        rule.learningRate = 0.01f;
        rule.weightDecay = 0.1f;
        rule.clipNorm = 1.0;  // below the gradients' norm (≈ 17): clipped
        rule.correction1 = 1 - std::pow(0.9f, 3.0f);
        rule.correction2 = 1 - std::pow(0.999f, 3.0f);
        // A weight (decayed) and a bias of awkward sizes; moments from earlier steps.
        std::vector<Tensor<float>> gpuState, cpuState;
        for (Index n : {Index(300), Index(7)})
            for (std::uint64_t s = 0; s < 4; ++s) {
                Tensor<float> t = randomTensor({n}, 90 + s + std::uint64_t(n));
                if (s == 3)
                    for (float& x : t.span()) x = x * x;  // the second moment is ≥ 0
                gpuState.push_back(t);
            }
        cpuState = gpuState;
        const auto slots = [](std::vector<Tensor<float>>& s) {
            return std::vector<ParameterSlot<float>>{
                {s[0].span(), s[1].span(), s[2].span(), s[3].span(), true},
                {s[4].span(), s[5].span(), s[6].span(), s[7].span(), false}};
        };
        float normGpu = 0, normCpu = 0;
        for (int step = 0; step < 2; ++step) {
            gpu().optimizerUpdate(rule, slots(gpuState), std::span(&normGpu, 1));
            cpu().optimizerUpdate(rule, slots(cpuState), std::span(&normCpu, 1));
        }
        EXPECT_NEAR(normGpu, normCpu, 1e-5 * normCpu);
        EXPECT_GT(normCpu, 10.0f);
        for (size_t i : {0, 2, 3, 4, 6, 7})
            expectNear(gpuState[i], cpuState[i], kSumTolerance, "optimizer_update",
                       "state " + std::to_string(i));
        // A gradient that is not finite changes nothing, on both.
        gpuState[5].data()[3] = std::numeric_limits<float>::infinity();
        cpuState = gpuState;
        const std::vector<Tensor<float>> before = gpuState;
        gpu().optimizerUpdate(rule, slots(gpuState), std::span(&normGpu, 1));
        cpu().optimizerUpdate(rule, slots(cpuState), std::span(&normCpu, 1));
        EXPECT_FALSE(std::isfinite(normGpu));
        EXPECT_FALSE(std::isfinite(normCpu));
        for (size_t i : {0, 2, 3, 4, 6, 7}) {
            expectNear(gpuState[i], before[i], 0.0, "optimizer_update", "not finite");
            expectNear(cpuState[i], before[i], 0.0, "optimizer_update", "not finite (cpu)");
        }
    }
}

TEST_F(VulkanTensorOpsTest, BadShapesAndIdsThrowAsOnTheCpu) {
    // The same exception type and message on both backends.
    const auto expectSameError = [](const std::function<void(TensorOps<float>&)>& call,
                                    bool tensorError) {
        std::string messages[2];
        TensorOps<float>* backends[2] = {&cpu(), &gpu()};
        for (int i = 0; i < 2; ++i) {
            try {
                call(*backends[i]);
            } catch (const std::invalid_argument& e) {
                messages[i] = e.what();
                EXPECT_EQ(dynamic_cast<const TensorError*>(&e) != nullptr, tensorError) << e.what();
            }
        }
        EXPECT_FALSE(messages[0].empty()) << "the CPU did not throw";
        EXPECT_EQ(messages[1], messages[0]);
    };
    const Tensor<float> x = randomTensor({4, 8}, 111), w = randomTensor({3, 8}, 112);
    Tensor<float> out({4, 4}), good({4, 3});
    expectSameError([&](TensorOps<float>& ops) { ops.linearForward(out, x, w, {}); }, true);
    const Tensor<float> q = randomTensor({2, 3, 8}, 113);
    Tensor<float> o({2, 3, 8}), maps({2, 3, 3, 3});
    expectSameError(
        [&](TensorOps<float>& ops) { ops.attentionForward(o, maps, maps, q, q, q, 3, true); },
        true);
    Tensor<float> mean({4}), rstd({4});
    expectSameError(
        [&](TensorOps<float>& ops) { ops.layernormForward(good, mean, rstd, x, w[0], w[0]); },
        true);
    expectSameError(
        [&](TensorOps<float>& ops) {
            ops.activationForward(o, o, q, ActivationConfig::withDefaults(ActivationId::Swiglu));
        },
        false);

    // An id out of range throws before anything is written.
    TokenTensor tokens = randomTokens({2, 3}, 5, 114);
    tokens.data()[4] = 5;
    const Tensor<float> table = randomTensor({5, 8}, 115), positions = randomTensor({3, 8}, 116);
    Tensor<float> embedded({2, 3, 8}, 7.0f);
    expectSameError(
        [&](TensorOps<float>& ops) { ops.embeddingForward(embedded, tokens, table, positions); },
        true);
    Tensor<float> dtable({5, 8}, 1.0f), dpositions({3, 8}, 1.0f);
    expectSameError(
        [&](TensorOps<float>& ops) { ops.embeddingBackward(dtable, dpositions, o, tokens); }, true);
    for (float value : embedded.span()) EXPECT_EQ(value, 7.0f);
    for (float value : dtable.span()) EXPECT_EQ(value, 1.0f);
    TokenTensor targets({4}, 1);
    targets.data()[2] = 9;
    Tensor<float> losses({4}), probs({4, 8}), meanLoss({1});
    expectSameError(
        [&](TensorOps<float>& ops) {
            ops.crossEntropyForward(probs, losses, meanLoss, x, targets);
        },
        true);
}

}  // namespace
}  // namespace actlab
