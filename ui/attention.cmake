# The Attention view: the worker thread and its controller, the controls, the layers × heads
# grid of attention maps, the typed sequence, and the curves. Included by ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_charts.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controller.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_controls_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_frame.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_paint.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_grid_view.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_view_frame.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/attention_worker.h
  ${CMAKE_CURRENT_LIST_DIR}/attention/sequence_input_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/attention/sequence_input_panel.h
)
