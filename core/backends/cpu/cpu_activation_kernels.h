// Elementwise activation kernels of the CPU backend: Eigen-vectorised float paths for the
// functions that dominate real workloads, the reference formulas for the rest; split over
// threads for large arrays.
#pragma once

#include "activations/catalogue.h"
#include "backends/backend.h"

namespace actlab::cpu {

void evaluateScalarKernel(const ActivationConfig& config,
                          const ScalarActivationBatch<float>& batch);
void evaluateScalarKernel(const ActivationConfig& config,
                          const ScalarActivationBatch<double>& batch);
void evaluateGatedKernel(const ActivationConfig& config, const GatedActivationBatch<float>& batch);
void evaluateGatedKernel(const ActivationConfig& config, const GatedActivationBatch<double>& batch);

}  // namespace actlab::cpu
