// Shared by the layer tests: seeded random tensors, the central finite-difference gradient
// check, float-against-double comparison and the message of a call that throws TensorError.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "../tensor/tensor_error_of.h"
#include "tensor/tensor.h"

namespace actlab::layer_test {

// The gradient checks below must reach this relative error (issue 8).
inline constexpr double kGradientTolerance = 1e-7;
inline constexpr double kFloatTolerance = 1e-5;

inline Tensor<double> randomTensor(Shape shape, std::mt19937& rng, double low = -1.0,
                                   double high = 1.0) {
    std::uniform_real_distribution<double> uniform(low, high);
    Tensor<double> tensor(shape);
    for (double& value : tensor.span()) value = uniform(rng);
    return tensor;
}

// Uniform in [−2, 2] with |x| ≥ 0.05: a central difference of step 1e-5 never straddles the
// kink at 0 of relu-like functions (the others, at ±3 and 6, lie outside the range).
inline Tensor<double> awayFromKinks(Shape shape, std::mt19937& rng) {
    Tensor<double> x = randomTensor(shape, rng, -2, 2);
    for (double& value : x.span())
        if (std::abs(value) < 0.05) value += value < 0 ? -0.1 : 0.1;
    return x;
}

// Σ_i a_i · b_i: the random linear functional L = Σ r ⊙ out whose gradient dout is r.
inline double dot(ConstTensorView<double> a, ConstTensorView<double> b) {
    double sum = 0;
    for (Index i = 0; i < a.size(); ++i) sum += a.data()[i] * b.data()[i];
    return sum;
}

// max_i |a_i − b_i| / max_i max(|a_i|, |b_i|): an error relative to the tensor's scale, so that
// entries near zero do not blow it up.
inline double scaledError(ConstTensorView<double> a, ConstTensorView<double> b) {
    double difference = 0, scale = 0;
    for (Index i = 0; i < a.size(); ++i) {
        difference = std::max(difference, std::abs(a.data()[i] - b.data()[i]));
        scale = std::max({scale, std::abs(a.data()[i]), std::abs(b.data()[i])});
    }
    return scale > 0 ? difference / scale : difference;
}

// One input or parameter of a gradient check: its values (perturbed in place) and the gradient
// the layer's backward computed for it.
struct Checked {
    std::string name;
    Tensor<double>* value;
    const Tensor<double>* analytic;
};

// Compares each analytic gradient with the central difference (L(x + h) − L(x − h)) / 2h of
// loss() at every element, prints the error and expects it ≤ kGradientTolerance.
template <typename Loss>
void expectGradientsMatch(const std::string& layer, Loss loss, const std::vector<Checked>& checked,
                          double h = 1e-5) {
    for (const Checked& item : checked) {
        Tensor<double> numeric(item.value->shape());
        for (Index i = 0; i < item.value->size(); ++i) {
            double& x = item.value->data()[i];
            const double saved = x;
            x = saved + h;
            const double plus = loss();
            x = saved - h;
            const double minus = loss();
            x = saved;
            numeric.data()[i] = (plus - minus) / (2 * h);
        }
        const double error = scaledError(item.analytic->view(), numeric.view());
        std::printf("[ gradient ] %s d%s: relative error %.3g\n", layer.c_str(), item.name.c_str(),
                    error);
        EXPECT_LE(error, kGradientTolerance) << layer << " d" << item.name;
    }
}

// A float result against its double reference, relative to the reference's scale.
inline double floatError(ConstTensorView<double> reference, ConstTensorView<float> value) {
    const Tensor<double> widened = value.castTo<double>();
    return scaledError(reference, widened.view());
}

}  // namespace actlab::layer_test
