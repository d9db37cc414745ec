#!/usr/bin/env python3
"""How soon `judge.py watch` starts judging after a save (issue goal: 250 ms).

    python3 bench/watch_latency.py [--saves N] [--interval SECONDS]

Runs the real driver (`judge.py watch warp_scan`) in a throw-away repository
layout whose engine is the stand-in of the tests (tests/python/fake_engine.sh)
behind a wrapper that notes the moment it is started. Each save rewrites
exercises/warp_scan.cu; the latency is the time from the write to the first
engine start after it. Prints every latency, the median and the slowest, and
exits 1 with --check when the slowest is over the goal. Machine-independent
enough to read on any machine: the stand-in engine answers at once, so what is
measured is the driver's polling and start-up, not a compile.
"""
import argparse
import os
import queue
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE = os.path.join(ROOT, "tests", "python", "fake_engine.sh")
GOAL_S = 0.25


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def stamps(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [float(line) for line in f if line.strip()]
    except OSError:
        return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--saves", type=int, default=10)
    ap.add_argument("--interval", help="passed to watch --interval (else its default)")
    ap.add_argument("--check", action="store_true", help="exit 1 when over the goal")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="cudajudge-watch-") as root:
        for folder in ("exercises", "templates", "reference"):
            write(os.path.join(root, folder, "warp_scan.cu"), f"// {folder} copy\n")
        log = os.path.join(root, "starts.txt")
        wrapper = os.path.join(root, "engine.sh")
        write(wrapper, "#!/bin/sh\n"
                       f"date +%s.%N >> {shlex.quote(log)}\n"
                       f"exec {shlex.quote(FAKE)} \"$@\"\n")
        os.chmod(wrapper, 0o755)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CUDAJUDGE_", "FAKE_"))}
        env.update(CUDAJUDGE_ENGINE=wrapper, CUDAJUDGE_ROOT=root, LANG="C.UTF-8",
                   CUDAJUDGE_BUILD=os.path.join(root, "build"), FAKE_PYTHON=sys.executable,
                   FAKE_LOG=os.path.join(root, "calls.jsonl"))
        argv = [sys.executable, os.path.join(ROOT, "judge.py"), "watch", "warp_scan"]
        if args.interval:
            argv += ["--interval", args.interval]
        child = subprocess.Popen(argv, cwd=root, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in child.stdout] + [lines.put(None)],
                         daemon=True).start()

        def wait_idle():
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    line = lines.get(timeout=1)
                except queue.Empty:
                    continue
                if line is None:
                    sys.exit("watch_latency: watch ended early")
                if line.startswith("waiting for you to save"):
                    return
            sys.exit("watch_latency: no judgement ended within 30 s")

        latencies = []
        try:
            wait_idle()
            for i in range(args.saves):
                time.sleep(0.3)  # a learner does not save twice in one poll
                before = len(stamps(log))
                t0 = time.time()
                write(os.path.join(root, "exercises", "warp_scan.cu"), f"// save {i}\n")
                wait_idle()
                new = stamps(log)[before:]
                if not new:
                    sys.exit("watch_latency: the save started no judgement")
                latencies.append(new[0] - t0)
        finally:
            child.terminate()
            child.wait(timeout=20)
    median, worst = statistics.median(latencies), max(latencies)
    print("save -> judgement started (s): " + " ".join(f"{x:.3f}" for x in latencies))
    print(f"median {median:.3f} s, slowest {worst:.3f} s, goal <= {GOAL_S} s: "
          f"{'met' if worst <= GOAL_S else 'missed'}")
    return 1 if args.check and worst > GOAL_S else 0


if __name__ == "__main__":
    sys.exit(main())
