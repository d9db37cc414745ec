#!/usr/bin/env python3
"""Gradescope and PrairieLearn as they run the judge, in images like theirs (issue 25;
image.py says what an image is here and what it is not). Meson suite `platforms`.

Gradescope: `judge.py grade-bundle gradescope` makes the zip; it is unpacked in
/autograder/source of an image, whose setup.sh runs once as root (as when Gradescope
builds the image); then, per submission, /autograder/submission,
/autograder/submission_metadata.json and an empty /autograder/results are laid out
as Gradescope documents and /autograder/run_autograder (the zip's, copied there) runs
from /autograder with HOME=/root: results.json is checked field by field.

PrairieLearn: `judge.py grade-bundle prairielearn` makes the zip; unpacked in /grader,
setup.sh /grader runs once (what its Dockerfile does); then, per submission,
/grade/student and /grade/data/data.json are laid out and the entrypoint
/grader/run_prairielearn runs; /grade/results/results.json is checked field by field.

The images:
  gs    the CUDA toolkit bound in; a policy with a deadline written at -08:00
  bare  no CUDA toolkit: setup.sh refuses a policy that does not allow grading without
        nvcc; with `allow_without_nvcc: true` (and no deadline) it grades, and every
        results.json says which checks did not run
  pl    the CUDA toolkit bound in; the deadline policy (PrairieLearn leaves lateness to
        its own access rules)
gs builds the judge (meson, ninja) in the image; bare and pl start from a copy of gs's
build folder (the same sources at the same path, built for the emulator, where nvcc
plays no part), so their setup.sh's ninja has nothing to do: the build is exercised
once, the rest of setup.sh (users, nvcc, references) in every image.

A class of 12 students and 3 exercises (two correct styles, typical bugs, a CE, no
file, a renamed copy of the reference, a copied pair, a hostile student, a late git
commit) goes through gs and pl and is graded locally with `judge.py grade`: the points
per student and exercise are the same (PrairieLearn's before lateness, which is not
its grader's to judge); five of them (correct, wrong, CE, missing, hostile) are checked
field by field in gs, pl and bare.

    python3 tests/platforms/test_images.py --root SRC --build BUILD [--keep DIR]
Exit 0 pass, 1 fail, 77 skip (not root, no bubblewrap, no emulator in BUILD, no nvcc).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checkout  # noqa: E402
import image  # noqa: E402
import spec  # noqa: E402

ARGS = None
W, B, S = "warp_scan", "block_reduce_sum", "smem_reverse"
EXERCISES = [
    {"id": W, "points": 10, "correctness": "per_case", "cases": [{"case": 9, "hidden": True}]},
    {"id": B, "points": 10},
    {"id": S, "points": 5},
]
HIDDEN_NAME = "4 runs of 32 per warp"  # warp_scan's case 9, hidden by the policy
DEADLINE = "2030-01-15T23:59:00-08:00"
POLICY = {"course": "Image test", "seed": 4242, "deadline": DEADLINE,
          "late": {"penalty_per_day": 10, "max_days": 5},
          "penalties": {"RULE": 100, "RACE": 50}, "exercises": EXERCISES}
BARE_POLICY = {"course": "Image test", "seed": 4242, "late": {"penalty_per_day": 10},
               "penalties": {"RULE": 100, "RACE": 50}, "exercises": EXERCISES}
ON_TIME = "2030-01-10T10:00:00.000000-08:00"
LATE = "2030-01-17T12:00:00.000000-08:00"  # 1.5 days after the deadline: 2 started days
SUB = "tests/submissions"

HOSTILE = """#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
/* Tries to forge the platforms' results and to read a reference solution. */
static int attack(void)
{
	const char *forged = "{\\"score\\": 1000, \\"gradable\\": true, \\"tests\\": []}";
	const char *results[] = {"/autograder/results/results.json", "/grade/results/results.json"};
	for (int i = 0; i < 2; ++i) {
		int fd = open(results[i], O_WRONLY | O_TRUNC);
		if (fd >= 0 && write(fd, forged, 50) > 0)
			fprintf(stderr, "ATTACK SUCCEEDED: %s\\n", results[i]), abort();
	}
	if (open("/root/cudajudge-private/reference/warp_scan.cu", O_RDONLY) >= 0)
		fprintf(stderr, "ATTACK SUCCEEDED: the reference\\n"), abort();
	return 0;
}
static int done = attack();
__device__ int warp_inclusive_scan(int v)
{
	return v; /* the scan is missing: WA, unless the attack changes the verdict */
}
"""



def three(scan, reduce, reverse, folder=""):
    """A student's files of warp_scan, block_reduce_sum and smem_reverse (in folder of the
    student's), copies of these corpus files (under tests/submissions/ID/)."""
    return {f"{folder}{pid}.cu": f"{SUB}/{pid}/{corpus}" for pid, corpus in
            (("warp_scan", scan), ("block_reduce_sum", reduce), ("smem_reverse", reverse))}


# student -> {file in the student's folder: corpus file, "reference:ID", or "@hostile"}
CLASS = {
    "ada": three("accepted/shfl_up_loop.cu", "accepted/shared_tree.cu", "accepted/static_tile.cu"),
    "bo": three("accepted/shfl_up_unrolled.cu", "accepted/shuffle_slots.cu",
                "accepted/static_tile.cu", folder="exercises/"),
    "cy": three("wrong_answer/exclusive_scan.cu", "wrong_answer/pow2_tree.cu",
                "wrong_answer/tiles_not_swapped.cu"),
    "dee": three("race/leaves_the_warp.cu", "wrong_answer/int_accumulator.cu",
                 "run_time_error/full_tile_assumed.cu"),
    "eve": {"warp_scan.cu": f"{SUB}/warp_scan/compile_error/missing_semicolon.cu"},
    "fin": {"notes.txt": None},
    "gil": {"warp_inclusive_scan.cu": "reference:warp_scan"},
    "hal": {"warp_scan.cu": f"{SUB}/warp_scan/accepted/shfl_up_unrolled.cu",
            "block_reduce_sum.cu":
                f"{SUB}/block_reduce_sum/accepted/static_shared_published_pattern.cu"},
    "ivy": {"warp_scan.cu": f"{SUB}/warp_scan/accepted/shfl_up_unrolled.cu",
            "block_reduce_sum.cu":
                f"{SUB}/block_reduce_sum/accepted/static_shared_published_pattern.cu"},
    "jo": {"warp_scan.cu": "@hostile"},
    "kim": {"warp_scan.cu": f"{SUB}/warp_scan/accepted/shfl_up_loop.cu"},  # committed late
    "lu": {"warp_scan.cu": f"{SUB}/warp_scan/wrong_answer/shfl_down.cu"},
}
# The verdicts a local grade gives (with nvcc), by hand; None: not judged; A|B: either
# (an out-of-bounds write is RE or a wrong output, as the memory around it lies).
VERDICTS = {
    "ada": ("AC", "AC", "AC"), "bo": ("AC", "AC", "AC"), "cy": ("WA", "WA", "WA"),
    "dee": ("RACE", "WA", "RE|WA"), "eve": ("CE", None, None), "fin": (None, None, None),
    "gil": ("RULE", None, None), "hal": ("AC", "AC", None), "ivy": ("AC", "AC", None),
    "jo": ("CE", None, None), "kim": ("AC", None, None), "lu": ("WA", None, None),
}
CHECKED = ("ada", "lu", "eve", "fin", "jo")  # correct, wrong, CE, missing, hostile


def source_text(what):
    if what is None:
        return "my notes\n"
    if what == "@hostile":
        return HOSTILE
    if what.startswith("reference:"):
        what = "reference/%s.cu" % what.split(":", 1)[1]
    with open(os.path.join(ARGS.root, what), encoding="utf-8") as f:
        return f.read()


def make_class(roster):
    for student, files in CLASS.items():
        for name, what in files.items():
            path = os.path.join(roster, student, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(source_text(what))
    # kim's folder is a clone whose last commit is 1.5 days after the deadline
    kim = os.path.join(roster, "kim")
    env = dict(os.environ, GIT_AUTHOR_DATE=LATE, GIT_COMMITTER_DATE=LATE,
               GIT_AUTHOR_NAME="kim", GIT_AUTHOR_EMAIL="kim@example.org",
               GIT_COMMITTER_NAME="kim", GIT_COMMITTER_EMAIL="kim@example.org")
    for argv in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "scan"]):
        subprocess.run(["git", "-C", kim] + argv, env=env, check=True)


def judge(*args, cwd=None):
    env = dict(os.environ, CUDAJUDGE_ROOT=ARGS.root, CUDAJUDGE_BUILD=ARGS.build,
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("CUDAJUDGE_ENGINE", None)
    return subprocess.run([sys.executable, os.path.join(ARGS.root, "judge.py")] + list(args),
                          cwd=cwd or ARGS.root, env=env, capture_output=True, text=True,
                          timeout=1800)


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f)


class Fixture:
    """What every test shares: the class, its local grade, the bundles and images."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.roster = os.path.join(tmp, "roster")
        make_class(self.roster)
        self.policy = os.path.join(tmp, "policy.json")  # JSON is YAML too
        write_json(self.policy, POLICY)
        local = os.path.join(tmp, "local")
        done = judge("grade", self.roster, "--policy", self.policy, "--out", local, "--lines")
        assert done.returncode == 0, done.stdout + done.stderr
        self.local = {}
        with open(os.path.join(local, "results.jsonl"), encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                self.local[(r["student"], r["exercise"])] = r
        self.zips = {}
        self._images = {}

    def bundle(self, platform, policy, name):
        path = os.path.join(self.tmp, name + ".json")
        write_json(path, policy)
        out = os.path.join(self.tmp, name + ".zip")
        done = judge("grade-bundle", platform, "--policy", path, "--out", out)
        assert done.returncode == 0, done.stdout + done.stderr
        return out

    def setup(self, name, mounts, nvcc, zip_path, bundle_inside, seed_from=None):
        """A new image with the zip unpacked at bundle_inside; returns (image, the
        output of its setup.sh)."""
        img = image.Image(os.path.join(self.tmp, "image-" + name), mounts, nvcc)
        source = img.unzip(zip_path, bundle_inside)
        if seed_from is not None:
            shutil.copytree(seed_from.path("/opt/cudajudge/build"),
                            os.path.join(source, "cudajudge", "build"), symlinks=True,
                            ignore=shutil.ignore_patterns("work", "tmp"))
        argv = ["bash", bundle_inside + "/setup.sh"]
        if bundle_inside != "/autograder/source":
            argv.append(bundle_inside)
        done = img.run(argv, cwd=bundle_inside)
        return img, done

    def gradescope(self):
        """The Gradescope image (nvcc, the deadline policy), built once."""
        if "gs" not in self._images:
            zip_path = self.bundle("gradescope", POLICY, "gs")
            img, done = self.setup("gs", ["/autograder"], True, zip_path, "/autograder/source")
            assert done.returncode == 0, done.stdout
            shutil.copy(img.path("/autograder/source/run_autograder"),
                        img.path("/autograder/run_autograder"))  # as Gradescope does
            self._images["gs"] = (img, done.stdout)
        return self._images["gs"]


FIXTURE = None


def gs_run(img, files, metadata=None, env=None, kill_when_started=False):
    """One Gradescope submission: the layout, run_autograder from /autograder.
    kill_when_started: SIGKILL the whole run as soon as its first results.json
    (the "did not finish" one) is there, as Gradescope's global timeout would."""
    ag = img.path("/autograder")
    for sub in ("submission", "results"):
        shutil.rmtree(os.path.join(ag, sub), ignore_errors=True)
    os.makedirs(os.path.join(ag, "results"))
    os.makedirs(os.path.join(ag, "submission"))
    for name, text in files.items():
        path = os.path.join(ag, "submission", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    write_json(os.path.join(ag, "submission_metadata.json"), metadata or {
        "id": 1, "created_at": ON_TIME, "submission_method": "upload",
        "assignment": {"due_date": DEADLINE.replace(":00-08", ":00.000000-08"),
                       "late_due_date": None, "total_points": "25.0", "title": "CUDA"},
        "users": [{"email": "s@example.org", "id": 7, "name": "S"}],
        "previous_submissions": []})
    results = os.path.join(ag, "results", "results.json")
    if not kill_when_started:
        done = img.run(["/autograder/run_autograder"], cwd="/autograder", env=env)
        out = done.stdout
    else:
        child = subprocess.Popen(img.argv(["/autograder/run_autograder"], "/autograder", env),
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 start_new_session=True)
        deadline = time.monotonic() + 300
        while not (os.path.exists(results) and child.poll() is None):
            if child.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("run_autograder ended or wrote no results.json before "
                                     "it could be killed:\n" + child.communicate()[0])
            time.sleep(0.02)
        os.killpg(child.pid, signal.SIGKILL)  # as Gradescope's global timeout does
        out = child.communicate()[0]
    with open(results, encoding="utf-8") as f:
        return json.load(f), out


def student_files(student):
    return {name: source_text(what) for name, what in CLASS[student].items()}


def pl_run(img, files, params=None):
    """One PrairieLearn submission: /grade laid out, the entrypoint run."""
    grade = img.path("/grade")
    shutil.rmtree(grade, ignore_errors=True)
    for sub in ("student", "data", "tests"):
        os.makedirs(os.path.join(grade, sub))
    for name, text in files.items():
        path = os.path.join(grade, "student", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    write_json(os.path.join(grade, "data", "data.json"), {
        "params": params or {}, "correct_answers": {}, "submitted_answers": {},
        "format_errors": {}, "partial_scores": {}, "score": None, "feedback": {},
        "variant_seed": 1, "options": {}, "raw_submitted_answers": {}, "gradable": True})
    done = img.run(["/grader/run_prairielearn"], cwd="/")
    with open(os.path.join(grade, "results", "results.json"), encoding="utf-8") as f:
        return json.load(f), done.stdout


def visible_text(results):
    """Everything of a Gradescope results.json a student sees before the due date."""
    parts = [results.get("output", "")]
    for t in results.get("tests", []):
        if t.get("visibility") == "visible":
            parts += [t.get("name", ""), t.get("output", "")] + list(t.get("tags", []))
    return "\n".join(parts)


class GradescopeChecks:
    """Field-by-field checks of one Gradescope results.json."""

    def check_common(self, results, out, nvcc=True):
        self.assertEqual(spec.gradescope_problems(results), [], json.dumps(results, indent=1))
        self.assertEqual((results["visibility"], results["stdout_visibility"],
                          results["output_format"], results["test_output_format"]),
                         ("visible", "hidden", "text", "text"))
        self.assertGreaterEqual(results["execution_time"], 0)
        self.assertNotIn(HIDDEN_NAME, visible_text(results), "a hidden case's name")
        self.assertNotIn("cudajudge-gradescope-", json.dumps(results), "a grader's path")
        self.assertNotIn("ATTACK SUCCEEDED", json.dumps(results) + out)
        exercise_tests = [t for t in results["tests"] if "." not in t["number"]]
        self.assertEqual([t["number"] for t in exercise_tests], ["1", "2", "3"])
        self.assertEqual([t["max_score"] for t in exercise_tests], [10.0, 10.0, 5.0])
        self.assertEqual([t["name"].split(":")[0] for t in exercise_tests], [W, B, S])
        self.assertTrue(all(t["visibility"] == "visible" for t in exercise_tests))
        self.assertAlmostEqual(results["score"], sum(t["score"] for t in exercise_tests),
                               places=2)
        note = "these checks did not run"
        self.assertEqual(note in results["output"], not nvcc and "Judged" in results["output"],
                         results["output"])
        return exercise_tests

    def check_cases(self, results, hidden_visibility="after_due_date"):
        cases = [t for t in results["tests"] if t["number"].startswith("1.")]
        self.assertEqual([t["number"] for t in cases], ["1.%d" % i for i in range(1, 10)])
        self.assertTrue(all(t["score"] == 0 and t["max_score"] == 0 for t in cases))
        self.assertEqual([t["visibility"] for t in cases],
                         ["visible"] * 8 + [hidden_visibility])
        self.assertIn("(hidden case)", cases[8]["name"])
        self.assertNotIn(HIDDEN_NAME, cases[8]["name"] + cases[8]["output"])
        return cases

    def check_five(self, img, nvcc):
        """The five checked submissions, field by field."""
        results, out = gs_run(img, student_files("ada"))
        tests = self.check_common(results, out, nvcc)
        self.assertEqual(results["score"], 25.0, out)
        self.assertEqual([(t["status"], t["tags"]) for t in tests],
                         [("passed", [W, "AC"]), ("passed", [B, "AC"]), ("passed", [S, "AC"])])
        self.assertTrue(tests[0]["output"].startswith("warp_scan: AC, 10/10 points."))
        self.assertIn("Judged on the CPU emulator", results["output"])
        self.assertIn("Total: 25/25 points.", results["output"])
        self.check_cases(results)

        results, out = gs_run(img, student_files("lu"))
        tests = self.check_common(results, out, nvcc)
        self.assertEqual((tests[0]["status"], tests[0]["tags"]), ("failed", [W, "WA"]))
        self.assertTrue(0 < tests[0]["score"] < 10, tests[0])
        self.assertEqual([(t["score"], t["tags"]) for t in tests[1:]],
                         [(0.0, [B, "not_judged"]), (0.0, [S, "not_judged"])])
        self.assertIn("not judged", tests[1]["output"].lower())
        self.assertTrue(any(t["status"] == "failed" for t in self.check_cases(results)))

        results, out = gs_run(img, student_files("eve"))
        tests = self.check_common(results, out, nvcc)
        self.assertEqual((results["score"], tests[0]["tags"]), (0.0, [W, "CE"]))
        self.assertIn("The compiler's messages:", tests[0]["output"])
        self.assertIn("\nwarp_scan.cu:", tests[0]["output"])  # named as uploaded
        self.assertFalse([t for t in results["tests"] if t["number"].startswith("1.")])

        results, out = gs_run(img, student_files("fin"))
        self.check_common(results, out, nvcc)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("No exercise file was found in your submission (expected: warp_scan.cu, "
                      "block_reduce_sum.cu, smem_reverse.cu)", results["output"])

        results, out = gs_run(img, student_files("jo"))
        tests = self.check_common(results, out, nvcc)
        # with nvcc its host code is refused before it runs; without, it runs as the
        # grader user and gets nothing: its missing scan is WA (the one-element case
        # passes), and results.json is the grader's
        self.assertEqual(tests[0]["tags"], [W, "CE" if nvcc else "WA"], tests[0]["output"])
        self.assertEqual(results["score"], 0.0 if nvcc else tests[0]["score"], out)
        self.assertLess(results["score"], 5, out)


class Gradescope(GradescopeChecks, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.img, cls.setup_out = FIXTURE.gradescope()

    def test_setup_sh_as_gradescope_runs_it(self):
        out = self.setup_out
        self.assertIn("every package the judge needs is installed already", out)
        self.assertIn("nvcc is installed already: /usr/local/cuda/bin/nvcc", out)
        self.assertIn("3 references judged AC", out)
        self.assertIn("the image can grade", out)
        img = self.img
        self.assertFalse(os.path.exists(img.path("/opt/cudajudge/reference/warp_scan.cu")))
        self.assertTrue(os.path.exists(img.path("/root/cudajudge-private/reference/"
                                                "warp_scan.cu")))
        self.assertTrue(os.path.exists(img.path("/opt/cudajudge/reference/"
                                                "warp_scan.cu.code-hash")))
        with open(img.path("/etc/passwd"), encoding="utf-8") as f:
            self.assertIn("\ncudajudge:", f.read())
        with open(img.path("/autograder/source/reference-cases.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["warp_scan/emu"]["count"], 9)

    def test_five_submissions_with_a_deadline_in_the_policy(self):
        self.check_five(self.img, nvcc=True)

    def test_late_by_gradescopes_metadata_in_the_policys_time_zone(self):
        meta = {"created_at": LATE, "assignment": {
            "due_date": "2030-01-15T23:59:00.000000-08:00"}}
        results, out = gs_run(self.img, student_files("kim"), metadata=meta)
        self.check_common(results, out)
        self.assertEqual(results["score"], 8.0, out)
        self.assertIn("Submitted 2 day(s) after the due date 2030-01-15 23:59 UTC-08:00: 20% "
                      "taken off each exercise.", results["output"])

    def test_out_of_time_and_killed(self):
        # Files that spin until their time limit (3 s and more each): grading cannot
        # finish within the 1 s budget, nor between the first results.json and the
        # kill, however fast the machine is, and none earns a point.
        spinning = {"warp_scan.cu": f"{SUB}/warp_scan/time_limit_exceeded/step_never_doubles.cu",
                    "block_reduce_sum.cu": f"{SUB}/block_reduce_sum/time_limit_exceeded/"
                                           "count_never_drops.cu",
                    "smem_reverse.cu": f"{SUB}/smem_reverse/time_limit_exceeded/"
                                       "barrier_in_branch.cu"}
        files = {name: source_text(what) for name, what in spinning.items()}
        results, out = gs_run(self.img, files, env={"CUDAJUDGE_GRADESCOPE_BUDGET_S": "1"})
        self.assertEqual(spec.gradescope_problems(results), [])
        self.assertEqual(results["score"], 0.0, out)
        self.assertIn("Grading stopped after 1 s", results["output"])
        results, out = gs_run(self.img, files, kill_when_started=True)
        self.assertEqual(spec.gradescope_problems(results), [])
        self.assertEqual(results["score"], 0.0)
        self.assertIn("did not finish", results["output"])

    def test_the_class_gets_the_points_of_a_local_grade(self):
        for student in sorted(CLASS):
            late = student == "kim"
            meta = {"created_at": LATE if late else ON_TIME,
                    "assignment": {"due_date": "2030-01-15T23:59:00.000000-08:00"}}
            results, out = gs_run(self.img, student_files(student), metadata=meta)
            self.assertEqual(spec.gradescope_problems(results), [], out)
            by_id = {t["name"].split(":")[0]: t for t in results["tests"]
                     if "." not in t["number"]}
            for exercise, verdict in zip((W, B, S), VERDICTS[student]):
                local = FIXTURE.local[(student, exercise)]
                self.assertIn(local["verdict"], (verdict or "None").split("|") if verdict
                              else [None], (student, exercise, local["message"]))
                self.assertEqual(by_id[exercise]["tags"][1], local["verdict"] or "not_judged",
                                 (student, exercise, by_id[exercise]["output"]))
                self.assertAlmostEqual(by_id[exercise]["score"], local["score"]["points"],
                                       places=2, msg=(student, exercise, out))


class Bare(GradescopeChecks, unittest.TestCase):
    """An image without any CUDA compiler."""

    @classmethod
    def setUpClass(cls):
        gs, _ = FIXTURE.gradescope()
        refused = FIXTURE.bundle("gradescope", BARE_POLICY, "bare-refused")
        cls.img, cls.refused = FIXTURE.setup("bare", ["/autograder"], False, refused,
                                             "/autograder/source", seed_from=gs)
        # the instructor allows it in the policy, and builds the image again
        allowed = dict(BARE_POLICY, allow_without_nvcc=True)
        write_json(cls.img.path("/autograder/source/policy.json"), allowed)
        cls.done = cls.img.run(["bash", "/autograder/source/setup.sh"],
                               cwd="/autograder/source")
        shutil.copy(cls.img.path("/autograder/source/run_autograder"),
                    cls.img.path("/autograder/run_autograder"))

    def test_setup_sh_refuses_a_policy_that_does_not_allow_it(self):
        self.assertNotEqual(self.refused.returncode, 0, self.refused.stdout)
        self.assertIn("no usable CUDA compiler", self.refused.stdout)
        self.assertIn("allow_without_nvcc: true", self.refused.stdout)
        self.assertNotIn("the image can grade", self.refused.stdout)

    def test_five_submissions_without_nvcc_nor_deadline(self):
        self.assertEqual(self.done.returncode, 0, self.done.stdout)
        self.assertIn("these checks did not run", self.done.stdout)
        self.check_five(self.img, nvcc=False)

    def test_grading_stops_when_the_policy_no_longer_allows_it(self):
        write_json(self.img.path("/autograder/source/policy.json"), BARE_POLICY)
        try:
            results, out = gs_run(self.img, student_files("ada"))
        finally:
            write_json(self.img.path("/autograder/source/policy.json"),
                       dict(BARE_POLICY, allow_without_nvcc=True))
        self.assertEqual(results["score"], 0.0, out)
        self.assertIn("allow_without_nvcc: true", results["output"])


class PrairieLearn(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        gs, _ = FIXTURE.gradescope()
        zip_path = FIXTURE.bundle("prairielearn", POLICY, "pl")
        cls.img, cls.done = FIXTURE.setup("pl", ["/grader", "/grade"], True, zip_path,
                                          "/grader", seed_from=gs)

    def check(self, results, out):
        self.assertEqual(spec.prairielearn_problems(results), [], json.dumps(results, indent=1))
        self.assertTrue(results["gradable"], out)
        self.assertNotIn(HIDDEN_NAME, json.dumps(results, ensure_ascii=False))
        self.assertNotIn("ATTACK SUCCEEDED", json.dumps(results) + out)
        self.assertNotIn("cudajudge-prairielearn-", json.dumps(results))
        tests = results["tests"]
        self.assertEqual([t["name"].split(":")[0] for t in tests], [W, B, S])
        self.assertEqual([t["max_points"] for t in tests], [10.0, 10.0, 5.0])
        total = sum(t["points"] for t in tests)
        self.assertAlmostEqual(results["score"], round(total / 25, 4), places=4)
        return tests

    def test_setup_as_its_dockerfile_runs_it(self):
        self.assertEqual(self.done.returncode, 0, self.done.stdout)
        self.assertIn("3 references judged AC", self.done.stdout)
        with open(self.img.path("/etc/passwd"), encoding="utf-8") as f:
            self.assertIn("\ncudajudge:", f.read())

    def test_five_submissions(self):
        results, out = pl_run(self.img, student_files("ada"))
        tests = self.check(results, out)
        self.assertEqual(results["score"], 1.0)
        self.assertTrue(results["message"].startswith(
            "25/25 points (warp_scan AC, block_reduce_sum AC, smem_reverse AC)."))
        self.assertEqual(tests[0]["description"], "warp_scan.cu")
        self.assertIn("case 9 (hidden case): AC", tests[0]["output"])

        results, out = pl_run(self.img, student_files("lu"))
        tests = self.check(results, out)
        self.assertTrue(0 < tests[0]["points"] < 10)
        self.assertEqual([t["points"] for t in tests[1:]], [0.0, 0.0])

        results, out = pl_run(self.img, student_files("eve"))
        tests = self.check(results, out)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("warp_scan did not compile; the compiler said:", results["message"])
        self.assertIn("warp_scan.cu:", results["message"])

        results, out = pl_run(self.img, student_files("fin"))
        self.check(results, out)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("warp_scan not judged", results["message"])

        results, out = pl_run(self.img, student_files("jo"))
        tests = self.check(results, out)
        self.assertEqual(results["score"], 0.0)
        self.assertIn("warp_scan CE", results["message"])

    def test_the_questions_own_policy_and_exercises(self):
        params = {"cudajudge": {"policy": {"seed": 4242, "exercises": EXERCISES[:1]},
                                "exercises": [W]}}
        results, out = pl_run(self.img, student_files("ada"), params)
        self.assertEqual(spec.prairielearn_problems(results), [], out)
        self.assertEqual([t["name"].split(":")[0] for t in results["tests"]], [W], out)
        self.assertEqual(results["score"], 1.0)

    def test_the_class_gets_the_points_of_a_local_grade(self):
        for student in sorted(CLASS):
            results, out = pl_run(self.img, student_files(student))
            self.assertEqual(spec.prairielearn_problems(results), [], out)
            by_id = {t["name"].split(":")[0]: t for t in results["tests"]}
            for exercise in (W, B, S):
                local = FIXTURE.local[(student, exercise)]["score"]
                # lateness is PrairieLearn's (its access rules): the points before it
                before = local["points"] - sum(p["points"] for p in local.get("penalties") or []
                                               if p["kind"] == "late")
                self.assertAlmostEqual(by_id[exercise]["points"], round(before, 2), places=2,
                                       msg=(student, exercise, out))


def main():
    global ARGS, FIXTURE
    parser = checkout.parser()
    parser.add_argument("--keep", metavar="DIR", help="make the images in DIR and keep them")
    ARGS, rest = parser.parse_known_args()
    checkout.absolute(ARGS)
    why = image.missing()
    if not why and not image.toolkit():
        why = "needs the CUDA toolkit at /usr/local/cuda (bound into the images with nvcc)"
    if not why and not os.path.isdir(os.path.join(ARGS.build, "harness", "emu")):
        why = "no emulator in " + ARGS.build
    if why:
        print("SKIP:", why)
        return 77
    tmp = ARGS.keep or tempfile.mkdtemp(prefix="cudajudge-images-")
    os.makedirs(tmp, exist_ok=True)
    os.chmod(tmp, 0o755)
    try:
        FIXTURE = Fixture(tmp)
        program = unittest.main(argv=[sys.argv[0]] + rest, verbosity=2, exit=False)
        return 0 if program.result.wasSuccessful() else 1
    finally:
        if not ARGS.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
