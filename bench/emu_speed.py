#!/usr/bin/env python3
"""Wall time of judging on the CPU emulator (issue targets: at most 5 s per
exercise on a 2-core machine, at most 2 min for `check --emulate` over the
first three exercises' corpus).

    python3 bench/emu_speed.py [--check] [ID ...]

Judges each exercise's reference with --emulate (three runs, median), prints
the phases of the median run, then optionally times `judge.py check
--emulate` over the same exercises. Numbers are measured here and now; the
last lines compare them with the targets.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRST_THREE = ["warp_scan", "atomic_max_float", "block_reduce_sum"]


def judge(problem_id):
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "judge.py"), problem_id,
         f"reference/{problem_id}.cu", "--emulate", "--json"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    wall = time.monotonic() - started
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    summary = json.loads(lines[-1]) if lines else {}
    return wall, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", default=FIRST_THREE)
    parser.add_argument("--check", action="store_true",
                        help="also time `judge.py check --emulate` over these exercises")
    options = parser.parse_args()
    judge(options.ids[0])  # builds the judge if needed; not counted
    print(f"{'exercise':<20} {'verdict':<8} {'median s':>9} {'compile':>8} {'link':>6} "
          f"{'run':>6}   (3 runs, {os.cpu_count()} cores)")
    worst = 0.0
    for problem_id in options.ids:
        runs = sorted((judge(problem_id) for _ in range(3)), key=lambda r: r[0])
        wall, summary = runs[1]
        phases = summary.get("phases_s") or {}
        worst = max(worst, wall)
        print(f"{problem_id:<20} {summary.get('verdict', '?'):<8} {wall:>9.2f} "
              f"{phases.get('compile', 0):>8.2f} {phases.get('link', 0):>6.2f} "
              f"{phases.get('run', 0):>6.2f}")
    print(f"slowest exercise: {worst:.2f} s (target 5 s: "
          f"{'met' if worst <= 5 else 'missed'})")
    if options.check:
        started = time.monotonic()
        done = subprocess.run([sys.executable, os.path.join(ROOT, "judge.py"), "check",
                               "--emulate"] + options.ids, cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wall = time.monotonic() - started
        closing = [line for line in done.stdout.splitlines() if line.startswith("check:")]
        print(f"check --emulate {' '.join(options.ids)}: {wall:.1f} s "
              f"({closing[-1] if closing else 'no closing line'}; target 120 s: "
              f"{'met' if wall <= 120 else 'missed'})")


if __name__ == "__main__":
    main()
