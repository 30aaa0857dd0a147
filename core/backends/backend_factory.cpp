// Backend selection: cpu, vulkan (any device, lavapipe included) or auto (a real GPU only).
#include "backends/backend_factory.h"

#include <cstdlib>

#include "backends/cpu/cpu_backend.h"
#include "backends/vulkan/vulkan_backend.h"

namespace actlab {

std::optional<BackendChoice> parseBackendChoice(std::string_view text) {
    if (text == "cpu") return BackendChoice::Cpu;
    if (text == "vulkan") return BackendChoice::Vulkan;
    if (text == "auto") return BackendChoice::Auto;
    return std::nullopt;
}

std::string_view backendChoiceName(BackendChoice choice) {
    switch (choice) {
        case BackendChoice::Cpu:
            return "cpu";
        case BackendChoice::Vulkan:
            return "vulkan";
        case BackendChoice::Auto:
            return "auto";
    }
    return "auto";
}

BackendChoice backendChoiceFromEnvironment(BackendChoice fallback) {
    const char* text = std::getenv("ACTLAB_BACKEND");
    if (!text) return fallback;
    return parseBackendChoice(text).value_or(fallback);
}

BackendSelection createBackend(BackendChoice choice) {
    BackendSelection selection;
    if (choice == BackendChoice::Cpu) {
        selection.backend = createCpuBackend();
        selection.reason = "CPU requested";
        return selection;
    }
    VulkanBackendOptions options;
    options.allowCpuDevice = choice == BackendChoice::Vulkan;
    std::string whyNot;
    std::unique_ptr<Backend> vulkan;
    try {
        vulkan = createVulkanBackend(options, &whyNot);
    } catch (...) {  // the Vulkan side must never take the application down
        whyNot = "the Vulkan backend failed while starting";
    }
    if (vulkan) {
        selection.reason = choice == BackendChoice::Vulkan
                               ? "Vulkan requested: " + vulkan->deviceName()
                               : "auto: GPU " + vulkan->deviceName() + " passed the self-check";
        selection.backend = std::move(vulkan);
        return selection;
    }
    selection.backend = createCpuBackend();
    if (choice == BackendChoice::Vulkan) {
        selection.fellBack = true;
        selection.reason = "Vulkan requested but unavailable (" + whyNot + "); using the CPU";
    } else {
        selection.reason = "auto: no usable GPU (" + whyNot + "); using the CPU";
    }
    return selection;
}

}  // namespace actlab
