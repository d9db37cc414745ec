#!/usr/bin/env python3
"""Each warp- and block-level exercise's reference against the CUB primitive
that does the same job in the same kernel shape, and transpose, smem_reverse
and grid_stride against a plain copy of the same bytes, on one GPU, in one run.

    python3 bench/cub_compare.py [--ids a,b,...] [--no-judge]

The pairs (bench/exercise_kernels.cuh, built into bench/cub_bench.cu):
  warp_reduce       cub::WarpReduce<float>::Sum
  warp_scan         cub::WarpScan<int>::InclusiveSum
  warp_allreduce    cub::WarpReduce (Sum, Reduce with cuda::maximum), then
                    lane 0's result to every lane with __shfl_sync
  block_reduce_sum  cub::BlockReduce<float, 256>::Sum
  cg_reduce         cub::BlockReduce<float, 256>::Sum, broadcast through
                    one shared slot
  block_scan        cub::BlockScan<int, 256>::InclusiveSum with the aggregate
  histogram         cub::BlockHistogram<int, 256, 16, 257, atomic> in a
                    grid-stride loop, and cub::DeviceHistogram::HistogramEven
                    on the same int values and 256 bins (device-wide: its own
                    launches, not the glue's)
  transpose, smem_reverse, grid_stride
                    a plain copy of the same bytes, in the same launch
                    (grid_stride's over float4s where aligned, as its
                    reference); and a second row that measures where the
                    rest of the time goes: transpose's copy written where
                    the reference writes (each 64 x 64 tile at its
                    transposed place), smem_reverse's copy through shared
                    memory and a barrier, as the reference's data goes
Each exercise's kernel is its launch glue itself (harness/problems/<id>/
glue.cuh, included with the reference's function, then with the CUB one),
launched by the glue's cj_launch with the parameters of the judge's timed
case (the judge's own run of the reference reports them), so both sides
load and store the same data in the same launch shape and differ only in the
function the exercise is about. The references that are whole kernels
(transpose, smem_reverse, grid_stride) are compared with a copy kernel of
the same signature that the same glue launches.

Each pair runs in one process (bench/cub_bench), timed the way the judge
times a kernel (bench/flushed_timer.cuh): warm-up rounds (3, as the judge's),
then perf.reps rounds, each launch after the in-out buffers are restored,
the outputs poisoned and the L2 flushed, with CUDA events around the launch
alone, the variants of an exercise in turn in every round; the median. Before
the timing every variant runs once and its outputs are checked: the CUB
side's are the reference's (floats within 1e-4 + 1e-5 |x|), the reference
and a copy each against what they must produce. The reference is also
judged (`judge.py ID reference/ID.cu --json`): its median there is the
cross-check column "judge ms" (the same kernel in the judge's runner).

The table: exercise, n, the reference's median and GB/s (perf.n *
perf.bytes_per_elem bytes, the traffic the judge counts), the counterpart,
its median and GB/s (the same bytes), ref/CUB (below 1: the reference is
faster) and whether that is at most 1.05, and the judge's median.

Exit status: 0 when everything was measured, 77 without a CUDA device (as
meson's test runner expects for a skip), 2 when something failed (a build,
the judge, wrong outputs). timing_accuracy.py imports the helpers here.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from cudajudge_cli.core.engine import parse_engine_line  # noqa: E402 (after ROOT)

BUILD = os.path.join(ROOT, "build")
BENCH = os.path.join(ROOT, "bench")
WARMUP = 3  # the judge's WARMUP_LAUNCHES (harness/engine/run/test_run.h)
DEFAULT_CC = 90  # meson_options.txt gpu_arch, for a build on a machine without a GPU
GOAL = 1.05  # reference time / CUB time, at most


def fail(message, status=2, tool="cub_compare"):
    print(f"{tool}: {message}", file=sys.stderr)
    sys.exit(status)


def engine(*args):
    done = subprocess.run([os.path.join(BUILD, "cudajudge"), *args], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail(f"cudajudge {args[0]} failed ({done.returncode}): {done.stderr.strip()}")
    return json.loads(done.stdout)


def ensure_engine():
    if not os.path.exists(os.path.join(BUILD, "cudajudge")):
        # judge.py builds the engine on first use; `list` is the cheapest way.
        subprocess.run([sys.executable, os.path.join(ROOT, "judge.py"), "list"], cwd=ROOT,
                       stdout=subprocess.DEVNULL, check=False)
    if not os.path.exists(os.path.join(BUILD, "cudajudge")):
        fail("the engine is not built: run `python3 judge.py` once, then try again")


def find_tool(name):
    """A CUDA tool on PATH, in /usr/local/cuda/bin, or (ncu) in an Nsight Compute folder."""
    found = shutil.which(name) or shutil.which(name, path="/usr/local/cuda/bin")
    if not found:
        found = next(iter(sorted(glob.glob(f"/opt/nvidia/nsight-compute/*/{name}"),
                                 reverse=True)), None)
    return found


def device_and_bench():
    """The engine's device record and the path of bench/cub_bench built for it (for
    sm_90 where there is no device): built first, so that a machine without a GPU
    checks the build too."""
    ensure_engine()
    device = engine("device", "--build", BUILD)
    nvcc = find_tool("nvcc")
    if not nvcc:
        fail("nvcc was not found: add the CUDA toolkit's bin folder to PATH")
    cc = device.get("cc") if device.get("found") else DEFAULT_CC
    return device, build_bench(nvcc, cc)


def build_bench(nvcc, cc):
    """build/bench/cub_bench-smXY, rebuilt when a file it is made of changed."""
    out = os.path.join(BUILD, "bench", f"cub_bench-sm{cc}")
    sources = [os.path.join(BENCH, "cub_bench.cu"), *glob.glob(os.path.join(BENCH, "*.cuh"))]
    sources += glob.glob(os.path.join(ROOT, "reference", "*.cu"))
    sources += glob.glob(os.path.join(ROOT, "harness", "problems", "*", "*.cuh"))
    sources += glob.glob(os.path.join(ROOT, "harness", "problems", "*", "*.h"))
    sources += glob.glob(os.path.join(ROOT, "harness", "runtime", "*.h"))
    if os.path.exists(out) and os.path.getmtime(out) >= max(map(os.path.getmtime, sources)):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    print(f"building {os.path.relpath(out, ROOT)} (CUB is slow to compile)...", flush=True)
    done = subprocess.run([nvcc, "-std=c++17", "-O3", "-lineinfo", f"-arch=sm_{cc}",
                           "-I", os.path.join(ROOT, "harness", "runtime"),
                           "-I", os.path.join(ROOT, "harness", "problems"),
                           os.path.join(BENCH, "cub_bench.cu"), "-o", out],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        fail(f"nvcc could not build bench/cub_bench.cu:\n{done.stdout}")
    return out


def bench_list(binary):
    """cub_bench's exercises: {id: {"params": [...], "variants": [{"name", "kernel"}]}}."""
    done = subprocess.run([binary, "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode != 0:
        fail(f"cub_bench list failed ({done.returncode}): {done.stderr.strip()}")
    return {e["id"]: e for e in map(json.loads, done.stdout.splitlines())}


def judge_reference(problem_id, perf):
    """The judge's timing of reference/ID.cu (the summary's `timing`) and param[] of
    its timed case (the case whose n is perf.n, named "timed")."""
    done = subprocess.run([sys.executable, os.path.join(ROOT, "judge.py"), "--lang", "en",
                           problem_id, f"reference/{problem_id}.cu", "--json"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    events = [event for event, _ in map(parse_engine_line, done.stdout.splitlines()) if event]
    summary = next((e for e in reversed(events) if e.get("type") == "summary"), None)
    if summary is None or summary.get("verdict") != "AC":
        verdict = summary.get("verdict") if summary else "no summary"
        fail(f"reference/{problem_id}.cu was not accepted ({verdict}): "
             f"{(summary or {}).get('message') or done.stderr.strip()}")
    timing = summary.get("timing") or {}
    if not timing.get("median_ms"):
        fail(f"reference/{problem_id}.cu has no timing (is perf set in problems.yaml?)")
    timed = [e for e in events if e.get("type") == "case" and e.get("param")
             and e["param"][0] == perf["n"]]
    timed = [e for e in timed if e.get("name") == "timed"] or timed
    if not timed:
        fail(f"the judge's run of reference/{problem_id}.cu shows no case of n = {perf['n']}")
    return timing, timed[-1]["param"]


def case_arg(problem_id, perf, param):
    """cub_bench's ID:N:REPS:P1,...,P7 for the judge's timed case."""
    return f"{problem_id}:{param[0]}:{perf['reps']}:{','.join(str(p) for p in param[1:])}"


def run_bench(binary, args, tool="cub_compare"):
    """cub_bench's JSON objects, one per line; exits 77 without a device."""
    done = subprocess.run([binary, *args], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode == 77:
        print(f"{tool}: cub_bench found no CUDA device; skipped")
        sys.exit(77)
    try:
        rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    except ValueError:
        fail(f"cub_bench printed what is not one JSON object per line:\n{done.stdout}",
             tool=tool)
    if done.returncode not in (0, 1):  # 1: some outputs were wrong, in the rows
        fail(f"cub_bench failed ({done.returncode}): {done.stderr.strip()}", tool=tool)
    return rows


def print_table(header, rows, left=(0,)):
    table = [header, *rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) if i in left else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))).rstrip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", help="exercises to compare, comma-separated (default: all)")
    parser.add_argument("--no-judge", action="store_true",
                        help="leave out the judge's run (its median, and its timed case's "
                             "parameters: cases.c's as copied into exercise_kernels.cuh)")
    options = parser.parse_args()
    device, binary = device_and_bench()
    if not device.get("found"):
        print(f"cub_compare: no CUDA device ({device.get('error') or 'none found'}): "
              "this benchmark needs a GPU; skipped")
        return 77
    known = bench_list(binary)
    ids = options.ids.split(",") if options.ids else list(known)
    if set(ids) - set(known):
        fail(f"cub_bench knows no {', '.join(sorted(set(ids) - set(known)))}")
    problems = {p["id"]: p for p in engine("catalog", "--root", ROOT)["problems"]}
    perf = {pid: problems[pid]["perf"] for pid in ids}

    judged, cases = {}, []
    for pid in ids:
        if options.no_judge:
            param = [perf[pid]["n"], *known[pid]["params"]]
        else:
            print(f"judging reference/{pid}.cu...", flush=True)
            judged[pid], param = judge_reference(pid, perf[pid])
        cases.append(case_arg(pid, perf[pid], param))
    print("timing the pairs...", flush=True)
    rows = run_bench(binary, ["compare", str(WARMUP), *cases])
    by_id = {}
    for row in rows:
        by_id.setdefault(row["id"], []).append(row)
    if set(ids) - set(by_id):
        fail(f"cub_bench printed nothing for {', '.join(sorted(set(ids) - set(by_id)))}")

    print()
    print(f"{device.get('name')} (sm_{device.get('cc')}), copy bandwidth "
          f"{device.get('copy_gbps', 0):.0f} GB/s; medians of {WARMUP} warm-up and "
          "perf.reps timed rounds, L2 flushed before each launch")
    header = ("exercise", "n", "ref ms", "GB/s", "counterpart", "its ms", "GB/s", "ref/CUB",
              f"<={GOAL}", "judge ms")
    table, wrong = [], []
    for pid in ids:
        ref, *others = by_id[pid]
        gbytes = perf[pid]["n"] * perf[pid]["bytes_per_elem"] / 1e9
        judge_ms = judged[pid]["median_ms"] if pid in judged else None
        for row in by_id[pid]:
            if not row["ok"]:
                wrong.append(f"{pid} {row['variant']}: {row['why']}")
        for other in others:
            ratio = ref["median_ms"] / other["median_ms"]
            table.append((pid, str(ref["n"]), f"{ref['median_ms']:.4f}",
                          f"{gbytes / (ref['median_ms'] * 1e-3):.0f}", other["variant"],
                          f"{other['median_ms']:.4f}",
                          f"{gbytes / (other['median_ms'] * 1e-3):.0f}", f"{ratio:.3f}",
                          "yes" if ratio <= GOAL else "NO",
                          f"{judge_ms:.4f}" if judge_ms else "-"))
    print_table(header, table, left=(0, 4))
    print("\nref/CUB below 1: the reference is faster. For transpose, smem_reverse and "
          "grid_stride the counterpart is a plain copy of the same bytes in the same launch; "
          "transpose's second row writes where the reference writes, smem_reverse's goes "
          "through shared memory and a barrier as the reference's data does.")
    if wrong:
        print("\nwrong outputs (the comparison is void for these):\n  " + "\n  ".join(wrong))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
