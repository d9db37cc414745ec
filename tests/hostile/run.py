#!/usr/bin/env python3
"""The hostile corpus (tests/hostile/<exercise>/*.cu): judges every attack,
checks its verdict is the one its `// expect-<backend>:` line names (never
AC; a RULE twice, the second time from the rules cache), that it left no
trace outside its scratch folder (modes and times of build/cudajudge and of
the repository's tracked files, nothing new in /dev/shm, /tmp or build/),
and then that the exercise's reference is still AC: after every attack
whose code ran (not CE), and once after all the exercise's attacks, as
caches outlive the attack that wrote them (--reference-after each: after
every attack). A file with an `// expect-jail:` line is judged a second
time on the emulator as on a machine without nvcc (NVCC=none): its host
code, refused by the device-only check elsewhere, then runs, and only the
jail holds it. Files with a `hostile-grading` line are judged with
--grading; a hard link to each reference is judged so too.

  python3 tests/hostile/run.py [--build DIR] [--backend emu|gpu] [NAME...]

Used by meson test (suite hostile) on the emulator and by hand on a GPU
host (--backend gpu). Exit status 0 when all held, 1 otherwise, 77 when the
engine was not built. An attack marked `open-until: trusted runner (BACKEND)`
whose verdict differs on that backend is reported as OPEN, not as a pass.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPECT = re.compile(r"//\s*expect-([A-Za-z0-9_]+)\s*:\s*([A-Za-z]+(?:\|[A-Za-z]+)*)")


def expectations(path):
    found, grading, open_on = {}, False, set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for i, line in enumerate(f):
            if i >= 40:
                break
            m = EXPECT.search(line)
            if m:
                found[m.group(1)] = m.group(2)
            grading |= "hostile-grading" in line
            m = re.search(r"open-until: trusted runner \(([a-z, ]+)\)", line)
            if m:
                open_on |= {b.strip() for b in m.group(1).split(",")}
    return found, grading, open_on


def traces(build):
    """What a judgement must not change: (path -> (mode, mtime, ctime))."""
    seen = {}
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=False).stdout.decode().split("\0")
    for name in [n for n in names if n] + [os.path.relpath(os.path.join(build, "cudajudge"), ROOT)]:
        try:
            st = os.lstat(os.path.join(ROOT, name))
        except OSError:
            continue
        seen[name] = (st.st_mode, st.st_mtime_ns, st.st_ctime_ns)
    for folder in ("/dev/shm", "/tmp", build, os.path.join(build, "work")):
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        for entry in entries:
            if folder == "/tmp" and not entry.startswith("cudajudge-hostile"):
                continue  # /tmp is shared with everything else on the machine
            seen[os.path.join(folder, entry)] = "present"
    return seen


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def judge(engine, build, problem, path, backend, grading, env=None):
    cmd = [engine, "judge", "--root", ROOT, "--build", build, "--id", problem,
           "--file", path, "--backend", backend, "--no-perf"]
    if grading:
        cmd.append("--grading")
    try:
        out = subprocess.run(cmd, capture_output=True, timeout=900, check=False,
                             env=env).stdout
    except subprocess.TimeoutExpired:
        return "HANG", "the engine did not finish in 900 s"
    for line in reversed(out.decode("utf-8", "replace").splitlines()):
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if obj.get("type") == "summary":
            return obj.get("verdict", "?"), obj.get("message", "")
    return "NONE", "no summary line"


def changed(before, after, build):
    """New or changed entries, except the engine's own (build/work/<id>-<pid>-<tag>
    while it runs, caches it keeps)."""
    out = []
    for key, value in after.items():
        if before.get(key) != value:
            if key.startswith(os.path.join(build, "")) and value == "present":
                rel = os.path.relpath(key, build)
                if rel in ("cache", "work", "device.lock", "device.turn", "device.json"):
                    continue
            m = re.match(re.escape(os.path.join(build, "work", "")) + r".*-(\d+)-[0-9a-f]+$", key)
            if m and alive(int(m.group(1))):
                continue  # another engine's, still judging
            out.append(key)
    return out


def reference_still_ac(engine, build, problem, reference, backend, after, failures):
    """The judge still works after an attack: the reference is AC."""
    verdict, message = judge(engine, build, problem, reference, backend, False)
    print(f"{'ok  ' if verdict == 'AC' else 'FAIL'} {verdict:5} reference/{problem}.cu "
          f"after {after}", flush=True)
    if verdict != "AC":
        print(f"       {message[:300]}")
        failures.append(f"reference after {after}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--backend", default="emu", choices=("emu", "gpu"))
    ap.add_argument("--reference-after", choices=("each", "ran", "end"), default="ran",
                    help="judge the reference after every attack, after every attack whose "
                         "code ran (not CE; the default), or only once per exercise at the "
                         "end (always done)")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    engine = os.path.join(build, "cudajudge")
    if not os.access(engine, os.X_OK):
        print(f"SKIP: {engine} is not built")
        return 77
    here = os.path.dirname(os.path.abspath(__file__))
    failures, opened, count = [], [], 0
    for problem in sorted(os.listdir(here)):
        folder = os.path.join(here, problem)
        reference = os.path.join(ROOT, "reference", problem + ".cu")
        if not os.path.isdir(folder) or not os.path.isfile(reference):
            continue  # not an exercise's folder (__pycache__, say)
        files = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".cu")]
        with tempfile.TemporaryDirectory(dir=build, prefix="hostile-") as tmp:
            link = os.path.join(tmp, "hard_link_to_reference.cu")
            os.link(reference, link)  # a hard link cannot live in git: made here
            judged = 0
            for path in files + [link]:
                name = os.path.basename(path)
                if args.names and name not in args.names and name[:-3] not in args.names:
                    continue
                exp, grading, open_on = expectations(path) if path != link else ({}, True, set())
                want = exp.get(args.backend, "RULE" if path == link else "?")
                before = traces(build)
                judged += 1
                verdict, message = judge(engine, build, problem, path, args.backend, grading)
                if verdict == "TLE" and "TLE" not in want.split("|"):
                    # a loaded machine, as `judge.py check` does: judged again
                    verdict, message = judge(engine, build, problem, path, args.backend, grading)
                if verdict == "RULE":
                    # the second judgement reads the rules check from its cache:
                    # the cached scan must hold every finding of the first
                    again, message2 = judge(engine, build, problem, path, args.backend, grading)
                    if again != verdict:
                        verdict, message = again, "from the rules cache: " + message2
                after = traces(build)
                left = [t for t in changed(before, after, build) if not t.startswith(tmp)]
                count += 1
                ok = verdict != "AC" and verdict in want.split("|") and not left
                tag = "ok  " if ok else ("OPEN" if args.backend in open_on else "FAIL")
                print(f"{tag} {verdict:5} (expected {want}) {problem}/{name}", flush=True)
                if not ok:
                    print(f"       {message[:400]}")
                    for t in left:
                        print(f"       left a trace: {t}")
                    (opened if tag == "OPEN" else failures).append(name)
                ran = verdict != "CE"
                if "jail" in exp and args.backend == "emu":
                    ran = True
                    # Host code is refused by the device-only check wherever nvcc
                    # is; judged as on a machine without the toolkit, the emulator
                    # runs it, and only the jail (docs/security.md) stands between
                    # it and the judge.
                    count += 1
                    jail_env = dict(os.environ, NVCC="none")
                    before = traces(build)
                    verdict, message = judge(engine, build, problem, path, "emu", grading,
                                             jail_env)
                    left = [t for t in changed(before, traces(build), build)
                            if not t.startswith(tmp)]
                    want = exp["jail"]
                    ok = verdict != "AC" and verdict in want.split("|") and not left
                    print(f"{'ok  ' if ok else 'FAIL'} {verdict:5} (expected {want}) "
                          f"{problem}/{name} without nvcc, in the jail", flush=True)
                    if not ok:
                        print(f"       {message[:400]}")
                        for t in left:
                            print(f"       left a trace: {t}")
                        failures.append(name + " (jail)")
                if args.reference_after == "each" or (args.reference_after == "ran" and ran):
                    reference_still_ac(engine, build, problem, reference, args.backend, name,
                                       failures)
            # whatever an attack left in the caches (rules, modules) outlives it
            if judged:
                reference_still_ac(engine, build, problem, reference, args.backend,
                                   f"all {problem} attacks", failures)
    print(f"{count} attacks: {count - len(failures) - len(opened)} held, "
          f"{len(opened)} open until the trusted runner, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
