#!/usr/bin/env python3
"""The host-driven exercises' build on a GPU (backends/linked.c, build/linked.c).

    python3 tests/gpu/host_driven_build.py [--build build]

Through the engine (build/cudajudge judge ... --backend gpu), for stream_overlap:
  1. a fresh copy of the reference is AC and its test program is built
     (build.cached false); the same file judged again is AC with the program
     kept from the first judgement (build.cached true), and its compile phase
     is the copy's, not nvcc's;
  2. a file the object check refuses (tests/hostile/stream_overlap/
     raw_syscall_asm.cu: the check runs in a child beside the compile) is CE
     with the object check's message, both times (a CE is never kept), and no
     engine timing the reference beside that build is left after it;
  3. the reference's own run: the engine's helper (`judge --reference-time`)
     times it on the timed case alone (one line, a median, one case run, exit
     0); in 1, the first judgement's ratio comes from that run beside the
     build, which the judgement waits for after its own (`timing.ref_from`
     beside_build); the one judged again (a kept build) takes the median that
     run kept (`kept`, with `ref_age_s`); with CUDAJUDGE_REFERENCE_KEPT_S=0 it
     is timed again beside it, and the next judgement takes that newer median;
     no helper is left after any of them.
  4. the host runner (harness/runtime/host_runner.c): the program is a shared
     object that the runner, started beside the build, loads once it is
     built: a judgement's events say the runner started before the compile
     and had its device; a wrong file and an accepted one get the same
     verdicts, case by case, as the program of its own
     (CUDAJUDGE_NO_HOST_RUNNER=1, which starts no runner); after a CE no
     runner is left (2).
  5. a run is timed only once the program run before it has ended: a program
     that said it was done is left to end (its CUDA context and page-locked
     memory let go of), and its device lock with it; stream_overlap's
     reference, judged 8 times while 6 judgements of event_dependency follow
     each other beside it, is AC every time (before: its overlap measured
     1.18x against the 1.33x needed, in 2 of 5, and in 6 of 8 `judge.py check`
     runs of both exercises).
  6. when the reference's run beside the build (3) gives no answer (ended as
     soon as it starts), the reference is timed after the learner's run
     (`after_run`).
Exits 77 (meson's SKIP) without a CUDA device, 1 when a check fails.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def judge(build, ident, path, env=None, events=None, extra=()):
    """The summary of one judgement; its phase events appended to `events`."""
    cmd = [os.path.join(build, "cudajudge"), "judge", "--root", ROOT, "--build", build,
           "--id", ident, "--file", path, "--seed", "7", "--backend", "gpu", *extra]
    out = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                         env=dict(os.environ, **(env or {}))).stdout
    summary = None
    for line in out.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if "verdict" in event and "phases_s" in event:
            summary = event
        elif event.get("type") == "phase" and events is not None:
            events.append(event)
    return summary


def runners_left():
    """The pids of host runners still running."""
    found = []
    for name in os.listdir("/proc"):
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                argv0 = f.read().split(b"\0")[0]
        except OSError:
            continue
        if name.isdigit() and argv0.endswith(b"/cj-host-runner"):
            found.append(int(name))
    return found


def case_verdicts(s):
    return [(c["name"], c["verdict"], c.get("bad")) for c in (s or {}).get("cases") or []]


def helpers_left():
    """The pids of engines timing a reference (`--reference-time`) still running."""
    found = []
    for name in os.listdir("/proc"):
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                words = f.read().split(b"\0")
        except OSError:
            continue
        if name.isdigit() and b"--reference-time" in words:
            found.append(int(name))
    return found


def fresh_copy(folder, name, source):
    with open(os.path.join(ROOT, source)) as f:
        text = f.read()
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text + "\n// host_driven_build.py %d %f\n" % (os.getpid(), time.time()))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    if subprocess.run([os.path.join(build, "cj-probe")], capture_output=True).returncode != 0:
        print("host_driven_build.py: no CUDA device here (cj-probe failed): skipped")
        return 77
    tmp = tempfile.mkdtemp(prefix="cj-host-driven-")

    # 1. built once, kept for the same file judged again
    ref = fresh_copy(tmp, "stream_overlap.cu", "reference/stream_overlap.cu")
    first = judge(build, "stream_overlap", ref)
    again = judge(build, "stream_overlap", ref)
    for name, s in (("first", first), ("again", again)):
        check(s is not None and s["verdict"] == "AC",
              f"the reference is AC ({name}: got {s and s['verdict']})")
    check(first is not None and not (first.get("build") or {}).get("cached"),
          "a fresh copy's test program is built")
    check(again is not None and (again.get("build") or {}).get("cached") is True,
          "judged again, its test program is the one kept")
    if first and again:
        c1, c2 = first["phases_s"].get("compile", 0), again["phases_s"].get("compile", 0)
        print(f"   compile {c1:.2f} s, again {c2:.2f} s")
        check(c2 < c1, "judged again, its compile phase is shorter than nvcc's")
        t1, t2 = first.get("timing") or {}, again.get("timing") or {}
        print(f"   reference timed: {t1.get('ref_from')} ({t1.get('ref_median_ms')} ms), "
              f"again {t2.get('ref_from')} ({t2.get('ref_median_ms')} ms)")
        check(t1.get("ref_from") == "beside_build"
              and (t1.get("ref_median_ms") or 0) > 0 and t1.get("ratio_to_ref"),
              "the first judgement has the reference's time from its run beside the build "
              "and the ratio")
        check(t2.get("ref_from") == "kept" and t2.get("ref_median_ms") == t1.get("ref_median_ms")
              and 0 <= (t2.get("ref_age_s") if t2.get("ref_age_s") is not None else -1) < 120,
              "judged again (a kept build), the reference's median is the one its run beside "
              "the first judgement kept, with its age (ref_from kept)")
        check(helpers_left() == [], f"no engine timing the reference is left ({helpers_left()})")
        # not kept: timed again beside it, and that median kept for the next one
        fresh = judge(build, "stream_overlap", ref, env={"CUDAJUDGE_REFERENCE_KEPT_S": "0"})
        t3 = (fresh or {}).get("timing") or {}
        after = judge(build, "stream_overlap", ref)
        t4 = (after or {}).get("timing") or {}
        print(f"   CUDAJUDGE_REFERENCE_KEPT_S=0: {t3.get('ref_from')} "
              f"({t3.get('ref_median_ms')} ms), then {t4.get('ref_from')} "
              f"({t4.get('ref_median_ms')} ms, {t4.get('ref_age_s')} s old)")
        check(t3.get("ref_from") == "beside_build" and (t3.get("ref_median_ms") or 0) > 0,
              "with CUDAJUDGE_REFERENCE_KEPT_S=0 the reference is timed again beside the "
              "kept build")
        check(t4.get("ref_from") == "kept" and t4.get("ref_median_ms") == t3.get("ref_median_ms"),
              "the next judgement takes that newer median")
        check(helpers_left() == [], f"no engine timing the reference is left ({helpers_left()})")
        # 6. no answer from the run beside the build (ended as soon as it started): the
        # reference is timed after the learner's run
        stop = threading.Event()
        ended = []

        def end_helpers():
            while not stop.is_set():
                for pid in helpers_left():
                    try:
                        os.kill(pid, signal.SIGKILL)
                        ended.append(pid)
                    except OSError:
                        pass
                time.sleep(0.001)

        killer = threading.Thread(target=end_helpers)
        killer.start()
        alone = judge(build, "stream_overlap", ref, env={"CUDAJUDGE_REFERENCE_KEPT_S": "0"})
        stop.set()
        killer.join()
        t5 = (alone or {}).get("timing") or {}
        print(f"   run beside the build ended ({len(ended)} ended): "
              f"{alone and alone['verdict']}, {t5.get('ref_from')} "
              f"({t5.get('ref_median_ms')} ms, ratio {t5.get('ratio_to_ref')})")
        check(alone is not None and alone["verdict"] == "AC" and ended
              and t5.get("ref_from") == "after_run" and (t5.get("ref_median_ms") or 0) > 0
              and t5.get("ratio_to_ref"),
              "with no answer from the run beside the build, the reference is timed after "
              "the learner's run (ref_from after_run), with the ratio")

    # 2. the object check, beside the compile, still decides
    hostile = fresh_copy(tmp, "raw_syscall_asm.cu",
                         "tests/hostile/stream_overlap/raw_syscall_asm.cu")
    for name in ("first", "again"):
        s = judge(build, "stream_overlap", hostile)
        check(s is not None and s["verdict"] == "CE" and "system call" in s.get("message", "")
              + (s.get("compile_log") or ""),
              f"a file with a system call instruction is CE by the object check ({name}: got "
              f"{s and s['verdict']}: {s and (s.get('compile_log') or s.get('message'))[:160]})")
        check(s is not None and not (s.get("build") or {}).get("cached"),
              f"a CE is not kept ({name})")
        check(helpers_left() == [],
              f"no engine timing the reference is left after the CE ({helpers_left()})")
        check(runners_left() == [], f"no host runner is left after the CE ({runners_left()})")

    # 4. the host runner: started beside the build, the same verdicts as the program
    # of its own
    for ident, source in (("stream_overlap", "reference/stream_overlap.cu"),
                          ("stream_overlap", "tests/submissions/stream_overlap/wrong_answer/"
                                             "remainder_dropped.cu"),
                          ("event_dependency", "reference/event_dependency.cu"),
                          ("event_dependency", "templates/event_dependency.cu")):
        path = fresh_copy(tmp, os.path.basename(source), source)
        events = []
        hosted = judge(build, ident, path, events=events)
        own = judge(build, ident, path, env={"CUDAJUDGE_NO_HOST_RUNNER": "1"})
        at = {(e["phase"], e["state"]): e.get("at") for e in events}
        where = f"{ident} {os.path.basename(source)}"
        check(("runner", "started") in at and ("runner", "ready") in at
              and at[("runner", "started")] <= at.get(("compile", "start"), -1),
              f"{where}: the host runner started before the compile and had its device "
              f"({sorted(k for k in at if k[0] == 'runner')})")
        check(hosted is not None and own is not None and hosted["verdict"] == own["verdict"]
              and case_verdicts(hosted) == case_verdicts(own),
              f"{where}: the same verdicts in the host runner as in a program of its own "
              f"({hosted and hosted['verdict']} / {own and own['verdict']})")
        print(f"   {where}: {hosted and hosted['verdict']}, run_start "
              f"{hosted and hosted['phases_s']['run_start']} s in the runner, "
              f"{own and own['phases_s']['run_start']} s on its own")
    check(runners_left() == [], f"no host runner is left ({runners_left()})")

    # 5. no run timed while the program before it ends
    beside = fresh_copy(tmp, "wait_default_flag.cu",
                        "tests/submissions/event_dependency/accepted/wait_default_flag.cu")
    judge(build, "event_dependency", beside)  # built once: the loops below judge it kept
    stop = threading.Event()

    def judge_beside():
        while not stop.is_set():
            judge(build, "event_dependency", beside, extra=["--no-perf"])

    loops = [threading.Thread(target=judge_beside) for _ in range(6)]
    for t in loops:
        t.start()
    time.sleep(2)
    speedups = []
    for _ in range(8):
        s = judge(build, "stream_overlap", ref, extra=["--no-perf"])
        speed = [c["speed"]["speedup"] for c in (s or {}).get("cases") or []
                 if c.get("speed")]
        speedups.append((s and s["verdict"], speed[0] if speed else None))
    stop.set()
    for t in loops:
        t.join()
    print(f"   stream_overlap's reference beside 6 event_dependency judgements: {speedups}")
    check(all(v == "AC" for v, _ in speedups),
          "stream_overlap's reference is AC every time, judged while other judgements "
          "start and end beside it")

    # 3. the helper itself
    cmd = [os.path.join(build, "cudajudge"), "judge", "--root", ROOT, "--build", build,
           "--id", "stream_overlap", "--file", os.path.join(ROOT, "reference",
                                                            "stream_overlap.cu"),
           "--seed", "7", "--backend", "gpu", "--reference-time"]
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    lines = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("{")]
    last = lines[-1] if lines else {}
    print(f"   --reference-time: exit {p.returncode}, {last}")
    check(p.returncode == 0 and last.get("type") == "reference"
          and (last.get("median_ms") or 0) > 0 and last.get("cases_run") == 1,
          "the engine's --reference-time times the reference on the timed case alone")
    print(f"host-driven build: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
