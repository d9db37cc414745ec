#!/usr/bin/env python3
"""A test class for `judge.py grade` (docs/grading.md), on the emulator.

Builds a roster of 30 students on the fly from tests/submissions (two exercises, every
verdict the emulator gives: AC WA CE RE TLE RACE RULE; a file late by its mtime and one
late by its git commit; two candidates; a symbolic link out of the roster; a binary, an
undecodable and a too large file; ignored files), grades it, kills the grade run with
SIGKILL in the middle of the batch, resumes it, and checks against expectations written
by hand: every record's verdict and points, the record schema field by field, the
Canvas and Moodle CSV columns and rows, the JUnit XML (parsed), the feedback (no hidden
case), that nothing finished was judged twice, that a regrade gives identical scores,
that a changed file is judged again, and that a second run on the same DIR is refused.

Usage: test_grade.py [--root SRC] [--build BUILD] [--keep DIR] [--gpu]
--gpu grades on the GPU instead (exit 77 without one): the verdicts must equal the
emulator's except where a corpus file says `// expect-gpu: V` (`SKIP`, not judged by
`check` on a GPU: undefined behaviour a GPU may hide, so WA or AC), correctness points are
the same, performance points come on top (0 to 5 for grid_stride), and a regrade gives
the same verdicts and correctness (the timed run is measured again).
Exit 0 pass, 1 fail, 77 skip (no emulator runtime in BUILD, or no GPU with --gpu).
"""

import argparse
import csv
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
DEADLINE = "2030-01-01T00:00:00Z"
DEADLINE_EPOCH = 1893456000

POLICY = f"""\
course: "Test class"
language: en
seed: 424242
deadline: "{DEADLINE}"
late: {{penalty_per_day: 10, max_days: 10}}
penalties: {{RULE: 50, RACE: 60, speed: 50}}
exercises:
  - id: warp_scan
    points: 10
    correctness: per_case
    canvas: 1001
    cases: [{{case: 1, weight: 3}}, {{case: 3, weight: 2}}, {{case: 9, hidden: true}}]
  - id: grid_stride_loop
    points: 5
    performance: 5
"""

W, G = "warp_scan", "grid_stride"
SUB = "tests/submissions"
W_AC = f"{SUB}/warp_scan/accepted/shfl_up_loop.cu"
W_AC2 = f"{SUB}/warp_scan/accepted/shfl_up_unrolled.cu"
G_AC = f"{SUB}/grid_stride/accepted/block_major_chunks.cu"
# WA on every backend (stride_of_one_block.cu is RACE on the emulator, WA on a GPU)
G_WA = f"{SUB}/grid_stride/wrong_answer/one_element_per_thread.cu"

# (student, exercise) -> (where in the student's folder, source, verdict or not-judged
# reason, points). Points by hand from POLICY: warp_scan has 9 cases of weights
# 3,1,2,1,1,1,1,1,1 (12 in all); grid_stride 5 points, no performance on the emulator.
EXPECT = {
    ("s01", W): ("warp_scan.cu", W_AC, "AC", 10),
    ("s01", G): ("grid_stride.cu", G_AC, "AC", 5),
    ("s02", W): ("exercises/warp_scan.cu", W_AC2, "AC", 10),
    ("s02", G): ("exercises/grid_stride.cu", f"{SUB}/grid_stride/accepted/launch_bounds_restrict.cu",
                 "AC", 5),
    # an alias, and the reference handed in as it is: RULE 'reference-copy' (grade
    # passes --grading), which costs what any RULE costs with every case right
    ("s03", W): ("warp_inclusive_scan.cu", "reference/warp_scan.cu", "RULE", 5),
    ("s03", G): (None, None, "missing", 0),
    # only case 3 (n=1) passes: 10 x 2/12
    ("s04", W): ("warp_scan.cu", f"{SUB}/warp_scan/wrong_answer/warp_total.cu", "WA", 1.67),
    ("s04", G): ("grid_stride.cu", G_WA, "WA", 0),
    ("s05", W): ("warp_scan.cu", W_AC, "AC", 10),
    ("s05", G): ("grid_stride_loop.cu", G_AC, "AC", 4),  # mtime 1.5 days late: 20 % off
    ("s06", W): ("exercises/warp_scan.cu", W_AC2, "AC", 9),  # committed 3 h late: 10 % off
    ("s06", G): (None, None, "missing", 0),
    ("s07", W): ("warp_scan.cu", f"{SUB}/warp_scan/compile_error/missing_semicolon.cu", "CE", 0),
    ("s07", G): ("grid_stride.cu", f"{SUB}/grid_stride/run_time_error/inclusive_bound.cu",
                 "RE", 0),
    ("s08", W): ("warp_scan.cu", f"{SUB}/warp_scan/race/leaves_the_warp.cu", "RACE", 4),
    ("s08", G): ("grid_stride.cu",
                 f"{SUB}/grid_stride/time_limit_exceeded/stride_from_block_index.cu", "TLE", 0),
    ("s09", W): ("warp_scan.cu", f"{SUB}/warp_scan/rule_violation/shared_memory_scan.cu",
                 "RULE", 5),
    ("s09", G): (None, None, "missing", 0),
    ("s10", W): ("warp_scan.cu", W_AC, "two_candidates", 0),  # and exercises/warp_scan.cu
    ("s10", G): ("grid_stride.cu", G_AC, "AC", 5),
    ("s11", W): ("warp_scan.cu", None, "symlink_out", 0),
    ("s11", G): ("grid_stride.cu", None, "binary", 0),
    ("s12", W): ("warp_scan.cu", None, "too_large", 0),
    ("s12", G): ("grid_stride.cu", None, "undecodable", 0),
    ("s13", W): ("warp_scan.cu", W_AC, "AC", 10),
    ("s13", G): ("exercises/grid_stride.cu", G_AC, "AC", 5),
}
for n in range(14, 31):
    student = f"s{n:02d}"
    kind = n % 4
    if kind in (0, 2):
        EXPECT[(student, W)] = ("warp_scan.cu", W_AC, "AC", 10)
        EXPECT[(student, G)] = (None, None, "missing", 0)
    else:
        EXPECT[(student, W)] = (None, None, "missing", 0)
        EXPECT[(student, G)] = ("grid_stride.cu", G_AC if kind == 1 else G_WA,
                                "AC" if kind == 1 else "WA", 5 if kind == 1 else 0)

STUDENTS = [f"s{n:02d}" for n in range(1, 31)]
VERDICTS = {"AC", "WA", "CE", "RE", "TLE", "RULE", "RACE", "JE", "SKIP"}
IGNORED = {"s13/notes.cu", "s13/exercises/old_try.cu"}

# The record schema (docs/grading.md), key -> allowed types.
NUM = (int, float)
SCHEMA = {
    "schema": str, "student": str, "exercise": str, "title": str, "file": (str, type(None)),
    "sha256": (str, type(None)), "status": str, "not_judged": (dict, type(None)),
    "verdict": (str, type(None)), "message": str, "cases": list, "score": dict,
    "seed": int, "seed_source": str, "backend": str, "device": (dict, type(None)),
    "gpu": (str, type(None)), "engine": dict, "policy_sha256": str,
    "timing": (dict, type(None)), "late": dict, "phases_s": dict,
    "cases_from": (str, type(None)), "judged_at": str,
    "seconds": NUM, "rules": (dict, type(None)), "compile_log": str, "cases_total": int,
    "checks": dict,
}
CASE_SCHEMA = {"index": int, "name": str, "verdict": str, "weight": NUM, "hidden": bool,
               "detail": (str, type(None)), "diagnosis": (str, type(None)),
               "time_ms": (NUM, type(None)), "speed": (dict, type(None))}
SCORE_KEYS = {"points", "max", "correctness", "performance", "penalties", "explain"}
LATE_KEYS = {"days", "seconds_late", "submitted_at", "deadline", "source", "commit"}

failures = []
ON_GPU = False


def gpu_verdict(root, source, verdict):
    """The verdict a corpus file expects on a GPU (`// expect-gpu: V` in its first lines)."""
    if not source:
        return verdict
    with open(os.path.join(root, source), encoding="utf-8", errors="replace") as f:
        for line in f.readlines()[:10]:
            if "expect-gpu:" in line:
                return line.split("expect-gpu:", 1)[1].split()[0]
    return verdict


def adjust_for_gpu(root):
    for key, (where, source, expected, points) in list(EXPECT.items()):
        if expected in VERDICTS:
            now = gpu_verdict(root, source, expected)
            if now == "SKIP":
                # `check` does not judge it on a GPU: undefined behaviour that the GPU
                # may hide, so WA or AC there (the H200 gives WA), its points with it
                EXPECT[key] = (where, source, "WA|AC", None)
            else:
                EXPECT[key] = (where, source, now, points if now == expected else 0)


def is_verdict(expected):
    """A verdict, or verdicts that may each be right ("WA|AC"), not a not-judged reason."""
    return all(v in VERDICTS for v in expected.split("|"))


def junit_kinds(expected):
    """The JUnit element(s) an expected verdict may give: failure, error, skipped or none."""
    kinds = set()
    for v in expected.split("|"):
        kinds.add("failure" if v == "WA" else None if v == "AC"
                  else "error" if v in VERDICTS - {"SKIP"} else "skipped")
    return kinds


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)
    return cond


def build_roster(root, roster):
    for student in STUDENTS:
        os.makedirs(os.path.join(roster, student, "exercises"), exist_ok=True)
    for (student, exercise), (where, source, _, _) in EXPECT.items():
        if where and source:
            shutil.copyfile(os.path.join(root, source), os.path.join(roster, student, where))
    shutil.copyfile(os.path.join(root, W_AC), os.path.join(roster, "s10/exercises/warp_scan.cu"))
    outside = os.path.join(os.path.dirname(roster), "outside")
    os.makedirs(outside, exist_ok=True)
    shutil.copyfile(os.path.join(root, W_AC), os.path.join(outside, "secret.cu"))
    os.symlink(os.path.join(outside, "secret.cu"), os.path.join(roster, "s11/warp_scan.cu"))
    with open(os.path.join(roster, "s11/grid_stride.cu"), "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01\0\0\0binary")
    with open(os.path.join(roster, "s12/warp_scan.cu"), "w") as f:
        f.write("// padding\n" * 100000)  # 1.1 MB
    with open(os.path.join(roster, "s12/grid_stride.cu"), "wb") as f:
        f.write(b"// caf\xe9 in Latin-1\n__device__ int x;\n")
    for rel in IGNORED:
        with open(os.path.join(roster, rel), "w") as f:
            f.write("// not an exercise\n")
    late = os.path.join(roster, "s05/grid_stride_loop.cu")
    os.utime(late, (DEADLINE_EPOCH + 36 * 3600, DEADLINE_EPOCH + 36 * 3600))
    # s06: a git clone whose file was committed 3 hours after the deadline
    s06 = os.path.join(roster, "s06")
    env = dict(os.environ, GIT_AUTHOR_NAME="s06", GIT_AUTHOR_EMAIL="s06@example.org",
               GIT_COMMITTER_NAME="s06", GIT_COMMITTER_EMAIL="s06@example.org",
               GIT_COMMITTER_DATE=f"{DEADLINE_EPOCH + 3 * 3600} +0000",
               GIT_AUTHOR_DATE=f"{DEADLINE_EPOCH + 3 * 3600} +0000")
    for argv in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "lab"]):
        subprocess.run(["git", "-C", s06] + argv, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    with open(os.path.join(roster, "students.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["folder", "name", "id", "sis_user_id", "sis_login_id", "section", "email",
                    "idnumber"])
        w.writerow(["s01", "Ada Lovelace", "501", "A0001", "ada", "L01", "ada@example.org",
                    "N-1"])


def grade_argv(root, roster, out, *more):
    return [sys.executable, os.path.join(root, "judge.py"), "grade", roster, "--policy",
            os.path.join(os.path.dirname(roster), "policy.yaml"), "--out", out,
            "--gpus" if ON_GPU else "--emulate"] + (["all"] if ON_GPU else []) + [
            "--jobs", "2", "--lines"] + list(more)


def read_log(out):
    try:
        with open(os.path.join(out, "log.jsonl")) as f:
            return [json.loads(line) for line in f if line.strip()]
    except OSError:
        return []


def records_of(out):
    found = {}
    base = os.path.join(out, "records")
    for student in os.listdir(base) if os.path.isdir(base) else []:
        for name in os.listdir(os.path.join(base, student)):
            path = os.path.join(base, student, name)
            with open(path) as f:
                record = json.load(f)  # a torn record would fail here
            found[(record["student"], record["exercise"])] = record
    return found


def check_schema(record):
    key = (record.get("student"), record.get("exercise"))
    for name, kind in SCHEMA.items():
        check(name in record and isinstance(record[name], kind),
              f"{key}: field {name} is {type(record.get(name)).__name__}")
    check(record["schema"] == "cudajudge-grade/1", f"{key}: schema")
    check(record["status"] in ("judged", "not_judged"), f"{key}: status")
    check(record["verdict"] is None or record["verdict"] in VERDICTS, f"{key}: verdict")
    check(record["seed_source"] == "course", f"{key}: seed_source")
    check(set(record["engine"]) >= {"version", "fingerprint"}, f"{key}: engine")
    check(len(record["policy_sha256"]) == 64, f"{key}: policy_sha256")
    check(SCORE_KEYS <= set(record["score"]), f"{key}: score keys")
    check(set(record["score"]["correctness"]) >= {"points", "max", "mode"}, f"{key}: corr")
    check(set(record["score"]["performance"]) >= {"points", "max", "method", "why"},
          f"{key}: perf")
    check(LATE_KEYS <= set(record["late"]), f"{key}: late keys")
    check(record["checks"] == {"nvcc": True, "not_run": []},  # this machine has nvcc
          f"{key}: checks {record['checks']}")
    for p in record["score"]["penalties"]:
        check(p.get("kind") in ("RULE", "RACE", "speed", "late") and p["points"] <= 0,
              f"{key}: penalty {p}")
    for case in record["cases"]:
        for name, kind in CASE_SCHEMA.items():
            check(name in case and isinstance(case[name], kind), f"{key}: case field {name}")
    if record["status"] == "judged":
        check(record["sha256"] and len(record["sha256"]) == 64, f"{key}: sha256")
        if ON_GPU:
            check(record["backend"] == "gpu" and record["device"], f"{key}: backend")
        else:
            check(record["backend"] == "emu" and record["device"] is None, f"{key}: backend")
    else:
        check(set(record["not_judged"]) == {"reason", "detail", "paths"}, f"{key}: not_judged")


def check_records(records, roster):
    check(len(records) == 60, f"60 records, found {len(records)}")
    for key, (where, source, expected, points) in sorted(EXPECT.items()):
        r = records.get(key)
        if not check(r is not None, f"{key}: no record"):
            continue
        check_schema(r)
        if is_verdict(expected):
            check(r["status"] == "judged" and r["verdict"] in expected.split("|"),
                  f"{key}: verdict {r['verdict']} ({r['message'][:200]}), expected {expected}")
            check(r["file"] == f"{key[0]}/{where}", f"{key}: file {r['file']}")
        else:
            check(r["status"] == "not_judged" and r["not_judged"]["reason"] == expected,
                  f"{key}: {r['status']} {r.get('not_judged')}, expected {expected}")
            check(r["verdict"] is None, f"{key}: a not-judged record has no verdict")
        if key == ("s04", W):  # case 3 of weight 2 passes, of 3+2 and one per other case
            n = r["cases_total"]
            check(n == 9 or ON_GPU, f"warp_scan has 9 cases on the emulator, found {n}")
            points = round(10 * 2 / (n + 3), 2)
        perf = float(r["score"]["performance"]["points"])
        if ON_GPU:
            check(0 <= perf <= (5 if key[1] == G else 0), f"{key}: performance {perf}")
            if points is not None:  # None: a verdict that may vary, its points too
                points += perf * (0.8 if key == ("s05", G) else 0.9 if key == ("s06", W) else 1)
        elif key[1] == G and r["status"] == "judged":
            check(perf == 0 and "emulator" in r["score"]["performance"]["why"],
                  f"{key}: no performance on the emulator")
        if points is not None:  # None: the points go with a verdict that may vary
            check(abs(float(r["score"]["points"]) - points) < 0.011,
                  f"{key}: {r['score']['points']} points ({r['score']['explain']}), expected "
                  f"{points}")
        check(r["score"]["max"] == 10, f"{key}: max")
    late5, late6 = records[("s05", G)]["late"], records[("s06", W)]["late"]
    check(late5["source"] == "mtime" and late5["days"] == 2, f"s05 lateness {late5}")
    check(late6["source"] == "git" and late6["days"] == 1 and late6["commit"],
          f"s06 lateness {late6}")
    check(records[("s01", W)]["late"]["days"] == 0, "s01 on time")
    seeds = {r["seed"] for (s, e), r in records.items() if e == W}
    check(len(seeds) == 1, "the same cases for every student (one seed per exercise)")
    hidden = [c for c in records[("s01", W)]["cases"] if c["hidden"]]
    check(len(hidden) == 1 and hidden[0]["index"] == 9, "case 9 hidden")
    check(records[("s10", W)]["not_judged"]["paths"] == ["s10/warp_scan.cu",
                                                         "s10/exercises/warp_scan.cu"],
          f"s10 paths {records[('s10', W)]['not_judged']}")


def check_outputs(out):
    with open(os.path.join(out, "grades.csv"), newline="") as f:
        rows = list(csv.reader(f))
    gpu = ON_GPU  # points with performance differ there: the columns are checked, not them
    check(rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                      "Warp inclusive scan (1001)", "Grid-stride loop", "Total"],
          f"Canvas header {rows[0]}")
    # what the backend can give: grid_stride's 5 performance points only on a GPU
    possible = ["10", "10", "20"] if gpu else ["10", "5", "15"]
    check(rows[1] == ["Points Possible", "", "", "", ""] + possible,
          f"Points Possible {rows[1]}")
    check(len(rows) == 32, f"Canvas rows {len(rows)}")
    check(rows[2][:5] == ["Ada Lovelace", "501", "A0001", "ada", "L01"] and
          (gpu or rows[2][5:] == ["10", "5", "15"]), f"s01 from students.csv {rows[2]}")
    by_login = {row[3]: row for row in rows[2:]}
    check(gpu or by_login["s04"][5:] == ["1.67", "0", "1.67"], f"s04 row {by_login['s04']}")
    check(gpu or by_login["s05"][5:] == ["10", "4", "14"], f"s05 row {by_login['s05']}")
    with open(os.path.join(out, "grades-moodle.csv"), newline="") as f:
        moodle = list(csv.reader(f))
    check(moodle[0] == ["Email address", "ID number", "Student", "warp_scan", "grid_stride",
                        "Total"], f"Moodle header {moodle[0]}")
    check(moodle[1][:3] == ["ada@example.org", "N-1", "Ada Lovelace"] and
          (gpu or moodle[1][3:] == ["10", "5", "15"]), f"Moodle s01 {moodle[1]}")

    junit = os.path.join(out, "junit.xml")
    if shutil.which("xmllint"):  # Jenkins' schema (CI installs libxml2-utils)
        done = subprocess.run(["xmllint", "--noout", "--schema",
                               os.path.join(HERE, "junit-10.xsd"), junit],
                              capture_output=True, text=True)
        check(done.returncode == 0, f"junit.xml against junit-10.xsd: {done.stderr[-2000:]}")
    with open(junit, encoding="utf-8") as f:
        hidden = [c["name"] for c in records_of(out)[("s04", W)]["cases"] if c["hidden"]]
        check(hidden and hidden[0] not in f.read(), "no hidden case's name in junit.xml")
    root = ET.parse(junit).getroot()
    cases = root.findall("./testsuite/testcase")
    check(root.tag == "testsuites" and len(cases) == 60, f"JUnit testcases {len(cases)}")
    kinds = {"failure": 0, "error": 0, "skipped": 0}
    want_kinds = dict(kinds)
    for case in cases:
        key = (case.get("classname"), case.get("name"))
        check(key in EXPECT, f"JUnit testcase {key}")
        float(case.get("time"))
        expected = EXPECT[key][2]
        found = [k for k in kinds if case.find(k) is not None]
        want = junit_kinds(expected)
        check(len(found) <= 1 and (found[0] if found else None) in want,
              f"JUnit {key}: {found}, expected {want}")
        for k in found:
            kinds[k] += 1
        if found:  # the kind it gave counts as the one expected
            want_kinds[found[0]] += len(want) > 1
        if want == {"error"}:
            check(case.find("error").get("type") == expected, f"JUnit {key} error type")
    for suite in root.findall("testsuite"):
        n = len(suite.findall("testcase"))
        check(suite.get("tests") == str(n), "testsuite@tests")
    for _, _, expected, _ in EXPECT.values():
        want = junit_kinds(expected)
        if len(want) == 1 and None not in want:
            want_kinds[want.pop()] += 1
    check(kinds == want_kinds, f"JUnit counts {kinds}, expected {want_kinds}")
    check(ON_GPU or kinds == {"failure": 6, "error": 6, "skipped": 25}, f"JUnit {kinds}")

    with open(os.path.join(out, "feedback", "s01.txt")) as f:
        text = f.read()
    check("Total: 15 of 20 points" in text, "s01 feedback total")
    hidden_name = [c["name"] for c in records_of(out)[("s01", W)]["cases"] if c["hidden"]][0]
    check(hidden_name not in text, "the hidden case is left out of the feedback")
    check("1 hidden case(s): 1 passed" in text, "the hidden cases counted")
    check("--seed" not in text.split("Warp inclusive scan")[1].split("\n\n")[0],
          "no seed offered for an exercise with hidden cases")
    with open(os.path.join(out, "feedback", "s04.md")) as f:
        md = f.read()
    check(md.startswith("# Feedback for s04") and "## Warp inclusive scan" in md, "md feedback")
    with open(os.path.join(out, "run.json")) as f:
        run = json.load(f)
    check({i["path"] for i in run["ignored"]} == IGNORED, f"ignored {run['ignored']}")
    check(run["backend"] == ("gpu" if ON_GPU else "emu"), f"run.json backend {run['backend']}")
    with open(os.path.join(out, "report.html")) as f:
        page = f.read()
    check("<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""), "report.html self-contained")
    check(('id="emulated"' in page) != ON_GPU, "report.html says whether performance counted")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--build")
    parser.add_argument("--keep")
    parser.add_argument("--gpu", action="store_true")
    o = parser.parse_args()
    global ON_GPU
    ON_GPU = o.gpu
    root = os.path.abspath(o.root)
    build = os.path.abspath(o.build or os.environ.get("CUDAJUDGE_BUILD")
                            or os.path.join(root, "build"))
    if not os.path.isfile(os.path.join(build, "cudajudge")) or not os.path.isdir(
            os.path.join(build, "harness", "emu")):
        print("SKIP: no engine or emulator in", build)
        return 77
    env = dict(os.environ, CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build,
               PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("CUDAJUDGE_ENGINE", None)
    if ON_GPU:
        probe = subprocess.run([os.path.join(build, "cudajudge"), "device", "--build", build],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            found = json.loads(probe.stdout).get("found")
        except ValueError:
            found = False
        if not found:
            print("SKIP: --gpu and no CUDA device")
            return 77
        adjust_for_gpu(root)
    work = o.keep or tempfile.mkdtemp(prefix="cudajudge-grade-")
    roster, out = os.path.join(work, "roster"), os.path.join(work, "out")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(roster)
    with open(os.path.join(work, "policy.yaml"), "w") as f:
        f.write(POLICY)
    build_roster(root, roster)
    started = time.monotonic()

    # 1. grade, killed with SIGKILL once 8 judgements are written
    first = subprocess.Popen(grade_argv(root, roster, out), cwd=root, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    while first.poll() is None:
        if sum(1 for e in read_log(out) if e["event"] == "done") >= 8:
            os.killpg(first.pid, signal.SIGKILL)
            break
        time.sleep(0.2)
    first.wait()
    print(first.stdout.read(), flush=True)
    check(first.returncode == -signal.SIGKILL, f"the first run was killed ({first.returncode})")
    before = {k: r for k, r in records_of(out).items() if r["status"] == "judged"}
    check(8 <= len(before) < 35, f"{len(before)} judgements written before the kill")

    # 2. a second run while a lock is held is refused
    with open(os.path.join(out, "grade.lock"), "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.seek(0)
        lock.truncate()
        lock.write("4242")
        lock.flush()
        refused = subprocess.run(grade_argv(root, roster, out), cwd=root, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(refused.returncode == 2 and "another grade run (process 4242)" in refused.stdout,
          f"a locked DIR is refused: {refused.returncode} {refused.stdout[-300:]}")

    # 3. resume: only what is missing is judged
    second = subprocess.run(grade_argv(root, roster, out), cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(second.stdout, flush=True)
    check(second.returncode == 0, f"the resumed run ended with {second.returncode}")

    pids = {}
    for event in read_log(out):
        pids.setdefault(event["pid"], []).append(event)
    last_pid = read_log(out)[-1]["pid"]
    again = {(e["student"], e["exercise"]) for e in pids[last_pid] if e["event"] == "start"}
    check(not (again & set(before)), f"judged twice: {sorted(again & set(before))}")
    judged_now = sum(1 for e in pids[last_pid] if e["event"] == "done")
    rate = re.search(r"^(\d+) submissions judged in .*: ([\d.]+) per minute with \d+ at a time$",
                     second.stdout, re.M)
    check(rate is not None and int(rate.group(1)) == judged_now and float(rate.group(2)) > 0,
          f"the resumed run says how many it judged per minute ({judged_now} judged)")
    records = records_of(out)
    for key, old in before.items():
        check(records[key]["judged_at"] == old["judged_at"], f"{key} kept as it was")
    check_records(records, roster)
    check_outputs(out)
    done = [e for e in read_log(out) if e["event"] == "done"]
    check(len({(e["student"], e["exercise"]) for e in done}) == len(done) == 35,
          f"35 judgements in all, each once ({len(done)})")
    if ON_GPU:
        # the cases of an exercise made once by the run (and read by its other
        # judgements), in a folder it removed at its end, with the killed run's
        resumed = [records[(e["student"], e["exercise"])] for e in pids[last_pid]
                   if e["event"] == "done"]
        origins = [(r["exercise"], r["cases_from"]) for r in resumed if r["verdict"] != "CE"]
        for ex in {e for e, _ in origins}:
            made = [o for e, o in origins if e == ex and o != "kept"]
            check(made in ([], ["saved"]), f"{ex}: the cases made once by the run: {origins}")
        cache = os.path.join(build, "cache")
        left = [n for n in os.listdir(cache) if n.startswith("grade-cases-")]
        check(not left, f"the runs' case folders removed: {left}")
        timed = [k for k, r in records.items() if k[1] == G and r.get("timing")]
        check(timed and all(records[k]["timing"]["runs"] == 3 for k in timed),
              f"timed best of 3: {timed}")

    # 4. a changed file and a regrade of two students: only those, with identical scores
    with open(os.path.join(roster, "s13", "warp_scan.cu"), "a") as f:
        f.write("// a change after grading\n")
    third = subprocess.run(grade_argv(root, roster, out, "--regrade", "s01", "s04"), cwd=root,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(third.stdout, flush=True)
    check(third.returncode == 0, f"the regrade ended with {third.returncode}")
    last_pid = read_log(out)[-1]["pid"]
    judged = {(e["student"], e["exercise"]) for e in read_log(out)
              if e["pid"] == last_pid and e["event"] == "start"}
    check(judged == {("s01", W), ("s01", G), ("s04", W), ("s04", G), ("s13", W)},
          f"regraded {sorted(judged)}")
    regraded = records_of(out)
    def unmeasured(score):  # on a GPU the timed run is measured again: its points may move
        return {k: v for k, v in score.items()
                if not ON_GPU or k not in ("performance", "points", "explain")}

    for key in judged:
        check(unmeasured(regraded[key]["score"]) == unmeasured(records[key]["score"]) and
              regraded[key]["verdict"] == records[key]["verdict"],
              f"{key}: the regrade gave {regraded[key]['score']['points']}, before "
              f"{records[key]['score']['points']}")
    print(f"grading test: {time.monotonic() - started:.0f} s, {len(failures)} failures")
    if not o.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
