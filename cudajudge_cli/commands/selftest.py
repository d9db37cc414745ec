"""`judge.py selftest [--quick]`: builds the judge and runs every test suite
(`meson test`), then one line of passed, failed and skipped tests from meson's
testlog.json. --quick only checks that the install works (seconds once built):
the build, one exercise judged on whichever backend this machine has (the
reference must be AC, the template must not), and the quickest C unit tests.

Registered in commands/__init__.py.
"""

import json
import os
import subprocess
import sys

from cudajudge_cli.core.build import APT_FIX
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text, tr
from cudajudge_cli.core.workspace import Workspace
from cudajudge_cli.view.terminal import Style, say, seconds_text, warn

# Results of meson's testlog.json, by what they mean for selftest.
TEST_PASSED = ("OK", "EXPECTEDFAIL")

TEST_SKIPPED = ("SKIP",)

# --quick: the exercise judged, and the C unit tests that take a second or two each
# (of those `meson test --list` knows: a test renamed elsewhere is left out, not failed).
QUICK_EXERCISE = "warp_scan"
QUICK_TESTS = ("check", "verdict", "rewrite", "race_report", "rules", "lang_strings")


def add_arguments(parser):
    parser.add_argument("--quick", action="store_true", help=tr("help_selftest_quick"))


def count_test_results(testlog_lines):
    """(passed, failed, skipped) from the JSON lines of meson's testlog.json."""
    passed = failed = skipped = 0
    for line in testlog_lines:
        line = line.strip()
        if not line:
            continue
        try:
            result = json.loads(line).get("result")
        except (ValueError, AttributeError):
            continue
        if result in TEST_PASSED:
            passed += 1
        elif result in TEST_SKIPPED:
            skipped += 1
        elif result is not None:
            failed += 1
    return passed, failed, skipped


def selftest_line(passed, failed, skipped):
    return tr("selftest_line", passed=passed, failed=failed, skipped=skipped)


def meson_test(ws, names=()):
    """Runs `meson test` (all of it, or the tests named); (passed, failed, skipped)."""
    testlog = os.path.join(ws.build, "meson-logs", "testlog.json")
    if os.path.exists(testlog):
        os.remove(testlog)  # never report a previous run's results
    argv = ["meson", "test", "-C", ws.relative(ws.build), "--print-errorlogs"] + list(names)
    sys.stdout.flush()
    try:
        status = subprocess.run(argv, cwd=ws.root, env=ws.env).returncode
    except OSError as err:
        raise JudgeError(Text("cannot_run_fix", tool="meson", error=err, fix=APT_FIX))
    try:
        with open(testlog, encoding="utf-8", errors="replace") as log:
            passed, failed, skipped = count_test_results(log)
    except OSError:
        passed = failed = skipped = 0
    if status != 0 and failed == 0:
        say(tr("selftest_status", status=status, retry=ws.retry_command(argv)))
        failed = 1
    return passed, failed, skipped


def run(options):
    ws = Workspace()
    if ws.engine_override:
        warn(tr("selftest_override", build=ws.relative(ws.build)))
    else:
        ws.engine_command()
    if options.quick:
        return quick(ws)
    passed, failed, skipped = meson_test(ws)
    say(selftest_line(passed, failed, skipped))
    return 0 if failed == 0 else 1


def quick(ws):
    """The build is there (run() made it); one exercise judged, the quickest unit tests."""
    style = Style(sys.stdout)
    passed = failed = skipped = 0
    for path, want_ac in ((f"reference/{QUICK_EXERCISE}.cu", True),
                          (f"templates/{QUICK_EXERCISE}.cu", False)):
        run = ws.engine.judge(QUICK_EXERCISE, path, perf=False)
        took = seconds_text(run.seconds)
        if run.no_device:  # neither a GPU nor the emulator: this install cannot judge
            failed += 1
            say(style.bad(tr("selftest_quick_no_backend", file=path)))
        elif (run.verdict == "AC") == want_ac and run.verdict != "JE":
            passed += 1
            say(tr("selftest_quick_judged", file=path, verdict=run.verdict,
                   backend=run.backend, took=took))
        else:
            failed += 1
            say(style.bad(tr("selftest_quick_wrong", file=path, verdict=run.verdict,
                             backend=run.backend, expected="AC" if want_ac else "not AC")))
            say(run.problem_message() if not run.usable else str(run.summary.get("message")))
    listed = meson_list(ws)
    names = [name for name in QUICK_TESTS if name in listed]
    if names:
        unit = meson_test(ws, names)
        passed, failed, skipped = passed + unit[0], failed + unit[1], skipped + unit[2]
    say(tr("selftest_quick_line", passed=passed, failed=failed, skipped=skipped))
    return 0 if failed == 0 else 1


def meson_list(ws):
    """The names of the tests `meson test --list` knows (suite prefixes left out)."""
    try:
        done = ws.run_tool(["meson", "test", "-C", ws.build, "--list"],
                           stderr=subprocess.DEVNULL, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    return {line.rsplit(" / ", 1)[-1].strip() for line in done.stdout.splitlines()}
