#!/usr/bin/env python3
"""What `judge.py grade` does with the policy it is given (issue 25), on the emulator:

- an empty policy file (blank, or comments only) is refused with file:line, not read
  as "every exercise, seed 1";
- where no nvcc is found (NVCC=none, as on a machine without the CUDA toolkit) grading
  is refused unless the policy says `allow_without_nvcc: true`; then every record says
  which checks did not run (checks.not_run), and so do report.html and the feedback;
- a deadline written with an offset (-08:00) is shown in that offset in the feedback,
  not as UTC;
- the feedback's line that reproduces a judgement runs, as printed, in a student's
  clone, and gives the same verdict and cases.

Two students: one file that does not compile (quick: no test program runs), one wrong.

    python3 tests/grading/test_policy_use.py --root SRC --build BUILD
Exit 0 pass, 1 fail, 77 skip (no engine or emulator in BUILD).
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None
CE_FILE = "tests/submissions/warp_scan/compile_error/missing_semicolon.cu"
WA_FILE = "tests/submissions/warp_scan/wrong_answer/shfl_down.cu"


def grade(roster, out, policy, **env):
    """judge.py grade ROSTER --policy POLICY --out OUT on the emulator."""
    environment = dict(os.environ, CUDAJUDGE_ROOT=ARGS.root, CUDAJUDGE_BUILD=ARGS.build,
                       PYTHONDONTWRITEBYTECODE="1", LANG="C.UTF-8", **env)
    environment.pop("CUDAJUDGE_ENGINE", None)
    return subprocess.run([sys.executable, os.path.join(ARGS.root, "judge.py"), "grade", roster,
                           "--policy", policy, "--out", out, "--emulate", "--lines"],
                          cwd=ARGS.root, env=environment, capture_output=True, text=True,
                          timeout=600)


def roster_in(folder, files):
    """folder/roster with each student's warp_scan.cu, a copy of the corpus file given."""
    roster = os.path.join(folder, "roster")
    for student, source in files.items():
        os.makedirs(os.path.join(roster, student))
        shutil.copyfile(os.path.join(ARGS.root, source),
                        os.path.join(roster, student, "warp_scan.cu"))
    return roster


class PolicyUse(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-policy-use-")
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.roster = roster_in(cls.tmp.name, {"ana": CE_FILE, "bea": WA_FILE})

    def policy(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def out(self, name):
        return os.path.join(self.tmp.name, "out-" + name)

    def test_an_empty_policy_is_refused_with_its_line(self):
        for name, text in (("empty.yaml", ""), ("comments.yaml", "# nothing yet\n\n---\n")):
            path = self.policy(name, text)
            done = grade(self.roster, self.out(name), path)
            self.assertEqual(done.returncode, 2, done.stdout + done.stderr)
            self.assertIn(path + ":1:1: the policy is empty", done.stderr)
            self.assertFalse(os.path.exists(os.path.join(self.out(name), "results.jsonl")))

    def test_without_nvcc_only_when_the_policy_allows_it(self):
        plain = self.policy("plain.yaml", "exercises:\n  - id: warp_scan\n")
        done = grade(self.roster, self.out("refused"), plain, NVCC="none")
        self.assertEqual(done.returncode, 2, done.stdout + done.stderr)
        self.assertIn("allow_without_nvcc: true", done.stderr)
        self.assertIn(plain, done.stderr)

        allowed = self.policy("allowed.yaml", "allow_without_nvcc: true\n"
                                              "exercises:\n  - id: warp_scan\n")
        out = self.out("allowed")
        done = grade(self.roster, out, allowed, NVCC="none")
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        with open(os.path.join(out, "records", "ana", "warp_scan.json"), encoding="utf-8") as f:
            record = json.load(f)
        self.assertEqual(record["verdict"], "CE")
        self.assertEqual(record["checks"], {"nvcc": False,
                                            "not_run": ["device_only", "ptx_rules"]})
        with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
            page = f.read()
        self.assertIn('id="checks-not-run"', page)
        self.assertIn("the device-only check", page)
        with open(os.path.join(out, "feedback", "ana.txt"), encoding="utf-8") as f:
            self.assertIn("Graded without these checks", f.read())

        # with nvcc the same policy grades with every check
        out = self.out("with-nvcc")
        done = grade(self.roster, out, allowed)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        with open(os.path.join(out, "records", "ana", "warp_scan.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["checks"], {"nvcc": True, "not_run": []})
        self.reproduce(out)

    def reproduce(self, out):
        """Runs bea's reproduce line as printed, from a clone holding her file."""
        with open(os.path.join(out, "records", "bea", "warp_scan.json"), encoding="utf-8") as f:
            record = json.load(f)
        self.assertEqual(record["verdict"], "WA")
        with open(os.path.join(out, "feedback", "bea.txt"), encoding="utf-8") as f:
            line = [l for l in f if "to judge it yourself" in l][0]
        command = line.split(": ", 1)[1].strip()
        self.assertTrue(command.startswith("python3 judge.py warp_scan exercises/warp_scan.cu "
                                           "--seed %d" % record["seed"]), command)
        clone = os.path.join(self.tmp.name, "clone")
        os.makedirs(os.path.join(clone, "exercises"))
        os.symlink(os.path.join(ARGS.root, "judge.py"), os.path.join(clone, "judge.py"))
        shutil.copyfile(os.path.join(self.roster, "bea", "warp_scan.cu"),
                        os.path.join(clone, "exercises", "warp_scan.cu"))
        env = dict(os.environ, CUDAJUDGE_BUILD=ARGS.build, NO_COLOR="1",
                   CUDAJUDGE_STATE=os.path.join(clone, ".state"), PYTHONDONTWRITEBYTECODE="1")
        env.pop("CUDAJUDGE_ROOT", None)
        done = subprocess.run(command, shell=True, cwd=clone, env=env, capture_output=True,
                              text=True, timeout=600)
        self.assertEqual(done.returncode, 1, done.stdout + done.stderr)  # the learner's WA
        self.assertIn("WA", done.stdout)
        done = subprocess.run(shlex.split(command) + ["--json"], cwd=clone, env=env,
                              capture_output=True, text=True, timeout=600)
        events = [json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")]
        cases = [e for e in events if e.get("type") == "case"]
        self.assertEqual([(c.get("name"), c.get("verdict")) for c in cases],
                         [(c["name"], c["verdict"]) for c in record["cases"]], done.stderr)

    def test_the_deadline_in_the_policys_time_zone(self):
        path = self.policy("late.yaml", 'deadline: "2020-01-15T23:59:00-08:00"\n'
                                        "late: {penalty_per_day: 10}\n"
                                        "exercises:\n  - id: warp_scan\n")
        out = self.out("late")
        done = grade(self.roster, out, path)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        with open(os.path.join(out, "feedback", "ana.txt"), encoding="utf-8") as f:
            feedback = f.read()
        self.assertIn("after the deadline 2020-01-15 23:59 UTC-08:00", feedback)
        self.assertNotIn("23:59 UTC,", feedback)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    ARGS, rest = parser.parse_known_args()
    ARGS.root, ARGS.build = os.path.abspath(ARGS.root), os.path.abspath(ARGS.build)
    if not os.path.isfile(os.path.join(ARGS.build, "cudajudge")) or not os.path.isdir(
            os.path.join(ARGS.build, "harness", "emu")):
        print("SKIP: no engine or emulator in", ARGS.build)
        return 77
    program = unittest.main(argv=[sys.argv[0]] + rest, verbosity=2, exit=False)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
