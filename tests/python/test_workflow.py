"""Tests of the learner's workflow in judge.py: the overview (no command),
list, show, hint, solution, watch, editor; colour and languages; bad command
lines for every command. The pieces of the report: test_report.py; the text
table: test_texts.py; the package's shape: test_layout.py.

judge.py runs as a subprocess against fake_engine.py (see support.py).
"""

import glob
import json
import os
import pty
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
import types
import unittest
from concurrent.futures import ThreadPoolExecutor

from support import FIXTURES, JUDGE_COMMAND, REAL_ROOT, FakeRepoTest, option_value, read, write
from cudajudge_cli import commands
from cudajudge_cli.core import texts, workspace
from cudajudge_cli.learn import clangd
from cudajudge_cli.view import model

WA_FILE = "// fake-verdict: WA\n"
AC_FILE = "// fake-verdict: AC\n"


class OverviewTest(FakeRepoTest):
    def test_fresh_start(self):
        done = self.judge()
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "cudajudge: 0 of 5 exercises solved")
        self.assertEqual(lines[2].split(), ["chapter", "progress", "solved", "attempted",
                                            "untouched"])
        self.assertEqual(lines[3].split(), ["sync-warp", "[----------]", "0/5", "0", "5"])
        self.assertIn("next: warp_scan · Warp inclusive scan", lines)
        self.assertIn("  read the task        python3 judge.py show warp_scan", lines)
        self.assertIn("  edit                 exercises/warp_scan.cu", lines)
        self.assertIn("  judge it             python3 judge.py warp_scan", lines)
        self.assertIn("  judge on every save  python3 judge.py watch --next", lines)
        self.assertIn("  stuck?               python3 judge.py hint warp_scan", lines)
        self.assertEqual(self.judge_calls(), [])  # nothing is judged

    def test_counts_solved_attempted_untouched_and_continues_where_you_left_off(self):
        self.judge("warp_scan")
        write(self.path("exercises", "block_reduce_sum.cu"), WA_FILE)
        self.judge("block_reduce_sum")
        done = self.judge()
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "cudajudge: 1 of 5 exercises solved")
        self.assertEqual(lines[3].split(), ["sync-warp", "[##--------]", "1/5", "1", "3"])
        self.assertIn("next: block_reduce_sum · Block sum (judged 1 times, best WA)", lines)

    def test_a_missing_exercise_file_says_how_to_create_it(self):
        self.judge("warp_scan")
        lines = self.judge().stdout.splitlines()
        self.assertIn("next: warp_reduce · Warp reduce", lines)
        self.assertIn("  create your file     python3 judge.py reset warp_reduce", lines)

    def test_everything_solved(self):
        for name in ("warp_reduce", "warp_allreduce", "block_reduce_sum", "atomic_max_float"):
            write(self.path("exercises", f"{name}.cu"), AC_FILE)
        for name in ("warp_scan", "warp_reduce", "warp_allreduce", "block_reduce_sum",
                     "atomic_max_float"):
            self.assertEqual(self.judge(name).returncode, 0)
        done = self.judge()
        self.assertIn("cudajudge: 5 of 5 exercises solved", done.stdout)
        self.assertIn("[##########]", done.stdout)
        self.assertIn("every exercise is solved", done.stdout)

    def test_global_options_alone_still_mean_the_overview(self):
        done = self.judge("--color", "never", "--lang=zh")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(done.stdout.startswith("cudajudge：5 道题已通过 0 道"), done.stdout)


class ListTest(FakeRepoTest):
    def test_best_verdict_best_time_and_tries(self):
        self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.judge("warp_scan")
        self.judge("warp_scan", env={"FAKE_VERDICT": "CE"})
        write(self.path("exercises", "atomic_max_float.cu"), "// fake-verdict: TLE\n")
        self.judge("atomic_max_float")
        done = self.judge("list")
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = {line.split()[1]: line for line in done.stdout.splitlines()[1:6]}
        self.assertRegex(rows["warp_scan"], r"^✓  warp_scan +sync-warp +Warp inclusive scan +"
                                            r"AC +1\.234 ms \(silver\) +3$")
        self.assertRegex(rows["atomic_max_float"], r"^~  atomic_max_float .* TLE +1$")
        self.assertRegex(rows["warp_reduce"], r"^·  warp_reduce +sync-warp +Warp reduce$")
        self.assertIn("1 of 5 solved; judge one with: python3 judge.py <id>", done.stdout)
        self.assertIn("next: python3 judge.py show atomic_max_float", done.stdout)

    def test_extra_argument_is_a_usage_error(self):
        self.assertUsageError(self.judge("list", "warp_scan"), "unrecognized arguments")


class ShowTest(FakeRepoTest):
    def test_statement_contract_launch_and_progress(self):
        self.judge("warp_scan")
        self.judge("hint", "warp_scan")
        done = self.judge("show", "warp_inc")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "warp_scan · Warp inclusive scan")
        after = {lines[i]: lines[i + 1] for i in range(len(lines) - 1)}
        self.assertEqual(after["contract:"], "    __device__ int warp_inclusive_scan(int v)")
        self.assertEqual(after["statement:"],
                         "    Write __device__ int warp_inclusive_scan(int v).")
        self.assertEqual(after["launch configuration:"], "    one block of 256 threads")
        self.assertIn("2 hints, 1 seen: python3 judge.py hint warp_scan", lines)
        self.assertIn("your attempts: 1, best AC · 1.234 ms (silver)", lines)
        self.assertIn("file to edit: exercises/warp_scan.cu", lines)

    def test_what_the_timed_case_is_set_against(self):
        def timed(*args):
            done = self.judge("show", *args)
            self.assertEqual(done.returncode, 0, done.stderr)
            text = " ".join(line.strip() for line in done.stdout.splitlines())
            return text[text.index("timed case:"):text.index("backends:")].strip()
        self.assertEqual(timed("warp_scan"), "timed case: 16,777,216 elements, its speed set "
                                             "against the GPU's copy bandwidth")
        self.assertEqual(timed("atomic_max_float"),
                         "timed case: 16,777,216 elements, its speed set against this "
                         "exercise's ceiling, 54.9% of copy bandwidth (4096 contended slots)")
        self.assertIn("not about memory bandwidth", timed("warp_allreduce"))
        done = self.judge("show", "atomic_max_float", "--lang", "zh")
        self.assertIn("速度和本题的上限比较：复制带宽的 54.9%（4096 个争用的槽位）",
                      "".join(line.strip() for line in done.stdout.splitlines()))

    def test_why_a_backend_cannot_judge_it(self):
        done = self.judge("show", "atomic_max_float")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        at = lines.index("backends: gpu")
        self.assertEqual(" ".join(line.strip() for line in lines[at + 1:at + 3]),
                         "not judged on the CPU emulator (--emulate): the emulator lets no "
                         "other thread in between the read and the CAS")
        self.assertIn("not judged under compute-sanitizer (--sanitize): racecheck does not "
                      "look at global memory", " ".join(line.strip() for line in lines))
        done = self.judge("show", "atomic_max_float", "--lang", "zh")
        self.assertIn("不能在 CPU 模拟器上评测（--emulate）：模拟器不会在读取和 CAS 之间插入其他线程",
                      "".join(line.strip() for line in done.stdout.splitlines()))
        self.assertIn("不能在 compute-sanitizer 下评测（--sanitize）：racecheck 不检查全局内存",
                      "".join(line.strip() for line in done.stdout.splitlines()))
        # an exercise every backend judges has no such line
        done = self.judge("show", "warp_scan")
        self.assertNotIn("not judged", done.stdout)

    def test_missing_id_is_a_usage_error(self):
        self.assertUsageError(self.judge("show"), "the following arguments are required: ID")

    def test_unknown(self):
        done = self.judge("show", "nope_nothing")
        self.assertCleanFailure(done)
        self.assertIn("unknown exercise 'nope_nothing'", done.stderr)


class HintTest(FakeRepoTest):
    def test_the_next_hint_each_time_and_the_count_is_kept(self):
        first = self.judge("hint", "warp_scan")
        self.assertEqual(first.returncode, 0, first.stderr)
        self.assertEqual(first.stdout.splitlines(), [
            "hint 1 of 2 for warp_scan:", "    Think of shuffles.",
            "1 more: python3 judge.py hint warp_scan"])
        self.assertEqual(self.progress()["exercises"]["warp_scan"]["hints_shown"], 1)
        second = self.judge("hint", "warp_inclusive_scan")
        self.assertEqual(second.stdout.splitlines()[:2],
                         ["hint 2 of 2 for warp_scan:", "    Use __shfl_up_sync."])
        self.assertIn("that was the last hint", second.stdout)
        third = self.judge("hint", "warp_scan")
        self.assertEqual(third.stdout.splitlines()[0], "hint 2 of 2 for warp_scan:")
        self.assertEqual(self.progress()["exercises"]["warp_scan"]["hints_shown"], 2)

    def test_all(self):
        done = self.judge("hint", "warp_scan", "--all")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines()[:4], [
            "hint 1 of 2 for warp_scan:", "    Think of shuffles.",
            "hint 2 of 2 for warp_scan:", "    Use __shfl_up_sync."])
        self.assertEqual(self.progress()["exercises"]["warp_scan"]["hints_shown"], 2)

    def test_chinese_hints(self):
        done = self.judge("hint", "warp_scan", "--lang", "zh")
        self.assertEqual(done.stdout.splitlines()[:2], ["warp_scan 的提示 1/2：", "    想想 shuffle。"])

    def test_a_failed_judge_points_at_the_hints_until_all_are_seen(self):
        failed = self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertIn("stuck? python3 judge.py hint warp_scan (0 of 2 hints seen)", failed.stdout)
        self.judge("hint", "warp_scan", "--all")
        failed = self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertNotIn("stuck?", failed.stdout)

    def test_hint_does_not_count_as_an_attempt(self):
        self.judge("hint", "warp_scan")
        self.assertIn("0/5", self.judge().stdout)
        self.assertNotIn("judged", self.judge().stdout)

    def test_bad_arguments(self):
        self.assertUsageError(self.judge("hint"), "the following arguments are required: ID")
        self.assertUsageError(self.judge("hint", "warp_scan", "--every"),
                              "unrecognized arguments: --every")
        self.assertCleanFailure(self.judge("hint", "warp"))  # ambiguous


def assert_missing_file_is_said(test, folder, *command):
    """Removes FOLDER/warp_scan.cu and runs judge.py COMMAND: a clean failure (the
    engine's exit code) whose message names the missing file."""
    os.remove(test.path(folder, "warp_scan.cu"))
    done = test.judge(*command)
    test.assertCleanFailure(done)
    test.assertIn(f"{folder}/warp_scan.cu is missing", done.stderr)


class SolutionTest(FakeRepoTest):
    def test_locked_until_accepted(self):
        self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        done = self.judge("solution", "warp_scan")
        self.assertCleanFailure(done, 1)
        self.assertNotIn("reference copy", done.stdout)
        self.assertEqual(done.stderr.splitlines()[0], "the solution of warp_scan opens once "
                                                      "your code is accepted (your best so "
                                                      "far: WA).")
        self.assertIn("python3 judge.py solution warp_scan --force", done.stderr)

    def test_never_judged(self):
        done = self.judge("solution", "warp_scan")
        self.assertCleanFailure(done, 1)
        self.assertIn("(your best so far: not judged yet)", done.stderr)

    def test_shown_after_ac(self):
        self.judge("warp_scan")
        done = self.judge("solution", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(),
                         ["reference/warp_scan.cu:", "// reference copy of warp_scan"])

    def test_force(self):
        done = self.judge("solution", "warp_scan", "--force")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("// reference copy of warp_scan", done.stdout)

    def test_accepting_the_reference_itself_does_not_unlock_it(self):
        self.judge("warp_scan", "reference/warp_scan.cu")
        self.assertCleanFailure(self.judge("solution", "warp_scan"), 1)

    def test_missing_reference(self):
        assert_missing_file_is_said(self, "reference", "solution", "warp_scan", "--force")

    def test_bad_arguments(self):
        self.assertUsageError(self.judge("solution"), "required: ID")
        self.assertUsageError(self.judge("solution", "warp_scan", "--force=yes"),
                              "ignored explicit argument")


class ResetWorkflowTest(FakeRepoTest):
    def test_missing_template(self):
        assert_missing_file_is_said(self, "templates", "reset", "warp_scan", "--yes")

    def test_already_the_template(self):
        shutil.copy(self.path("templates", "warp_scan.cu"), self.path("exercises",
                                                                      "warp_scan.cu"))
        done = self.judge("reset", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("already matches the template", done.stdout)

    def test_confirmation_on_a_terminal(self):
        write(self.path("exercises", "warp_scan.cu"), "// mine\n")
        for answer, replaced in (("n\n", False), ("y\n", True)):
            master, slave = pty.openpty()
            child = subprocess.Popen(JUDGE_COMMAND + ["reset", "warp_scan"],
                                     cwd=self.root, env=self.environment(), stdin=slave,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            os.close(slave)
            os.write(master, answer.encode())
            out, err = child.communicate(timeout=60)
            os.close(master)
            self.assertEqual(child.returncode, 0, err)
            self.assertEqual(read(self.path("exercises", "warp_scan.cu")) != "// mine\n",
                             replaced, out)
            self.assertIn("nothing changed" if not replaced else "is a fresh copy of", out)

    def test_bad_arguments(self):
        self.assertUsageError(self.judge("reset"), "required: ID")


class ReplayTest(FakeRepoTest):
    """Summaries recorded on an H200, rendered by judge.py."""

    def replay(self, recorded_file, *args, status):
        """judge.py's output lines for the summary recorded for recorded_file, once its
        exit status is checked."""
        write(self.path("exercises", "warp_scan.cu"), f"// fake-replay: {recorded_file}\n")
        done = self.judge("warp_scan", *args,
                          env={"FAKE_REPLAY": os.path.join(FIXTURES, "h200_summaries.jsonl")})
        self.assertEqual(done.returncode, status, done.stderr)
        return done.stdout.splitlines()

    def test_only_the_first_failing_case_in_full(self):
        lines = self.replay("templates/warp_scan.cu", status=1)
        self.assertEqual(lines[0], "warp_scan · exercises/warp_scan.cu · seed 611117301 · "
                                   "gpu (NVIDIA H200, sm_90)")
        self.assertEqual(sum(1 for line in lines if "expected" in line and "got" in line), 1)
        self.assertHasLines(
            lines,
            "  ✗ one warp, negatives  WA  31 of 32 elements differ",
            "  ✗ timed  WA  64876472 of 67108864 elements differ",
            "      diagnosis: every lane returned its own input: the scan was never computed",
            "(the first failing case in full; all of them: python3 judge.py "
            "warp_scan --verbose)")
        self.assertNotIn("      31 of 32 elements of 'out' differ", lines)  # said once
        # and not again after the verdict: the engine's message repeats the first case
        self.assertNotIn("case 'sample: 1..32, one warp'", "\n".join(lines))
        self.assertEqual(lines[lines.index("WA  wrong answer") + 1],
                         "stuck? python3 judge.py hint warp_scan (0 of 2 hints seen)")

    def test_a_message_about_a_case_not_shown_in_full_stays(self):
        def summary(code, **fields):
            return {"code": code, "fields": fields, "message": "words never read"}
        self.assertFalse(model.said_above(summary("case_mismatch", case="timed"), {"sample"}))
        self.assertTrue(model.said_above(summary("case_mismatch", case="sample"), {"sample"}))
        self.assertTrue(model.said_above(summary("case_failed", case="sample"), {"sample"}))
        self.assertFalse(model.said_above(summary("exited_after_last"), {"sample"}))
        # the broken rules in the message are said again only when the rules lines list them
        broken = summary("rules_and_output_wrong", output="...", rules="...")
        self.assertFalse(model.said_above(broken, {"sample"}))
        broken["rules"] = {"violations": [{"rule": "shfl.sync", "kind": "require"}]}
        self.assertTrue(model.said_above(broken, {"sample"}))
        self.assertFalse(model.said_above(broken, set()), "no case shown in full")

    def test_the_recorded_file_can_come_from_the_environment(self):
        done = self.judge("warp_scan", env={
            "FAKE_REPLAY": os.path.join(FIXTURES, "h200_summaries.jsonl"),
            "FAKE_REPLAY_FILE": "reference/warp_scan.cu"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("seed 634453767", done.stdout)

    def test_verbose_shows_every_failing_case(self):
        lines = self.replay("templates/warp_scan.cu", "--verbose", status=1)
        tables = [line for line in lines if "expected" in line and "got" in line]
        self.assertEqual(len(tables), 9)
        self.assertNotIn("--verbose)", "\n".join(lines))

    def test_accepted_with_the_bandwidth_bar(self):
        lines = self.replay("reference/warp_scan.cu", status=0)
        self.assertIn("time 0.148 ms (median of 20) · fastest 0.146 ms, slowest 0.149 ms · "
                      "3638.5 GB/s", lines)
        self.assertIn("[#################---] 86% of copy bandwidth (silver) · 1.00x the "
                      "reference's time", lines)
        self.assertIn("next: warp_reduce · Warp reduce (python3 judge.py show warp_reduce)",
                      lines)


# ---------------------------------------------------------------------------
# watch
# ---------------------------------------------------------------------------


class Watcher:
    """judge.py watch in a subprocess, its output read line by line."""

    def __init__(self, test, *args, env=None):
        self.child = subprocess.Popen(JUDGE_COMMAND + ["watch", *args], cwd=test.root,
                                      env=test.environment(env), stdin=subprocess.DEVNULL,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True, encoding="utf-8")
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.child.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, pattern, timeout=30):
        """Seconds until a line matching pattern came out (fails after timeout)."""
        start = time.monotonic()
        while True:
            left = timeout - (time.monotonic() - start)
            if left <= 0:
                raise AssertionError(f"no line matching {pattern!r} in {timeout} s; "
                                     f"output so far:\n" + "\n".join(self.seen))
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"watch ended before {pattern!r}; output:\n"
                                     + "\n".join(self.seen) + self.child.stderr.read())
            self.seen.append(line)
            if re.search(pattern, line):
                return time.monotonic() - start

    def stop(self, sig=signal.SIGINT):
        """Sends sig; returns (exit status, stderr, the output not read yet)."""
        self.child.send_signal(sig)
        try:
            self.child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.child.kill()
            raise
        rest = []
        while True:
            line = self.lines.get(timeout=20)
            if line is None:
                break
            rest.append(line)
        stderr = self.child.stderr.read()
        self.child.stdout.close()
        self.child.stderr.close()
        return self.child.returncode, stderr, "\n".join(rest)

    def kill(self):
        if self.child.poll() is None:
            self.child.kill()
            self.child.wait()
        for stream in (self.child.stdout, self.child.stderr):
            if not stream.closed:
                stream.close()


class WatchTest(FakeRepoTest):
    def start(self, *args, env=None):
        watcher = Watcher(self, *args, env=env)
        self.addCleanup(watcher.kill)
        return watcher

    def test_rejudges_within_a_second_of_a_save_and_ctrl_c_exits_cleanly(self):
        exercise = self.path("exercises", "warp_scan.cu")
        write(exercise, WA_FILE)
        watcher = self.start("warp_scan", "--interval", "0.05")
        watcher.wait_for(r"^watching exercises/warp_scan\.cu · judged at \d\d:\d\d:\d\d")
        watcher.wait_for(r"^WA  wrong answer$")
        watcher.wait_for(r"^waiting for you to save exercises/warp_scan\.cu")
        time.sleep(0.3)
        write(exercise, AC_FILE)
        self.assertLess(watcher.wait_for(r"^watching exercises/warp_scan\.cu"), 1.0)
        watcher.wait_for(r"^AC  accepted$")
        watcher.wait_for(r"watch --next moves on")
        # a save that changes neither the size nor (on a coarse clock) the time
        write(exercise, AC_FILE.replace("AC", "RE"))
        self.assertLess(watcher.wait_for(r"^watching exercises/warp_scan\.cu"), 1.0)
        watcher.wait_for(r"^RE  runtime error$")
        code, stderr, rest = watcher.stop(signal.SIGINT)
        self.assertEqual(code, 0, stderr)
        self.assertNotIn("Traceback", stderr)
        self.assertIn("stopped watching", rest)
        self.assertEqual(len(self.judge_calls()), 3)
        self.assertEqual([a["verdict"] for a in self.progress()["history"]], ["WA", "AC", "RE"])

    def test_touch_alone_rejudges(self):
        watcher = self.start("warp_scan", "--interval", "0.05", "--no-perf")
        watcher.wait_for(r"^AC  accepted$")
        watcher.wait_for(r"^waiting for you")
        time.sleep(0.2)
        os.utime(self.path("exercises", "warp_scan.cu"))
        self.assertLess(watcher.wait_for(r"^watching exercises/warp_scan\.cu"), 1.0)
        watcher.wait_for(r"^AC  accepted$")
        self.assertTrue(all("--no-perf" in call for call in self.judge_calls()))
        code, stderr, _ = watcher.stop(signal.SIGTERM)
        self.assertEqual(code, 0, stderr)

    def test_next_moves_on_after_ac_and_starts_the_next_file_from_its_template(self):
        write(self.path("templates", "warp_reduce.cu"), WA_FILE)
        watcher = self.start("warp_scan", "--next", "--interval", "0.05")
        watcher.wait_for(r"^AC  accepted$")
        watcher.wait_for(r"^warp_scan accepted! Moving on to warp_reduce · Warp reduce$")
        watcher.wait_for(r"^created exercises/warp_reduce\.cu from templates/warp_reduce\.cu$")
        watcher.wait_for(r"^watching exercises/warp_reduce\.cu")
        watcher.wait_for(r"^WA  wrong answer$")
        self.assertEqual(read(self.path("exercises", "warp_reduce.cu")),
                         read(self.path("templates", "warp_reduce.cu")))
        code, stderr, _ = watcher.stop()
        self.assertEqual(code, 0, stderr)
        self.assertEqual([option_id(c) for c in self.judge_calls()],
                         ["warp_scan", "warp_reduce"])

    def test_without_an_id_watches_the_next_exercise(self):
        self.judge("warp_scan")
        write(self.path("exercises", "warp_reduce.cu"), WA_FILE)
        watcher = self.start("--interval", "0.05")
        watcher.wait_for(r"^watching exercises/warp_reduce\.cu")
        watcher.wait_for(r"^WA  wrong answer$")
        self.assertEqual(watcher.stop()[0], 0)

    def test_everything_solved_with_next_ends(self):
        for name in ("warp_reduce", "warp_allreduce", "block_reduce_sum", "atomic_max_float"):
            write(self.path("exercises", f"{name}.cu"), AC_FILE)
        for name in ("warp_scan", "warp_reduce", "warp_allreduce", "block_reduce_sum"):
            self.judge(name)
        done = self.judge("watch", "atomic_max_float", "--next", timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("AC  accepted", done.stdout)
        self.assertIn("every exercise is solved", done.stdout)

    def test_waits_for_a_missing_file(self):
        os.remove(self.path("templates", "warp_scan.cu"))
        os.remove(self.path("exercises", "warp_scan.cu"))
        watcher = self.start("warp_scan", "--interval", "0.05")
        watcher.wait_for(r"^exercises/warp_scan\.cu does not exist yet; waiting for it")
        write(self.path("exercises", "warp_scan.cu"), WA_FILE)
        watcher.wait_for(r"^WA  wrong answer$")
        self.assertEqual(watcher.stop()[0], 0)

    def test_ctrl_c_while_judging_stops_the_engine_too(self):
        pid_file = self.path("engine.pid")
        watcher = self.start("warp_scan", "--interval", "0.05",
                             env={"FAKE_SLEEP": "60", "FAKE_PID_FILE": pid_file})
        watcher.wait_for(r"^watching exercises/warp_scan\.cu")
        deadline = time.monotonic() + 30
        while not os.path.exists(pid_file) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
        engine_pid = int(read(pid_file))
        started = time.monotonic()
        code, stderr, rest = watcher.stop(signal.SIGINT)
        self.assertLess(time.monotonic() - started, 10)
        self.assertEqual(code, 0, stderr)
        self.assertNotIn("Traceback", stderr)
        self.assertIn("stopped watching", rest)
        with self.assertRaises(ProcessLookupError):
            os.kill(engine_pid, 0)

    def test_bad_arguments(self):
        self.assertUsageError(self.judge("watch", "--interval", "0"),
                              "argument --interval: '0' is not a number of seconds")
        self.assertUsageError(self.judge("watch", "--interval", "soon"), "'soon'")
        self.assertUsageError(self.judge("watch", "--interval"), "expected one argument")
        self.assertUsageError(self.judge("watch", "warp_scan", "extra"), "unrecognized")
        self.assertCleanFailure(self.judge("watch", "no_such_exercise"))


def option_id(call):
    return call[call.index("--id") + 1]


class InterruptTest(FakeRepoTest):
    @unittest.skipIf(signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
                     "SIGINT is ignored here, and so in the child")
    def test_ctrl_c_while_judging(self):
        pid_file = self.path("engine.pid")
        child = subprocess.Popen(JUDGE_COMMAND + ["warp_scan"], cwd=self.root,
                                 env=self.environment({"FAKE_SLEEP": "60",
                                                       "FAKE_PID_FILE": pid_file}),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not os.path.exists(pid_file) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
        self.assertEqual(child.returncode, 130, out + err)
        self.assertEqual(err.strip(), "interrupted")
        with self.assertRaises(ProcessLookupError):
            os.kill(int(read(pid_file)), 0)


class EmulatorTest(FakeRepoTest):
    def test_emulate_reaches_the_engine_and_the_attempt_is_recorded(self):
        done = self.judge("warp_scan", "--emulate")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(option_value(self.judge_calls()[-1], "--backend"), "emu")
        self.assertEqual(done.stdout.splitlines()[1],
                         "judged on the CPU emulator (correctness only, no timing)")
        self.assertNotIn("copy bandwidth", done.stdout)
        attempt = self.progress()["history"][-1]
        self.assertEqual((attempt["backend"], attempt["verdict"], attempt["median_ms"]),
                         ("emu", "AC", None))
        listed = self.judge("list").stdout
        self.assertRegex(listed, r"✓  warp_scan .* AC +1\n")  # solved, no best time

    def test_watch_emulate(self):
        watcher = Watcher(self, "warp_scan", "--emulate", "--interval", "0.05")
        self.addCleanup(watcher.kill)
        watcher.wait_for(r"^AC  accepted$")
        self.assertEqual(watcher.stop()[0], 0)
        self.assertEqual(option_value(self.judge_calls()[-1], "--backend"), "emu")

    def test_without_a_gpu_the_engine_chooses(self):
        done = self.judge("warp_scan", env={"FAKE_NO_DEVICE": "1"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertNotIn("--backend", self.judge_calls()[-1])
        self.assertTrue(done.stdout.splitlines()[0].endswith("· emu"), done.stdout)


class BadArgumentsTest(FakeRepoTest):
    def test_an_unknown_option_of_every_command(self):
        needs_id = {"judge", "show", "hint", "solution", "reset"}
        required = {"grade-bundle": ["gradescope", "--policy", "course.yaml"]}
        for command in commands.COMMANDS:
            with self.subTest(command=command):
                ids = ["warp_scan"] if command in needs_id else required.get(command, [])
                done = self.judge(command, *ids, "--no-such-option")
                self.assertUsageError(done, "--no-such-option")
                self.assertEqual(self.judge_calls(), [])

    def test_values_of_the_wrong_kind(self):
        self.assertUsageError(self.judge("warp_scan", "--seed", "soon"),
                              "argument --seed: invalid int value: 'soon'")
        self.assertUsageError(self.judge("check", "--jobs", "many"), "invalid int value")
        self.assertUsageError(self.judge("--lang", "fr", "list"), "invalid choice: 'fr'")
        self.assertUsageError(self.judge("selftest", "extra"), "unrecognized arguments: extra")
        self.assertUsageError(self.judge("doctor", "extra"), "unrecognized arguments: extra")


class NoGpuTest(FakeRepoTest):
    """Without a GPU, what the emulator cannot judge (atomic_max_float in the fake
    catalog) is never proposed, and a JE is not an attempt."""

    NO_GPU = {"FAKE_NO_DEVICE": "1"}
    NOTE = "(this machine has no GPU: atomic_max_float can be judged only on one"

    def solve_block_reduce_sum(self, env):
        write(self.path("exercises", "block_reduce_sum.cu"), "// mine\n")
        return self.judge("block_reduce_sum", env=env)

    def test_next_passes_over_gpu_only_exercises(self):
        done = self.solve_block_reduce_sum(self.NO_GPU)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("next: warp_scan · ", done.stdout)
        self.assertEqual(done.stdout.count(self.NOTE), 1, done.stdout)
        for command in ([], ["list"]):
            with self.subTest(command=command):
                shown = self.judge(*command, env=self.NO_GPU).stdout
                self.assertNotIn("show atomic_max_float", shown)
                self.assertEqual(shown.count(self.NOTE), 1, shown)

    def test_all_that_can_be_judged_here_is_solved(self):
        for name in ("warp_scan", "warp_reduce", "warp_allreduce", "block_reduce_sum"):
            write(self.path("exercises", f"{name}.cu"), "// mine\n")
            done = self.judge(name, env=self.NO_GPU)
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("every exercise this machine can judge is solved; atomic_max_float can be "
                      "judged only on a GPU", done.stdout)
        self.assertNotIn("every exercise is solved", self.judge(env=self.NO_GPU).stdout)

    def test_with_a_gpu_nothing_is_passed_over(self):
        done = self.solve_block_reduce_sum(None)
        self.assertIn("next: atomic_max_float · ", done.stdout)
        self.assertNotIn(self.NOTE, done.stdout)

    def test_watch_next_moves_on_to_what_can_be_judged(self):
        write(self.path("exercises", "block_reduce_sum.cu"), "// mine\n")
        watcher = Watcher(self, "block_reduce_sum", "--next", "--interval", "0.05",
                          env=self.NO_GPU)
        self.addCleanup(watcher.kill)
        watcher.wait_for(r"^block_reduce_sum accepted! Moving on to warp_scan ")
        watcher.stop()

    def test_a_judge_error_is_not_an_attempt(self):
        write(self.path("exercises", "atomic_max_float.cu"), "// mine\n")
        for _ in range(3):
            done = self.judge("atomic_max_float", env=self.NO_GPU)
            self.assertCleanFailure(done, 2)
            self.assertIn("JE", done.stdout)
        self.assertNotIn("JE", self.judge("list", env=self.NO_GPU).stdout)
        saved = os.path.join(self.root, ".cudajudge", "progress.json")
        self.assertFalse(os.path.exists(saved) and "atomic_max_float" in read(saved))


class OptionPlaceTest(FakeRepoTest):
    """Options of `judge.py ID [FILE]` may come before or after FILE."""

    def test_options_before_the_file(self):
        write(self.path("mine.cu"), "// mine\n")
        for args in (["warp_scan", "--seed", "5", "mine.cu"], ["warp_scan", "mine.cu", "--seed", "5"],
                     ["--seed", "5", "warp_scan", "mine.cu"], ["judge", "warp_scan", "--seed", "5",
                                                               "--no-perf", "mine.cu"]):
            with self.subTest(args=args):
                done = self.judge(*args)
                self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
                call = self.judge_calls()[-1]
                self.assertEqual(option_value(call, "--seed"), "5")
                self.assertEqual(option_value(call, "--file"), "mine.cu")

    def test_usage_errors_stay_whole(self):
        self.assertUsageError(self.judge("warp_scan", "--seed", "5", "a.cu", "b.cu"),
                              "unrecognized arguments: b.cu")
        self.assertUsageError(self.judge("judge", "--seed", "5"), "required: ID")
        done = self.judge("judge", "--seed", "5", "--lang", "zh")
        self.assertIn("用法：judge.py judge [-h]", done.stderr)
        self.assertIn("缺少以下参数：ID", done.stderr)

    def test_top_level_help_lists_the_judging_options(self):
        for lang in ("en", "zh"):
            with self.subTest(lang=lang):
                done = self.judge("--help", "--lang", lang)
                self.assertEqual(done.returncode, 0)
                for option in ("--seed", "--json", "--verbose", "--emulate", "--sanitize",
                               "--no-perf", "--tool"):
                    self.assertIn(option, done.stdout)
        self.assertIn("judging options (python3 judge.py ID [FILE] [options])",
                      self.judge("--help").stdout)


# ---------------------------------------------------------------------------
# editor
# ---------------------------------------------------------------------------


class EditorTest(FakeRepoTest):
    def entries(self):
        with open(self.path("compile_commands.json"), encoding="utf-8") as source:
            return json.load(source)

    def test_one_entry_per_exercise(self):
        write(self.path("exercises", "block_reduce_sum.cu"), "// mine\n")
        done = self.judge("editor")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"^wrote compile_commands\.json: 2 exercise files, "
                                      r"checked by clangd as CUDA for sm_\d+\n")
        entries = self.entries()
        files = [self.path("exercises", "block_reduce_sum.cu"),
                 self.path("exercises", "warp_scan.cu")]
        self.assertEqual([e["file"] for e in entries], files)
        for entry, source in zip(entries, files):
            self.assertEqual(entry["directory"], self.root)
            arguments = entry["arguments"]
            self.assertEqual(arguments[:3], ["clang++", "-x", "cuda"])
            self.assertEqual(arguments[-2:], ["-c", source])
            self.assertIn("-std=c++17", arguments)
            self.assertIn("-I" + self.path("harness", "runtime"), arguments)
            self.assertIn("-I" + self.path("harness", "problems"), arguments)
            glue = arguments.index("-include") + 1
            self.assertEqual(arguments[glue], self.path("harness", "runtime", "glue.h"))
            self.assertEqual(len([a for a in arguments if a.startswith("--cuda-gpu-arch=sm_")]),
                             1)

    def test_libcudacxx_of_cuda_13_is_on_the_path(self):
        """CUDA 13 moved <cuda/barrier> to include/cccl: clang must be told."""
        toolkit = self.path("toolkit")
        os.makedirs(os.path.join(toolkit, "include", "cccl", "cuda"))
        ws = types.SimpleNamespace(root=self.root, path=self.path)
        arguments = clangd.compile_commands(ws, 86, toolkit)[0]["arguments"]
        cccl = arguments.index("-isystem") + 1
        self.assertEqual(arguments[cccl], os.path.join(toolkit, "include", "cccl"))
        os.rmdir(os.path.join(toolkit, "include", "cccl", "cuda"))
        os.rmdir(os.path.join(toolkit, "include", "cccl"))  # CUDA 12: under include/ itself
        self.assertNotIn("-isystem", clangd.compile_commands(ws, 86, toolkit)[0]["arguments"])

    def test_judging_writes_and_refreshes_it(self):
        self.judge("warp_scan", "reference/warp_scan.cu")  # not the learner's: left alone
        self.assertFalse(os.path.exists(self.path("compile_commands.json")))
        self.judge("warp_scan")
        self.assertEqual([e["file"] for e in self.entries()],
                         [self.path("exercises", "warp_scan.cu")])
        write(self.path("exercises", "atomic_max_float.cu"), "// mine\n")
        self.judge("warp_scan", "--json")
        self.assertEqual(len(self.entries()), 2)

    def test_an_unwritable_root_does_not_stop_judging(self):
        os.makedirs(self.path("compile_commands.json"))  # a folder in the way
        done = self.judge("warp_scan")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stderr, "")
        failed = self.judge("editor")
        self.assertCleanFailure(failed)
        self.assertIn("could not write compile_commands.json", failed.stderr)

    def test_architecture(self):
        self.assertEqual(clangd.editor_arch(14, 90), 86)
        self.assertEqual(clangd.editor_arch(16, 90), 90)
        self.assertEqual(clangd.editor_arch(19, 120), 90)
        self.assertEqual(clangd.editor_arch(16, 75), 75)
        self.assertEqual(clangd.editor_arch(None, 90), 80)
        self.assertEqual(clangd.editor_arch(11, None), 80)
        self.assertEqual(clangd.arch_number("9.0"), 90)
        self.assertEqual(clangd.arch_number(86), 86)

    def test_bad_arguments(self):
        self.assertUsageError(self.judge("editor", "warp_scan"), "unrecognized")

    def test_cuda_folder_is_the_one_nvcc_reports_not_where_a_wrapper_sits(self):
        toolkit = self.path("toolkit")
        for folder in ("bin", "include", os.path.join("nvvm", "libdevice")):
            os.makedirs(os.path.join(toolkit, folder))
        write(os.path.join(toolkit, "include", "cuda.h"), "")
        wrapper = self.path("wrapper", "bin", "nvcc")  # like /usr/local/bin/nvcc
        write(wrapper, f"#!/bin/sh\necho '#$ TOP={toolkit}/bin/..'\n")
        os.chmod(wrapper, 0o755)
        tools = types.SimpleNamespace(root=self.root, env={}, which=lambda tool: wrapper)
        self.assertEqual(clangd.cuda_install(tools), os.path.realpath(toolkit))
        self.assertFalse(clangd.is_cuda_install(self.path("wrapper")))
        write(wrapper, "#!/bin/sh\nexit 1\n")
        tools.env = {"CUDA_PATH": toolkit}
        self.assertEqual(clangd.cuda_install(tools), os.path.realpath(toolkit))


def clangd_missing():
    if not shutil.which("clangd"):
        return "clangd not found"
    env, _ = workspace.tool_environment(REAL_ROOT)
    if not shutil.which("nvcc", path=env.get("PATH", "")):
        return "nvcc (the CUDA headers) not found"
    tools = types.SimpleNamespace(root=REAL_ROOT, env=env,
                                  which=lambda tool: shutil.which(tool, path=env.get("PATH", "")))
    if not clangd.cuda_install(tools):
        return "no CUDA toolkit folder that clang accepts (include/cuda.h, bin, nvvm/libdevice)"
    if not os.path.isfile(os.path.join(REAL_ROOT, "harness", "runtime", "glue.h")):
        return "no harness/runtime/glue.h"
    return None


@unittest.skipIf(clangd_missing(), clangd_missing() or "")
class ClangdTest(FakeRepoTest):
    """clangd opens an exercise with the generated compile_commands.json."""

    def setUp(self):
        super().setUp()
        shutil.copytree(os.path.join(REAL_ROOT, "harness", "runtime"),
                        self.path("harness", "runtime"))
        os.makedirs(self.path("harness", "problems"))
        with open(os.path.join(REAL_ROOT, "reference", "warp_scan.cu"), encoding="utf-8") as ref:
            write(self.path("exercises", "warp_scan.cu"), ref.read())

    def clangd_check(self, relative):
        return subprocess.run(["clangd", f"--check={relative}"], cwd=self.root,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=300)

    def test_clean_file_has_no_errors_and_a_mistake_is_found(self):
        write(self.path("exercises", "broken.cu"), "__device__ int f(int v)\n{\n"
                                                   "    return __shfl_up_sync(0xffffffff, v, "
                                                   "1) + undefined_name;\n}\n")
        self.assertEqual(self.judge("editor").returncode, 0)
        clean = self.clangd_check("exercises/warp_scan.cu")
        self.assertEqual(clean.returncode, 0, clean.stdout)
        self.assertIn("Loaded compilation database", clean.stdout)
        self.assertNotRegex(clean.stdout, r"\nE\[", clean.stdout)
        broken = self.clangd_check("exercises/broken.cu")
        self.assertIn("use of undeclared identifier 'undefined_name'", broken.stdout)
        self.assertNotIn("__shfl_up_sync", "".join(
            line for line in broken.stdout.splitlines() if line.startswith("E[")))


@unittest.skipIf(clangd_missing(), clangd_missing() or "")
class ClangdTemplatesTest(FakeRepoTest):
    """Every untouched template, opened as exercises/<id>.cu after `judge.py
    editor`, has no error in clangd (the README promises none)."""

    def test_every_template_is_clean(self):
        shutil.copytree(os.path.join(REAL_ROOT, "harness"), self.path("harness"))
        templates = sorted(glob.glob(os.path.join(REAL_ROOT, "templates", "*.cu")))
        self.assertGreater(len(templates), 20)
        for template in templates:
            shutil.copy(template, self.path("exercises", os.path.basename(template)))
        self.assertEqual(self.judge("editor").returncode, 0)

        def errors_of(template):
            relative = "exercises/" + os.path.basename(template)
            done = subprocess.run(["clangd", f"--check={relative}"], cwd=self.root,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                  timeout=600)
            errors = [line for line in done.stdout.splitlines() if line.startswith("E[")]
            return relative, errors, done.stdout

        with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
            for relative, errors, output in pool.map(errors_of, templates):
                with self.subTest(file=relative):
                    self.assertIn("Loaded compilation database", output)
                    self.assertEqual(errors, [])


# ---------------------------------------------------------------------------
# Colour
# ---------------------------------------------------------------------------


class ColourTest(FakeRepoTest):
    def on_a_terminal(self, *args, env=None):
        """Runs judge.py with stdout on a pseudo-terminal; returns its output."""
        master, slave = pty.openpty()
        child = subprocess.Popen(JUDGE_COMMAND + [*args], cwd=self.root,
                                 env=self.environment(env), stdin=subprocess.DEVNULL,
                                 stdout=slave, stderr=subprocess.DEVNULL)
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        child.wait(timeout=60)
        os.close(master)
        return b"".join(chunks).decode("utf-8", "replace")

    def test_colour_on_a_terminal(self):
        self.assertIn("\033[32mAC\033[0m", self.on_a_terminal("warp_scan"))

    def test_no_colour_on_a_terminal_with_no_color_or_never(self):
        self.assertNotIn("\033[", self.on_a_terminal("warp_scan", env={"NO_COLOR": "1"}))
        self.assertNotIn("\033[", self.on_a_terminal("warp_scan", "--color", "never"))
        self.assertNotIn("\033[", self.on_a_terminal("list", env={"TERM": "dumb"}))

    def test_pipe_gets_no_colour_unless_always(self):
        self.assertNotIn("\033[", self.judge("warp_scan").stdout)
        forced = self.judge("warp_scan", "--color", "always", env={"NO_COLOR": "1"})
        self.assertIn("\033[32mAC\033[0m", forced.stdout)
        self.assertIn("\033[1m", self.judge("--color=always").stdout)

    def test_tables_stay_aligned_in_colour(self):
        self.judge("warp_scan")
        plain = self.judge("list").stdout.splitlines()
        coloured = self.judge("list", "--color", "always").stdout.splitlines()
        strip = [re.sub(r"\033\[[0-9;]*m", "", line) for line in coloured]
        self.assertEqual(strip, plain)

    def test_bad_value(self):
        self.assertUsageError(self.judge("list", "--color", "sometimes"), "invalid choice")


# ---------------------------------------------------------------------------
# Languages (the message table itself: test_messages.py)
# ---------------------------------------------------------------------------


class ChineseTest(FakeRepoTest):
    def test_lang_option_beats_the_locale(self):
        done = self.judge("warp_scan", "--lang", "en", env={"LANG": "zh_CN.UTF-8"})
        self.assertIn("AC  accepted", done.stdout)
        done = self.judge("warp_scan", env={"LC_MESSAGES": "zh_CN.UTF-8"})
        self.assertIn("AC  通过", done.stdout)
        done = self.judge("warp_scan", env={"LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"})
        self.assertIn("AC  accepted", done.stdout)

    def test_usage_errors_in_chinese(self):
        done = self.judge("hint", "--lang", "zh")
        self.assertCleanFailure(done)
        self.assertIn("用法：judge.py hint", done.stderr)
        self.assertIn("judge.py hint：错误：缺少以下参数：ID", done.stderr)
        self.assertIn("查看用法：python3 judge.py hint --help", done.stderr)
        done = self.judge("--lang", "fr")
        self.assertCleanFailure(done)
        self.assertIn("invalid choice: 'fr'", done.stderr)  # no language chosen yet: English

    def test_errors_in_chinese(self):
        done = self.judge("wrp_scan", env={"LANG": "zh_CN.UTF-8"})
        self.assertCleanFailure(done)
        self.assertEqual(done.stderr.strip(), "错误：没有题目叫 'wrp_scan'；你是不是想找：warp_scan？")

    def test_help_in_chinese(self):
        done = self.judge("--help", "--lang", "zh")
        self.assertEqual(done.returncode, 0)
        self.assertIn("用法：judge.py", done.stdout)
        self.assertIn("显示帮助并退出", done.stdout)
        self.assertIn("每次保存文件时重新评测", done.stdout)

    def test_no_english_from_the_table_reaches_a_chinese_learner(self):
        """Runs every command in Chinese; no English message text may show up."""
        env = {"LANG": "zh_CN.UTF-8"}
        runs = [[], ["list"], ["show", "warp_scan"], ["hint", "warp_scan"],
                ["solution", "warp_scan"], ["reset", "warp_scan"], ["editor"], ["doctor"],
                ["check", "warp_scan"], ["nope"], ["warp"], ["hint"], ["watch", "--interval", "x"],
                ["block_reduce_sum"], ["warp_scan", "--no-perf"]]
        output = []
        for args in runs:
            done = self.judge(*args, env=env)
            output.append(done.stdout + done.stderr)
        for verdict in ("WA", "CE", "RE", "TLE", "JE"):
            done = self.judge("warp_scan", env=dict(env, FAKE_VERDICT=verdict))
            output.append(done.stdout + done.stderr)
        done = self.judge("warp_scan", env=dict(env, FAKE_CRASH="1"))
        output.append(done.stdout + done.stderr)
        write(self.path(".cudajudge", "progress.json"), "{broken")
        done = self.judge("warp_scan", env=env)
        output.append(done.stdout + done.stderr)
        write(self.path("templates", "warp_reduce.cu"), WA_FILE)
        watcher = Watcher(self, "warp_scan", "--next", "--interval", "0.05", env=env)
        self.addCleanup(watcher.kill)
        watcher.wait_for("^WA  答案错误$")
        _, stderr, rest = watcher.stop()
        output.append("\n".join(watcher.seen) + rest + stderr)
        text = "\n".join(output)
        self.assertIn("通过", text)
        leaks = []
        for key, (english, chinese) in texts.TEXTS.items():
            if ":" in key:  # verdict, tier and rule names: the fake engine's English uses them
                continue
            for fragment in re.split(r"\{\w+\}", english):
                fragment = fragment.strip(" .:;,()'`\n")
                if (len(fragment) >= 8 and " " in fragment and fragment not in chinese
                        and fragment in text):
                    leaks.append(f"{key}: {fragment!r}")
        self.assertEqual(leaks, [], text)


if __name__ == "__main__":
    unittest.main()
