"""`judge.py grade-bundle gradescope|prairielearn --policy FILE --out ZIP`
(docs/platforms.md): the one door that writes a platform's zip (issue 25: `judge.py grade
--bundle` and `python3 -m cudajudge_cli.grading.bundle` did the same; the first now
stops naming grade-bundle, the second is gone); `judge.py --help` lists it. What the
zips do is checked where the platforms run them: tests/platforms/test_images.py.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

from support import JUDGE_COMMAND, SCRIPT_ROOT, clean_environment


def judge(*args):
    return subprocess.run(JUDGE_COMMAND + list(args), cwd=SCRIPT_ROOT, env=clean_environment(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=300)


class GradeBundleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-bundle-test-")
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.policy = os.path.join(cls.tmp.name, "course.json")
        with open(cls.policy, "w", encoding="utf-8") as f:
            json.dump({"course": "Bundle test", "exercises": [{"id": "warp_scan",
                                                               "points": 10}]}, f)

    def bundle_names(self, *args):
        out = os.path.join(self.tmp.name, "%d.zip" % len(os.listdir(self.tmp.name)))
        done = judge(*args, "--policy", self.policy, "--out", out)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn(out, done.stdout)
        with zipfile.ZipFile(out) as zf:
            return sorted(zf.namelist())

    def test_grade_bundle_writes_each_platforms_zip(self):
        names = self.bundle_names("grade-bundle", "gradescope")
        for name in ("setup.sh", "run_autograder", "policy.json", "cudajudge/judge.py",
                     "cudajudge/problems.yaml"):
            self.assertIn(name, names)
        self.assertFalse([n for n in names if n.startswith("cudajudge/tests/submissions/")])
        names = self.bundle_names("grade-bundle", "prairielearn")
        for name in ("setup.sh", "run_prairielearn", "Dockerfile", "policy.json",
                     "cudajudge/judge.py"):
            self.assertIn(name, names)
        self.assertNotIn("run_autograder", names)

    def test_the_other_doors_are_closed(self):
        done = judge("grade", "--bundle", "gradescope", "--policy", self.policy)
        self.assertEqual(done.returncode, 2, done.stdout + done.stderr)
        self.assertIn("python3 judge.py grade-bundle gradescope", done.stderr)
        done = subprocess.run([sys.executable, "-m", "cudajudge_cli.grading.bundle"],
                              cwd=SCRIPT_ROOT, env=clean_environment(), capture_output=True,
                              text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("No module named cudajudge_cli.grading.bundle", done.stderr)
        done = subprocess.run([sys.executable, "-m", "cudajudge_cli.grading", "--help"],
                              cwd=SCRIPT_ROOT, env=clean_environment(), capture_output=True,
                              text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("python3 judge.py grade", done.stderr)

    def test_grade_bundle_needs_a_policy(self):
        done = judge("grade-bundle", "gradescope")
        self.assertEqual(done.returncode, 2)
        self.assertIn("--policy", done.stderr)

    def test_help_lists_grade_bundle(self):
        done = judge("--help")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("grade-bundle", done.stdout)
        done = judge("grade-bundle", "--help")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("--hidden-visibility", done.stdout)


class PrepareTest(unittest.TestCase):
    """setup.sh judges the references (gradescope --prepare): a reference is RULE for the
    rule 'reference-copy' alone (a student handing it in breaks it), which is no failure."""

    def test_a_reference_passes_as_itself(self):
        from cudajudge_cli.grading.platforms.base import reference_passed
        copy = {"rule": "reference-copy", "kind": "forbid", "line": 0}
        self.assertTrue(reference_passed({"verdict": "AC"}))
        self.assertTrue(reference_passed({"verdict": "RULE", "rules": {
            "output_verdict": "AC", "violations": [copy]}}))
        self.assertFalse(reference_passed({"verdict": "RULE", "rules": {
            "output_verdict": "AC", "violations": [copy, {"rule": "shfl.sync"}]}}))
        self.assertFalse(reference_passed({"verdict": "RULE", "rules": {
            "output_verdict": None, "violations": [copy]}}))
        self.assertFalse(reference_passed({"verdict": "WA"}))


if __name__ == "__main__":
    unittest.main()
