#!/usr/bin/env python3
"""The references of block_reduce_sum (a full-array sum), histogram and
block_scan against CUB's DeviceReduce::Sum, DeviceHistogram::HistogramEven
and DeviceScan::InclusiveSum, on one GPU, in one run.

    python3 bench/cub_compare.py [--reps N]

Each reference is judged as the learner's code would be (`judge.py ID
reference/ID.cu --json`): its timed case (problems.yaml `perf`) is measured
with CUDA events, warm-up, an L2 flush before every repetition and the
median. bench/cub_bench.cu times CUB on the same sizes the same way. The
table gives both medians, the GB/s of each (perf.n * perf.bytes_per_elem
bytes, the traffic the judge counts) and the reference's time over CUB's
(below 1: the reference is faster).

Exit status: 0 when everything was measured, 77 without a CUDA device (as
meson's test runner expects for a skip), 2 when something failed.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from cudajudge_cli.core.engine import parse_engine_line  # noqa: E402 (after ROOT)

BUILD = os.path.join(ROOT, "build")
# exercise id -> CUB's counterpart, as cub_bench names it
PAIRS = [("block_reduce_sum", "DeviceReduce::Sum"),
         ("histogram", "DeviceHistogram::HistogramEven"),
         ("block_scan", "DeviceScan::InclusiveSum")]


def fail(message, status=2):
    print(f"cub_compare: {message}", file=sys.stderr)
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


def build_cub_bench(nvcc, cc):
    out = os.path.join(BUILD, "bench", f"cub_bench-sm{cc}")
    src = os.path.join(ROOT, "bench", "cub_bench.cu")
    header = os.path.join(ROOT, "bench", "flushed_timer.cuh")
    if os.path.exists(out) and os.path.getmtime(out) >= max(os.path.getmtime(src),
                                                            os.path.getmtime(header)):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    print(f"building {os.path.relpath(out, ROOT)} (CUB is slow to compile)...", flush=True)
    done = subprocess.run([nvcc, "-std=c++17", "-O3", f"-arch=sm_{cc}", src, "-o", out],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        fail(f"nvcc could not build bench/cub_bench.cu:\n{done.stdout}")
    return out


def judge_reference(problem_id):
    done = subprocess.run([sys.executable, os.path.join(ROOT, "judge.py"), problem_id,
                           f"reference/{problem_id}.cu", "--json"], cwd=ROOT,
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
    return timing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=20, help="timed repetitions of CUB")
    options = parser.parse_args()
    ensure_engine()
    device = engine("device", "--build", BUILD)
    if not device.get("found"):
        print(f"cub_compare: no CUDA device ({device.get('error') or 'none found'}): "
              "this benchmark needs a GPU; skipped")
        return 77
    nvcc = subprocess.run(["bash", "-c", "command -v nvcc || ls /usr/local/cuda/bin/nvcc"],
                          stdout=subprocess.PIPE, text=True).stdout.split("\n")[0].strip()
    if not nvcc:
        fail("nvcc was not found: add the CUDA toolkit's bin folder to PATH")
    problems = {p["id"]: p for p in engine("catalog", "--root", ROOT)["problems"]}
    perf = {pid: problems[pid]["perf"] for pid, _ in PAIRS}
    binary = build_cub_bench(nvcc, device["cc"])

    rows = []
    for problem_id, _ in PAIRS:
        print(f"judging reference/{problem_id}.cu...", flush=True)
        rows.append(judge_reference(problem_id))
    sizes = [str(perf[pid]["n"]) for pid, _ in PAIRS]
    done = subprocess.run([binary, *sizes, str(options.reps), "3"], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode == 77:
        print("cub_compare: cub_bench found no CUDA device; skipped")
        return 77
    if done.returncode != 0:
        fail(f"cub_bench failed ({done.returncode}): {done.stderr.strip()}")
    try:
        cub = {r["op"]: r for r in (json.loads(line) for line in done.stdout.splitlines()
                                    if line.strip())}
    except (ValueError, KeyError, TypeError):
        fail(f"cub_bench printed what is not one JSON object per line:\n{done.stdout}")
    if False in (op in cub for _, op in PAIRS):
        fail(f"cub_bench printed {sorted(cub)}, not every operation")

    print()
    print(f"{device.get('name')} (sm_{device.get('cc')}), copy bandwidth "
          f"{device.get('copy_gbps', 0):.0f} GB/s; medians, L2 flushed before each repetition")
    header = ("exercise", "n", "reference ms", "GB/s", "CUB", "CUB ms", "GB/s", "ref/CUB")
    table = [header]
    for (problem_id, op), timing in zip(PAIRS, rows):
        n = perf[problem_id]["n"]
        gbytes = n * perf[problem_id]["bytes_per_elem"] / 1e9
        ref_ms, cub_ms = timing["median_ms"], cub[op]["median_ms"]
        table.append((problem_id, str(n), f"{ref_ms:.4f}", f"{gbytes / (ref_ms * 1e-3):.0f}",
                      op, f"{cub_ms:.4f}", f"{gbytes / (cub_ms * 1e-3):.0f}",
                      f"{ref_ms / cub_ms:.2f}"))
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.rjust(w) if i not in (0, 4) else cell.ljust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
