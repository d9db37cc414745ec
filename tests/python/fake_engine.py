#!/usr/bin/env python3
"""A stand-in for build/cudajudge, used by test_judge.py through CUDAJUDGE_ENGINE.

It speaks the engine's command-line interface (catalog, judge, device) with
canned answers, so that judge.py can be tested without a build or a GPU.

The verdict of `judge` comes from, in order:
    FAKE_VERDICT=WA                 every file gets this verdict
    a `// fake-verdict-alone: WA`   in the judged file, when CUDAJUDGE_DEVICE_ALONE
                                    is set (a run that has the device to itself)
    a `// fake-verdict: WA` line    in the judged file
    the file's place                reference/ -> AC, templates/ -> WA,
                                    tests/submissions/<id>/<folder>/ -> the folder's
                                    verdict, anything else -> AC
Other switches:
    FAKE_CRASH=1          judge: print one phase line, then die of SIGSEGV
    FAKE_GARBAGE=1        judge: print a line that is not JSON
    FAKE_NO_SUMMARY=1     judge: exit 1 after the cases, without a summary
    FAKE_CATALOG_ERROR=1  catalog: reject problems.yaml (exit 2)
    policy, fingerprint   a grading policy (a JSON object) answered as validated; a hash
                          of problems.yaml and harness/problems/** (the engine's covers
                          more: tests/unit/test_build_cache.py)
    FAKE_FINGERPRINT=TEXT fingerprint: answer TEXT instead (an engine gone wrong)
    FAKE_CATALOG=PATH     catalog: answer the JSON in PATH (a real engine's `catalog`,
                          e.g. to replay every exercise's judgements: tests/snapshot.py)
    FAKE_NO_DEVICE=1      no GPU: device says so; judge (backend auto) uses the
                          emulator, and `--backend gpu` gives JE unless CE
    FAKE_DEVICE_ERROR     with FAKE_NO_DEVICE: the device's error text
    FAKE_PROGRAM_OUTPUT   judge: what the learner's program printed
    FAKE_LOG=PATH         append each call's arguments to PATH as a JSON line
    FAKE_SLEEP=SECONDS    judge: wait this long after compiling (a slow run)
    FAKE_WAIT_S=SECONDS   judge: the summary's wait for the device (default 0.01)
    FAKE_PID_FILE=PATH    judge: write the engine's process id to PATH
    FAKE_REPLAY=PATH      judge: replay a summary recorded by a real engine (JSON
                          lines, e.g. tests/gpu/run.sh's summaries.jsonl): the one
                          whose "file" FAKE_REPLAY_FILE or a `// fake-replay: FILE`
                          line of the judged file names, else the first for the
                          exercise; its cases are printed first, and "file"
                          becomes the judged file
"""

import argparse
import hashlib
import json
import os
import re
import signal
import sys
import time

# What a timed case is set against: the copy (the default), the exercise's ceiling,
# or nothing (a time that is not about bandwidth), as the engine's catalog says.
PERF = {
    "atomic_max_float": {"n": 1 << 24, "bytes_per_elem": 12, "reps": 10, "bandwidth": True,
                         "ceiling": {"pct_of_copy": 54.9, "en": "4096 contended slots",
                                     "zh": "4096 个争用的槽位"}},
    "warp_allreduce": {"n": 1 << 20, "bytes_per_elem": 16, "reps": 10, "bandwidth": False},
}

PROBLEMS = [
    ("warp_scan", ["warp_inclusive_scan"], "sync-warp", "Warp inclusive scan",
     "warp 内包含式前缀和", "__device__ int warp_inclusive_scan(int v)"),
    ("warp_reduce", [], "sync-warp", "Warp reduce", "warp 归约",
     "__device__ int warp_reduce(int v)"),
    ("warp_allreduce", [], "sync-warp", "Warp all-reduce", "warp 全归约",
     "__device__ int warp_allreduce(int v)"),
    ("block_reduce_sum", [], "sync-warp", "Block sum", "块内求和",
     "__device__ float block_reduce_sum(float v)"),
    ("atomic_max_float", [], "sync-warp", "Atomic max of floats", "浮点原子最大值",
     "__device__ float atomicMaxFloat(float* addr, float val)"),
]

# Exercises that only a GPU can judge (backend auto without a device: JE).
GPU_ONLY = ("atomic_max_float",)

# problems.yaml's `skip`: why a backend cannot judge an exercise (null elsewhere).
SKIP_REASONS = {
    "atomic_max_float": {
        "emu": "the emulator lets no other thread in between the read and the CAS",
        "emu_zh": "模拟器不会在读取和 CAS 之间插入其他线程",
        "sanitize": "racecheck does not look at global memory",
        "sanitize_zh": "racecheck 不检查全局内存",
    },
}
NO_SKIP = {"emu": None, "emu_zh": None, "sanitize": None, "sanitize_zh": None}

FOLDER_VERDICTS = {
    "accepted": "AC", "wrong_answer": "WA", "time_limit_exceeded": "TLE",
    "run_time_error": "RE", "compile_error": "CE", "rule_violation": "RULE", "race": "RACE",
}

EXIT_CODES = {"AC": 0, "SKIP": 0, "JE": 2}

DEVICE = {"found": True, "name": "NVIDIA H200", "cc": "9.0", "sm_count": 132,
          "l2_bytes": 62914560, "copy_gbps": 3950.4, "error": None}
NO_DEVICE = {"found": False, "name": None, "cc": None, "sm_count": 0, "l2_bytes": 0,
             "copy_gbps": None, "error": "no CUDA-capable device is detected"}


def emit(obj):
    print(json.dumps(obj), flush=True)


def catalog_entry(problem):
    pid, aliases, chapter, title_en, title_zh, signature = problem
    return {
        "id": pid, "aliases": aliases, "chapter": chapter,
        "title": {"en": title_en, "zh": title_zh},
        "statement": {"en": f"Write {signature}.", "zh": f"实现 {signature}。"},
        "signature": signature,
        "launch": {"en": "one block of 256 threads", "zh": "一个 256 线程的块"},
        "hints": {"en": ["Think of shuffles.", "Use __shfl_up_sync."],
                  "zh": ["想想 shuffle。", "用 __shfl_up_sync。"]},
        "check": {"exact": True, "rtol": 0, "atol": 0},
        "limits": {"wall_s": 10},
        "perf": PERF.get(pid, {"n": 1 << 24, "bytes_per_elem": 8, "reps": 20,
                               "bandwidth": True}),
        "backends": ["gpu"] if pid in GPU_ONLY else ["gpu", "emu", "sanitize"],
        "skip": SKIP_REASONS.get(pid, NO_SKIP),
        "template": f"templates/{pid}.cu",
        "exercise": f"exercises/{pid}.cu",
        "reference": f"reference/{pid}.cu",
    }


def run_catalog(args):
    if os.environ.get("FAKE_CATALOG_ERROR"):
        print("problems.yaml:12:5: unknown key 'titel' (expected one of: id, aliases, title)",
              file=sys.stderr)
        return 2
    if os.environ.get("FAKE_CATALOG"):
        with open(os.environ["FAKE_CATALOG"], encoding="utf-8") as recorded:
            emit(json.load(recorded))
        return 0
    emit({"problems": [catalog_entry(p) for p in PROBLEMS]})
    return 0


def run_policy(args):
    """A policy file holding a JSON object is valid (answered as the engine answers a
    validated policy); anything else is refused with file:line:column."""
    try:
        with open(args.path, encoding="utf-8") as source:
            policy = json.load(source)
    except (OSError, ValueError):
        policy = None
    if not isinstance(policy, dict):
        print(f"{args.path}:1:1: not a grading policy", file=sys.stderr)
        return 2
    emit(policy)
    return 0


def run_fingerprint(args):
    """A hash that changes with problems.yaml and the exercises' folders, as the engine's
    covers them among the rest."""
    if "FAKE_FINGERPRINT" in os.environ:
        print(os.environ["FAKE_FINGERPRINT"])
        return 0
    digest = hashlib.sha256()
    files = [os.path.join(args.root, "problems.yaml")]
    for folder, subfolders, names in os.walk(os.path.join(args.root, "harness", "problems")):
        subfolders.sort()
        files += [os.path.join(folder, n) for n in sorted(names)]
    for path in files:
        digest.update(os.path.relpath(path, args.root).encode() + b"\0")
        try:
            with open(path, "rb") as source:
                digest.update(source.read())
        except OSError:
            digest.update(b"missing")
    print(digest.hexdigest())
    return 0


def run_device(args):
    no_device = dict(NO_DEVICE, error=os.environ.get("FAKE_DEVICE_ERROR") or NO_DEVICE["error"])
    emit(no_device if os.environ.get("FAKE_NO_DEVICE") else DEVICE)
    return 0


def chosen_verdict(root, file_arg):
    if os.environ.get("FAKE_VERDICT"):
        return os.environ["FAKE_VERDICT"]
    path = file_arg if os.path.isabs(file_arg) else os.path.join(root, file_arg)
    try:
        with open(path, encoding="utf-8") as source:
            text = source.read()
        found = os.environ.get("CUDAJUDGE_DEVICE_ALONE") and re.search(
            r"//\s*fake-verdict-alone:\s*([A-Z]+)", text)
        found = found or re.search(r"//\s*fake-verdict:\s*([A-Z]+)", text)
        if found:
            return found.group(1)
    except OSError:
        pass
    relative = os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")
    parts = relative.split("/")
    if parts[0] == "reference":
        return "AC"
    if parts[0] == "templates":
        return "WA"
    if parts[:2] == ["tests", "submissions"] and len(parts) >= 5:
        return FOLDER_VERDICTS.get(parts[3], "JE")
    return "AC"


def mismatch(index, expected, got):
    return {"buffer": "out", "index": index, "block": index // 256, "warp": (index % 256) // 32,
            "lane": index % 32, "thread": index % 256, "expected": expected, "got": got}


def passing_case(name, n):
    return {"type": "case", "name": f"{name} (n={n}, block=256)", "verdict": "AC", "total": n,
            "bad": 0, "unwritten": 0, "mismatches": [], "last": None, "diagnosis": None,
            "detail": None, "time_ms": 0.01}


def failing_case(verdict, n):
    case = passing_case("random-2", n)
    case["verdict"] = verdict
    if verdict == "WA":
        case["mismatches"] = [mismatch(i * 32 + 1, i * 32 + 1, 0) for i in range(7)]
        case["last"] = mismatch(991, 991, 0)
        case.update(bad=30, unwritten=2,
                    diagnosis="only lane 0 is right: did you use shfl_down where every "
                              "lane needs the result?",
                    detail="first wrong element: index 1 (block 0, warp 0, lane 1)")
    elif verdict == "RE":
        case["detail"] = "an illegal memory access was encountered"
    elif verdict == "TLE":
        case["detail"] = "killed after 10 s: possible deadlock"
    return case


def judge_cases(verdict):
    if verdict in ("CE", "JE", "RULE"):
        return []
    cases = [passing_case("random-1", 1000)]
    if verdict in ("WA", "RE", "TLE", "RACE"):
        cases.append(failing_case(verdict, 1000))
    return cases


MESSAGES = {
    "AC": "all cases passed",
    "WA": "1 of 2 cases gave a wrong answer",
    "CE": "your file does not compile",
    "RE": "the kernel crashed",
    "TLE": "the run took too long",
    "RULE": "warp exercises must use shfl.sync",
    "RACE": "a data race on shared memory",
    "JE": "the judge failed",
    "SKIP": "this backend cannot judge this exercise",
}


def judge_summary(args, verdict, cases, no_device, backend):
    timing = None
    if verdict == "AC" and not args.no_perf:
        timing = {"median_ms": 1.234, "min_ms": 1.2, "max_ms": 1.3, "reps": 20, "gbps": 812.3,
                  "copy_gbps": 967.0, "pct_of_copy": 84.0, "tier": "silver",
                  "ref_median_ms": 1.153, "ratio_to_ref": 1.07}
    if backend == "emu":
        timing = None
    message = MESSAGES.get(verdict, "")
    if backend == "none" and verdict == "JE":
        message = "your code compiled; no CUDA device was found, so nothing was run"
    return {
        "type": "summary", "id": args.id, "file": args.file, "verdict": verdict,
        "backend": backend,
        "note": ("judged on the CPU emulator (correctness only, no timing)"
                 if backend == "emu" else None),
        "seed": args.seed if args.seed is not None else 1234,
        "message": message,
        "compile_log": (f"{args.file}:12:5: error: expected ';' before '}}' token\n"
                        if verdict == "CE" else ""),
        "program_output": os.environ.get("FAKE_PROGRAM_OUTPUT", ""),
        "cases": cases, "timing": timing,
        "phases_s": phases(float(os.environ.get("FAKE_WAIT_S", "0.01"))),
        "device": {"name": DEVICE["name"], "cc": DEVICE["cc"]} if backend == "gpu" else None,
        "rules": judge_rules(args, verdict),
    }


def phases(wait):
    steps = {"compile": 2.1, "link": 0.4, "cases": 0.3, "wait": wait, "run": 0.8,
             "reference": 0.9}
    return dict(steps, total=round(sum(steps.values()), 3))


def judge_rules(args, verdict):
    """The RULE check, as rules.c reports it: two broken rules for RULE
    (the output was right), none otherwise."""
    violations = []
    if verdict == "RULE":
        violations = [{"rule": "shfl.sync", "kind": "require", "line": 0, "found": None},
                      {"rule": "shared-memory", "kind": "forbid", "line": 7,
                       "found": "st.shared.u32"}]
    return {"method": "ptx", "note": None, "cached": False, "seconds": 0.01, "file": args.file,
            "output_verdict": "AC" if verdict == "RULE" else None, "violations": violations}


def recorded_summary(path, root, args):
    """The recorded summary to replay for this judge call, or None."""
    wanted = os.environ.get("FAKE_REPLAY_FILE")
    judged = args.file if os.path.isabs(args.file) else os.path.join(root, args.file)
    try:
        with open(judged, encoding="utf-8") as source:
            found = re.search(r"//\s*fake-replay:\s*(\S+)", source.read())
        wanted = found.group(1) if found else wanted
    except OSError:
        pass
    with open(path, encoding="utf-8") as recorded:
        summaries = [json.loads(line) for line in recorded if line.strip()]
    for summary in summaries:
        if summary.get("id") == args.id and (wanted is None or summary.get("file") == wanted):
            return summary
    return None


def replay_judge(args):
    summary = recorded_summary(os.environ["FAKE_REPLAY"], args.root, args)
    if summary is None:
        print(f"fake engine: nothing recorded for {args.id} {args.file}", file=sys.stderr)
        return 2
    emit({"type": "phase", "phase": "compile", "state": "start"})
    for case in summary.get("cases") or []:
        emit(case)
    emit(dict(summary, file=args.file))
    return EXIT_CODES.get(summary.get("verdict"), 1)


def run_judge(args):
    if os.environ.get("FAKE_PID_FILE"):
        with open(os.environ["FAKE_PID_FILE"], "w", encoding="utf-8") as out:
            out.write(str(os.getpid()))
    if os.environ.get("FAKE_REPLAY"):
        return replay_judge(args)
    no_device = bool(os.environ.get("FAKE_NO_DEVICE"))
    verdict = chosen_verdict(args.root, args.file)
    backend = args.backend
    if backend == "auto":
        backend = "gpu" if args.id in GPU_ONLY or not no_device else "emu"
    if backend in ("gpu", "sanitize") and no_device:
        backend = "none"
        if verdict != "CE":
            verdict = "JE"
    emit({"type": "phase", "phase": "compile", "state": "start"})
    if os.environ.get("FAKE_CRASH"):
        print("fake engine: about to crash", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGSEGV)
    emit({"type": "phase", "phase": "compile", "state": "done", "seconds": 2.1})
    if os.environ.get("FAKE_SLEEP"):
        time.sleep(float(os.environ["FAKE_SLEEP"]))
    if os.environ.get("FAKE_GARBAGE"):
        print("Segmentation fault in totally-not-json", flush=True)
    cases = judge_cases(verdict)
    for case in cases:
        emit(case)
    if os.environ.get("FAKE_NO_SUMMARY"):
        return 1
    emit(judge_summary(args, verdict, cases, no_device, backend))
    if verdict == "JE":
        print("fake engine: judge error", file=sys.stderr)
    return EXIT_CODES.get(verdict, 1)


def log_call(argv):
    log = os.environ.get("FAKE_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps(argv) + "\n")


def main(argv):
    log_call(argv)
    parser = argparse.ArgumentParser(prog="cudajudge")
    commands = parser.add_subparsers(dest="command", required=True)
    catalog = commands.add_parser("catalog")
    catalog.add_argument("--root", required=True)
    judge = commands.add_parser("judge")
    judge.add_argument("--root", required=True)
    judge.add_argument("--build", required=True)
    judge.add_argument("--id", required=True)
    judge.add_argument("--file", required=True)
    judge.add_argument("--seed", type=int)
    judge.add_argument("--no-perf", action="store_true")
    judge.add_argument("--skip-big-after-wrong", action="store_true")
    judge.add_argument("--backend", choices=["auto", "gpu", "emu", "sanitize"], default="auto")
    judge.add_argument("--tool", choices=["memcheck", "racecheck", "synccheck", "initcheck",
                                          "all"])
    judge.add_argument("--lang", choices=["en", "zh"], default="en")
    device = commands.add_parser("device")
    device.add_argument("--build", required=True)
    device.add_argument("--fresh", action="store_true")
    policy = commands.add_parser("policy")
    policy.add_argument("path")
    policy.add_argument("--root", required=True)
    policy.add_argument("--lang", choices=["en", "zh"], default="en")
    fingerprint = commands.add_parser("fingerprint")
    fingerprint.add_argument("--root", required=True)
    fingerprint.add_argument("--build", required=True)
    args = parser.parse_args(argv)
    return {"catalog": run_catalog, "judge": run_judge, "device": run_device,
            "policy": run_policy, "fingerprint": run_fingerprint}[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
