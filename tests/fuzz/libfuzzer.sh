#!/usr/bin/env bash
# Fuzzes a fuzz target (the catalog loader, the C/CUDA lexer) with libFuzzer
# (clang -fsanitize=fuzzer, with AddressSanitizer and UndefinedBehaviorSanitizer)
# for a few seconds, starting from the seed inputs given. Exits 77 (skipped)
# without clang's libFuzzer.
#   usage: libfuzzer.sh SECONDS SOURCE.c... -- SEED_PATH...
# SOURCE.c: the fuzz target and the engine files it links (tests/meson.build
# keeps that list), and -IFOLDER for their headers; seeds may be files or folders. New inputs go to a
# temporary folder, never into the source tree. A failing input is printed
# with od -c and fails the test (exit 1: libFuzzer's own exit status for it is
# 77, which meson would take for "skipped").
set -u
secs=$1
shift
sources=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	sources+=("$1")
	shift
done
[ $# -gt 0 ] && shift # the --
clang=$(command -v clang) || { echo "clang not found: skipped"; exit 77; }
yaml=$(pkg-config --cflags --libs yaml-0.1) || { echo "pkg-config finds no libyaml: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d && n; }' >"$work/probe.c"
if ! "$clang" -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" 2>/dev/null; then
	echo "$clang has no libFuzzer: skipped"
	exit 77
fi
# shellcheck disable=SC2086 # $yaml is a list of flags
"$clang" -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all "${sources[@]}" $yaml -lm -lpthread \
	-o "$work/fuzz_target" || exit 1
mkdir "$work/corpus"
seeds=()
for s in "$@"; do
	if [ -d "$s" ]; then seeds+=("$s"); else cp "$s" "$work/corpus/"; fi
done
"$work/fuzz_target" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -error_exitcode=1 \
	-artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" "${seeds[@]}" \
	>"$work/log" 2>&1
rc=$?
tail -n 25 "$work/log"
for f in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
	[ -f "$f" ] || continue
	echo "== failing input $(basename "$f"):"
	od -c "$f" | head -n 40
done
exit $rc
