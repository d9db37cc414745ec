#!/usr/bin/env python3
"""The runner started beside the build (harness/engine/run/warm_runner.h), on a GPU.

    python3 tests/gpu/warm_runner.py [--build build]

Three checks, each through the engine (build/cudajudge judge ... JSON events):
  1. started before the module exists, it gets the module and gives the verdict:
     a fresh copy of warp_scan's reference (so that nvcc really compiles it) is AC,
     the runner's "started" event comes before the compile's "done", and the runner
     had its device ("ready") before the compile ended;
  2. a compile error ends the runner at once: a file that does not compile is CE,
     and once the engine has printed its summary no runner of it is left;
  3. the device lock is not held while a runner starts: this script holds the lock
     alone for 3 s; the runner is ready before the lock is let go, and the run
     starts only after it; meanwhile the waiting runner's environment asks for one
     hardware queue (CUDA_DEVICE_MAX_CONNECTIONS=1: backends/gpu.c);
  4. a learner's judgement (--skip-big-after-wrong, as judge.py asks) of a wrong
     file: the runner asks before the timed case and the engine says no, so the
     timed case is SKIP (case_left_out) while the others keep their verdicts;
     without it (a grade, check) the timed case is run and WA.
Exits 77 (meson's SKIP) without a CUDA device, 1 when a check fails.
"""
import argparse
import fcntl
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from cudajudge_cli.core.engine import parse_engine_line  # noqa: E402 (after ROOT)

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def runners_of(engine_pid=None):
    """The pids of cj-runner processes whose parent is engine_pid (None: any)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if engine_pid in (None, ppid) and "cj-runner-" in cmd:
            found.append(int(name))
    return found


def judge(build, ident, path, on_summary=None, env=None, extra=()):
    """Runs the engine; returns (events, summary, runners left when the summary came)."""
    cmd = [os.path.join(build, "cudajudge"), "judge", "--root", ROOT, "--build", build,
           "--id", ident, "--file", path, "--seed", "7", "--backend", "gpu"] + list(extra)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=env)
    events, summary, left = [], None, None
    for line in p.stdout:
        event, _ = parse_engine_line(line)
        if not event:
            continue
        events.append(event)
        if "verdict" in event and "phases_s" in event:
            summary = event
            left = runners_of(p.pid)
            if on_summary:
                on_summary()
    p.wait()
    return events, summary, left


def at(events, phase, state):
    for e in events:
        if e.get("type") == "phase" and e.get("phase") == phase and e.get("state") == state:
            return e.get("at")
    return None


def fresh_copy(folder, ident, text):
    path = os.path.join(folder, ident + ".cu")
    with open(path, "w") as f:
        f.write(text + "\n// warm_runner.py %d %f\n" % (os.getpid(), time.time()))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    if subprocess.run([os.path.join(build, "cj-probe")], capture_output=True).returncode != 0:
        print("warm_runner.py: no CUDA device here (cj-probe failed): skipped")
        return 77
    env = dict(os.environ)
    env.pop("CUDAJUDGE_NO_WARM_RUNNER", None)
    env.pop("CUDAJUDGE_SHARE_DEVICE", None)
    tmp = tempfile.mkdtemp(prefix="cj-warm-")
    with open(os.path.join(ROOT, "reference", "warp_scan.cu")) as f:
        reference = f.read()

    # 1. started before the module, it runs it
    events, s, _ = judge(build, "warp_scan", fresh_copy(tmp, "warp_scan", reference), env=env)
    started, compiled = at(events, "runner", "started"), at(events, "compile", "done")
    ready, run = at(events, "runner", "ready"), at(events, "run", "start")
    print(f"   runner started {started}, ready {ready}; compile done {compiled}; run {run}")
    check(s is not None and s["verdict"] == "AC", "a fresh reference is AC with the runner "
          f"started early (got {s and s['verdict']})")
    check(started is not None and compiled is not None and started < compiled,
          "the runner started before the compile ended")
    check(ready is not None and compiled is not None and ready <= compiled + 0.05,
          "the runner had its device by the end of the compile")
    check(s is not None and not (s.get("build") or {}).get("cached"),
          "the module was compiled, not taken from the cache")

    # 2. a compile error ends it at once
    broken = fresh_copy(tmp, "warp_scan", reference + "\nthis is not C++;\n")
    events, s, left = judge(build, "warp_scan", broken, env=env)
    check(s is not None and s["verdict"] == "CE", f"a file that does not compile is CE "
          f"(got {s and s['verdict']})")
    check(at(events, "runner", "started") is not None, "its runner had been started")
    check(left == [], f"no runner is left when the CE is said (left: {left})")

    # 3. no device lock while it starts
    lock = open(os.path.join(build, "device.lock"), "a+")
    fcntl.flock(lock, fcntl.LOCK_EX)
    t0 = time.monotonic()
    released = {}

    def let_go():
        time.sleep(2)
        for pid in runners_of():
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    released.setdefault("environs", []).append(f.read().split(b"\0"))
            except OSError:
                pass
        time.sleep(1)
        released["at"] = time.monotonic() - t0
        fcntl.flock(lock, fcntl.LOCK_UN)

    holder = threading.Thread(target=let_go)
    holder.start()
    events, s, _ = judge(build, "warp_scan", fresh_copy(tmp, "warp_scan", reference), env=env)
    holder.join()
    lock.close()
    ready, run = at(events, "runner", "ready"), at(events, "run", "start")
    print(f"   lock let go at {released.get('at'):.2f} s; runner ready {ready}; run {run}")
    check(s is not None and s["verdict"] == "AC", f"AC after the wait (got {s and s['verdict']})")
    check(ready is not None and ready < 2.5,
          "the runner had its device while another program held the device lock")
    check(run is not None and run >= 2.5, "its run started only once the lock was free")
    environs = released.get("environs") or []
    check(environs and all(b"CUDA_DEVICE_MAX_CONNECTIONS=1" in e for e in environs),
          f"the waiting runner has one hardware queue ({len(environs)} runner(s) seen)")

    # 4. big cases after a wrong one left out, when asked
    wrong = os.path.join(ROOT, "templates", "warp_vote.cu")

    def timed_of(summary):
        return next((c for c in (summary or {}).get("cases", []) if c["name"] == "timed"), {})

    _, quick, _ = judge(build, "warp_vote", wrong, extra=["--skip-big-after-wrong"])
    _, full, _ = judge(build, "warp_vote", wrong)
    print(f"   warp_vote's template: timed case {timed_of(quick).get('verdict')} "
          f"(left out), {timed_of(full).get('verdict')} (every case)")
    check(quick is not None and quick["verdict"] == "WA"
          and timed_of(quick).get("verdict") == "SKIP"
          and timed_of(quick).get("detail_code") == "case_left_out",
          "a learner's judgement of a wrong file leaves the timed case out")
    check(full is not None and timed_of(full).get("verdict") == "WA",
          "every case run: the timed case is run and wrong")
    if quick and full:
        others = [(c["name"], c["verdict"]) for c in quick["cases"] if c["name"] != "timed"]
        check(others == [(c["name"], c["verdict"]) for c in full["cases"]
                         if c["name"] != "timed"],
              "the other cases keep their verdicts")
    print("warm runner: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
