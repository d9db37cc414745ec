#!/usr/bin/env python3
"""A snapshot of what the judge says about every file `judge.py check` judges,
so that a change meant to keep behaviour (a reshaping of the engine or the
driver) can show that it did: record before, record after, diff.

    python3 tests/snapshot.py engine --out DIR [--seed N] [--jobs N] [ID...]
        judges every reference, template and corpus file on the CPU emulator
        with one fixed seed (`judge.py ID FILE --emulate --seed N --json`) and
        writes DIR/engine.jsonl: one line per file, the JSON the engine gave,
        without what depends on the machine's speed (phases_s, seconds).
    python3 tests/snapshot.py terminal --replay DIR/engine.jsonl --out DIR
        replays each recorded judgement through the driver with the test
        suite's stand-in engine (tests/python/fake_engine.py, FAKE_REPLAY) and
        writes DIR/terminal.txt: what a learner's terminal showed, in English
        and in Chinese, without the line of phase times.

Then `diff before/engine.jsonl after/engine.jsonl` (and terminal.txt): empty
but for intended changes.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

# What varies with the machine and its load, not with the judge's behaviour.
SPEED_KEYS = {"phases_s", "seconds", "execution_time", "time_ms", "wall_s"}
PHASE_LINE = re.compile(r"^(compile|编译) .*\d+(\.\d+)? s")


def files_to_judge(ids):
    from cudajudge_cli.commands.check import files_to_check
    from cudajudge_cli.core.workspace import Workspace

    ws = Workspace()
    catalog = ws.catalog()
    chosen = []
    for problem in catalog:
        if ids and problem["id"] not in ids:
            continue
        for path, _ in files_to_check(ws, problem):
            chosen.append((problem["id"], path))
    return chosen


def without_speed(value):
    if isinstance(value, dict):
        return {k: without_speed(v) for k, v in sorted(value.items()) if k not in SPEED_KEYS}
    if isinstance(value, list):
        return [without_speed(v) for v in value]
    return value


def judge_one(problem_id, path, seed):
    argv = [sys.executable, os.path.join(ROOT, "judge.py"), problem_id, path, "--emulate",
            "--seed", str(seed), "--json", "--lang", "en"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    record = {"id": problem_id, "path": path, "exit": done.returncode,
              "lines": [without_speed(json.loads(line)) for line in lines]}
    if not lines:
        record["stderr"] = done.stderr[-2000:]
    return record


def record_engine(options):
    chosen = files_to_judge(set(options.ids))
    os.makedirs(options.out, exist_ok=True)
    records = [None] * len(chosen)
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        futures = {pool.submit(judge_one, pid, path, options.seed): i
                   for i, (pid, path) in enumerate(chosen)}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            records[futures[future]] = future.result()
            print(f"\r{done}/{len(chosen)} judged", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    target = os.path.join(options.out, "engine.jsonl")
    with open(target, "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(records)} files: {target}")
    return 0


def render_terminal(options):
    fake = os.path.join(ROOT, "tests", "python", "fake_engine.sh")
    os.makedirs(options.out, exist_ok=True)
    target = os.path.join(options.out, "terminal.txt")
    with open(options.replay, encoding="utf-8") as source, \
            open(target, "w", encoding="utf-8") as out, \
            tempfile.TemporaryDirectory() as scratch:
        for line in source:
            record = json.loads(line)
            summaries = [l for l in record["lines"] if l.get("type") == "summary"]
            if not summaries:
                continue
            replay = os.path.join(scratch, "replay.jsonl")
            with open(replay, "w", encoding="utf-8") as r:
                r.write(json.dumps(summaries[-1]) + "\n")
            for lang in ("en", "zh"):
                env = dict(os.environ, CUDAJUDGE_ENGINE=fake, FAKE_REPLAY=replay,
                           FAKE_REPLAY_FILE=record["path"], FAKE_NO_DEVICE="1",
                           CUDAJUDGE_STATE=os.path.join(scratch, "state"), NO_COLOR="1")
                done = subprocess.run(
                    [sys.executable, os.path.join(ROOT, "judge.py"), record["id"],
                     record["path"], "--emulate", "--seed", "1", "--lang", lang,
                     "--color", "never"],
                    cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
                shown = [l for l in (done.stdout + done.stderr).splitlines()
                         if not PHASE_LINE.match(l.strip())]
                out.write(f"==== {record['path']} ({lang}, exit {done.returncode})\n")
                out.write("\n".join(shown) + "\n")
    print(target)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    engine = sub.add_parser("engine", help="judge every file on the emulator")
    engine.add_argument("--out", required=True)
    engine.add_argument("--seed", type=int, default=20261202)
    engine.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    engine.add_argument("ids", nargs="*")
    terminal = sub.add_parser("terminal", help="replay through the driver")
    terminal.add_argument("--replay", required=True)
    terminal.add_argument("--out", required=True)
    options = parser.parse_args()
    return record_engine(options) if options.what == "engine" else render_terminal(options)


if __name__ == "__main__":
    sys.exit(main())
