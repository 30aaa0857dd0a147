# The Training view: the worker thread and its controller, the controls, the decision surface,
# the neuron grid, the curves and the compare mode. Included by ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/training/decision_surface_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/decision_surface_view.h
  ${CMAKE_CURRENT_LIST_DIR}/training/fit_plot_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/fit_plot_view.h
  ${CMAKE_CURRENT_LIST_DIR}/training/heatmap_renderer_choice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/heatmap_renderer_choice.h
  ${CMAKE_CURRENT_LIST_DIR}/training/neuron_grid_cursor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/neuron_grid_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/neuron_grid_view.h
  ${CMAKE_CURRENT_LIST_DIR}/training/run_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/run_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_charts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_charts.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_controller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_controller.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_controls.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_controls.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_controls_state.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_frame.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_lesson_scene.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_view_app.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_view_timeline.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_view.h
  ${CMAKE_CURRENT_LIST_DIR}/training/training_worker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training/training_worker.h
)
