# libFuzzer build (ACTLAB_FUZZ=ON, clang only; scripts/fuzz.sh is the one command): each loader's
# LLVMFuzzerTestOneInput built with -fsanitize=fuzzer,address,undefined by actlab_add_fuzz_target.
option(ACTLAB_FUZZ "Build the libFuzzer targets in tests/fuzz (needs clang, e.g. clang++-14)" OFF)

if(ACTLAB_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ACTLAB_FUZZ needs clang (libFuzzer), not ${CMAKE_CXX_COMPILER_ID}: "
                        "configure with -DCMAKE_CXX_COMPILER=clang++-14 (Debian: clang-14 "
                        "libclang-rt-14-dev), or run scripts/fuzz.sh")
  endif()
  if(NOT ACTLAB_SANITIZE STREQUAL "")
    message(FATAL_ERROR "ACTLAB_FUZZ instruments its own targets (fuzzer,address,undefined): "
                        "leave ACTLAB_SANITIZE empty")
  endif()
  if(NOT ACTLAB_BUILD_TESTS)
    message(FATAL_ERROR "ACTLAB_FUZZ needs ACTLAB_BUILD_TESTS=ON (the targets are in tests/fuzz)")
  endif()
endif()

# actlab_add_fuzz_target(NAME SOURCES...): a libFuzzer executable from the target's source and the
# loader sources it fuzzes, compiled in (not linked from actlab_core) so that they carry libFuzzer's
# coverage instrumentation.
function(actlab_add_fuzz_target name)
  if(NOT ACTLAB_FUZZ)
    return()
  endif()
  set(flags -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
            -fno-omit-frame-pointer)
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/core)
  target_compile_options(${name} PRIVATE ${flags} -O1 -g)
  target_link_options(${name} PRIVATE ${flags})
endfunction()
