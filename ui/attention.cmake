# The Attention view: the worker thread and its controller, the controls (with the activations'
# parameters, the task's shape and compare mode), the layers × heads grids of attention maps of
# run A and B, the typed sequence, and the curves. Included by ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/attention/activation_parameter_editor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/activation_parameter_editor.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_charts.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controller.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls_compare.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_frame.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_cursor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_paint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_view.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_maps_pair.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_maps_pair.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_task_shape.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_task_shape.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view_frame.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_lesson_scene.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view_app.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view_timeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_worker.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/compare_runs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/generation_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/generation_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/head_scores_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/head_scores_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/model_weights.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/model_weights.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/compare_runs.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/sequence_input_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/sequence_input_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/text_source_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/text_source_panel.h
)
