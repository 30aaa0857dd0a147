# Sanitizer builds: ACTLAB_SANITIZE=address,undefined or thread instruments every project target
# (scripts/sanitize.sh asan|tsan is the one command); cmake/fuzzing.cmake adds the libFuzzer build.
set(ACTLAB_SANITIZE "" CACHE STRING "Sanitizers for every target: empty, address,undefined or thread")
set_property(CACHE ACTLAB_SANITIZE PROPERTY STRINGS "" "address,undefined" "address" "undefined"
                                            "thread")

if(NOT ACTLAB_SANITIZE STREQUAL "")
  set(_actlab_allowed "address,undefined" "address" "undefined" "thread")
  if(NOT ACTLAB_SANITIZE IN_LIST _actlab_allowed)
    message(FATAL_ERROR "ACTLAB_SANITIZE='${ACTLAB_SANITIZE}': expected address,undefined or "
                        "thread (ThreadSanitizer cannot be combined with AddressSanitizer)")
  endif()
  message(STATUS "ActLab: every target built with -fsanitize=${ACTLAB_SANITIZE}")
  # Frame pointers give the sanitizers' fast unwinder whole stacks; -fno-sanitize-recover makes
  # every UndefinedBehaviorSanitizer finding stop the program with a non-zero exit, as ASan does.
  add_compile_options(-fsanitize=${ACTLAB_SANITIZE} -fno-omit-frame-pointer
                      -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ACTLAB_SANITIZE})

  # Benchmarks measure speed, which a sanitizer changes tenfold: leave bench/ out of `all` (its
  # targets can still be built by name). Deferred: bench/ is added after this file is read.
  function(_actlab_skip_benchmarks)
    get_property(targets DIRECTORY ${CMAKE_SOURCE_DIR}/bench PROPERTY BUILDSYSTEM_TARGETS)
    if(targets)
      set_target_properties(${targets} PROPERTIES EXCLUDE_FROM_ALL TRUE)
    endif()
  endfunction()
  cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _actlab_skip_benchmarks)
endif()

include(${CMAKE_CURRENT_LIST_DIR}/fuzzing.cmake)
