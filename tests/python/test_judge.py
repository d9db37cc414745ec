"""Tests of judge.py, the learner-facing driver.

Most tests run judge.py as the learner would (a subprocess) against
fake_engine.py (through CUDAJUDGE_ENGINE) and a throw-away copy of the
repository layout (support.FakeRepoTest), so they need neither a build nor a
GPU. A few use the real engine when CUDAJUDGE_BUILD holds one, and a few build
a toy meson project to exercise the build management. The learner's workflow
(progress, watch, hints, editor support, languages) is in test_workflow.py.

Run: python3 -m unittest discover -s tests/python -v
(meson test runs it with CUDAJUDGE_ROOT and CUDAJUDGE_BUILD set.)
"""

import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

from support import (APT_FIX, FAKE_ENGINE, JUDGE, REAL_BUILD, REAL_ENGINE, REAL_ROOT,
                     FakeRepoTest, clean_environment, option_value, read, write)
from cudajudge_cli.core import workspace
from cudajudge_cli.commands import check, selftest

SUMMARY_KEYS = {"type", "id", "file", "verdict", "backend", "seed", "message", "compile_log",
                "program_output", "cases", "timing", "phases_s", "device"}


# ---------------------------------------------------------------------------


class ResolveIdTest(FakeRepoTest):
    def judged_id(self, name):
        done = self.judge(name, "--json")
        self.assertEqual(done.returncode, 0, done.stderr)
        return option_value(self.judge_calls()[-1], "--id")

    def test_exact_id(self):
        self.assertEqual(self.judged_id("warp_scan"), "warp_scan")

    def test_alias(self):
        self.assertEqual(self.judged_id("warp_inclusive_scan"), "warp_scan")

    def test_unambiguous_prefix_of_id(self):
        self.assertEqual(self.judged_id("warp_s"), "warp_scan")

    def test_unambiguous_prefix_of_alias(self):
        self.assertEqual(self.judged_id("warp_inc"), "warp_scan")

    def test_explicit_judge_command(self):
        done = self.judge("judge", "warp_scan", "--json")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(option_value(self.judge_calls()[-1], "--id"), "warp_scan")

    def test_unknown_id_suggests_the_closest(self):
        done = self.judge("wrp_scan")
        self.assertCleanFailure(done)
        self.assertIn("unknown exercise 'wrp_scan'; did you mean: warp_scan?", done.stderr)
        self.assertEqual(self.judge_calls(), [])

    def test_ambiguous_prefix_lists_candidates(self):
        done = self.judge("warp")
        self.assertCleanFailure(done)
        for candidate in ("warp_scan", "warp_reduce", "warp_allreduce"):
            self.assertIn(candidate, done.stderr)
        self.assertEqual(self.judge_calls(), [])

    def test_missing_exercise_file_names_it_and_the_template(self):
        write(os.path.join(self.root, "templates", "block_reduce_sum.cu"), "// template\n")
        done = self.judge("block_reduce_sum")
        self.assertCleanFailure(done)
        self.assertIn("exercises/block_reduce_sum.cu", done.stderr)
        self.assertIn("templates/block_reduce_sum.cu", done.stderr)
        self.assertEqual(self.judge_calls(), [])

    def test_missing_exercise_and_template_says_the_checkout_is_incomplete(self):
        os.remove(os.path.join(self.root, "exercises", "warp_scan.cu"))
        template = os.path.join(self.root, "templates", "warp_scan.cu")
        if os.path.exists(template):
            os.remove(template)
        done = self.judge("warp_scan")
        self.assertCleanFailure(done)
        self.assertIn("templates/warp_scan.cu is missing", done.stderr)
        self.assertIn("git checkout -- templates/", done.stderr)
        self.assertNotIn("copy templates/warp_scan.cu", done.stderr)

    def test_missing_explicit_file(self):
        """A path the learner gave that does not exist: check the path; `reset` would
        restore exercises/ID.cu, not that file, so it is not offered as the fix."""
        done = self.judge("warp_scan", "nowhere/mine.cu")
        self.assertCleanFailure(done)
        self.assertIn("nowhere/mine.cu does not exist: check the path", done.stderr)
        self.assertIn(f"from the folder you are in, {os.path.realpath(self.root)}",
                      done.stderr.replace(self.root, os.path.realpath(self.root)))
        self.assertIn("`reset` restores only that file", done.stderr)
        self.assertIn("judges exercises/warp_scan.cu", done.stderr)
        self.assertNotIn("run: python3 judge.py reset", done.stderr)
        self.assertNotIn("copy templates/", done.stderr)
        self.assertEqual(self.judge_calls(), [])
        absolute = self.judge("warp_scan", "/some/missing.cu", "--lang", "zh")
        self.assertCleanFailure(absolute)
        self.assertIn("/some/missing.cu 不存在：请检查路径", absolute.stderr)

    def test_missing_exercise_file_named_as_a_path_is_told_to_reset(self):
        """The exercise's own file, named by its path: reset is the true fix."""
        os.remove(os.path.join(self.root, "exercises", "warp_scan.cu"))
        done = self.judge("warp_scan", "exercises/warp_scan.cu")
        self.assertCleanFailure(done)
        self.assertIn("exercises/warp_scan.cu does not exist. To start from the template",
                      done.stderr)
        self.assertIn("python3 judge.py reset warp_scan", done.stderr)

    def test_explicit_file_is_passed_relative_to_root(self):
        write(os.path.join(self.root, "exercises", "attempt2.cu"), "// second try\n")
        done = self.judge("warp_scan", "attempt2.cu", "--json",
                          cwd=os.path.join(self.root, "exercises"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(option_value(self.judge_calls()[-1], "--file"), "exercises/attempt2.cu")


class JsonOutputTest(FakeRepoTest):
    def test_every_line_parses_and_the_last_is_the_summary(self):
        done = self.judge("warp_scan", "--json", env={"FAKE_VERDICT": "WA"})
        self.assertEqual(done.returncode, 1, done.stderr)
        objects = self.json_lines(done)
        self.assertGreaterEqual(len(objects), 2)
        self.assertTrue(all(o["type"] in ("case", "summary") for o in objects))
        summary = objects[-1]
        self.assertEqual(summary["type"], "summary")
        self.assertLessEqual(SUMMARY_KEYS, set(summary))
        self.assertEqual(summary["verdict"], "WA")
        self.assertEqual([o["name"] for o in objects[:-1]],
                         [c["name"] for c in summary["cases"]])

    def test_seed_and_no_perf_reach_the_engine(self):
        done = self.judge("warp_scan", "--json", "--seed", "99", "--no-perf")
        self.assertEqual(done.returncode, 0, done.stderr)
        call = self.judge_calls()[-1]
        self.assertEqual(option_value(call, "--seed"), "99")
        self.assertIn("--no-perf", call)
        self.assertEqual(self.json_lines(done)[-1]["seed"], 99)

    def test_engine_garbage_still_ends_with_a_summary(self):
        done = self.judge("warp_scan", "--json", env={"FAKE_GARBAGE": "1"})
        self.assertCleanFailure(done)
        objects = self.json_lines(done)
        self.assertEqual(objects[-1]["type"], "summary")
        self.assertEqual(objects[-1]["verdict"], "JE")


class HumanOutputTest(FakeRepoTest):
    def test_accepted(self):
        done = self.judge("warp_scan")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0], "warp_scan · exercises/warp_scan.cu · seed 1234 · "
                                   "gpu (NVIDIA H200, sm_90)")
        self.assertIn("  ✓ random-1 (n=1000, block=256)", lines)
        self.assertIn("time 1.234 ms (median of 20) · fastest 1.200 ms, slowest 1.300 ms · "
                      "812.3 GB/s", lines)
        self.assertIn("[#################---] 84% of copy bandwidth (silver) · "
                      "1.07x the reference's time", lines)
        # a wait of 0.01 s is not worth a word
        self.assertIn("compile 2.1 s · link 0.4 s · cases 0.3 s · run 0.8 s"
                      " · timing the reference 0.9 s", lines)
        self.assertIn("AC  accepted", lines)
        self.assertNotIn("reproduce", done.stdout)
        self.assertNotIn("\033[", done.stdout)  # no colour into a pipe

    def test_wrong_answer_shows_the_mismatch_table(self):
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertEqual(done.returncode, 1, done.stderr)
        out = done.stdout
        self.assertIn("  ✗ random-2 (n=1000, block=256)", out)
        header = [line for line in out.splitlines() if "expected" in line and "index" in line]
        self.assertEqual(len(header), 1, out)
        self.assertEqual(header[0].split(), ["index", "block", "warp", "lane", "expected", "got"])
        rows = [line.split() for line in out.splitlines()
                if re.fullmatch(r"\s+\d+(\s+\d+){5}", line)]
        # The first five of seven reported mismatches, then the last one.
        self.assertEqual([r[0] for r in rows], ["1", "33", "65", "97", "129", "991"])
        self.assertEqual(rows[1], ["33", "0", "1", "1", "33", "0"])
        self.assertIn("30 of 1000 elements differ (2 never written)", out)
        self.assertIn("diagnosis: only lane 0 is right", out)
        self.assertIn("first wrong element: index 1", out)
        lines = out.splitlines()
        self.assertIn("WA  wrong answer", lines)
        self.assertEqual(lines[-1], "reproduce: python3 judge.py warp_scan --seed 1234")

    def test_reproduce_line_keeps_the_seed_and_a_non_default_file(self):
        write(os.path.join(self.root, "exercises", "try2.cu"), "// another try\n")
        done = self.judge("warp_scan", "exercises/try2.cu", "--seed", "7",
                          env={"FAKE_VERDICT": "RE"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual(done.stdout.splitlines()[-1],
                         "reproduce: python3 judge.py warp_scan exercises/try2.cu --seed 7")
        self.assertIn("an illegal memory access", done.stdout)

    def test_compile_error_shows_the_compiler_output(self):
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "CE"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("compiler output:", done.stdout)
        self.assertIn("exercises/warp_scan.cu:12:5: error", done.stdout)
        self.assertIn("CE  compile error", done.stdout)

    def test_program_output_is_shown_as_ignored(self):
        done = self.judge("warp_scan", env={"FAKE_PROGRAM_OUTPUT": "PASS!!\n"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("your program printed (ignored by the judge)", done.stdout)
        self.assertIn("PASS!!", done.stdout)

    def test_ascii_terminal_gets_ascii_marks(self):
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "WA", "PYTHONIOENCODING": "ascii"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("  ok random-1", done.stdout)
        self.assertIn("  FAIL random-2", done.stdout)
        done.stdout.encode("ascii")

    def test_no_device_uses_the_emulator_and_says_so(self):
        done = self.judge("warp_scan", env={"FAKE_NO_DEVICE": "1"})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        lines = done.stdout.splitlines()
        self.assertTrue(lines[0].endswith("· emu"), lines[0])
        self.assertEqual(lines[1], "judged on the CPU emulator (correctness only, no timing)")
        self.assertNotIn("GB/s", done.stdout)


class ExitCodeTest(FakeRepoTest):
    def test_exit_code_follows_the_verdict(self):
        expected = {"AC": 0, "SKIP": 0, "WA": 1, "CE": 1, "RE": 1, "TLE": 1, "RULE": 1,
                    "RACE": 1, "JE": 2}
        for verdict, code in expected.items():
            with self.subTest(verdict=verdict):
                done = self.judge("warp_scan", env={"FAKE_VERDICT": verdict})
                self.assertEqual(done.returncode, code, done.stdout + done.stderr)
                self.assertIn(f"{verdict}  ", done.stdout)
                self.assertNotIn("Traceback", done.stderr)

    def test_no_arguments_shows_progress_not_usage(self):
        done = self.judge()
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(done.stdout.startswith("cudajudge: 0 of 5 exercises solved"),
                        done.stdout)
        self.assertNotIn("usage", done.stdout.lower())

    def test_help(self):
        done = self.judge("--help")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("usage: judge.py", done.stdout)
        for command in ("judge", "watch", "list", "show", "hint", "solution", "reset",
                        "editor", "check", "doctor", "selftest"):
            self.assertRegex(done.stdout, rf"\n    {command} +\S")


class EngineMalfunctionTest(FakeRepoTest):
    def test_crash(self):
        done = self.judge("warp_scan", env={"FAKE_CRASH": "1"})
        self.assertCleanFailure(done)
        self.assertIn("JE", done.stdout)
        self.assertIn("crashed (SIGSEGV)", done.stderr)
        self.assertIn("fake engine: about to crash", done.stderr)

    def test_garbage(self):
        done = self.judge("warp_scan", env={"FAKE_GARBAGE": "1"})
        self.assertCleanFailure(done)
        self.assertIn("not JSON", done.stderr)
        self.assertIn("totally-not-json", done.stderr)

    def test_missing_summary(self):
        done = self.judge("warp_scan", env={"FAKE_NO_SUMMARY": "1"})
        self.assertCleanFailure(done)
        self.assertIn("without a summary", done.stderr)

    def test_invalid_catalog_is_shown_as_is(self):
        done = self.judge("list", env={"FAKE_CATALOG_ERROR": "1"})
        self.assertCleanFailure(done)
        self.assertEqual(done.stderr.strip().splitlines()[0],
                         "problems.yaml:12:5: unknown key 'titel' "
                         "(expected one of: id, aliases, title)")
        self.assertIn("git checkout -- problems.yaml", done.stderr)

    def test_engine_override_that_does_not_exist(self):
        done = self.judge("warp_scan",
                          env={"CUDAJUDGE_ENGINE": os.path.join(self.root, "no-such-engine")})
        self.assertCleanFailure(done)
        self.assertIn("CUDAJUDGE_ENGINE", done.stderr)


class RuleReportTest(FakeRepoTest):
    def test_rule_names_the_rule_the_line_and_the_output(self):
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "RULE"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertHasLines(
            done.stdout.splitlines(),
            "RULE  rule violation",
            "rules of this exercise broken:",
            "  ✗ shfl.sync (warp shuffles, __shfl_*_sync) is required, and "
            "exercises/warp_scan.cu never uses it",
            "  ✗ shared-memory (__shared__ memory) is forbidden, and "
            "exercises/warp_scan.cu:7 uses it (st.shared.u32)",
            "apart from that, the output was right on every case")
        self.assertNotIn("warp exercises must use shfl.sync", done.stdout)  # the English one

    def test_rule_in_chinese(self):
        done = self.judge("warp_scan", "--lang", "zh", env={"FAKE_VERDICT": "RULE"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("违反了本题的规则：", done.stdout)
        self.assertIn("本题禁止使用 shared-memory（__shared__ 共享内存），但 "
                      "exercises/warp_scan.cu:7 用到了（st.shared.u32）", done.stdout)
        self.assertIn("除此之外，所有用例的输出都是正确的", done.stdout)

    def test_no_rule_lines_when_none_is_broken(self):
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertNotIn("rules of this exercise", done.stdout)
        self.assertIn("1 of 2 cases gave a wrong answer", done.stdout)


class LanguageTest(FakeRepoTest):
    def test_chinese_labels(self):
        done = self.judge("warp_scan", "--lang", "zh", env={"FAKE_VERDICT": "WA"})
        self.assertEqual(done.returncode, 1, done.stderr)
        for text in ("随机种子 1234", "下标", "期望", "实际", "1000 个元素中有 30 个不一致",
                     "WA  答案错误", "复现："):
            self.assertIn(text, done.stdout)
        self.assertNotIn("WA  wrong answer", done.stdout)

    def test_language_from_the_environment(self):
        done = self.judge("warp_scan", env={"LANG": "zh_CN.UTF-8"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("AC  通过", done.stdout)

    def test_chinese_list(self):
        done = self.judge("list", "--lang", "zh")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("warp 内包含式前缀和", done.stdout)


class ListAndShowTest(FakeRepoTest):
    def test_list(self):
        done = self.judge("list")
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[0].split(), ["id", "chapter", "title", "best", "best", "time",
                                            "tries"])
        scan = [line for line in lines if line.split()[1:2] == ["warp_scan"]]
        self.assertEqual(len(scan), 1)
        self.assertIn("Warp inclusive scan", scan[0])
        self.assertIn("sync-warp", scan[0])

    def test_show(self):
        done = self.judge("show", "warp_inc")
        self.assertEqual(done.returncode, 0, done.stderr)
        for text in ("Warp inclusive scan", "__device__ int warp_inclusive_scan(int v)",
                     "one block of 256 threads", "2 hints", "exercises/warp_scan.cu"):
            self.assertIn(text, done.stdout)

    def test_show_unknown(self):
        self.assertCleanFailure(self.judge("show", "nope_nothing"))


class CheckTest(FakeRepoTest):
    def corpus(self, *parts):
        return os.path.join(self.root, "tests", "submissions", "warp_scan", *parts)

    def test_all_pass(self):
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        lines = done.stdout.splitlines()
        self.assertEqual(lines[-1], "check: 5 passed, 0 failed")
        self.assertTrue(any(re.fullmatch(
            r"ok   WA   tests/submissions/warp_scan/wrong_answer/exclusive\.cu  \d+\.\d s", line)
            for line in lines), done.stdout)
        calls = self.judge_calls()
        self.assertEqual(len(calls), 5)
        self.assertTrue(all("--no-perf" in call for call in calls))

    def test_a_wrong_verdict_fails(self):
        write(self.corpus("wrong_answer", "sneaky.cu"), "// fake-verdict: AC\n")
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("FAIL got AC, expected WA  tests/submissions/warp_scan/wrong_answer/"
                      "sneaky.cu", done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 5 passed, 1 failed")

    def test_sharing_the_device_a_wrong_verdict_is_judged_again_alone(self):
        write(self.corpus("wrong_answer", "passes_beside_others.cu"),
              "// fake-verdict: AC\n// fake-verdict-alone: WA\n")
        write(self.corpus("wrong_answer", "passes_alone_too.cu"), "// fake-verdict: AC\n")
        log = os.path.join(self.root, "calls.jsonl")
        done = self.judge("check", "warp_scan", "--jobs", "2",
                          env={"CUDAJUDGE_SHARE_DEVICE": "1", "FAKE_LOG": log})
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("ok   WA   tests/submissions/warp_scan/wrong_answer/passes_beside_others.cu",
                      done.stdout)
        self.assertIn("(judged again alone: AC beside other runs)", done.stdout)
        self.assertIn("FAIL got AC, expected WA  tests/submissions/warp_scan/wrong_answer/"
                      "passes_alone_too.cu", done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 6 passed, 1 failed")
        # Without sharing nothing is judged twice: the verdict stands.
        done = self.judge("check", "warp_scan", "--jobs", "2")
        self.assertIn("FAIL got AC, expected WA  tests/submissions/warp_scan/wrong_answer/"
                      "passes_beside_others.cu", done.stdout)

    def test_the_time_of_a_file_leaves_out_its_wait_for_the_device(self):
        done = self.judge("check", "warp_scan", env={"FAKE_WAIT_S": "7"})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        # 2.1 + 0.4 + 0.3 + 0.8 + 0.9 worked, 7 waited
        self.assertIn("ok   AC   reference/warp_scan.cu  4.5 s", done.stdout)

    def test_an_accepted_template_fails(self):
        write(os.path.join(self.root, "templates", "warp_scan.cu"), "// fake-verdict: AC\n")
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 1, done.stdout)
        self.assertIn("FAIL got AC, expected not AC  templates/warp_scan.cu", done.stdout)

    def test_expectation_per_backend(self):
        write(self.corpus("wrong_answer", "only_on_emu.cu"),
              "// expect-emu: WA\n// expect-gpu: AC\n// fake-verdict: AC\n")
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 6 passed, 0 failed")

    def test_skipped_files_are_counted(self):
        write(self.corpus("accepted", "skipped.cu"), "// fake-verdict: SKIP\n")
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 5 passed, 0 failed, 1 skipped")

    def test_no_device_checks_on_the_emulator(self):
        done = self.judge("check", "warp_scan", env={"FAKE_NO_DEVICE": "1"})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertEqual(done.stdout.splitlines()[0], "checking on the CPU emulator (emu)")
        self.assertEqual(done.stdout.splitlines()[-1], "check: 5 passed, 0 failed")

    def test_emulate_asks_the_engine_for_emu(self):
        log = os.path.join(self.root, "calls.jsonl")
        done = self.judge("check", "warp_scan", "--emulate", env={"FAKE_LOG": log})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        with open(log, encoding="utf-8") as calls:
            judged = [json.loads(line) for line in calls if '"judge"' in line]
        self.assertTrue(judged)
        self.assertTrue(all(c[c.index("--backend") + 1] == "emu" for c in judged), judged)

    def test_sanitize_asks_the_engine_for_the_tool(self):
        log = os.path.join(self.root, "calls.jsonl")
        done = self.judge("check", "warp_scan", "--sanitize", "--tool", "racecheck",
                          env={"FAKE_LOG": log})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("compute-sanitizer (racecheck", done.stdout.splitlines()[0])
        with open(log, encoding="utf-8") as calls:
            judged = [json.loads(line) for line in calls if '"judge"' in line]
        self.assertTrue(judged)
        for call in judged:
            self.assertEqual(option_value(call, "--backend"), "sanitize")
            self.assertEqual(option_value(call, "--tool"), "racecheck")

    def test_sanitize_defaults_to_memcheck_and_refuses_emulate(self):
        done = self.judge("warp_scan", "--json", "--sanitize")
        self.assertEqual(option_value(self.judge_calls()[-1], "--tool"), "memcheck")
        done = self.judge("warp_scan", "--sanitize", "--emulate")
        self.assertCleanFailure(done, 2)
        self.assertIn("choose one", done.stderr)
        done = self.judge("warp_scan", "--tool", "synccheck")
        self.assertCleanFailure(done, 2)
        self.assertIn("--sanitize", done.stderr)

    def test_sanitize_expectations_fall_back_to_gpu(self):
        path = os.path.join(self.root, "expect.cu")
        write(path, "// expect-gpu: SKIP\n// expect-emu: RACE\n")
        self.assertEqual(check.expectation_on(path, "sanitize:racecheck", "WA"), "SKIP")
        self.assertEqual(check.expectation_on(path, "emu", "WA"), "RACE")
        write(path, "// expect-gpu: SKIP\n// expect-sanitize: RACE\n")
        self.assertEqual(check.expectation_on(path, "sanitize:all", "WA"), "RACE")
        self.assertEqual(check.expectation_on(path, "gpu", "WA"), "SKIP")
        # expect-sanitize speaks of --tool all; one tool alone falls back to the GPU's
        self.assertEqual(check.expectation_on(path, "sanitize:memcheck", "WA"), "SKIP")
        write(path, "// expect-gpu: SKIP\n// expect-sanitize: RACE\n// expect-racecheck: RACE\n")
        self.assertEqual(check.expectation_on(path, "sanitize:racecheck", "WA"), "RACE")
        write(path, "int x;\n")
        self.assertEqual(check.expectation_on(path, "sanitize:memcheck", "WA"), "WA")

    def test_skip_on_one_backend(self):
        write(self.corpus("race", "emu_only.cu"), "// expect-gpu: SKIP\n// fake-verdict: AC\n")
        done = self.judge("check", "warp_scan")
        self.assertEqual(done.returncode, 0, done.stdout)
        self.assertIn("not judged on gpu", done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 5 passed, 0 failed, 1 skipped")

    def test_engine_crash_is_a_failure(self):
        done = self.judge("check", "warp_scan", env={"FAKE_CRASH": "1"})
        self.assertCleanFailure(done, 1)
        self.assertIn("crashed", done.stdout)
        self.assertEqual(done.stdout.splitlines()[-1], "check: 0 passed, 5 failed")

    def test_expectation_comment_parser(self):
        path = os.path.join(self.root, "expect.cu")
        write(path, "// expect-gpu: wa\n" + "\n" * 12 + "// expect-emu: AC\n")
        self.assertEqual(check.expectation_overrides(path), {"gpu": "WA"})


class SelftestSummaryTest(unittest.TestCase):
    SAMPLE = [
        '{"name": "catalog", "result": "OK", "duration": 0.1}',
        '{"name": "check", "result": "FAIL", "duration": 0.2}',
        '{"name": "gpu warp_scan", "result": "SKIP", "duration": 0.0}',
        '{"name": "hang", "result": "TIMEOUT", "duration": 30.0}',
        '{"name": "known bug", "result": "EXPECTEDFAIL", "duration": 0.1}',
        '{"name": "fixed bug", "result": "UNEXPECTEDPASS", "duration": 0.1}',
        '{"name": "broken", "result": "ERROR", "duration": 0.1}',
        "",
    ]

    def test_counts(self):
        self.assertEqual(selftest.count_test_results(self.SAMPLE), (2, 4, 1))

    def test_line(self):
        self.assertEqual(selftest.selftest_line(2, 4, 1), "selftest: 2 passed, 4 failed, 1 skipped")

    def test_reads_a_testlog_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "testlog.json")
            write(path, "\n".join(self.SAMPLE[:3]) + "\n")
            with open(path, encoding="utf-8") as log:
                self.assertEqual(selftest.count_test_results(log), (1, 1, 1))


class SelftestQuickTest(FakeRepoTest):
    """`selftest --quick`: whether the install works, without the whole suite: the
    reference judged AC and the template not, on whichever backend there is."""

    def test_the_reference_is_ac_and_the_template_is_not(self):
        done = self.judge("selftest", "--quick", env={"FAKE_NO_DEVICE": "1"})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        lines = done.stdout.splitlines()
        self.assertIn("ok    reference/warp_scan.cu: AC on emu", done.stdout)
        self.assertIn("ok    templates/warp_scan.cu: WA on emu", done.stdout)
        self.assertTrue(lines[-1].startswith("selftest --quick: 2 passed, 0 failed, 0 skipped"),
                        lines[-1])
        self.assertEqual([c[c.index("--file") + 1] for c in self.judge_calls()],
                         ["reference/warp_scan.cu", "templates/warp_scan.cu"])

    def test_a_judge_that_accepts_anything_fails_it(self):
        done = self.judge("selftest", "--quick", env={"FAKE_VERDICT": "AC"})
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("FAIL  templates/warp_scan.cu: AC on gpu, expected not AC", done.stdout)
        self.assertIn("selftest --quick: 1 passed, 1 failed", done.stdout)

    def test_no_backend_at_all_fails_it(self):
        done = self.judge("selftest", "--quick", env={"FAKE_NO_DEVICE": "1",
                                                      "FAKE_VERDICT": "JE"})
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)

    def test_help_says_how_long(self):
        done = self.judge("--help")
        self.assertIn("--quick", done.stdout)
        self.assertIn("up to an hour", done.stdout)
        self.assertIn("15 to 40 seconds", self.judge("selftest", "--help").stdout)


class ResetTest(FakeRepoTest):
    def test_reset_with_yes_keeps_a_backup(self):
        exercise = os.path.join(self.root, "exercises", "warp_scan.cu")
        write(exercise, "// my half-finished work\n")
        done = self.judge("reset", "warp_scan", "--yes")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(read(exercise), read(os.path.join(self.root, "templates",
                                                           "warp_scan.cu")))
        backups = [n for n in os.listdir(os.path.dirname(exercise))
                   if re.fullmatch(r"warp_scan\.cu\.bak-\d{8}-\d{6}", n)]
        self.assertEqual(len(backups), 1, os.listdir(os.path.dirname(exercise)))
        self.assertEqual(read(os.path.join(self.root, "exercises", backups[0])),
                         "// my half-finished work\n")

    def test_reset_without_confirmation_changes_nothing(self):
        exercise = os.path.join(self.root, "exercises", "warp_scan.cu")
        write(exercise, "// my half-finished work\n")
        done = self.judge("reset", "warp_scan")
        self.assertCleanFailure(done)
        self.assertIn("--yes", done.stderr)
        self.assertEqual(read(exercise), "// my half-finished work\n")

    def test_reset_of_a_missing_exercise_file(self):
        os.remove(os.path.join(self.root, "exercises", "warp_scan.cu"))
        done = self.judge("reset", "warp_scan", "--yes")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(os.path.isfile(os.path.join(self.root, "exercises", "warp_scan.cu")))


class DoctorTest(FakeRepoTest):
    def test_reports_the_gpu(self):
        done = self.judge("doctor")
        self.assertIn("GPU NVIDIA H200 (sm_90), copy bandwidth 3950.4 GB/s", done.stdout)
        self.assertTrue(done.stdout.splitlines()[-1].startswith("backend: gpu"), done.stdout)
        self.assertNotIn("Traceback", done.stderr)

    def test_reports_no_device(self):
        done = self.judge("doctor", env={"FAKE_NO_DEVICE": "1"})
        self.assertIn("no CUDA device found", done.stdout)
        self.assertIn("judged on the CPU emulator", done.stdout)
        self.assertTrue(done.stdout.splitlines()[-1].startswith("backend: emu"), done.stdout)

    def test_no_driver_is_not_a_driver_to_update(self):
        if os.path.exists("/proc/driver/nvidia/version"):
            self.skipTest("an NVIDIA driver is loaded here")
        done = self.judge("doctor", env={"FAKE_NO_DEVICE": "1", "FAKE_DEVICE_ERROR":
                                         "CUDA driver version is insufficient for CUDA runtime "
                                         "version"})
        self.assertIn("no GPU driver on this machine", done.stdout)
        self.assertIn("judged on the CPU emulator instead", done.stdout)
        self.assertNotIn("insufficient", done.stdout)
        self.assertTrue(done.stdout.splitlines()[-1].startswith("backend: emu"), done.stdout)

    def test_missing_tools_give_the_fix(self):
        empty = os.path.join(self.root, "empty-path")
        os.makedirs(empty)
        done = self.judge("doctor", env={"PATH": empty})
        self.assertCleanFailure(done)
        meson = [line for line in done.stdout.splitlines() if "meson" in line]
        self.assertTrue(meson and meson[0].startswith("missing"), done.stdout)
        self.assertIn(APT_FIX, meson[0])


# ---------------------------------------------------------------------------
# Build management, on a toy meson project whose "engine" is a small C program
# ---------------------------------------------------------------------------

TOY_MESON = "project('toy_judge', 'c')\nexecutable('cudajudge', 'toy_engine.c')\n"
TOY_ENGINE = textwrap.dedent(r'''
    #include <stdio.h>
    #include <string.h>

    int main(int argc, char **argv)
    {
        if (argc > 1 && strcmp(argv[1], "catalog") == 0) {
            puts("{\"problems\": [{\"id\": \"warp_scan\", \"aliases\": [], "
                 "\"chapter\": \"sync-warp\", \"title\": {\"en\": \"Toy scan\", \"zh\": \"\"}, "
                 "\"backends\": [\"gpu\"]}]}");
            return 0;
        }
        fprintf(stderr, "toy engine: unknown command\n");
        return 2;
    }
''')


def build_tools_missing():
    """Why the build tests cannot run here, or None."""
    env, _ = workspace.tool_environment(REAL_ROOT)
    path = env.get("PATH", "")
    for tool in ("meson", "ninja", "nvcc", "pkg-config"):
        if not shutil.which(tool, path=path):
            return f"{tool} not found"
    if not (shutil.which("cc", path=path) or shutil.which("gcc", path=path)):
        return "no C compiler"
    found = subprocess.run(["pkg-config", "--exists", "yaml-0.1"], env=env)
    return None if found.returncode == 0 else "libyaml not found"


class BuildManagementTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-build-test-")
        self.root = self.tmp.name
        write(os.path.join(self.root, "meson.build"), TOY_MESON)
        write(os.path.join(self.root, "toy_engine.c"), TOY_ENGINE)
        devkit = os.path.join(REAL_ROOT, ".devkit")
        if os.path.isdir(devkit):
            os.symlink(devkit, os.path.join(self.root, ".devkit"))

    def tearDown(self):
        self.tmp.cleanup()

    def judge(self, *args, env=None):
        full_env = clean_environment()
        full_env.update(CUDAJUDGE_ROOT=self.root)
        full_env.update(env or {})
        return subprocess.run([sys.executable, JUDGE] + list(args), cwd=self.root, env=full_env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, encoding="utf-8",
                              timeout=300)

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_first_run_builds_then_later_runs_reuse_the_build(self):
        first = self.judge("list")
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        self.assertIn("building the judge (first run only", first.stderr)
        self.assertIn("Toy scan", first.stdout)
        self.assertTrue(os.path.isfile(os.path.join(self.root, "build", "build.ninja")))
        second = self.judge("list")
        self.assertEqual(second.returncode, 0, second.stderr)
        self.assertNotIn("building the judge", second.stderr)

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_first_build_shows_its_progress(self):
        """ninja's steps, not silence (here stderr is no terminal: a line per quarter)."""
        first = self.judge("list")
        self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
        steps = re.findall(r"^building the judge: (\d+)/(\d+) after \d+ s$", first.stderr,
                           re.MULTILINE)
        self.assertTrue(steps, first.stderr)
        self.assertEqual(steps[-1][0], steps[-1][1])  # the last step is the last one
        self.assertLessEqual(len(steps), 4)

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_build_dir_from_the_environment(self):
        build = os.path.join(self.root, "elsewhere")
        done = self.judge("list", env={"CUDAJUDGE_BUILD": build})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(os.path.isfile(os.path.join(build, "cudajudge")))

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_failed_build_says_how_to_retry(self):
        write(os.path.join(self.root, "meson.build"), TOY_MESON + "this is not meson(\n")
        done = self.judge("list")
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn("building the judge failed", done.stderr)
        self.assertIn("meson setup build", done.stderr)
        self.assertIn(f"cd {self.root}", done.stderr)

    def toy_tests(self, **tests):
        """The toy build with meson tests, each a Python statement (name=statement)."""
        python = sys.executable.replace("\\", "/")
        lines = [f"python = find_program('{python}')"] + [
            f"test('{name}', python, args: ['-c', '{code}'])" for name, code in tests.items()]
        write(os.path.join(self.root, "meson.build"), TOY_MESON + "\n".join(lines) + "\n")

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_selftest_runs_meson_test_and_counts(self):
        self.toy_tests(passes="pass", fails="raise SystemExit(1)", skips="raise SystemExit(77)")
        done = self.judge("selftest")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("fails", done.stdout)  # meson test's own output is streamed
        self.assertEqual(done.stdout.splitlines()[-1], "selftest: 1 passed, 1 failed, 1 skipped")

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_selftest_quick_runs_only_the_quick_unit_tests(self):
        self.toy_tests(check="pass", verdict="raise SystemExit(1)",
                       slow_and_broken="raise SystemExit(1)")
        self.assertEqual(self.judge("list").returncode, 0)  # builds the toy
        for folder in ("reference", "templates"):
            write(os.path.join(self.root, folder, "warp_scan.cu"), "// warp_scan\n")
        done = self.judge("selftest", "--quick", env={"CUDAJUDGE_ENGINE": FAKE_ENGINE,
                                                      "FAKE_NO_DEVICE": "1"})
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        self.assertIn("verdict", done.stdout)
        self.assertNotIn("slow_and_broken", done.stdout)
        self.assertIn("selftest --quick: 3 passed, 1 failed, 0 skipped", done.stdout)

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_two_judges_at_once_build_once_and_the_second_waits(self):
        import fcntl
        lock_path = os.path.join(self.root, ".cudajudge", "build.lock")
        os.makedirs(os.path.dirname(lock_path))
        with open(lock_path, "a") as held:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as if another judge were building
            env = clean_environment()
            env.update(CUDAJUDGE_ROOT=self.root)
            waiting = subprocess.Popen([sys.executable, JUDGE, "list"], cwd=self.root, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       stdin=subprocess.DEVNULL, text=True)
            time.sleep(1.5)
            self.assertIsNone(waiting.poll(), "the judge did not wait for the build lock")
            self.assertFalse(os.path.exists(os.path.join(self.root, "build", "build.ninja")))
        out, err = waiting.communicate(timeout=300)
        self.assertEqual(waiting.returncode, 0, err)
        self.assertIn("another judge is building build", err)
        self.assertIn("Toy scan", out)
        both = [subprocess.Popen([sys.executable, JUDGE, "list"], cwd=self.root, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 stdin=subprocess.DEVNULL, text=True) for _ in range(2)]
        for judge_run in both:
            out, err = judge_run.communicate(timeout=300)
            self.assertEqual(judge_run.returncode, 0, err)
            self.assertIn("Toy scan", out)

    @unittest.skipIf(build_tools_missing(), f"cannot build here: {build_tools_missing()}")
    def test_a_read_only_checkout_builds_in_the_users_cache(self):
        cache = tempfile.mkdtemp(prefix="cudajudge-cache-")
        self.addCleanup(shutil.rmtree, cache, True)
        view = tempfile.mkdtemp(prefix="cudajudge-ro-")
        self.addCleanup(shutil.rmtree, view, True)
        if os.geteuid() == 0:  # root writes anywhere: a read-only bind mount instead
            mounted = subprocess.run(f"mount --bind {shlex.quote(self.root)} {shlex.quote(view)}"
                                     f" && mount -o remount,ro,bind {shlex.quote(view)}",
                                     shell=True, stderr=subprocess.DEVNULL).returncode == 0
            if not mounted:
                self.skipTest("cannot make a read-only mount here")
            self.addCleanup(subprocess.run, ["umount", view])
            root = view
        else:
            os.chmod(self.root, 0o555)
            self.addCleanup(os.chmod, self.root, 0o755)
            root = self.root
        env = {"CUDAJUDGE_ROOT": root, "XDG_CACHE_HOME": cache}
        done = self.judge("list", env=env)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("this checkout is read-only: building in " + cache, done.stderr)
        self.assertIn("Toy scan", done.stdout)
        self.assertFalse(os.path.exists(os.path.join(root, "build")))
        built = glob.glob(os.path.join(cache, "cudajudge", "build-*", "build.ninja"))
        self.assertEqual(len(built), 1, built)

    def test_missing_meson_gives_the_install_command(self):
        empty = os.path.join(self.root, "empty-path")
        os.makedirs(empty)
        done = self.judge("list", env={"PATH": empty})
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn("missing meson", done.stderr)
        self.assertIn(APT_FIX, done.stderr)


# ---------------------------------------------------------------------------
# The real engine, when it has been built
# ---------------------------------------------------------------------------


def real_engine_missing():
    return None if os.access(REAL_ENGINE, os.X_OK) else f"no engine at {REAL_ENGINE}"


@unittest.skipIf(real_engine_missing(), real_engine_missing() or "")
class RealEngineTest(unittest.TestCase):
    def setUp(self):
        state = tempfile.TemporaryDirectory(prefix="cudajudge-state-")
        self.addCleanup(state.cleanup)
        self.state = state.name  # never the learner's progress in the source tree

    def judge(self, *args):
        env = clean_environment()
        env.update(CUDAJUDGE_ROOT=REAL_ROOT, CUDAJUDGE_BUILD=REAL_BUILD,
                   CUDAJUDGE_ENGINE=REAL_ENGINE, CUDAJUDGE_STATE=self.state)
        return subprocess.run([sys.executable, JUDGE] + list(args), cwd=REAL_ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, encoding="utf-8",
                              timeout=300)

    def test_catalog_lists_warp_scan_and_suggests_it(self):
        listed = self.judge("list")
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertTrue(any(line.split()[1:2] == ["warp_scan"]
                            for line in listed.stdout.splitlines()), listed.stdout)
        unknown = self.judge("wrp_scan")
        self.assertEqual(unknown.returncode, 2)
        # the closest name comes first; other warp_* exercises may follow it
        self.assertIn("did you mean: warp_scan", unknown.stderr)

    def test_syntax_error_is_a_compile_error_at_its_line(self):
        inside_root = not os.path.relpath(REAL_BUILD, REAL_ROOT).startswith("..")
        if not inside_root:
            self.skipTest("the build folder is outside the repository")
        with tempfile.TemporaryDirectory(dir=REAL_BUILD, prefix="judge-test-") as tmp:
            source = os.path.join(tmp, "broken.cu")
            write(source, "__device__ int warp_inclusive_scan(int v)\n{\n"
                          "    return v +;\n}\n")
            relative = os.path.relpath(source, REAL_ROOT)
            done = self.judge("warp_scan", relative, "--json", "--no-perf")
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)
        summary = json.loads(done.stdout.splitlines()[-1])
        self.assertEqual(summary["verdict"], "CE")
        self.assertRegex(summary["compile_log"], re.escape(relative) + r":3\b")


if __name__ == "__main__":
    unittest.main()
