#!/usr/bin/env bash
# The trusted runner on a GPU host (docs/trusted-runner.md), in one go: a
# fresh build (timed), the reference and template of a few exercises judged
# through their runners (verdict, phases, the learner's and the reference's
# medians timed in the same run), bench/latency.py on a few exercises, then
# `judge.py check`. Writes summary.txt, build.log, judge.log and check.txt
# to $OUT (default build-gpu-logs/).
#   usage: OUT=DIR bash tests/gpu/runner_check.sh
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
out=${OUT:-$root/build-gpu-logs}
mkdir -p "$out"
if [ -d .devkit/libyaml/lib/pkgconfig ]; then
	export PKG_CONFIG_PATH=$root/.devkit/libyaml/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
fi
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
S=$out/summary.txt
echo "cores: $(nproc)" >"$S"
rm -rf build
t0=$(date +%s)
(meson setup build && ninja -C build) >"$out/build.log" 2>&1
echo "fresh build: rc=$? $(($(date +%s) - t0)) s" >>"$S"
for id in warp_scan transpose cg_reduce memcpy_async message_passing grid_sync histogram \
	branch_by_warp stream_overlap; do
	for f in reference templates; do
		build/cudajudge judge --root "$root" --build "$root/build" --id $id \
			--file "$root/$f/$id.cu" --seed 7 >/tmp/cj-runner-judge.txt 2>&1
		cat /tmp/cj-runner-judge.txt >>"$out/judge.log"
		tail -n 1 /tmp/cj-runner-judge.txt | python3 -c '
import json, sys
d = json.loads(sys.stdin.read()); t = d.get("timing") or {}
print(sys.argv[1], sys.argv[2], d["verdict"], d["message"][:150], d["phases_s"],
      t.get("median_ms"), t.get("ref_median_ms"), t.get("ratio_to_ref"))' $id $f >>"$S" 2>&1
	done
done
timeout 200 python3 bench/latency.py --backend gpu --runs 3 \
	--ids warp_scan,warp_allreduce,global_softmax,cg_reduce,memcpy_async,transpose >>"$S" 2>&1
timeout 240 python3 judge.py check >"$out/check.txt" 2>&1
echo "check: rc=$?" >>"$S"
tail -n 25 "$out/check.txt" >>"$S"
cat "$S"
