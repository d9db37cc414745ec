#!/usr/bin/env python3
"""Speed rules, end to end through the engine, without nvcc or a GPU.

`cudajudge judge --id branch_by_warp --prebuilt fake_speed_binary` runs a
stand-in test binary that solves branch_by_warp on the CPU and reports, on the
case marked `measure`, the two medians it is told to (FAKE_LEARNER_MS,
FAKE_BASELINE_MS). The engine must turn them into the verdict: AC at or above
the exercise's 1.5x, TLE ("correct but too slow") below it, a wrong answer
stays WA whatever the speed, pageable host memory is RULE, and host code that
blocked on work the harness held back is TLE.

Usage: test_speed_rule.py --engine BUILD/cudajudge --fake BUILD/tests/fake_speed_binary
                          --root SOURCE_ROOT [unittest args]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

ENGINE = FAKE = ROOT = None


class SpeedRule(unittest.TestCase):
    def judge(self, lang=None, **env):
        with tempfile.TemporaryDirectory() as build:
            full_env = dict(os.environ)
            for key in ("FAKE_LEARNER_MS", "FAKE_BASELINE_MS", "FAKE_NO_MEASURE", "FAKE_WRONG",
                        "FAKE_PAGEABLE", "FAKE_BLOCKED", "CUDAJUDGE_SHARE_DEVICE"):
                full_env.pop(key, None)
            full_env.update({k: str(v) for k, v in env.items()})
            run = subprocess.run(
                [ENGINE, "judge", "--root", ROOT, "--build", build, "--id", "branch_by_warp",
                 "--file", os.path.join(ROOT, "reference", "branch_by_warp.cu"),
                 "--prebuilt", FAKE, "--seed", "7", "--no-perf"]
                + (["--lang", lang] if lang else []),
                capture_output=True, text=True, env=full_env, timeout=120)
        lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        summary = [x for x in lines if x.get("type") == "summary"]
        self.assertEqual(len(summary), 1, run.stdout + run.stderr)
        cases = [x for x in lines if x.get("type") == "case"]
        return run.returncode, summary[0], cases

    def measured(self, cases):
        speed = [c for c in cases if c.get("speed")]
        self.assertEqual(len(speed), 1, cases)
        return speed[0]

    def test_fast_enough_is_accepted(self):
        code, summary, cases = self.judge(FAKE_LEARNER_MS=1.0, FAKE_BASELINE_MS=1.9)
        self.assertEqual((summary["verdict"], code), ("AC", 0), summary["message"])
        case = self.measured(cases)
        self.assertAlmostEqual(case["speed"]["speedup"], 1.9, places=3)
        self.assertEqual(case["speed"]["needs"], 1.5)

    def test_measured_with_the_device_alone_when_runs_share_it(self):
        # With CUDAJUDGE_SHARE_DEVICE the engine hands the device over for the
        # measurement (wire.h: lock_handoff); the stand-in asks, as the runner does,
        # and its numbers still decide the verdict.
        code, summary, cases = self.judge(CUDAJUDGE_SHARE_DEVICE=1,
                                          FAKE_LEARNER_MS=1.0, FAKE_BASELINE_MS=1.2)
        self.assertEqual((summary["verdict"], code), ("TLE", 1), summary["message"])
        self.assertAlmostEqual(self.measured(cases)["speed"]["speedup"], 1.2, places=3)

    def test_exactly_the_required_speedup_is_accepted(self):
        code, summary, _ = self.judge(FAKE_LEARNER_MS=2.0, FAKE_BASELINE_MS=3.0)
        self.assertEqual((summary["verdict"], code), ("AC", 0), summary["message"])

    def test_too_slow_is_tle_with_the_numbers(self):
        code, summary, cases = self.judge(FAKE_LEARNER_MS=1.0, FAKE_BASELINE_MS=1.2)
        self.assertEqual((summary["verdict"], code), ("TLE", 1), summary["message"])
        case = self.measured(cases)
        self.assertEqual(case["verdict"], "TLE")
        for words in ("correct but too slow", "1.20x", "needs 1.50x", "divergent baseline"):
            self.assertIn(words, summary["message"])

    def test_too_slow_names_baseline_and_advice_in_chinese(self):
        # The speed rule's texts are LT() pairs (problem.h), picked by --lang.
        code, summary, _ = self.judge(lang="zh", FAKE_LEARNER_MS=1.0, FAKE_BASELINE_MS=1.2)
        self.assertEqual((summary["verdict"], code), ("TLE", 1), summary["message"])
        for words in ("题目中会分叉的基准 kernel", "让每个 warp 只处理同一奇偶的元素", "1.20x"):
            self.assertIn(words, summary["message"])
        for english in ("divergent baseline", "Let every warp", "correct but too slow",
                        "case '"):
            self.assertNotIn(english, summary["message"])
        self.assertIn("结果正确但太慢：速度只有 1.20x", summary["message"])
        self.assertIn("要求至少 1.50x", summary["message"])

    def test_wrong_answer_stays_wa_even_when_fast(self):
        code, summary, _ = self.judge(FAKE_WRONG=1, FAKE_LEARNER_MS=0.1, FAKE_BASELINE_MS=9)
        self.assertEqual((summary["verdict"], code), ("WA", 1), summary["message"])

    def test_pageable_host_memory_is_rule(self):
        code, summary, _ = self.judge(FAKE_PAGEABLE=1)
        self.assertEqual((summary["verdict"], code), ("RULE", 1), summary["message"])
        self.assertIn("cudaMallocHost", summary["message"])

    def test_pageable_and_blocked_in_chinese(self):
        _, summary, _ = self.judge(lang="zh", FAKE_PAGEABLE=1)
        self.assertEqual(summary["verdict"], "RULE", summary["message"])
        self.assertIn("可分页", summary["message"])
        self.assertIn("cudaMallocHost", summary["message"])
        _, summary, _ = self.judge(lang="zh", FAKE_BLOCKED=1)
        self.assertEqual(summary["verdict"], "TLE", summary["message"])
        self.assertIn("应该让 GPU 等待（cudaStreamWaitEvent）", summary["message"])

    def test_host_blocked_on_held_work_is_tle(self):
        code, summary, _ = self.judge(FAKE_BLOCKED=1)
        self.assertEqual((summary["verdict"], code), ("TLE", 1), summary["message"])
        self.assertIn("cudaStreamWaitEvent", summary["message"])

    def test_no_measurement_from_a_stand_in_is_not_judged(self):
        # Only a real test binary must measure; a stand-in that does not is
        # judged on its results (a real one that does not is a JE).
        code, summary, cases = self.judge(FAKE_NO_MEASURE=1)
        self.assertEqual((summary["verdict"], code), ("AC", 0), summary["message"])
        self.assertFalse([c for c in cases if c.get("speed")])


def main():
    global ENGINE, FAKE, ROOT
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    parser.add_argument("--fake", required=True)
    parser.add_argument("--root", required=True)
    options, rest = parser.parse_known_args()
    ENGINE, FAKE, ROOT = options.engine, options.fake, options.root
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
