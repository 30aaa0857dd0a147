#!/usr/bin/env bash
# Builds the portable Debian package: configures ./build-package for the x86-64-v2 baseline (any
# x86-64 CPU of the last decade, no AVX), builds only what is installed, runs `cpack -G DEB` and
# prints the path of build-package/actlab_<version>_<arch>.deb. Needs the build and dev packages
# (scripts/bootstrap.sh deps build dev: dpkg-shlibdeps and file compute the versioned Depends).
# ACTLAB_PACKAGE_FROM=DIR packages an existing Release build instead, one configured for the
# x86-64-v2 baseline without sanitizers (CI's README step, ACTLAB_CPU_BASELINE=x86-64-v2
# scripts/bootstrap.sh test): the .deb then holds the very binaries that suite tested, and the
# third build of the tree is saved; the .deb goes to DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-package
jobs=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)

for tool in cmake cpack ninja dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null ||
    { echo "package: $tool is missing: run scripts/bootstrap.sh deps build dev" >&2; exit 1; }
done

if [ -n "${ACTLAB_PACKAGE_FROM:-}" ]; then
  build=$(cd "$ACTLAB_PACKAGE_FROM" 2>/dev/null && pwd) ||
    { echo "package: ACTLAB_PACKAGE_FROM: no such folder: $ACTLAB_PACKAGE_FROM" >&2; exit 1; }
  cache=$build/CMakeCache.txt
  [ -f "$cache" ] || { echo "package: $build is not a configured build (no CMakeCache.txt)" >&2; exit 1; }
  # The settings a .deb needs; anything else in that build (its tests) is not installed.
  for want in CMAKE_BUILD_TYPE:STRING=Release ACTLAB_CPU_BASELINE:STRING=x86-64-v2 \
              ACTLAB_BUILD_GUI:BOOL=ON ACTLAB_SANITIZE:STRING=; do
    grep -qx "$want" "$cache" ||
      { echo "package: $build is not a portable Release build: needs ${want%%:*}=${want#*=}" >&2; exit 1; }
  done
else
  mkdir -p "$build"
  # CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: cpack's install step builds nothing more than what we build.
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DACTLAB_CPU_BASELINE=x86-64-v2 -DACTLAB_BUILD_TESTS=OFF -DACTLAB_BUILD_GUI=ON \
    -DACTLAB_SANITIZE= -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; echo "package: configuring $build failed" >&2; exit 1; }
fi
cmake --build "$build" --target actlab-installed -j "$jobs"
rm -f "$build"/actlab_*.deb
(cd "$build" && cpack -G DEB) >"$build/cpack.log" 2>&1 ||
  { cat "$build/cpack.log" >&2; echo "package: cpack -G DEB failed" >&2; exit 1; }
deb=$(find "$build" -maxdepth 1 -name 'actlab_*.deb' | head -n 1)
[ -n "$deb" ] || { echo "package: cpack made no actlab_*.deb in $build" >&2; exit 1; }
echo "$deb"
