# The analysis views: the heatmap widget (raster, plus OpenGL where available) and the
# gated-surface, GELU-approximation and properties panels. Included by ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/axis_ticks.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/axis_ticks.h
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/color_maps.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/color_maps.h
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_gl_canvas.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_gl_canvas.h
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_view.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_view.h
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_view_cursor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmap/heatmap_view_export.cpp
  ${CMAKE_CURRENT_LIST_DIR}/panels/gated_surface_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/panels/panel_lesson_scenes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/panels/gated_surface_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/panels/gelu_approximation_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/panels/gelu_approximation_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/panels/properties_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/panels/properties_panel.h
)
# Headers are included from the repository root: "ui/heatmap/...", "ui/panels/...".
target_include_directories(actlab_ui PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
