"""`judge.py selftest`: builds the judge and runs every test suite
(`meson test`), then one line of passed, failed and skipped tests from meson's
testlog.json.

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
from cudajudge_cli.view.terminal import say, warn


# Results of meson's testlog.json, by what they mean for selftest.
TEST_PASSED = ("OK", "EXPECTEDFAIL")

TEST_SKIPPED = ("SKIP",)


def add_arguments(parser):
    pass


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


def run(options):
    ws = Workspace()
    if ws.engine_override:
        warn(tr("selftest_override", build=ws.relative(ws.build)))
    else:
        ws.engine_command()
    testlog = os.path.join(ws.build, "meson-logs", "testlog.json")
    if os.path.exists(testlog):
        os.remove(testlog)  # never report a previous run's results
    argv = ["meson", "test", "-C", ws.relative(ws.build), "--print-errorlogs"]
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
    say(selftest_line(passed, failed, skipped))
    return 0 if failed == 0 else 1
