#!/usr/bin/env bash
# The GPU host's one entry point: builds cudajudge, runs the unit suite,
# `judge.py check`, a few learner-style runs (every reference with its timing,
# a deadlock then recovery), the sanitizer check and the CUB comparison, and
# prints a summary table last. Full logs go to $OUT (or build/gpu-logs).
#   usage: bash tests/gpu/run.sh [PART...]
# PARTs, in this order whatever the order given: tutorial (the README's first
# ten minutes, from no build/: tests/gpu/first_ten_minutes.sh), fresh (delete
# build/ first), unit, check, refs[=ID,ID...], deadlock, emu-only,
# sanitize[=ID,ID...], cub, ceilings (bench/ceilings.py: each slow exercise's
# roofline), accuracy (bench/timing_accuracy.py: the judge's medians against
# Nsight Compute's), shapes (bench/transpose_shapes.cu), web (the page's
# server: tests/web/test_server.py, and the page's judge against the terminal's
# on the GPU: tests/web/test_same_as_terminal.py), hostile (the
# attack corpus, tests/hostile/run.py), grading (the test class of
# tests/grading on the GPU, then bench/grade_speed.py), latency
# (bench/latency.py on every exercise, its goals' misses listed), profile (`judge.py ID FILE
# --profile` by Nsight Compute over tests/profile/corpus.txt: tests/gpu/profile_corpus.py,
# a line per file with its figures), warm (tests/gpu/warm_runner.py: the runner started
# beside the build; tests/gpu/host_driven_build.py: the host-driven build kept). No PART: all of them but
# tutorial, sanitize, cub, ceilings, accuracy, shapes, web, grading, latency, warm and profile (the sanitizer check over
# everything takes long: give it a few ids).
# Without fresh, an existing build/ is brought up to date.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
out=${OUT:-$root/build/gpu-logs}
logs=$(mktemp -d) # one log per step; packed into $out/steps.tgz at the end
mkdir -p "$out"
if [ -d .devkit/libyaml/lib/pkgconfig ]; then
	export PKG_CONFIG_PATH=$root/.devkit/libyaml/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
fi
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
export PYTHONUNBUFFERED=1

parts=" ${*:-fresh unit check refs deadlock emu-only hostile} "
sanitize_ids=
ref_ids=
for p in $parts; do
	case "$p" in
	sanitize=*) sanitize_ids=${p#sanitize=} parts="$parts sanitize " ;;
	refs=*) ref_ids=${p#refs=} parts="$parts refs " ;;
	tutorial | fresh | unit | web | check | refs | deadlock | emu-only | sanitize | cub | ceilings | accuracy | shapes | hostile | grading | latency | warm | profile) ;;
	*)
		echo "run.sh: unknown part '$p' (tutorial fresh unit web check refs[=IDS] deadlock emu-only sanitize[=IDS] cub ceilings accuracy shapes hostile grading latency warm profile)" >&2
		exit 2
		;;
	esac
done
want() { [[ "$parts" == *" $1 "* ]]; }

rows=()
step() { # step NAME EXPECT-RC COMMAND... : runs, logs, records a row
	local name=$1 want=$2
	shift 2
	local t0=$(date +%s%N)
	"$@" >"$logs/$name.log" 2>&1
	local rc=$?
	local ms=$((($(date +%s%N) - t0) / 1000000))
	local ok=ok
	[ "$rc" = "$want" ] || ok=FAIL
	rows+=("$(printf '%-34s %-4s rc=%-3s %4d.%01d s' "$name" "$ok" "$rc" $((ms / 1000)) $((ms % 1000 / 100)))")
	tail -n 3 "$logs/$name.log" | sed "s/^/    [$name] /"
	tar czf "$out/steps.tgz" -C "$logs" . # kept up to date: a run cut short still has its logs
}
verdict_of() { # judge a file, print its summary's verdict and key numbers
	python3 judge.py "$@" --json | tail -n 1 | tee -a "$out/summaries.jsonl" | python3 -c '
import json, sys
d = json.load(sys.stdin)
t = d.get("timing") or {}
print(d["verdict"], d["message"][:150])
print("phases_s", d["phases_s"])
if t: print("timing", {k: t[k] for k in ("median_ms", "gbps", "pct_of_copy", "tier", "ref_median_ms", "ratio_to_ref")})
sys.exit({"AC": 0, "JE": 2}.get(d["verdict"], 1))'
}

if want tutorial; then
	step tutorial 0 bash tests/gpu/first_ten_minutes.sh
	cp "$logs/tutorial.log" "$out/first_ten_minutes.txt"
fi
want fresh && rm -rf build
[ -f build/build.ninja ] || step setup 0 meson setup build
step compile 0 ninja -C build
step device 0 build/cj-probe
want unit && step unit-suite 0 meson test -C build --suite unit --print-errorlogs
if want web; then # the page's server, then its judge beside the terminal's on this GPU
	step web-server 0 python3 tests/web/test_server.py
	step web-same-as-terminal 0 python3 tests/web/test_same_as_terminal.py --build build
fi
# `judge.py check`: every reference AC, every template not AC, every corpus
# file its verdict (the gpu suite's first half).
want check && step check 0 bash tests/gpu/check.sh "$root" "$root/build"
if want refs; then # every reference with its timed case
	ids=${ref_ids//,/ }
	[ -n "$ids" ] || ids=$(build/cudajudge catalog --root . | python3 -c 'import json, sys
print(" ".join(p["id"] for p in json.load(sys.stdin)["problems"]))')
	for id in $ids; do
		step "reference-timing-$id" 0 verdict_of "$id" "reference/$id.cu"
	done
fi
if want deadlock; then
	step "deadlock-block_reduce_sum" 1 verdict_of block_reduce_sum \
		tests/submissions/block_reduce_sum/time_limit_exceeded/sync_in_branch.cu
	step "after-deadlock-block_reduce_sum" 0 verdict_of block_reduce_sum reference/block_reduce_sum.cu
fi
# The sanitizer check (the gpu suite's second half), on the ids given.
want sanitize && step sanitize 0 bash tests/gpu/sanitize.sh "$root" "$root/build" ${sanitize_ids//,/ }
want cub && step cub-compare 0 python3 bench/cub_compare.py
want ceilings && step ceilings 0 python3 bench/ceilings.py
want accuracy && step timing-accuracy 0 python3 bench/timing_accuracy.py
if want shapes; then
	step shapes-build 0 nvcc -O3 -arch=sm_90 -Iharness/runtime -o build/transpose_shapes bench/transpose_shapes.cu
	step transpose-shapes 0 build/transpose_shapes
fi

# Every attack of tests/hostile held on the GPU, and the reference AC after each.
want hostile && step hostile 0 python3 tests/hostile/run.py --backend gpu --build build
if want grading; then
	step grade-class-gpu 0 python3 tests/grading/test_grade.py --gpu --build build
	step grade-speed 0 python3 bench/grade_speed.py --count 36
	step grade-speed-no-timing 0 python3 bench/grade_speed.py --count 36 --no-timing
fi
want latency && step latency 0 python3 bench/latency.py --backend gpu --runs 2 --json "$out/latency.json"
# The runner started beside the build: gets the module, ends at a CE, no lock held.
want warm && step warm-runner 0 python3 tests/gpu/warm_runner.py --build build
# The host-driven exercises' program kept for a file judged again; their object check beside the compile.
want warm && step host-driven-build 0 python3 tests/gpu/host_driven_build.py --build build
# `--profile` on the GPU: each corpus file names its costs, the references none.
want profile && step profile 0 python3 tests/gpu/profile_corpus.py

# For the record, not counted: what the GPU says about the submissions that
# only the emulator can judge (`// expect-gpu: SKIP`).
if want emu-only; then
	: >"$out/gpu-on-emulator-only.txt"
	for f in $(grep -l -m1 'expect-gpu: SKIP' tests/submissions/*/*/*.cu); do
		id=$(echo "$f" | cut -d/ -f3)
		v=$(python3 judge.py "$id" "$f" --no-perf --json | tail -n 1 |
			python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["verdict"], d["message"][:120])')
		echo "$f: $v" >>"$out/gpu-on-emulator-only.txt"
	done
fi

echo
echo "== summary ($(build/cj-probe --no-bandwidth | grep '^name=' | cut -d= -f2)) =="
fails=0
for r in "${rows[@]}"; do
	echo "$r"
	case "$r" in *" FAIL "*) fails=$((fails + 1)) ;; esac
done
grep -h '^watch:' "$logs"/tutorial.log 2>/dev/null
grep -h '^check:' "$logs"/check.log "$logs"/sanitize.log 2>/dev/null
grep -h 'attacks:' "$logs"/hostile.log 2>/dev/null
for g in grade-speed grade-speed-no-timing; do
	grep -h -E '^(submissions per minute|cases:|  (wait|run|compile) )' "$logs/$g.log" 2>/dev/null |
		sed "s/^/[$g] /"
done
grep -h -E '^(MISSED|goals:)' "$logs"/latency.log 2>/dev/null
sed -n '/^exercise /,$p' "$logs"/latency.log 2>/dev/null
sed -n '/copy bandwidth/,$p' "$logs"/cub-compare.log 2>/dev/null
sed -n '/^% of copy bandwidth: ceiling/,$p' "$logs"/ceilings.log 2>/dev/null
sed -n '/judge ms .*ncu ms/,$p' "$logs"/timing-accuracy.log 2>/dev/null
cat "$logs"/transpose-shapes.log 2>/dev/null
grep -h -E '^(PASS|FAIL|    |profile:)' "$logs"/profile.log 2>/dev/null
if want emu-only; then
	echo "== emulator-only submissions on the GPU (informational) =="
	cat "$out/gpu-on-emulator-only.txt"
fi
echo "gpu run: $((${#rows[@]} - fails)) passed, $fails failed"
[ "$fails" = 0 ]
