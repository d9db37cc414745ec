"""Tests of cudajudge_cli/core/engine.py, the one client of the engine, as the driver and
grading/ call it: the one-shot questions (catalog, device, policy, fingerprint), a
judgement with the options grading needs (its language, more engine options, variables for
the run, a wrapper command, a process group of its own), stop_all, and what a JudgeRun
says when the engine misbehaves. The engine is the stand-in of tests/python/fake_engine.py.
"""

import json
import os
import sys
import threading
import time
import unittest

from support import FAKE_ENGINE, FakeRepoTest, write
from cudajudge_cli.core.engine import Engine, JudgeRun
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.workspace import Workspace


class EngineClientTest(FakeRepoTest):
    def setUp(self):
        super().setUp()
        self.saved = dict(os.environ)
        self.addCleanup(self.restore)
        env = self.environment()
        os.environ.clear()
        os.environ.update(env)

    def restore(self):
        os.environ.clear()
        os.environ.update(self.saved)

    def workspace(self, **env):
        os.environ.update(env)
        return Workspace(root=self.root, build=os.path.join(self.root, "elsewhere"))

    def test_where_things_are_comes_from_the_caller_or_the_environment(self):
        ws = self.workspace()
        self.assertEqual((ws.root, ws.build), (self.root, os.path.join(self.root, "elsewhere")))
        self.assertEqual(ws.engine_command(), [sys.executable, FAKE_ENGINE[:-3] + ".py"]
                         if FAKE_ENGINE.endswith(".py") else [FAKE_ENGINE])
        plain = Workspace()
        self.assertEqual((plain.root, plain.build), (self.root, os.path.join(self.root, "build")))

    def test_one_shot_questions(self):
        ws = self.workspace()
        self.assertEqual([p["id"] for p in ws.engine.catalog()][:2], ["warp_scan", "warp_reduce"])
        self.assertTrue(ws.engine.device()["found"])
        self.assertFalse(self.workspace(FAKE_NO_DEVICE="1").engine.device(fresh=True)["found"])
        policy = os.path.join(self.root, "policy.json")
        write(policy, json.dumps({"exercises": ["warp_scan"]}))
        self.assertEqual(ws.engine.policy(policy), {"exercises": ["warp_scan"]})
        write(policy, "exercises: [")
        with self.assertRaises(JudgeError) as refused:
            ws.engine.policy(policy)
        self.assertIn("policy.json:1:1", str(refused.exception))
        # YAML reads a file that says nothing as no policy: refused before the engine
        calls = len(self.engine_calls())
        for empty in ("", "# nothing yet\n\n---\n"):
            write(policy, empty)
            with self.assertRaises(JudgeError) as refused:
                ws.engine.policy(policy)
            self.assertIn(policy + ":1:1: the policy is empty", str(refused.exception))
        with self.assertRaises(JudgeError) as refused:
            ws.engine.policy(policy + ".missing")
        self.assertIn("the policy cannot be read", str(refused.exception))
        self.assertEqual(len(self.engine_calls()), calls)
        self.assertIsNone(self.workspace(NVCC="none").engine.nvcc())
        self.assertEqual(self.workspace(NVCC=FAKE_ENGINE).engine.nvcc(), FAKE_ENGINE)
        write(self.path("problems.yaml"), "one\n")
        first = ws.engine.fingerprint()
        write(self.path("problems.yaml"), "two\n")
        self.assertRegex(first, "^[0-9a-f]{64}$")
        self.assertNotEqual(ws.engine.fingerprint(), first)

    def test_a_judgement_with_grading_options(self):
        ws = self.workspace()
        events = []
        wrapper = os.path.join(self.root, "wrap.sh")  # a stand-in for bubblewrap
        write(wrapper, '#!/bin/sh\necho wrapped >> "$WRAP_LOG"\nexec "$@"\n')
        os.chmod(wrapper, 0o755)
        log = os.path.join(self.root, "wrap.log")
        run = ws.engine.judge("warp_scan", "exercises/warp_scan.cu", seed=7, perf=False,
                              lang="zh", extra_args=["--backend", "emu"],
                              env={"WRAP_LOG": log}, wrap=[wrapper], own_group=True,
                              on_event=lambda event, line: events.append(event["type"]))
        self.assertEqual((run.verdict, run.exit_code, run.usable), ("AC", 0, True))
        self.assertEqual(events[-1], "summary")
        self.assertIn("case", events)
        call = self.judge_calls()[-1]
        for option, value in (("--seed", "7"), ("--lang", "zh"), ("--backend", "emu")):
            self.assertEqual(call[call.index(option) + 1], value)
        self.assertIn("--no-perf", call)
        with open(log, encoding="utf-8") as wrapped:
            self.assertEqual(wrapped.read(), "wrapped\n")

    def test_stop_all_ends_a_running_judgement(self):
        ws = self.workspace(FAKE_SLEEP="30")
        runs = []
        worker = threading.Thread(target=lambda: runs.append(ws.engine.judge(
            "warp_scan", "exercises/warp_scan.cu", own_group=True)))
        started = time.monotonic()
        worker.start()
        while not self.judge_calls() and time.monotonic() - started < 30:
            time.sleep(0.05)
        time.sleep(0.3)
        ws.engine.stop_all()
        worker.join(30)
        self.assertLess(time.monotonic() - started, 25)
        self.assertEqual(runs[0].verdict, "JE")
        self.assertIn("SIGKILL", runs[0].problem_message())

    def test_what_a_run_says_when_the_engine_misbehaves(self):
        crashed = self.workspace(FAKE_CRASH="1").engine.judge("warp_scan",
                                                              "exercises/warp_scan.cu")
        self.assertEqual(crashed.verdict, "JE")
        self.assertIn("crashed (SIGSEGV)", crashed.problem_message())
        os.environ.pop("FAKE_CRASH")
        garbage = self.workspace(FAKE_GARBAGE="1").engine.judge("warp_scan",
                                                                "exercises/warp_scan.cu")
        self.assertIn("not JSON", garbage.problem_message())
        summary = garbage.error_summary("warp_scan", "exercises/warp_scan.cu")
        self.assertEqual((summary["type"], summary["verdict"]), ("summary", "JE"))
        os.environ.pop("FAKE_GARBAGE")
        silent = self.workspace(FAKE_NO_SUMMARY="1").engine.judge("warp_scan",
                                                                  "exercises/warp_scan.cu")
        self.assertFalse(silent.usable)
        self.assertIn("stopped without a summary", silent.problem_message())
        chinese = Engine(self.workspace(), lang="zh").judge("warp_scan", "exercises/warp_scan.cu")
        self.assertEqual(chinese.verdict, "JE")
        self.assertIn("没有给出总结就停止了", chinese.problem_message())

    def test_an_engine_that_cannot_start(self):
        ws = self.workspace(CUDAJUDGE_ENGINE=self.path("not-there"))
        with self.assertRaises(JudgeError):
            ws.engine.judge("warp_scan", "exercises/warp_scan.cu")
        self.assertEqual(JudgeRun().verdict, "JE")


if __name__ == "__main__":
    unittest.main()
