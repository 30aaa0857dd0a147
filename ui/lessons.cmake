# The lesson panel (the text beside the views) and the handout's PDF layout. Included by
# ui/CMakeLists.txt.
target_sources(actlab_ui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/lessons/lesson_panel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lessons/lesson_panel.h
  ${CMAKE_CURRENT_LIST_DIR}/lessons/handout_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lessons/handout_writer.h
  ${CMAKE_CURRENT_LIST_DIR}/lessons/lesson_markup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lessons/lesson_markup.h
)
