#!/usr/bin/env bash
# Fails when a C, C++ or CUDA file of the project's own code differs from what
# .clang-format makes of it: everything under harness/ (engine, runtime, problems,
# emulator, at any depth), the unit and fuzz tests, the benchmarks. Left out on
# purpose: the learner's side (exercises/, templates/, reference/: written as a
# learner reads them) and the corpora of submissions (tests/submissions/,
# tests/hostile/, tests/grading/: inputs, kept as they were written).
# Exit 77 (skip) without clang-format (.ci/run installs Debian's).
# usage: check_format.sh ROOT
command -v clang-format >/dev/null || { echo "clang-format not installed: skipped"; exit 77; }
cd "$1" || exit 2
folders=(harness tests/unit tests/fuzz bench)
pattern='\.(c|h|cc|cpp|hpp|cu|cuh)$'
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	mapfile -t files < <(git ls-files -- "${folders[@]}" | grep -E "$pattern")
else  # a copy without git: every such file below the folders
	mapfile -t files < <(find "${folders[@]}" -type f 2>/dev/null | grep -E "$pattern" | sort)
fi
# the fuzzers' corpora are inputs (odd on purpose), not the project's code
mapfile -t files < <(printf '%s\n' "${files[@]}" | grep -v '^tests/fuzz/[^/]*corpus/')
[ "${#files[@]}" -gt 0 ] || { echo "no C, C++ or CUDA files found under ${folders[*]}"; exit 1; }
clang-format --dry-run --Werror "${files[@]}" || {
	echo "fix with: clang-format -i ${files[*]}"
	exit 1
}
echo "${#files[@]} files formatted as .clang-format says"
