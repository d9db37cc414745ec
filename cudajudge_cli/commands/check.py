"""`judge.py check [ID...]`: the judge's own test: every reference must be
AC, every template not AC, and every corpus file under
tests/submissions/<id>/<verdict folder>/ the verdict of its folder (or of its
`// expect-<backend>:` line). Files are judged side by side (--jobs).

Registered in commands/__init__.py.
"""

import os
import re
import sys

from cudajudge_cli.learn.catalog import resolve_problem
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.commands.options import add_emulate_argument, add_sanitize_arguments, chosen_backend
from cudajudge_cli.learn.progress import is_number
from cudajudge_cli.view.terminal import Style, indent, pad, say, seconds_text, tail
from cudajudge_cli.core.workspace import Workspace


DEVICE_JOBS = 6  # check on a GPU: files judged side by side unless --jobs says

EXPECT_COMMENT = re.compile(r"//\s*expect-([A-Za-z0-9_]+)\s*:\s*([A-Za-z]+(?:\|[A-Za-z]+)*)")

# Kattis-style corpus folders of tests/submissions/<id>/<folder>/*.cu
FOLDER_VERDICTS = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "time_limit_exceeded": "TLE",
    "run_time_error": "RE",
    "compile_error": "CE",
    "rule_violation": "RULE",
    "race": "RACE",
}


def add_arguments(parser):
    parser.add_argument("ids", metavar="ID", nargs="*", help=tr("help_check_ids"))
    parser.add_argument("--verbose", action="store_true", help=tr("help_verbose"))
    parser.add_argument("--jobs", type=int, default=None, help=tr("help_jobs"))
    add_emulate_argument(parser)
    add_sanitize_arguments(parser)


def expectation_overrides(path):
    """`// expect-<backend>: VERDICT` comments in the first ten lines of a file."""
    overrides = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as source:
            for _, line in zip(range(10), source):
                for backend, verdict in EXPECT_COMMENT.findall(line):
                    overrides[backend.lower()] = verdict.upper()
    except OSError:
        pass
    return overrides


def expectation_on(path, backend, expected):
    """The verdict expected of a file on a backend: its `// expect-<backend>:`
    line, else the folder's. Under the sanitizer (the GPU build, run by the
    tool) an `expect-<tool>:` line wins (e.g. expect-racecheck), then, for
    `--tool all`, an `expect-sanitize:` line, then an `expect-gpu:` one."""
    overrides = expectation_overrides(path)
    if backend.startswith("sanitize"):
        tool = backend.partition(":")[2] or "all"
        if tool in overrides:
            return overrides[tool]
        if tool == "all" and "sanitize" in overrides:
            return overrides["sanitize"]
        return overrides.get("gpu", expected)
    return overrides.get(backend, expected)


def files_to_check(ws, problem):
    """(path relative to root, expected verdict) pairs; "!AC" means "anything but AC"."""
    problem_id = problem["id"]
    entries = [(f"reference/{problem_id}.cu", "AC"), (f"templates/{problem_id}.cu", "!AC")]
    corpus = ws.path("tests", "submissions", problem_id)
    if os.path.isdir(corpus):
        for folder in sorted(os.listdir(corpus)):
            folder_path = os.path.join(corpus, folder)
            if not os.path.isdir(folder_path):
                continue
            expected = FOLDER_VERDICTS.get(folder, f"?{folder}")
            for name in sorted(os.listdir(folder_path)):
                if name.endswith(".cu"):
                    entries.append((f"tests/submissions/{problem_id}/{folder}/{name}", expected))
    return entries


def describe_expected(expected):
    if expected.startswith("!"):
        return tr("expected_not", verdict=expected[1:])
    if expected.startswith("?"):
        return tr("expected_unknown_folder", folder=expected[1:],
                  folders=", ".join(FOLDER_VERDICTS))
    return expected


def verdict_meets(verdict, expected):
    """expected: a verdict, "!V" (anything but V, and not JE), or "A|B" (either,
    for a mistake that one version of a tool reports and another does not)."""
    if expected.startswith("!"):
        return verdict != expected[1:] and verdict != "JE"
    return verdict in expected.split("|")


class CheckTally:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0
        self.ran_on_device = False
        self.no_device = 0

    def closing_line(self):
        line = tr("check_line", passed=self.passed, failed=self.failed)
        if self.skipped:
            line += tr("check_line_skipped", skipped=self.skipped)
        return line


def check_mark(paint, text):
    return paint(pad(text, 4))


def check_backend(ws, options):
    """The backend every file of a check is judged on: the emulator when asked
    for or when there is no GPU, else the GPU; the sanitizer when asked for."""
    chosen = chosen_backend(options)
    if chosen:
        return chosen
    try:
        return "gpu" if ws.engine.device().get("found") else "emu"
    except JudgeError:
        return "emu"


def work_seconds(run):
    """The time a judgement worked: its total less the wait for the device,
    which runs judged side by side take in turn."""
    phases = (run.summary or {}).get("phases_s") or {}
    total, wait = phases.get("total"), phases.get("wait")
    if is_number(total) and is_number(wait):
        return total - wait
    return run.seconds


def check_one_file(ws, style, problem_id, relative, expected, verbose, tally, backend,
                   judged=None):
    """Judges one file (or takes `judged`, a run made ahead) and prints its line."""
    path = ws.path(relative)
    if not os.path.isfile(path):
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} {tr('check_missing', file=relative)}")
        return
    if expected.startswith("?"):
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} "
            + tr("check_no_verdict", file=relative, expected=describe_expected(expected)))
        return
    # `// expect-emu: RACE` changes the expectation on one backend;
    # `// expect-gpu: SKIP` says that backend cannot show the mistake at all.
    expected = expectation_on(path, backend, expected)
    if expected == "SKIP":
        tally.skipped += 1
        say(f"{check_mark(style.odd, tr('check_skip'))}      "
            + tr("check_not_on_backend", file=relative, backend=backend))
        return
    run = judged or ws.engine.judge(problem_id, relative, perf=False, backend=backend)
    shared_verdict = None
    if (judged and backend != "emu" and ws.env.get("CUDAJUDGE_SHARE_DEVICE")
            and not run.no_device
            and (run.out_of_device_memory or not verdict_meets(run.verdict, expected))):
        # Runs that shared the device: another file may have taken its memory,
        # or run on an SM between the runtime's fill of shared memory and this
        # file's launch. What counts is the verdict of a run that had it alone
        # (without sharing, every run had it alone already).
        shared_verdict = run.verdict
        run = ws.engine.judge(problem_id, relative, perf=False, backend=backend, alone=True)
    verdict = run.verdict
    took = seconds_text(work_seconds(run))
    message = (run.summary or {}).get("message") or ""
    if run.backend != "none":
        tally.ran_on_device = True
    if run.no_device:
        tally.skipped += 1
        tally.no_device += 1
        say(f"{check_mark(style.odd, tr('check_skip'))} {verdict:<4} {relative}  {took}  "
            + tr("check_no_device_note"))
        return
    if verdict == "SKIP" and expected != "SKIP":
        tally.skipped += 1
        say(f"{check_mark(style.odd, tr('check_skip'))} {verdict:<4} {relative}  {took}")
    elif verdict_meets(verdict, expected):
        tally.passed += 1
        again = (" " + tr("check_judged_alone", verdict=shared_verdict)
                 if shared_verdict and shared_verdict != verdict else "")
        say(f"{check_mark(style.good, tr('check_ok'))} {verdict:<4} {relative}  {took}{again}")
        if verbose and message:
            say(indent(message, "     "))
    else:
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} "
            + tr("check_wrong", got=verdict, expected=describe_expected(expected),
                 file=relative, took=took))
        explain = message if run.summary and not run.malfunction else run.problem_message()
        if explain:
            say(indent(explain.rstrip("\n"), "     "))
        if verdict == "CE" and run.summary and run.summary.get("compile_log"):
            say(indent(tail(run.summary["compile_log"], 10), "     "))
    if verbose and run.summary and run.summary.get("seed") is not None:
        say("     " + tr("seed", seed=run.summary["seed"]))


def judge_ahead(ws, work, backend, jobs):
    """Starts judging the files that will be judged, `jobs` at a time, and
    returns futures by file, printed in order as they finish. On a GPU the
    engine's device lock runs the test programs one at a time (or, with
    CUDAJUDGE_SHARE_DEVICE, lets those that measure nothing share it)."""
    import concurrent.futures
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    ahead = {}
    for problem_id, relative, expected in work:
        path = ws.path(relative)
        if (not os.path.isfile(path) or expected.startswith("?")
                or expectation_on(path, backend, "") == "SKIP"):
            continue
        ahead[relative] = pool.submit(ws.engine.judge, problem_id, relative, perf=False,
                                      backend=backend)
    pool.shutdown(wait=False)
    return ahead


def run(options):
    ws = Workspace()
    problems = ws.catalog()
    if options.ids:
        chosen = [resolve_problem(problems, name) for name in options.ids]
    else:
        chosen = problems
    style = Style(sys.stdout)
    tally = CheckTally()
    backend = check_backend(ws, options)
    if backend.startswith("sanitize:"):
        say(tr("check_on_sanitize", tool=backend.split(":", 1)[1]))
    else:
        say(tr("check_on_emu", backend=backend) if backend == "emu"
            else tr("check_on_gpu", backend=backend))
    work = [(problem["id"], relative, expected) for problem in chosen
            for relative, expected in files_to_check(ws, problem)]
    jobs = options.jobs or (os.cpu_count() or 1)
    if backend != "emu" and not options.jobs:
        jobs = min(jobs, DEVICE_JOBS)  # each run holds a CUDA context of its own
    ahead = judge_ahead(ws, work, backend, jobs) if jobs > 1 else {}
    for problem_id, relative, expected in work:
        judged = ahead.get(relative)
        check_one_file(ws, style, problem_id, relative, expected, options.verbose, tally,
                       backend, judged.result() if judged else None)
        sys.stdout.flush()
    if tally.no_device and not tally.ran_on_device:
        say(tr("check_nothing_ran"))
        say(tally.closing_line())
        return 2
    say(tally.closing_line())
    return 0 if tally.failed == 0 else 1
