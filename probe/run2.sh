export PKG_CONFIG_PATH=$PWD/.devkit/libyaml/lib/pkgconfig
export PATH=/usr/local/cuda/bin:$PATH
t=$(date +%s); python3 judge.py list >/dev/null 2>&1 || python3 judge.py list 2>&1 | tail -20; echo build $(( $(date +%s) - t )) s
python3 bench/latency.py --backend gpu --runs 2 --ids histogram,warp_scan,global_softmax,transpose,cg_reduce,block_scan,smem_reverse 2>&1 | tail -30
echo "== shared: 4 at once"
E=build/cudajudge
for id in histogram transpose warp_scan global_softmax; do
  CUDAJUDGE_SHARE_DEVICE=1 $E judge --root $PWD --build $PWD/build --id $id --file $PWD/reference/$id.cu --seed 5 > $OUT/shared-$id.json 2>&1 &
done
wait
for id in histogram transpose warp_scan global_softmax; do
  $E judge --root $PWD --build $PWD/build --id $id --file $PWD/reference/$id.cu --seed 5 > $OUT/alone-$id.json 2>&1
done
python3 - <<'PY'
import json, os
out = os.environ["OUT"]
for id in ("histogram", "transpose", "warp_scan", "global_softmax"):
    for how in ("shared", "alone"):
        s = json.loads(open(f"{out}/{how}-{id}.json").read().strip().splitlines()[-1])
        t = s.get("timing") or {}
        print(f"{id:16s} {how:6s} {s['verdict']} median {t.get('median_ms')} min {t.get('min_ms')} max {t.get('max_ms')} ref {t.get('ref_median_ms')} pct {t.get('pct_of_copy')} phases {s['phases_s']}")
PY
echo "== grade"
timeout 300 python3 bench/grade_speed.py --count 18 --exercises warp_scan,histogram,transpose 2>&1 | tail -25
