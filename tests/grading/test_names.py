#!/usr/bin/env python3
"""No folder name changes a verdict (issue 25, item 5), on the emulator.

The same correct and wrong files are judged under folder names that are plain ASCII,
hold a space, accented letters, CJK, an emoji, quotes, or start with a dash:

- one by one, `judge.py warp_scan FILE` (FILE absolute; for a space and a leading dash
  also relative, as ./NAME/warp_scan.cu);
- as a class, `judge.py grade ROSTER` with one student folder per name;

and every verdict, every case's verdict and every point equals the plain name's. A line
marker's path in the compiled code was read without its escapes, so that a correct
warp_scan in `José Müller/` was RULE ("never uses shfl.sync"): the engine's fix is the
branch `inspect`'s (harness/engine/inspect/); until it is merged this test fails there.

    python3 tests/grading/test_names.py --root SRC --build BUILD
Exit 0 pass, 1 fail, 77 skip (no engine or emulator in BUILD).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

NAMES = ["plain", "with space", "José Müller", "学生 一", "emoji 🙂", "O'Brien \"q\"", "-dash"]
FILES = {  # exercise -> (correct, wrong), corpus files
    "warp_scan": ("tests/submissions/warp_scan/accepted/shfl_up_loop.cu",
                  "tests/submissions/warp_scan/wrong_answer/shfl_down.cu"),
    "smem_reverse": ("tests/submissions/smem_reverse/accepted/static_tile.cu",
                     "tests/submissions/smem_reverse/wrong_answer/tiles_not_swapped.cu"),
}
POLICY = """seed: 2525
exercises:
  - id: warp_scan
    points: 10
    correctness: per_case
  - id: smem_reverse
    points: 5
    correctness: per_case
"""
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)
    return ok


def env_for(root, build, tmp):
    env = dict(os.environ, CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build, NO_COLOR="1",
               CUDAJUDGE_STATE=os.path.join(tmp, "state"), PYTHONDONTWRITEBYTECODE="1")
    env.pop("CUDAJUDGE_ENGINE", None)
    return env


def judge_one(root, env, path, cwd):
    """(verdict, [case verdicts]) of judge.py warp_scan FILE --json on the emulator."""
    done = subprocess.run([sys.executable, os.path.join(root, "judge.py"), "warp_scan", path,
                           "--json", "--emulate", "--seed", "77"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    summary = [e for e in events if e.get("type") == "summary"]
    if not summary:
        return "no summary: " + done.stderr.strip()[-300:], []
    rules = summary[-1].get("rules") or {}
    broken = [v.get("rule") for v in rules.get("violations") or []]
    return summary[-1].get("verdict"), [e.get("verdict") for e in events
                                         if e.get("type") == "case"] + broken


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()
    root, build = os.path.abspath(args.root), os.path.abspath(args.build)
    if not os.path.isfile(os.path.join(build, "cudajudge")) or not os.path.isdir(
            os.path.join(build, "harness", "emu")):
        print("SKIP: no engine or emulator in", build)
        return 77
    with tempfile.TemporaryDirectory(prefix="cudajudge-names-") as tmp:
        env = env_for(root, build, tmp)
        # one by one
        for kind, index in (("correct", 0), ("wrong", 1)):
            base = os.path.join(tmp, kind)
            seen = {}
            for name in NAMES:
                os.makedirs(os.path.join(base, name))
                shutil.copyfile(os.path.join(root, FILES["warp_scan"][index]),
                                os.path.join(base, name, "warp_scan.cu"))
                seen[name] = judge_one(root, env, os.path.join(base, name, "warp_scan.cu"), tmp)
                if name in ("with space", "-dash"):  # as a shell user types them
                    relative = judge_one(root, env, os.path.join(".", name, "warp_scan.cu"),
                                         base)
                    check(relative == seen[name], f"{kind} in {name!r}: the same given relative")
            want = "AC" if kind == "correct" else "WA"
            check(seen["plain"][0] == want, f"{kind} under a plain name: {seen['plain'][0]}")
            for name in NAMES[1:]:
                check(seen[name] == seen["plain"],
                      f"judge.py warp_scan: {kind} in {name!r}: {seen[name]}, "
                      f"under a plain name {seen['plain']}")
        # as a class
        roster = os.path.join(tmp, "roster")
        for name in NAMES:
            for exercise, (correct, wrong) in FILES.items():
                os.makedirs(os.path.join(roster, name), exist_ok=True)
                shutil.copyfile(os.path.join(root, correct if exercise == "warp_scan" else wrong),
                                os.path.join(roster, name, exercise + ".cu"))
        policy = os.path.join(tmp, "policy.yaml")
        with open(policy, "w", encoding="utf-8") as f:
            f.write(POLICY)
        out = os.path.join(tmp, "grades")
        done = subprocess.run([sys.executable, os.path.join(root, "judge.py"), "grade", roster,
                               "--policy", policy, "--out", out, "--emulate", "--lines"],
                              cwd=tmp, env=env, capture_output=True, text=True, timeout=1800)
        check(done.returncode == 0, "grade exits 0: " + done.stderr[-500:])
        records = {}
        with open(os.path.join(out, "results.jsonl"), encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                records[(r["student"], r["exercise"])] = (
                    r["verdict"], r["score"]["points"], [c["verdict"] for c in r["cases"]])
        check(records.get(("plain", "warp_scan"), ("?",))[0] == "AC", "grade: plain is AC")
        check(records.get(("plain", "smem_reverse"), ("?",))[0] == "WA", "grade: plain is WA")
        for name in NAMES[1:]:
            for exercise in FILES:
                check(records.get((name, exercise)) == records.get(("plain", exercise)),
                      f"grade: {name!r} {exercise}: {records.get((name, exercise))}, under a "
                      f"plain name {records.get(('plain', exercise))}")
    print("names: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
