# actlab-bench-explorer: slider-to-repaint latency of the Explorer, 6 curves × 2001 points (f and
# f′). Needs a display: xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/actlab-bench-explorer
find_package(benchmark REQUIRED)  # libbenchmark-dev, named in scripts/bootstrap.sh
add_executable(actlab-bench-explorer ${CMAKE_CURRENT_LIST_DIR}/explorer_latency.cpp)
target_link_libraries(actlab-bench-explorer PRIVATE actlab_ui actlab_core benchmark::benchmark)
