#!/usr/bin/env bash
# The one-command GPU check (issue 26) for a lent machine that is bare: no compiler, no Qt, no
# network. Here, `--prepare DIR` makes a folder of a few MiB: actlab-cli and the Vulkan parity
# tests from a CLI-and-tests-only build for a portable CPU (x86-64-v2), the Vulkan loader (and the
# C++ runtime, as a fallback) as Debian packages, and this script. There, from that folder, the
# script unpacks the packages beside itself (dpkg -x, LD_LIBRARY_PATH), finds the Vulkan GPU
# (actlab prefers a discrete one), runs the parity tests and every bench workload on the CPU and
# on the GPU, and prints one table. On a machine without a GPU, --any-device takes lavapipe.
#
#   scripts/gpu_check.sh --prepare DIR [--build-dir DIR]        here (a Debian 12 developer machine)
#   DIR/gpu_check.sh [--any-device] [--seconds S] [--workloads a,b] [--results DIR]   there
#                    [--packaged-libs]   the packages' loader and C++ runtime even where the
#                                        machine has its own (a bare machine's case, tried here)
set -euo pipefail

readonly parity_tests=(test_backend_consistency test_vulkan_backend test_vulkan_tensor_ops
  test_vulkan_tensor_ops_sequence test_vulkan_training test_vulkan_transformer)
# The packages whose libraries a bare machine may lack: the loader, with the GL vendor-neutral
# dispatch that NVIDIA's Vulkan driver (libGLX_nvidia) loads (the set the device notes bring), is
# used where the machine lacks either; the runtime only where a binary's library is not found
# without it (a newer one of the machine's wins).
readonly loader_packages=(libvulkan1 libglvnd0 libglx0 libgl1 libegl1 libopengl0 libgles2)
readonly runtime_packages=(libgomp1 libstdc++6 libgcc-s1)

die() {
  echo "gpu_check: $*" >&2
  exit 2
}

# --prepare: the build, the binaries (stripped, xz-packed), the packages and this script.
prepare() {
  local dir=$1 build=$2 root
  root=$(cd "$(dirname "$0")/.." && pwd)
  { command -v cmake && command -v ninja; } >/dev/null || die "cmake and ninja are needed"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DACTLAB_BUILD_GUI=OFF \
    -DACTLAB_CPU_BASELINE=x86-64-v2 -DACTLAB_BUILD_TESTS=ON >/dev/null
  local targets=(actlab-cli) name known
  known=$(ninja -C "$build" -t targets all)
  for name in "${parity_tests[@]}"; do  # the suites this tree has (they may be renamed)
    if grep -q "^$name:" <<<"$known"; then targets+=("$name"); fi
  done
  nice cmake --build "$build" -j "${JOBS:-1}" --target "${targets[@]}"
  rm -rf "$dir" && mkdir -p "$dir/debs" "$dir/stage/bin"
  for name in "${targets[@]}"; do
    local file
    file=$(find "$build" -name "$name" -type f -perm -u+x | head -n 1)
    [ -n "$file" ] || die "no $name in $build"
    strip --strip-unneeded -o "$dir/stage/bin/$name" "$file"
  done
  tar -C "$dir/stage" -cJf "$dir/binaries.tar.xz" bin && rm -rf "$dir/stage"
  (cd "$dir/debs" && apt-get download "${loader_packages[@]}" "${runtime_packages[@]}" \
    2>/dev/null) || die "apt-get download failed (run apt-get update first)"
  cp "$0" "$dir/gpu_check.sh" && chmod +x "$dir/gpu_check.sh"
  {
    echo "commit: $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)"
    echo "made: $(date -u +%FT%TZ) on $(uname -m), cpu baseline x86-64-v2, Release, no GUI"
    echo "targets: ${targets[*]}"
  } >"$dir/MANIFEST"
  echo "gpu_check: prepared $dir ($(du -sh "$dir" | cut -f1)); run $dir/gpu_check.sh there"
}

# The value of `key` in a flat JSON line: a string's text or a number.
field() {
  local line=$1 key=$2
  if [[ $line =~ \"$key\":\"([^\"]*)\" ]] || [[ $line =~ \"$key\":([^,\}]*) ]]; then
    echo "${BASH_REMATCH[1]}"
  fi
}

# A number for the table: 3 significant digits, "-" for none.
num() { if [ -n "${1:-}" ]; then LC_ALL=C printf '%.3g' "$1"; else echo -; fi; }

# The packages unpacked under $work; LD_LIBRARY_PATH and the loader set where the machine lacks
# them; the NVIDIA driver's ICD named where the loader would not find it.
unpack() {
  local here=$1 work=$2 packaged=$3 deb
  mkdir -p "$work/loader" "$work/runtime" "$work"
  tar -C "$work" -xJf "$here/binaries.tar.xz"
  for deb in "$here"/debs/*.deb; do
    case $(basename "$deb") in
      libstdc++6_* | libgcc-s1_* | libgomp1_*) dpkg -x "$deb" "$work/runtime" ;;
      *) dpkg -x "$deb" "$work/loader" ;;
    esac
  done
  local arch_dir=usr/lib/x86_64-linux-gnu lib known missing=$packaged
  known=$(ldconfig -p 2>/dev/null || true)
  for lib in libvulkan.so.1 libGLdispatch.so.0; do
    grep -q "$lib " <<<"$known" || missing=1
  done
  if [ "$missing" = 1 ]; then
    export ACTLAB_VULKAN_LOADER="$work/loader/$arch_dir/libvulkan.so.1"
    export LD_LIBRARY_PATH="$work/loader/$arch_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    echo "gpu_check: the Vulkan loader and GL dispatch are the packaged ones"
  fi
  if [ "$packaged" = 1 ] || ldd "$work/bin/actlab-cli" | grep -q 'not found'; then
    export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$work/runtime/$arch_dir"
    echo "gpu_check: the C++ runtime is the packaged one"
  fi
  local nvidia=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && [ -f "$nvidia" ] &&
    ! ls /usr/share/vulkan/icd.d/*nvidia* /etc/vulkan/icd.d/*nvidia* >/dev/null 2>&1; then
    export VK_DRIVER_FILES=$nvidia VK_ICD_FILENAMES=$nvidia
    echo "gpu_check: the NVIDIA driver's ICD: $nvidia"
  fi
}

# The suites a workload's parity rests on: its model kind's training against the CPU.
parity_suites() {
  case $1 in
    gelu-eval) echo test_backend_consistency test_vulkan_backend ;;
    mlp-small | ffn-medium | ffn-large | swiglu-ffn) echo test_vulkan_training test_vulkan_tensor_ops ;;
    *) echo test_vulkan_transformer test_vulkan_tensor_ops_sequence ;;
  esac
}

check() {
  local any_device=$1 seconds=$2 workloads=$3 results=$4 packaged=$5 here work
  here=$(cd "$(dirname "$0")" && pwd)
  work=$(mktemp -d "${TMPDIR:-/tmp}/actlab-gpu-check.XXXXXX")
  mkdir -p "$results"
  unpack "$here" "$work" "$packaged"
  local cli="$work/bin/actlab-cli" probe backend=auto
  unset ACTLAB_BACKEND
  probe=$("$cli" bench gelu-eval --backend auto --seconds 0.1 2>>"$results/probe.log" || true)
  if [ "$(field "$probe" backend)" != vulkan ]; then
    [ "$any_device" = 1 ] ||
      die "no Vulkan GPU: --backend auto chose '$(field "$probe" device)' $(tail -n 1 \
        "$results/probe.log") (--any-device takes a CPU device such as lavapipe)"
    probe=$("$cli" bench gelu-eval --backend vulkan --seconds 0.1 2>>"$results/probe.log" || true)
    [ "$(field "$probe" backend)" = vulkan ] || die "no Vulkan device at all: $(tail -n 1 "$results/probe.log")"
  fi
  backend=vulkan  # the device the probe found: actlab's choice prefers a discrete GPU
  local device
  device=$(field "$probe" device)
  echo "gpu_check: device: $device"

  declare -A suite_result
  local suite
  for suite in "${parity_tests[@]}"; do
    [ -x "$work/bin/$suite" ] || continue
    if timeout 300 "$work/bin/$suite" --gtest_brief=1 >"$results/$suite.log" 2>&1; then
      suite_result[$suite]=pass
    else
      suite_result[$suite]=FAIL
    fi
    echo "gpu_check: $suite: ${suite_result[$suite]}"
  done

  [ -n "$workloads" ] || workloads=$("$cli" help | sed -n '/Workloads:/,/^  [a-z]/p' |
    awk 'NR > 1 && /^        [a-z]/ {print $1}' | paste -sd, -)
  local table="$results/table.md" w cpu gpu rate parity
  {
    echo "Device: $device"
    echo
    echo "| workload | CPU steps/s | GPU steps/s | GPU/CPU | submits per step | bytes to host per step | parity |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
  } >"$table"
  for w in ${workloads//,/ }; do
    cpu=$("$cli" bench "$w" --backend cpu --seconds "$seconds" 2>>"$results/bench.log" || true)
    gpu=$("$cli" bench "$w" --backend "$backend" --seconds "$seconds" 2>>"$results/bench.log" || true)
    echo "$cpu" >>"$results/bench.jsonl"
    echo "$gpu" >>"$results/bench.jsonl"
    rate=steps_per_second
    [ "$w" != gelu-eval ] || rate=elements_per_second
    local c g ratio=-
    c=$(field "$cpu" $rate) g=$(field "$gpu" $rate)
    [ -z "$c" ] || [ -z "$g" ] || ratio=$(awk -v a="$g" -v b="$c" 'BEGIN { printf "%.3gx", a / b }')
    parity=-
    for suite in $(parity_suites "$w"); do
      [ -n "${suite_result[$suite]:-}" ] || continue
      [ "$parity" = FAIL ] || parity=${suite_result[$suite]}
    done
    [ "$(field "$gpu" backend)" = vulkan ] || parity="FAIL (not on vulkan)"
    c=$(num "$c") g=$(num "$g")
    [ "$w" != gelu-eval ] || { c="$c el" && g="$g el"; }  # elements/s
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$w" "$c" "$g" "$ratio" \
      "$(num "$(field "$gpu" submits_per_step)")" "$(num "$(field "$gpu" bytes_to_host_per_step)")" \
      "$parity" >>"$table"
  done
  echo
  cat "$table"
  echo
  echo "gpu_check: logs and JSON lines in $results; gelu-eval's rates are elements/s"
  rm -rf "$work"
}

main() {
  local prepare_dir="" build="" any_device=0 seconds=3 workloads="" results="" packaged=0
  while [ $# -gt 0 ]; do
    case $1 in
      --prepare) prepare_dir=${2:?}; shift ;;
      --build-dir) build=${2:?}; shift ;;
      --any-device) any_device=1 ;;
      --packaged-libs) packaged=1 ;;
      --seconds) seconds=${2:?}; shift ;;
      --workloads) workloads=${2:?}; shift ;;
      --results) results=${2:?}; shift ;;
      -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) die "unknown option $1 (see --help)" ;;
    esac
    shift
  done
  if [ -n "$prepare_dir" ]; then
    local root
    root=$(cd "$(dirname "$0")/.." && pwd)
    prepare "$(realpath -m "$prepare_dir")" "${build:-$root/build-gpu-check}"
  else
    [ -f "$(dirname "$0")/binaries.tar.xz" ] || die "run --prepare DIR here first, then DIR/gpu_check.sh"
    check "$any_device" "$seconds" "$workloads" "${results:-$PWD/gpu-check-results}" "$packaged"
  fi
}

main "$@"
