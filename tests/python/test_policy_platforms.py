"""The platforms' sections of a grading policy (docs/platforms.md, "Policy settings of
the platforms"): `gradescope:` and `similarity:` are accepted and validated by the
engine (`cudajudge policy`), the Python reads them from the policy with the command
line still overriding, `grade --init-policy` writes them, and changing them judges
nothing again (they are left out of the records' policy_sha256).

The tests that need the engine are skipped until it is built (meson builds it first).
"""

import os
import subprocess
import sys
import tempfile
import unittest

from support import REAL_ENGINE, REAL_ROOT, write
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.grading import grader
from cudajudge_cli.grading import similarity
from cudajudge_cli.grading.cli import STARTING_POLICY
from cudajudge_cli.grading.platforms import base as platform

POLICY = """\
course: Platforms
gradescope:
  hidden_visibility: hidden
  leaderboard: true
  stdout_visibility: visible
  time_budget_s: 300
similarity:
  threshold: 0.7
  reference_threshold: 0.9
exercises:
  - id: warp_scan
"""


@unittest.skipUnless(os.path.isfile(REAL_ENGINE), "the engine is not built")
class PolicyFromTheEngineTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-policy-test-")
        self.addCleanup(self.tmp.cleanup)
        self.saved = os.environ.pop("CUDAJUDGE_GRADESCOPE_BUDGET_S", None)
        if self.saved is not None:
            self.addCleanup(os.environ.__setitem__, "CUDAJUDGE_GRADESCOPE_BUDGET_S", self.saved)

    def load(self, text):
        path = os.path.join(self.tmp.name, "policy.yaml")
        write(path, text)
        return platform.load_policy(path), path

    def test_the_policy_sets_the_platforms(self):
        policy, _ = self.load(POLICY)
        self.assertEqual(policy["gradescope"], {"hidden_visibility": "hidden",
                                                "leaderboard": True,
                                                "stdout_visibility": "visible",
                                                "time_budget_s": 300})
        self.assertEqual(policy["similarity"], {"threshold": 0.7, "reference_threshold": 0.9})
        settings = platform.platform_settings(policy)
        self.assertEqual((settings["hidden_visibility"], settings["leaderboard"],
                          settings["stdout_visibility"], settings["time_budget_s"]),
                         ("hidden", True, "visible", 300.0))
        self.assertEqual(similarity.thresholds(policy), (0.7, 0.9))

    def test_the_command_line_overrides(self):
        policy, _ = self.load(POLICY)
        settings = platform.platform_settings(policy, {"hidden_visibility": "after_published",
                                                         "leaderboard": None})
        self.assertEqual(settings["hidden_visibility"], "after_published")
        self.assertTrue(settings["leaderboard"])  # None: not given, the policy's stays
        self.assertEqual(similarity.thresholds(policy, 0.5), (0.5, 0.5))

    def test_defaults_without_the_sections(self):
        policy, _ = self.load("course: Plain\n")
        settings = platform.platform_settings(policy)
        self.assertEqual((settings["hidden_visibility"], settings["leaderboard"],
                          settings["stdout_visibility"], settings["time_budget_s"]),
                         ("after_due_date", False, "hidden", 540.0))
        self.assertEqual(similarity.thresholds(policy), (0.8, 0.8))
        # the reference threshold follows the threshold unless it is given
        policy, _ = self.load("similarity: {threshold: 0.6}\n")
        self.assertEqual(similarity.thresholds(policy), (0.6, 0.6))

    def test_a_mistake_names_the_line_and_column(self):
        with self.assertRaises(JudgeError) as caught:
            self.load("gradescope:\n  hidden_visibility: never\n")
        self.assertIn("policy.yaml:2:22: gradescope.hidden_visibility must be hidden, "
                      "after_due_date or after_published, found 'never'", str(caught.exception))

    def test_init_policy_writes_the_sections_the_engine_accepts(self):
        path = os.path.join(self.tmp.name, "init.yaml")
        done = subprocess.run([sys.executable, os.path.join(REAL_ROOT, "judge.py"), "grade",
                               "--init-policy", path], cwd=REAL_ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertIn("\ngradescope:\n", text)
        self.assertIn("\nsimilarity:\n", text)
        policy = platform.load_policy(path)
        self.assertEqual(policy["gradescope"]["time_budget_s"], 540)
        self.assertEqual(policy["similarity"]["reference_threshold"], 0.8)


class PolicyHashTest(unittest.TestCase):
    def test_the_platform_sections_change_no_hash(self):
        base = {"schema": "cudajudge-policy/1", "seed": 5, "exercises": [{"id": "warp_scan"}],
                "gradescope": {"hidden_visibility": "hidden"}, "similarity": {"threshold": 0.8}}
        other = dict(base, gradescope={"hidden_visibility": "after_due_date"},
                     similarity={"threshold": 0.5})
        self.assertEqual(grader.policy_hash(base), grader.policy_hash(other))
        self.assertNotEqual(grader.policy_hash(base),
                            grader.policy_hash(dict(base, seed=6)))
        self.assertEqual(len(grader.policy_hash(base)), 64)

    def test_the_starting_policy_has_the_sections(self):
        self.assertIn("\ngradescope:\n", STARTING_POLICY)
        self.assertIn("\nsimilarity:\n", STARTING_POLICY)


if __name__ == "__main__":
    unittest.main()
