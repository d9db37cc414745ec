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
     with the object check's message, both times (a CE is never kept).
Exits 77 (meson's SKIP) without a CUDA device, 1 when a check fails.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


def judge(build, ident, path):
    cmd = [os.path.join(build, "cudajudge"), "judge", "--root", ROOT, "--build", build,
           "--id", ident, "--file", path, "--seed", "7", "--backend", "gpu"]
    out = subprocess.run(cmd, capture_output=True, text=True, errors="replace").stdout
    for line in reversed(out.splitlines()):
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if "verdict" in event and "phases_s" in event:
            return event
    return None


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
    print(f"host-driven build: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
