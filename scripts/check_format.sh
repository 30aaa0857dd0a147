#!/usr/bin/env bash
# The format check CI runs: every C++ source and header of the project against the committed
# .clang-format (clang-format 14 from Debian). Prints the offending lines and exits 1 if any.
#   scripts/check_format.sh          check        scripts/check_format.sh --fix   reformat in place
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null ||
  { echo "check_format: clang-format is missing (scripts/bootstrap.sh deps dev)" >&2; exit 2; }
mapfile -d '' files < <(find app core shaders tests ui bench resources \
  \( -name '*.cpp' -o -name '*.h' \) -type f -print0 | sort -z)
((${#files[@]})) || { echo "check_format: no sources found" >&2; exit 2; }
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
clang-format --dry-run -Werror "${files[@]}" || {
  echo "check_format: ${#files[@]} files checked; run scripts/check_format.sh --fix" >&2
  exit 1
}
echo "check_format: ${#files[@]} files formatted as .clang-format says"
