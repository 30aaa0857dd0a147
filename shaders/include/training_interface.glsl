// Shared by the training shaders and mirrored in shaders/shader_interface.h: the workgroup size
// of the elementwise and reduction shaders and the optimizer kinds.
#ifndef ACTLAB_TRAINING_INTERFACE_GLSL
#define ACTLAB_TRAINING_INTERFACE_GLSL

#define TRAINING_WORKGROUP_SIZE 256  // kTrainingWorkgroupSize

// OptimizerKind (core/optimizers/optimizer.h)
const uint kSgd = 0u, kMomentum = 1u, kAdam = 2u, kAdamW = 3u;
// LossKind (core/models/loss.h)
const uint kBceWithLogits = 0u, kSoftmaxCrossEntropy = 1u, kMse = 2u;

#endif
