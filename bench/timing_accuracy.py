#!/usr/bin/env python3
"""How close the judge's timing comes to Nsight Compute's: for each exercise,
the judge's median for its reference against the median of ncu's
gpu__time_duration for the same kernel on the same timed case.

    python3 bench/timing_accuracy.py [--ids a,b,...] [--check]

The judge's median comes from `judge.py ID reference/ID.cu --json` (the
summary's timing.median_ms: CUDA events around the launch, L2 flushed
before each of perf.reps repetitions after 3 warm-ups). Nsight Compute times
the reference's kernel in bench/cub_bench (`cub_bench run ID reference ...`,
the glue's own kernel and launch with the judge's timed-case parameters; the
kernels bench/cub_compare.py compares with CUB), under

    ncu --clock-control none --cache-control all --metrics gpu__time_duration.sum
        -k regex:KERNEL --launch-count WARMUP+REPS --csv

(--cache-control all flushes the caches before each profiled launch, as the
judge flushes L2; the clocks are left alone, as the judge leaves them). The
first WARMUP profiled launches are dropped (rather than ncu's --launch-skip,
so that which launches count does not depend on how ncu counts the launches
its filter leaves out); the median of the other REPS is ncu's.

The table: exercise, n, the judge's median, ncu's, their difference in
percent of ncu's, and whether it is within 5 %. The goal: at least three
exercises within 5 % (--check makes missing it exit 1).

The judge empties L2 before each timed launch by reading twice its size
(harness/runtime/l2_flush.cuh), leaving it clean, as ncu's cache control
does. Its earlier memset left L2 full of dirty lines, and kernels that mostly
read (block_reduce_sum, cg_reduce, histogram) measured 8 to 16 % slower than
ncu saw them (block_reduce_sum on the H200: 0.0715 ms, ncu 0.061 ms; with the
read 0.0636 ms against 0.0617). A few microseconds of every event-timed
launch are the launch's own.

Exit status: 0 when everything was measured, 1 with --check when fewer than
three are within 5 %, 77 without a CUDA device or without ncu ("ncu not
found: skipped"), 2 when something failed.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys

sys.dont_write_bytecode = True  # no bench/__pycache__ for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cub_compare as cc  # noqa: E402 (after the path)

TOOL = "timing_accuracy"
DEFAULT_IDS = "warp_scan,block_reduce_sum,transpose,smem_reverse,histogram"
WITHIN = 5.0  # percent
ENOUGH = 3  # exercises within WITHIN
UNITS = {"nsecond": 1e-6, "ns": 1e-6, "usecond": 1e-3, "us": 1e-3, "msecond": 1.0, "ms": 1.0,
         "second": 1e3, "s": 1e3}


def fail(message):
    cc.fail(message, tool=TOOL)


def ncu_durations(ncu, binary, pid, kernel, case, warmup, reps):
    """ncu's gpu__time_duration of each of the `reps` launches after `warmup`, in ms."""
    command = [ncu, "--clock-control", "none", "--cache-control", "all", "--metrics",
               "gpu__time_duration.sum", "-k", f"regex:{kernel}", "--launch-count",
               str(warmup + reps), "--csv", binary, "run", pid, "reference", str(case[0]),
               str(warmup), str(reps), ",".join(str(p) for p in case[1:])]
    done = subprocess.run(command, cwd=cc.ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=dict(os.environ, LC_ALL="C"))
    said = (done.stdout + done.stderr).strip()
    if done.returncode == 77:
        print(f"{TOOL}: cub_bench found no CUDA device; skipped")
        sys.exit(77)
    if done.returncode != 0 or "ERR_NVGPUCTRPERM" in said:
        fail(f"ncu on {pid} failed ({done.returncode}):\n{said[-3000:]}\ncommand: "
             + " ".join(command))
    lines = [line for line in done.stdout.splitlines() if line.startswith('"')]
    rows = list(csv.DictReader(lines))
    ms = []
    for row in rows:
        if row.get("Metric Name") != "gpu__time_duration.sum":
            continue
        unit = UNITS.get(row.get("Metric Unit", "").strip())
        if unit is None:
            fail(f"ncu gave gpu__time_duration in '{row.get('Metric Unit')}', "
                 "a unit this script does not know")
        ms.append(float(row["Metric Value"].replace(",", "")) * unit)
    if len(ms) != warmup + reps:
        fail(f"ncu profiled {len(ms)} launches of {kernel}, not {warmup + reps}:\n"
             f"{said[-3000:]}\ncommand: " + " ".join(command))
    return ms[warmup:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default=DEFAULT_IDS,
                        help=f"exercises, comma-separated (default: {DEFAULT_IDS})")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 when fewer than {ENOUGH} are within {WITHIN:g} %%")
    options = parser.parse_args()
    device, binary = cc.device_and_bench()
    ncu = cc.find_tool("ncu")
    skipped = []
    if not device.get("found"):
        skipped.append(f"no CUDA device ({device.get('error') or 'none found'})")
    if not ncu:
        skipped.append("ncu not found")
    if skipped:
        print(f"{TOOL}: {'; '.join(skipped)}: skipped")
        return 77
    known = cc.bench_list(binary)
    ids = options.ids.split(",")
    if set(ids) - set(known):
        fail(f"cub_bench knows no {', '.join(sorted(set(ids) - set(known)))}")
    problems = {p["id"]: p for p in cc.engine("catalog", "--root", cc.ROOT)["problems"]}

    table, within = [], 0
    for pid in ids:
        perf = problems[pid]["perf"]
        print(f"judging reference/{pid}.cu...", flush=True)
        timing, param = cc.judge_reference(pid, perf)
        kernel = known[pid]["variants"][0]["kernel"]
        print(f"timing {kernel} under ncu...", flush=True)
        ms = ncu_durations(ncu, binary, pid, kernel, param, cc.WARMUP, perf["reps"])
        judge_ms, ncu_ms = timing["median_ms"], statistics.median(ms)
        diff = 100.0 * (judge_ms - ncu_ms) / ncu_ms
        within += abs(diff) <= WITHIN
        table.append((pid, str(param[0]), f"{judge_ms:.4f}", f"{ncu_ms:.4f}", f"{diff:+.1f}",
                      "yes" if abs(diff) <= WITHIN else "NO"))

    print()
    print(f"{device.get('name')} (sm_{device.get('cc')}); {ncu}")
    cc.print_table(("exercise", "n", "judge ms", "ncu ms", "diff %", f"within {WITHIN:g} %"),
                   table)
    print(f"\n{within} of {len(ids)} within {WITHIN:g} % (goal: at least {ENOUGH}). diff > 0: "
          "the judge's events also time the launch itself")
    return 1 if options.check and within < ENOUGH else 0


if __name__ == "__main__":
    sys.exit(main())
