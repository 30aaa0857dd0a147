# What the training views share (ui/common/): the worker's pacing and the controller's command
# bookkeeping, the Play/Step/Reset row, the view's scaffolding, the history curves and their
# pages of charts, the replay timeline and its frame export, pieces of the settings panel, the
# wheel guard of every form, the PyTorch code dialog ("Show PyTorch code…"), and the exports of
# every plot with their right-click menu (panel_export).
# Included by ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/common/app_view.h
  ${CMAKE_CURRENT_LIST_DIR}/common/audio_trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/audio_trace.h
  ${CMAKE_CURRENT_LIST_DIR}/common/appearance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/appearance.h
  ${CMAKE_CURRENT_LIST_DIR}/common/chart_pages.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/chart_pages.h
  ${CMAKE_CURRENT_LIST_DIR}/common/control_choices.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/control_choices.h
  ${CMAKE_CURRENT_LIST_DIR}/common/core_strings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/core_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/core_text.h
  ${CMAKE_CURRENT_LIST_DIR}/common/distribution_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/distribution_charts.h
  ${CMAKE_CURRENT_LIST_DIR}/common/frame_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/frame_export.h
  ${CMAKE_CURRENT_LIST_DIR}/common/history_curves.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/lesson_scene_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/map_cursor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/map_cursor.h
  ${CMAKE_CURRENT_LIST_DIR}/common/lesson_scene_state.h
  ${CMAKE_CURRENT_LIST_DIR}/common/history_curves.h
  ${CMAKE_CURRENT_LIST_DIR}/common/data_table_dialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/data_table_dialog.h
  ${CMAKE_CURRENT_LIST_DIR}/common/panel_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/panel_export.h
  ${CMAKE_CURRENT_LIST_DIR}/common/reduced_motion.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/reduced_motion.h
  ${CMAKE_CURRENT_LIST_DIR}/common/pytorch_code_dialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/pytorch_code_dialog.h
  ${CMAKE_CURRENT_LIST_DIR}/common/run_controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/run_controller.h
  ${CMAKE_CURRENT_LIST_DIR}/common/run_frame.h
  ${CMAKE_CURRENT_LIST_DIR}/common/run_toolbar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/run_toolbar.h
  ${CMAKE_CURRENT_LIST_DIR}/common/run_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/run_view.h
  ${CMAKE_CURRENT_LIST_DIR}/common/run_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/run_worker.h
  ${CMAKE_CURRENT_LIST_DIR}/common/status_label.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/timeline_bar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/timeline_bar.h
  ${CMAKE_CURRENT_LIST_DIR}/common/status_label.h
  ${CMAKE_CURRENT_LIST_DIR}/common/ui_scale.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/ui_scale.h
  ${CMAKE_CURRENT_LIST_DIR}/common/wheel_guard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/common/wheel_guard.h
)
