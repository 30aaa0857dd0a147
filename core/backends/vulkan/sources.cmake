# Vulkan backend sources, included by core/CMakeLists.txt into actlab_core. The loader is opened
# at run time (VK_NO_PROTOTYPES): only the headers are needed to build.
set(actlab_vulkan_sources
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_activation_kernels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_backend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_context.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_device_choice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_loader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_pipeline_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_reference_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_resident_tensors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_tensor_ops.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_tensor_ops_sequence.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vulkan_training_ops.cpp
)
target_sources(actlab_core PRIVATE ${actlab_vulkan_sources})
target_compile_definitions(actlab_core PRIVATE VK_NO_PROTOTYPES)
# Vulkan structs are written `VkXxxInfo info{VK_STRUCTURE_TYPE_XXX};` (the rest zeroed) and
# filled field by field; -Wextra's missing-field-initializers would flag every one.
set_source_files_properties(${actlab_vulkan_sources}
  PROPERTIES COMPILE_OPTIONS -Wno-missing-field-initializers)
