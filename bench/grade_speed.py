#!/usr/bin/env python3
"""How fast `judge.py grade` grades a class: generates a roster of N submissions (100 by
default) from the references and tests/submissions, grades it into a fresh folder, and
prints the submissions judged per minute and where the time went (the engine's phases,
summed over every judgement, and the grade run's own overhead).

    python3 bench/grade_speed.py                 # GPU when there is one, with timing
    python3 bench/grade_speed.py --emulate       # the emulator on every core
    python3 bench/grade_speed.py --count 40 --exercises warp_scan,transpose --jobs 6

On a GPU every accepted submission with performance points is timed `--runs` times
(best of K rounds in one run, 3 by default), as a course policy would do; `--no-timing` grades
correctness only. The goals on one 16-core H200 host (docs/latency.md): at least 150
submissions per minute with timing, 400 without.
"""

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The phases that follow one another in a judgement (its cases are made beside the
# compile: what is left of them after it is cases_wait).
PHASES = ("device", "compile", "link", "cases_wait", "rules", "wait", "run", "check",
          "reference")
RUN_PARTS = ("run_start", "run_timed", "run_end")  # parts of run
GOALS = {"timing": 150, "no timing": 400}
CV_GOAL = 0.5  # percent: the timing of one file judged again and again stays this steady


def sources(exercise):
    """Accepted files first (the reference, the corpus), then the rest of the corpus."""
    good = [os.path.join(ROOT, "reference", exercise + ".cu")]
    good += sorted(glob.glob(os.path.join(ROOT, "tests/submissions", exercise, "accepted", "*.cu")))
    bad = sorted(glob.glob(os.path.join(ROOT, "tests/submissions", exercise, "wrong_answer",
                                        "*.cu")))
    bad += sorted(glob.glob(os.path.join(ROOT, "tests/submissions", exercise, "compile_error",
                                         "*.cu")))
    return good, bad


def make_class(roster, count, exercises):
    """count submissions: student i submits exercise i mod len(exercises); four in five
    accepted (as in a real class), the others wrong or not compiling."""
    pools = {e: sources(e) for e in exercises}
    picked = {}
    per_student = len(exercises)
    students = (count + per_student - 1) // per_student
    made = 0
    for s in range(students):
        folder = os.path.join(roster, f"student{s:03d}")
        os.makedirs(folder)
        for k, exercise in enumerate(exercises):
            if made == count:
                break
            good, bad = pools[exercise]
            pick = bad[made % len(bad)] if bad and made % 5 == 4 else good[made % len(good)]
            with open(pick, encoding="utf-8") as f:
                text = f.read()
            # every file differs, as students' files do, in code and not only in
            # comments: a file that is the reference's code is RULE in grading
            with open(os.path.join(folder, exercise + ".cu"), "w", encoding="utf-8") as f:
                f.write(text + f"\n__device__ int student_{s}_exercise_{k} = {s};\n")
            picked[(f"student{s:03d}", exercise)] = pick
            made += 1
    return made, picked


def steadiness(judged, picked):
    """The spread of the timed medians of one file graded again and again in the class
    (the same code, a line of its own added: the students' copies of a reference): the
    coefficient of variation of their medians, and of their ratios to the reference (what
    a ratio policy scores), worst over the files timed 3 times or more."""
    timed = {}
    for r in judged:
        timing = r.get("timing")
        source = picked.get((r.get("student"), r.get("exercise")))
        if source and isinstance(timing, dict) and all(
                isinstance(timing.get(k), (int, float)) for k in ("median_ms", "ratio_to_ref")):
            timed.setdefault(source, []).append((float(timing["median_ms"]),
                                                 float(timing["ratio_to_ref"])))

    def cv(values):
        return statistics.stdev(values) / statistics.mean(values) * 100

    worst = {"median": 0.0, "ratio": 0.0}
    for source, pairs in sorted(timed.items()):
        ms, ratios = [p[0] for p in pairs], [p[1] for p in pairs]
        if len(pairs) < 3 or min(ms) <= 0 or min(ratios) <= 0:
            continue
        worst["median"] = max(worst["median"], cv(ms))
        worst["ratio"] = max(worst["ratio"], cv(ratios))
        print(f"  {os.path.relpath(source, ROOT)}: {len(ms)} timed, median "
              f"{statistics.median(ms):.4f} ms, CV of the medians {cv(ms):.2f} %, "
              f"of the ratios {cv(ratios):.2f} %")
    if timed:
        for what in ("median", "ratio"):
            print(f"steadiness: worst CV of one file's {what}s {worst[what]:.2f} % (goal <= "
                  f"{CV_GOAL} %) -- {'met' if worst[what] <= CV_GOAL else 'missed'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--exercises", default="warp_scan,block_reduce_sum,transpose,grid_stride")
    parser.add_argument("--emulate", action="store_true")
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--gpus", default="all")
    parser.add_argument("--runs", type=int, default=3, help="best of K rounds of timed launches")
    parser.add_argument("--no-timing", action="store_true", help="no performance points")
    parser.add_argument("--keep", help="keep the roster and the outputs in this folder")
    o = parser.parse_args()
    exercises = [e for e in o.exercises.split(",") if e]
    work = o.keep or tempfile.mkdtemp(prefix="cudajudge-grade-speed-")
    shutil.rmtree(work, ignore_errors=True)
    roster, out = os.path.join(work, "roster"), os.path.join(work, "out")
    os.makedirs(roster)
    made, picked = make_class(roster, o.count, exercises)
    policy = os.path.join(work, "policy.yaml")
    with open(policy, "w") as f:
        f.write("course: grade_speed\nseed: 1\n"
                f"performance: {{runs: {o.runs}}}\nexercises:\n")
        for e in exercises:
            f.write(f"  - {{id: {e}, points: 10, performance: {0 if o.no_timing else 5}}}\n")
    argv = [sys.executable, os.path.join(ROOT, "judge.py"), "grade", roster, "--policy", policy,
            "--out", out, "--lines", "--gpus", o.gpus]
    if o.emulate:
        argv.append("--emulate")
    if o.jobs:
        argv += ["--jobs", str(o.jobs)]
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    started = time.monotonic()
    done = subprocess.run(argv, cwd=ROOT, env=env)
    wall = time.monotonic() - started
    if done.returncode != 0:
        print(f"grade ended with exit status {done.returncode}", file=sys.stderr)
        return done.returncode
    with open(os.path.join(out, "results.jsonl")) as f:
        records = [json.loads(line) for line in f if line.strip()]
    with open(os.path.join(out, "run.json")) as f:
        run = json.load(f)
    judged = [r for r in records if r["status"] == "judged"]
    phases = {p: sum(float((r.get("phases_s") or {}).get(p) or 0) for r in judged)
              for p in PHASES + RUN_PARTS}
    engine_total = sum(float(r.get("seconds") or 0) for r in judged)
    verdicts = {}
    for r in judged:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    timed = sum(1 for r in judged if r.get("timing"))
    workers = max(1, len(run.get("gpus") or []) or 1) * max(1, run.get("jobs") or 1)
    print()
    print(f"class: {made} submissions of {len(exercises)} exercises ({', '.join(exercises)})")
    print(f"backend: {run['backend']}" + (f" on GPU {','.join(run['gpus'])}" if run["gpus"]
                                           else "") + f", {run['jobs']} at a time"
          + (" per GPU" if run["gpus"] else ""))
    print(f"verdicts: {', '.join(f'{v} {n}' for v, n in sorted(verdicts.items()))}; "
          f"timed (best of {o.runs} rounds): {timed}")
    print(f"wall time: {wall:.1f} s for {len(judged)} judgements "
          f"(the phases below; a host-driven exercise's timed re-runs count in 'judgement')")
    origins = {}
    for r in judged:
        origins[r.get("cases_from")] = origins.get(r.get("cases_from"), 0) + 1
    pairs = len({(r["exercise"], r.get("seed")) for r in judged})
    print(f"cases: made by {origins.get('made', 0) + origins.get('saved', 0)} judgements "
          f"({origins.get('saved', 0)} of them kept for the others), read from those by "
          f"{origins.get('kept', 0)}, none by {origins.get(None, 0)} (a compile error)"
          f" ({pairs} exercise and seed pairs)")
    rate = len(judged) / wall * 60
    print(f"submissions per minute: {rate:.1f}")
    if run["backend"] == "gpu":
        goal = GOALS["no timing" if o.no_timing else "timing"]
        print(f"goal ({'without' if o.no_timing else 'with'} timing, one H200 host): "
              f"{goal} per minute -- {'met' if rate >= goal else 'missed'}")
    print("per-phase split (seconds summed over judgements):")
    for p in PHASES:
        share = phases[p] / engine_total * 100 if engine_total else 0
        print(f"  {p:<10} {phases[p]:8.1f} s  {share:5.1f} %")
    print("  of run:   " + ", ".join(f"{p} {phases[p]:.1f} s" for p in RUN_PARTS)
          + " (start: after the module was there; end: after the last case)")
    other = engine_total - sum(phases[p] for p in PHASES)
    print(f"  {'other':<10} {other:8.1f} s  {other / engine_total * 100 if engine_total else 0:5.1f} %"
          "  (engine start and end, host-driven re-runs)")
    print(f"  judgement  {engine_total:8.1f} s in all, over {workers} workers: "
          f"{engine_total / workers:.1f} s each against {wall:.1f} s of wall time")
    steadiness(judged, picked)
    if not o.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
