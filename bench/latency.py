#!/usr/bin/env python3
"""How long a judgement takes, phase by phase, on the current backend.

Judges every exercise's reference (accepted, timed on a GPU) and template (not
accepted, so never timed) several times through the engine, build/cudajudge,
and prints the median of each phase the engine reports (its JSON summary's
phases_s), the total, and total / (compile + link). Also judges the reference
again right after a first judgement ("again": an unchanged file, as many
times as --runs, its median; where that took the reference's kept median, also
with the reference timed again, CUDAJUDGE_REFERENCE_KEPT_S=0) and,
with --first-build, times `meson setup` + `ninja` in a fresh build folder.

The goals it checks with --check (benchmarks, never timed tests):
  GPU       accepted total <= compile + link + 0.5 s; wrong total <= compile +
            link + 0.3 s; learner compile <= 2.0 s; unchanged file again <= 0.8 s
  emulator  every judgement <= 2.5 s
Phases: the cases are made beside the compile (cases: their own time;
cases_wait: the wait for them after it); run_start, run_timed and run_end are
parts of run (the test program's start before its first case; the timed case;
its end after its last case, the device's release); check
is the outputs' check and diagnosis after the run; device
is finding the GPU, rules the wait for the rules check after the build, other
what the total holds besides, answered when the summary line came out (what
judge.py answers at: the engine frees the cases after it), wall the engine
process from start to end.
Each run judges a fresh copy of the file (a comment added at its end), so that
nothing built before is reused: "again" judges that copy once more, unchanged.
One judgement of the first exercise's reference comes first and is not counted
(the first after a build, or after the GPU sat idle, reads the runners from disk
and starts the driver); its total is printed.
  build     first build <= 60 s (only with --first-build)

A judgement here is a learner's (judge.py's): the big cases after a wrong one
are left out (--every-case runs them, as a grade does). A goal missed names
the judgement's slowest case (its time in the test program).

  usage: python3 bench/latency.py [--backend auto|gpu|emu] [--runs N]
                                  [--ids a,b,...] [--check] [--json FILE]
                                  [--first-build] [--every-case]
Run it from the repository root after the judge is built (python3 judge.py
builds it). Used by tests/gpu/run.sh on the GPU host and by hand here.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from cudajudge_cli.core.engine import drain, parse_engine_line  # noqa: E402 (after ROOT)

PHASES = ("device", "compile", "link", "cases", "cases_wait", "rules", "wait", "run",
          "run_start", "run_timed", "run_end", "check", "reference")
# The phases that follow one another; "other" is the rest of the total (the
# engine's start, the verdict, the report), "wall" the process's whole life.
IN_TURN = ("device", "compile", "link", "cases_wait", "rules", "wait", "run", "check",
           "reference")
GOALS = {"accepted": 0.5, "wrong": 0.3, "again": 0.8, "compile": 2.0, "emulator": 2.5}


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores (%s), load %.1f" % (
        platform.node(), os.cpu_count() or 0, cpu, os.getloadavg()[0])


def catalog(engine):
    out = subprocess.run([engine, "catalog", "--root", ROOT], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def fresh_copy(folder, ident, path, run):
    """The file with a comment of its own at the end: a first judgement of it."""
    with open(path) as f:
        text = f.read()
    copy = os.path.join(folder, "run%s" % run, ident + ".cu")
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    with open(copy, "w") as f:
        f.write(text + "\n// latency.py run %s, %d\n" % (run, os.getpid()))
    return copy


def judge(engine, build, ident, path, backend, seed, every_case=False, env=None):
    cmd = [engine, "judge", "--root", ROOT, "--build", build, "--id", ident,
           "--file", path, "--seed", str(seed)]
    if not every_case:  # as judge.py asks for a learner's judgement
        cmd.append("--skip-big-after-wrong")
    if backend != "auto":
        cmd += ["--backend", backend]
    t0 = time.monotonic()
    # as judge.py reads it (core/engine.py): what the engine relays may not be UTF-8
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         encoding="utf-8", errors="replace",
                         env=dict(os.environ, **env) if env else None)
    lines, answered, err_parts = [], None, []
    reader = threading.Thread(target=drain, args=(p.stderr, err_parts), daemon=True)
    reader.start()
    for line in p.stdout:  # the summary's arrival: what judge.py answers at
        lines.append(line)
        event, _ = parse_engine_line(line)
        if answered is None and event and event.get("type") == "summary":
            answered = time.monotonic() - t0
    p.wait()
    reader.join()
    err = "".join(err_parts)
    wall = time.monotonic() - t0
    events = [event for event, _ in map(parse_engine_line, lines) if event]
    summary = next((e for e in reversed(events) if "verdict" in e and "phases_s" in e), None)
    if summary is None:
        raise SystemExit("latency.py: no summary from %s (exit %d):\n%s%s" % (
            " ".join(cmd), p.returncode, "".join(lines)[-2000:], err[-2000:]))
    summary["wall_s"] = wall
    summary["answered_s"] = answered
    # the phase events with "at" (seconds since the judgement's start), for --json: where
    # the time between the phases went
    summary["events"] = [e for e in events if e.get("type") == "phase"]
    timed_cases = [e for e in events if e.get("type") == "case" and e.get("seconds")]
    slowest = max(timed_cases, key=lambda e: e["seconds"], default=None)
    summary["slowest_case"] = slowest and [slowest["name"], slowest["seconds"]]
    return summary


def median(xs):
    return statistics.median(xs) if xs else 0.0


def first_build():
    tmp = tempfile.mkdtemp(prefix="cj-first-build-")
    t0 = time.monotonic()
    ok = subprocess.run(["meson", "setup", tmp], cwd=ROOT, capture_output=True).returncode == 0
    ok = ok and subprocess.run(["ninja", "-C", tmp], capture_output=True).returncode == 0
    dt = time.monotonic() - t0
    shutil.rmtree(tmp, ignore_errors=True)
    return dt if ok else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--backend", default="auto", choices=("auto", "gpu", "emu"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ids", default="")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--json", default="")
    ap.add_argument("--first-build", action="store_true")
    ap.add_argument("--every-case", action="store_true",
                    help="run the big cases after a wrong one too (judge.py --every-case)")
    a = ap.parse_args()
    engine = os.path.join(a.build, "cudajudge")
    if not os.access(engine, os.X_OK):
        raise SystemExit("latency.py: %s is not built: run python3 judge.py first" % engine)
    cat = catalog(engine)
    problems = cat.get("problems", cat) if isinstance(cat, dict) else cat
    ids = [p["id"] for p in problems]
    if a.ids:
        ids = [i for i in a.ids.split(",") if i]
    rows, misses, backend_seen = [], [], set()
    copies = tempfile.mkdtemp(prefix="cj-latency-")
    # One judgement first, not counted: the first after a build or a while without one
    # reads the runners from disk and starts the GPU's driver (the steady state is measured)
    warm_up = None
    first = os.path.join(ROOT, "reference", ids[0] + ".cu") if ids else ""
    if first and os.path.exists(first):
        warm_up = judge(engine, a.build, ids[0], fresh_copy(copies, ids[0], first, "warm-up"),
                        a.backend, 999, a.every_case)
    for ident in ids:
        for kind, folder in (("ref", "reference"), ("tmpl", "templates")):
            path = os.path.join(ROOT, folder, ident + ".cu")
            if not os.path.exists(path):
                continue
            runs, copy = [], None
            for r in range(a.runs):
                # a fresh file and seed per run: nothing built or checked is reused
                copy = fresh_copy(copies, ident, path, r)
                runs.append(judge(engine, a.build, ident, copy, a.backend, 1000 + r,
                                  a.every_case))
            last = runs[-1]
            backend_seen.add(last.get("backend", "?"))
            if last["verdict"] == "SKIP":
                continue
            row = {"id": ident, "file": kind, "verdict": last["verdict"]}
            for ph in PHASES + ("total",):
                row[ph] = median([s["phases_s"].get(ph, 0.0) for s in runs])
            row["other"] = median([s["phases_s"].get("total", 0.0)
                                   - sum(s["phases_s"].get(ph, 0.0) for ph in IN_TURN)
                                   for s in runs])
            row["answered"] = median([s["answered_s"] for s in runs])
            row["wall"] = median([s["wall_s"] for s in runs])
            row["events"] = last["events"]
            row["slowest_case"] = last["slowest_case"]
            if kind == "ref":
                # the last run's file, unchanged, judged again as many times (its build kept)
                agains = [judge(engine, a.build, ident, copy, a.backend, 1000 + r, a.every_case)
                          for r in range(a.runs)]
                row["again"] = median([s["phases_s"].get("total", 0.0) for s in agains])
                row["again_events"] = agains[-1]["events"]
                row["again_ref_from"] = [(s.get("timing") or {}).get("ref_from")
                                         for s in agains]
                if "kept" in row["again_ref_from"]:
                    # the reference's median kept from its last run: also with it timed
                    # again (CUDAJUDGE_REFERENCE_KEPT_S=0), for the record
                    timed = [judge(engine, a.build, ident, copy, a.backend, 1000 + r,
                                   a.every_case, {"CUDAJUDGE_REFERENCE_KEPT_S": "0"})
                             for r in range(a.runs)]
                    row["again_timed"] = median([s["phases_s"].get("total", 0.0)
                                                 for s in timed])
            row["ratio"] = row["total"] / max(row["compile"] + row["link"], 1e-3)
            rows.append(row)
            emulated = last.get("backend") == "emu"
            over = row["total"] - row["compile"] - row["link"]
            if emulated:
                if row["total"] > GOALS["emulator"]:
                    misses.append("%s %s: %.2f s on the emulator (goal %.1f s)" % (
                        ident, kind, row["total"], GOALS["emulator"]))
            else:
                limit = GOALS["accepted" if row["verdict"] == "AC" else "wrong"]
                if over > limit:
                    slow = row["slowest_case"]
                    misses.append("%s %s: total %.2f s is compile + link + %.2f s (goal +%.1f s)"
                                  % (ident, kind, row["total"], over, limit)
                                  + ("; slowest case '%s' %.2f s" % tuple(slow) if slow else ""))
                if row["compile"] > GOALS["compile"]:
                    misses.append("%s %s: compile %.2f s (goal %.1f s)" % (
                        ident, kind, row["compile"], GOALS["compile"]))
                if kind == "ref" and row["again"] > GOALS["again"]:
                    misses.append("%s: judged again %.2f s (goal %.1f s)" % (
                        ident, row["again"], GOALS["again"]))
    shutil.rmtree(copies, ignore_errors=True)
    fb = first_build() if a.first_build else None
    if a.first_build and (fb is None or fb > 60):
        misses.append("first build: %s (goal 60 s)" % (
            "failed" if fb is None else "%.0f s" % fb))
    print("machine: %s" % machine())
    if warm_up:
        print("warm-up (not counted): %s's reference, %.2f s" % (
            ids[0], warm_up["phases_s"].get("total", 0.0)))
    print("backend: %s, %d runs each, medians in seconds" % (
        ",".join(sorted(backend_seen)), a.runs))
    head = "%-18s %-4s %-4s" % ("exercise", "file", "verd") + "".join(
        " %8s" % p[:8] for p in PHASES + ("other", "total", "answered", "wall", "again",
                                           "ratio"))
    print(head)
    for r in rows:
        line = "%-18s %-4s %-4s" % (r["id"], r["file"], r["verdict"])
        line += "".join(" %8.2f" % r[p] for p in PHASES + ("other", "total", "answered", "wall"))
        line += " %8s" % ("%.2f" % r["again"] if "again" in r else "-")
        line += " %8.2f" % r["ratio"]
        print(line)
    if fb is not None:
        print("first build: %.1f s" % fb)
    for r in rows:
        if "again_timed" in r:
            print("%s: judged again %.2f s with the reference's median kept from its last run, "
                  "%.2f s with the reference timed again" % (r["id"], r["again"],
                                                             r["again_timed"]))
    for m in misses:
        print("MISSED: " + m)
    print("goals: %s -- %s" % (", ".join("%s %.1f s" % kv for kv in GOALS.items()),
                               "all met" if not misses else "%d missed" % len(misses)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"machine": machine(), "rows": rows, "first_build_s": fb,
                       "missed": misses}, f, indent=1)
    if a.check and misses:
        sys.exit(1)


if __name__ == "__main__":
    main()
