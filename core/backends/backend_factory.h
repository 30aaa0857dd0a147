// Chooses and creates a compute backend: cpu, vulkan or auto, with the reason for the choice.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "backends/backend.h"

namespace actlab {

enum class BackendChoice { Cpu, Vulkan, Auto };

std::optional<BackendChoice> parseBackendChoice(std::string_view text);  // "cpu|vulkan|auto"
std::string_view backendChoiceName(BackendChoice choice);

struct BackendSelection {
    std::unique_ptr<Backend> backend;  // never null
    std::string reason;                // why this backend (and why not the other)
    bool fellBack = false;             // true when Vulkan was asked for but the CPU is used
};

// Creates the backend for `choice`. Never throws and never fails: any Vulkan problem (no
// loader, no device, a failed self-check) falls back to the CPU with the reason recorded.
//  - cpu: the CPU.
//  - vulkan: the first Vulkan device that works, a CPU device such as lavapipe included.
//  - auto: a discrete or integrated GPU that passes the self-check, otherwise the CPU.
BackendSelection createBackend(BackendChoice choice);

// The tensor ops of `backend`: its own first (where it has any), the CPU last. This is the one
// place where a backend's ops are chosen; models and trainers take the table it returns.
std::shared_ptr<TensorOpsTable<float>> createTensorOpsTable(Backend& backend);

// The choice from ACTLAB_BACKEND if set and valid, otherwise `fallback`.
BackendChoice backendChoiceFromEnvironment(BackendChoice fallback);

}  // namespace actlab
