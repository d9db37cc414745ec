#!/usr/bin/env bash
# Fails when a C, CUDA or header file of the engine, runtime, problems or unit
# tests differs from what .clang-format makes of it. Exit 77 (skip) without
# clang-format.  usage: check_format.sh ROOT
command -v clang-format >/dev/null || { echo "clang-format not installed: skipped"; exit 77; }
cd "$1" || exit 2
shopt -s nullglob
files=(harness/*/*.c harness/*/*.h harness/*/*/*.c harness/*/*/*.h harness/*/*.cpp harness/*/*.cu harness/*/*.cuh tests/unit/*.c tests/unit/*.h tests/fuzz/*.c)
clang-format --dry-run --Werror "${files[@]}" || {
	echo "fix with: clang-format -i ${files[*]}"
	exit 1
}
echo "${#files[@]} files formatted as .clang-format says"
