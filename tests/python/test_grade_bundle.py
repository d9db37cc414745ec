"""`judge.py grade-bundle gradescope --policy FILE --out ZIP` (docs/platforms.md): the
command issue 18 names writes the Gradescope autograder zip, with the same names as
`judge.py grade --bundle gradescope`, which keeps working; `judge.py --help` lists it.
The bundle's contents are checked in depth by tests/platforms/test_gradescope.py.
"""

import json
import os
import subprocess
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
        cls.policy = os.path.join(cls.tmp.name, "course.json")
        with open(cls.policy, "w", encoding="utf-8") as f:
            json.dump({"course": "Bundle test", "exercises": [{"id": "warp_scan",
                                                               "points": 10}]}, f)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def bundle_names(self, *args):
        out = os.path.join(self.tmp.name, "%d.zip" % len(os.listdir(self.tmp.name)))
        done = judge(*args, "--policy", self.policy, "--out", out)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn(out, done.stdout)
        with zipfile.ZipFile(out) as zf:
            return sorted(zf.namelist())

    def test_grade_bundle_writes_the_zip_as_grade_bundle_does(self):
        names = self.bundle_names("grade-bundle", "gradescope")
        for name in ("setup.sh", "run_autograder", "policy.json", "cudajudge/judge.py",
                     "cudajudge/problems.yaml"):
            self.assertIn(name, names)
        self.assertFalse([n for n in names if n.startswith("cudajudge/tests/submissions/")])
        self.assertEqual(names, self.bundle_names("grade", "--bundle", "gradescope"))

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
        from cudajudge_cli.grading.gradescope import reference_passed
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
