// The Vulkan tensor ops against the CPU ops, sequence part: layernorm, attention (T = 1, one
// and eight heads, causal and not), embedding with repeated ids, cross-entropy with ignored
// targets, and bit-identical repeated runs of the attention backward.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "layers/batch_loss.h"
#include "layers/losses.h"
#include "vulkan_tensor_ops_test_support.h"

namespace actlab {
namespace {

TEST_F(VulkanTensorOpsTest, LayerNormMatchesCpu) {
    for (const auto& [N, C] : {std::pair<Index, Index>{64, 64}, {512, 64}, {7, 13}, {1, 64}}) {
        SCOPED_TRACE("N " + std::to_string(N) + " C " + std::to_string(C));
        const Tensor<float> inp = randomTensor({N, C}, 31, 3.0), weight = randomTensor({C}, 32);
        const Tensor<float> bias = randomTensor({C}, 33);
        Tensor<float> outGpu({N, C}), outCpu({N, C}), meanGpu({N}), meanCpu({N});
        Tensor<float> rstdGpu({N}), rstdCpu({N});
        gpu().layernormForward(outGpu, meanGpu, rstdGpu, inp, weight, bias);
        cpu().layernormForward(outCpu, meanCpu, rstdCpu, inp, weight, bias);
        expectNear(outGpu, outCpu, kSumTolerance, "layernorm_forward", "out");
        expectNear(meanGpu, meanCpu, kSumTolerance, "layernorm_forward", "mean");
        expectNear(rstdGpu, rstdCpu, kSumTolerance, "layernorm_forward", "rstd");

        const Tensor<float> dout = randomTensor({N, C}, 34);
        Tensor<float> dinpGpu = randomTensor({N, C}, 35), dinpCpu = dinpGpu;
        Tensor<float> dwGpu = randomTensor({C}, 36), dwCpu = dwGpu;
        Tensor<float> dbGpu = randomTensor({C}, 37), dbCpu = dbGpu;
        gpu().layernormBackward(dinpGpu, dwGpu, dbGpu, dout, inp, weight, meanCpu, rstdCpu);
        cpu().layernormBackward(dinpCpu, dwCpu, dbCpu, dout, inp, weight, meanCpu, rstdCpu);
        expectNear(dinpGpu, dinpCpu, kSumTolerance, "layernorm_backward", "dinp");
        expectNear(dwGpu, dwCpu, kSumTolerance, "layernorm_backward", "dweight");
        expectNear(dbGpu, dbCpu, kSumTolerance, "layernorm_backward", "dbias");
    }
}

TEST_F(VulkanTensorOpsTest, AttentionMatchesCpu) {
    struct Case {
        Index B, T, C;
        int heads;
        bool causal;
    };
    for (const Case& c :
         {Case{4, 16, 64, 4, true}, Case{4, 16, 64, 4, false}, Case{32, 16, 64, 4, true},
          Case{3, 1, 64, 4, true}, Case{2, 7, 24, 1, true}, Case{2, 5, 64, 8, false},
          Case{1, 64, 256, 1, true}}) {
        SCOPED_TRACE("B " + std::to_string(c.B) + " T " + std::to_string(c.T) + " C " +
                     std::to_string(c.C) + " heads " + std::to_string(c.heads) +
                     (c.causal ? " causal" : ""));
        const Shape rows{c.B, c.T, c.C}, maps{c.B, Index(c.heads), c.T, c.T};
        const Tensor<float> q = randomTensor(rows, 41), k = randomTensor(rows, 42);
        const Tensor<float> v = randomTensor(rows, 43);
        Tensor<float> outGpu(rows), outCpu(rows), preGpu(maps), preCpu(maps);
        Tensor<float> attGpu(maps), attCpu(maps);
        gpu().attentionForward(outGpu, preGpu, attGpu, q, k, v, c.heads, c.causal);
        cpu().attentionForward(outCpu, preCpu, attCpu, q, k, v, c.heads, c.causal);
        expectNear(outGpu, outCpu, kSumTolerance, "attention_forward", "out");
        expectNear(preGpu, preCpu, kSumTolerance, "attention_forward", "preatt");
        expectNear(attGpu, attCpu, kSumTolerance, "attention_forward", "att");

        const Tensor<float> dout = randomTensor(rows, 44);
        Tensor<float> dqGpu = randomTensor(rows, 45), dqCpu = dqGpu;
        Tensor<float> dkGpu = randomTensor(rows, 46), dkCpu = dkGpu;
        Tensor<float> dvGpu = randomTensor(rows, 47), dvCpu = dvGpu;
        gpu().attentionBackward(dqGpu, dkGpu, dvGpu, dout, q, k, v, attCpu, c.heads);
        cpu().attentionBackward(dqCpu, dkCpu, dvCpu, dout, q, k, v, attCpu, c.heads);
        expectNear(dqGpu, dqCpu, kSumTolerance, "attention_backward", "dq");
        expectNear(dkGpu, dkCpu, kSumTolerance, "attention_backward", "dk");
        expectNear(dvGpu, dvCpu, kSumTolerance, "attention_backward", "dv");
    }
}

TEST_F(VulkanTensorOpsTest, EmbeddingMatchesCpu) {
    for (const auto& [B, T, C] :
         {std::tuple<Index, Index, Index>{4, 16, 64}, {32, 16, 64}, {3, 1, 13}, {5, 7, 6}}) {
        SCOPED_TRACE("B " + std::to_string(B) + " T " + std::to_string(T) + " C " +
                     std::to_string(C));
        const int V = 37;  // few ids: many repeats, which the token gradient must sum
        const TokenTensor tokens = randomTokens({B, T}, V, 51);
        const Tensor<float> table = randomTensor({V, C}, 52), positions = randomTensor({20, C}, 53);
        Tensor<float> outGpu({B, T, C}), outCpu({B, T, C});
        gpu().embeddingForward(outGpu, tokens, table, positions);
        cpu().embeddingForward(outCpu, tokens, table, positions);
        expectNear(outGpu, outCpu, kElementwiseTolerance, "embedding_forward", "out");

        const Tensor<float> dout = randomTensor({B, T, C}, 54);
        Tensor<float> dtGpu = randomTensor({V, C}, 55), dtCpu = dtGpu;
        Tensor<float> dpGpu = randomTensor({20, C}, 56), dpCpu = dpGpu;
        gpu().embeddingBackward(dtGpu, dpGpu, dout, tokens);
        cpu().embeddingBackward(dtCpu, dpCpu, dout, tokens);
        expectNear(dtGpu, dtCpu, kElementwiseTolerance, "embedding_backward", "dTokenTable");
        expectNear(dpGpu, dpCpu, kElementwiseTolerance, "embedding_backward", "dPositionTable");
    }
}

TEST_F(VulkanTensorOpsTest, CrossEntropyMatchesCpu) {
    for (const auto& [N, V] : {std::pair<Index, int>{64, 37}, {512, 256}, {1, 5}}) {
        SCOPED_TRACE("N " + std::to_string(N) + " V " + std::to_string(V));
        const Tensor<float> logits = randomTensor({N, V}, 71, 3.0);
        TokenTensor targets = randomTokens({N}, V, 72);
        if (N > 1) targets.data()[1] = kIgnoreTarget;
        Tensor<float> pGpu({N, V}), pCpu({N, V}), lossGpu({N}), lossCpu({N});
        Tensor<float> meanGpu({1}), meanCpu({1});
        gpu().crossEntropyForward(pGpu, lossGpu, meanGpu, logits, targets);
        cpu().crossEntropyForward(pCpu, lossCpu, meanCpu, logits, targets);
        EXPECT_NEAR(meanGpu.data()[0], meanCpu.data()[0],
                    kFunctionTolerance * std::abs(meanCpu.data()[0]));
        expectNear(pGpu, pCpu, kFunctionTolerance, "cross_entropy_forward", "probs");
        expectNear(lossGpu, lossCpu, kFunctionTolerance, "cross_entropy_forward", "losses");

        Tensor<float> dGpu = randomTensor({N, V}, 73), dCpu = dGpu;
        gpu().crossEntropyBackward(dGpu, pCpu, targets, 0.5f);
        cpu().crossEntropyBackward(dCpu, pCpu, targets, 0.5f);
        expectNear(dGpu, dCpu, kElementwiseTolerance, "cross_entropy_backward", "dlogits");
    }
}

// Issue 26: the loss of a batch and L1/L2 run on the device, so that a step records whole.
TEST_F(VulkanTensorOpsTest, LossMatchesCpuAndTheCpuIsComputeLoss) {
    for (const LossKind kind :
         {LossKind::BceWithLogits, LossKind::SoftmaxCrossEntropy, LossKind::Mse}) {
        const Index N = 77, outputs = kind == LossKind::SoftmaxCrossEntropy ? 5 : 1;
        SCOPED_TRACE("kind " + std::to_string(int(kind)));
        const Tensor<float> output = randomTensor({N, outputs}, 81, 3.0);
        Tensor<float> targets = randomTensor({N}, 82);
        for (Index i = 0; i < N; ++i) {
            float& y = targets.data()[i];
            if (kind == LossKind::SoftmaxCrossEntropy) y = float(i % outputs);
            if (kind == LossKind::BceWithLogits) y = y > 0 ? 1.0f : 0.0f;
        }
        Tensor<float> dGpu({N, outputs}), dCpu({N, outputs}), rowsGpu({N}), rowsCpu({N});
        Tensor<float> meanGpu({1}), meanCpu({1});
        gpu().loss(dGpu, rowsGpu, meanGpu, output, targets, kind);
        cpu().loss(dCpu, rowsCpu, meanCpu, output, targets, kind);
        std::vector<float> reference(size_t(N * outputs));
        const LossValue value = computeLoss<float>(kind, output.span(), int(N), int(outputs),
                                                   targets.span(), std::span<float>(reference));
        EXPECT_EQ(meanCpu.data()[0], float(value.loss));
        EXPECT_EQ(std::memcmp(dCpu.data(), reference.data(), reference.size() * sizeof(float)), 0);
        EXPECT_NEAR(meanGpu.data()[0], meanCpu.data()[0],
                    kFunctionTolerance * std::abs(meanCpu.data()[0]));
        expectNear(rowsGpu, rowsCpu, kFunctionTolerance, "loss", "rowLosses");
        expectNear(dGpu, dCpu, kFunctionTolerance, "loss", "gradient");
    }
}

TEST_F(VulkanTensorOpsTest, RegularisationMatchesCpu) {
    for (const Index n : {Index(1), Index(300), Index(70000)}) {
        SCOPED_TRACE("n " + std::to_string(n));
        Tensor<float> weight = randomTensor({n}, 91);
        weight.data()[0] = 0.0f;  // sign(0) = 0
        Tensor<float> gGpu = randomTensor({n}, 92), gCpu = gGpu;
        gpu().regularisation(gGpu, weight, 0.01f, 0.003f);
        cpu().regularisation(gCpu, weight, 0.01f, 0.003f);
        expectNear(gGpu, gCpu, kElementwiseTolerance, "regularisation", "grad");
    }
}

TEST_F(VulkanTensorOpsTest, RepeatedRunsAreBitIdentical) {
    const Shape rows{4, 16, 64}, maps{4, 4, 16, 16};
    const Tensor<float> q = randomTensor(rows, 101), k = randomTensor(rows, 102);
    const Tensor<float> v = randomTensor(rows, 103), dout = randomTensor(rows, 104);
    Tensor<float> out(rows), preatt(maps), att(maps);
    gpu().attentionForward(out, preatt, att, q, k, v, 4, true);
    std::vector<Tensor<float>> runs;
    for (int run = 0; run < 2; ++run) {
        Tensor<float> dq(rows), dk(rows), dv(rows);
        gpu().attentionBackward(dq, dk, dv, dout, q, k, v, att, 4);
        runs.push_back(dq);
        runs.push_back(dk);
        runs.push_back(dv);
    }
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(std::memcmp(runs[i].data(), runs[i + 3].data(), runs[i].size() * sizeof(float)),
                  0);
}

}  // namespace
}  // namespace actlab
