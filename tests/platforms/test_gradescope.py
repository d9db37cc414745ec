"""Gradescope and PrairieLearn end to end, on the CPU emulator (meson suite `platforms`).

The Gradescope bundle (`judge.py grade --bundle gradescope`) is unpacked into a fake
/autograder root (CUDAJUDGE_GRADESCOPE_ROOT) and its run_autograder grades a
correct, a wrong and a non-compiling warp_scan, a crash (an engine that fails) and
a run killed half-way; each results.json is checked field by field against the
specification (spec.py) and for its score. The same three submissions go through
the PrairieLearn grader in a fake /grade root (CUDAJUDGE_PRAIRIELEARN_ROOT).
setup.sh is not run (it installs packages as root): the judge built for the test
suite stands in for the one it would build.

    python3 tests/platforms/test_gradescope.py --root SRC --build BUILD
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import spec  # noqa: E402

ARGS = None
EXERCISE = "warp_scan"
CORPUS = {"correct": "accepted/shfl_up_loop.cu", "wrong": "wrong_answer/shfl_down.cu",
          "ce": "compile_error/missing_semicolon.cu"}
POLICY = {"course": "test course", "seed": 1234, "late": {"penalty_per_day": 10},
          "exercises": [{"id": EXERCISE, "points": 10, "correctness": "per_case",
                         "cases": [{"case": 3, "hidden": True}]}]}


def corpus(kind):
    return os.path.join(ARGS.root, "tests", "submissions", EXERCISE, CORPUS[kind])


class Bundle(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cudajudge-gs-test-")
        cls.policy = os.path.join(cls.tmp, "policy.yaml")
        with open(cls.policy, "w") as f:
            json.dump(POLICY, f)  # JSON is YAML too
        cls.zip = os.path.join(cls.tmp, "autograder.zip")
        env = dict(os.environ, CUDAJUDGE_ROOT=ARGS.root, CUDAJUDGE_BUILD=ARGS.build)
        done = subprocess.run([sys.executable, os.path.join(ARGS.root, "judge.py"), "grade",
                               "--bundle", "gradescope", "--policy", cls.policy, "--out", cls.zip,
                               "--hidden-visibility", "hidden"],
                              cwd=ARGS.root, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        assert done.returncode == 0, done.stdout
        cls.source = os.path.join(cls.tmp, "autograder", "source")
        with zipfile.ZipFile(cls.zip) as zf:
            cls.names = zf.namelist()
            zf.extractall(cls.source)
        # What setup.sh does after building: judge the references, keep their case
        # counts, then move the references out of the source folder.
        src = os.path.join(cls.source, "cudajudge")
        prepared = subprocess.run(
            [sys.executable, "-m", "cudajudge_cli.grading.gradescope", "--policy",
             os.path.join(cls.source, "policy.yaml"), "--prepare",
             os.path.join(cls.source, "reference-cases.json")],
            cwd=src, env=dict(env, CUDAJUDGE_ROOT=src), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        assert prepared.returncode == 0, prepared.stdout
        shutil.move(os.path.join(src, "reference"), os.path.join(cls.tmp, "private-reference"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def grade(self, kind, metadata=None, env_extra=None, kill_after=None):
        """Runs run_autograder on one corpus file; returns the results.json it left."""
        root = os.path.join(self.tmp, "autograder")
        for sub in ("submission", "results"):
            shutil.rmtree(os.path.join(root, sub), ignore_errors=True)
        os.makedirs(os.path.join(root, "submission"))
        shutil.copyfile(corpus(kind), os.path.join(root, "submission", EXERCISE + ".cu"))
        meta = os.path.join(root, "submission_metadata.json")
        with open(meta, "w") as f:
            json.dump(metadata or {"created_at": "2026-12-01T10:00:00.000000-08:00",
                                   "assignment": {"due_date": "2026-12-02T23:59:00.000000-08:00",
                                                  "total_points": 10.0},
                                   "users": [{"name": "Test Student"}],
                                   "previous_submissions": []}, f)
        env = dict(os.environ, CUDAJUDGE_GRADESCOPE_ROOT=root,
                   CUDAJUDGE_ROOT=os.path.join(self.source, "cudajudge"),
                   CUDAJUDGE_BUILD=ARGS.build, CUDAJUDGE_GRADE_AS_ROOT="1",
                   PYTHONDONTWRITEBYTECODE="1", **(env_extra or {}))
        child = subprocess.Popen(["bash", os.path.join(self.source, "run_autograder")], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 start_new_session=True)
        if kill_after is not None:
            results = os.path.join(root, "results", "results.json")
            deadline = time.monotonic() + 60
            while not os.path.exists(results) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(kill_after)
            os.killpg(child.pid, signal.SIGKILL)  # as Gradescope's global timeout does
        out, _ = child.communicate(timeout=600)
        with open(os.path.join(root, "results", "results.json")) as f:
            results = json.load(f)
        self.assertEqual(spec.gradescope_problems(results), [], json.dumps(results, indent=1))
        return results, out

    def test_bundle_layout(self):
        self.assertIn("setup.sh", self.names)
        self.assertIn("run_autograder", self.names)
        self.assertIn("cudajudge/judge.py", self.names)
        self.assertIn("cudajudge/cudajudge_cli/grading/gradescope.py", self.names)
        leaked = [n for n in self.names if n.startswith("cudajudge/tests/submissions/")
                  or n.startswith("cudajudge/.git/")]
        self.assertEqual(leaked, [])
        with zipfile.ZipFile(self.zip) as zf:
            setup = zf.read("setup.sh").decode()
            mode = zf.getinfo("run_autograder").external_attr >> 16
        self.assertTrue(mode & 0o111, "run_autograder is not executable in the zip")
        self.assertIn("apt-get install", setup)
        self.assertIn("ninja -C build", setup)
        self.assertIn("mv reference /root/cudajudge-private/reference", setup)

    def test_prepared_case_counts(self):
        with open(os.path.join(self.source, "reference-cases.json")) as f:
            counts = json.load(f)
        self.assertEqual(counts["%s/emu" % EXERCISE]["count"], 9, counts)
        self.assertFalse(os.path.exists(os.path.join(self.source, "cudajudge", "reference")))

    def test_correct(self):
        results, out = self.grade("correct")
        self.assertEqual(results["score"], 10.0, out)
        first = results["tests"][0]
        self.assertEqual((first["status"], first["score"], first["max_score"]),
                         ("passed", 10.0, 10.0))
        hidden = [t for t in results["tests"] if t["visibility"] == "hidden"]
        self.assertEqual(len(hidden), 1, "case 3 is hidden by the policy")
        self.assertIn("1.3", [t["number"] for t in hidden])

    def test_wrong(self):
        results, out = self.grade("wrong")
        self.assertLess(results["score"], 10.0, out)
        first = results["tests"][0]
        self.assertEqual(first["status"], "failed")
        self.assertIn("WA", first["tags"])
        self.assertTrue(any(t["status"] == "failed" for t in results["tests"][1:]))

    def test_compile_error(self):
        results, out = self.grade("ce")
        self.assertEqual(results["score"], 0.0, out)
        first = results["tests"][0]
        self.assertIn("CE", first["tags"])
        self.assertIn("compiler output", first["output"])
        self.assertIn("\nwarp_scan.cu:", first["output"])
        self.assertNotIn("cudajudge-gradescope-", json.dumps(results), "a grader's temporary path")

    def test_late(self):
        late = {"created_at": "2026-12-04T10:00:00.000000+00:00",
                "assignment": {"due_date": "2026-12-02T00:00:00.000000+00:00"}}
        results, out = self.grade("correct", metadata=late)
        self.assertEqual(results["score"], 7.0, out)  # 3 started days at 10 %
        self.assertIn("3 day(s) after the due date", results["output"])

    def test_engine_crash(self):
        results, out = self.grade("correct", env_extra={"CUDAJUDGE_ENGINE": "/bin/false"})
        self.assertEqual(results["score"], 0.0, out)
        self.assertTrue(results["output"], "a crash must still say what happened")

    def test_out_of_time(self):
        results, out = self.grade("correct", env_extra={"CUDAJUDGE_GRADESCOPE_BUDGET_S": "0.5"})
        self.assertEqual(results["score"], 0.0, out)
        self.assertIn("Grading stopped after 0 s", results["output"])
        self.assertIn("warp_scan", results["output"], "names what was not judged")

    def test_killed_half_way(self):
        results, _ = self.grade("correct", kill_after=0.2)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("did not finish", results["output"])


class PrairieLearn(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cudajudge-pl-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def grade(self, kind, env_extra=None):
        root = os.path.join(self.tmp, "grade")
        shutil.rmtree(root, ignore_errors=True)
        for sub in ("student", "data", "tests"):
            os.makedirs(os.path.join(root, sub))
        shutil.copyfile(corpus(kind), os.path.join(root, "student", EXERCISE + ".cu"))
        with open(os.path.join(root, "data", "data.json"), "w") as f:
            json.dump({"params": {"cudajudge": {"policy": POLICY}}, "correct_answers": {},
                       "submitted_answers": {}, "options": {}}, f)
        env = dict(os.environ, CUDAJUDGE_PRAIRIELEARN_ROOT=root, CUDAJUDGE_ROOT=ARGS.root,
                   CUDAJUDGE_BUILD=ARGS.build, CUDAJUDGE_GRADE_AS_ROOT="1",
                   PYTHONDONTWRITEBYTECODE="1", **(env_extra or {}))
        done = subprocess.run([sys.executable, "-m", "cudajudge_cli.grading.prairielearn"],
                              cwd=ARGS.root, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=600)
        with open(os.path.join(root, "results", "results.json")) as f:
            results = json.load(f)
        self.assertEqual(spec.prairielearn_problems(results), [], json.dumps(results, indent=1))
        return results, done.stdout

    def test_correct(self):
        results, out = self.grade("correct")
        self.assertTrue(results["gradable"], out)
        self.assertEqual(results["score"], 1.0, out)
        self.assertEqual(results["tests"][0]["points"], 10.0)

    def test_wrong(self):
        results, out = self.grade("wrong")
        self.assertTrue(results["gradable"], out)
        self.assertLess(results["score"], 1.0, out)

    def test_compile_error(self):
        results, out = self.grade("ce")
        self.assertTrue(results["gradable"], out)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("did not compile", results["message"])
        self.assertIn("warp_scan.cu:", results["message"])

    def test_internal_failure(self):
        results, out = self.grade("correct", {"CUDAJUDGE_ENGINE": "/bin/false"})
        self.assertFalse(results["gradable"], out)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    ARGS, rest = parser.parse_known_args()
    ARGS.root = os.path.abspath(ARGS.root)
    ARGS.build = os.path.abspath(ARGS.build)
    if not os.path.exists(os.path.join(ARGS.build, "cudajudge")):
        print("SKIP: the judge is not built in %s" % ARGS.build)
        return 77
    program = unittest.main(argv=[sys.argv[0]] + rest, verbosity=2, exit=False)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
