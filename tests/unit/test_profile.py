#!/usr/bin/env python3
"""`judge.py ID FILE --profile` end to end on the CPU emulator (docs/profile.md).

- Every file of tests/profile/corpus.txt is judged with --profile: it is AC, its
  profile is made for it and for the reference, on the case problems.yaml's
  profile table names, and its findings name the costs the line lists, at a line
  of the file itself; the reference judged with --profile names none of them.
- Profiling changes no verdict and adds nothing without --profile: the same file
  and seed judged without it give the same verdict, message and cases, and no
  "profile" key.
- A profile that cannot be made says why in one line, and the verdict stands: a
  file that fails a case gets no profile, with the reason.

Usage:
    test_profile.py --root SOURCE_ROOT --engine BUILD/cudajudge [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import concurrent.futures
import os
import re
import sys
import unittest

import emu_test_main

ROOT = ENGINE = STATE = None
SEED = "7"
WORKERS = 2  # the 2-core machine CI runs on: a build and a run side by side


def judge(problem, path, *options):
    """The summary of one emulated run, the seed fixed."""
    return emu_test_main.summary(sys.modules[__name__], problem, path, "--seed", SEED,
                                 *options)


def corpus(root=None):
    """(file, exercise, [costs]) of each line of tests/profile/corpus.txt (also
    read by tests/gpu/profile_corpus.py)."""
    rows = []
    with open(os.path.join(root or ROOT, "tests", "profile", "corpus.txt"),
              encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if words:
                rows.append((words[0], words[1], words[2:]))
    return rows


def judged_all():
    """Each corpus file and each of their exercises' references, judged with
    --profile (two at a time); {path: summary}."""
    jobs = {}
    for path, problem, _ in corpus():
        jobs[path] = problem
        jobs[f"reference/{problem}.cu"] = problem
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        futures = {path: pool.submit(judge, problem, os.path.join(ROOT, path), "--profile")
                   for path, problem in jobs.items()}
        return {path: future.result() for path, future in futures.items()}


SUMMARIES = {}


def summaries():
    if not SUMMARIES:
        SUMMARIES.update(judged_all())
    return SUMMARIES


def profile_cases():
    """{exercise: the case its problems.yaml profile: table names}."""
    with open(os.path.join(ROOT, "problems.yaml"), encoding="utf-8") as f:
        text = f.read()
    found = {}
    for entry in re.split(r"^(?=- id: )", text, flags=re.MULTILINE)[1:]:
        case = re.search(r'^  profile:.*\n(?:    .*\n)*?    case: "([^"]+)"', entry, re.MULTILINE)
        if case:
            found[entry.split()[2]] = case.group(1)
    return found


def costs(summary):
    return [f.get("cost") for f in summary["profile"].get("findings") or []]


class CorpusTest(unittest.TestCase):
    """Issue 28: each corpus file's profile names its cost, the reference's does not."""

    def test_every_corpus_file_names_its_cost(self):
        for path, problem, wanted in corpus():
            with self.subTest(file=path):
                summary = summaries()[path]
                self.assertEqual(summary["verdict"], "AC", summary.get("message"))
                profile = summary.get("profile")
                self.assertIsInstance(profile, dict)
                self.assertTrue(profile["made"], profile.get("why_not"))
                self.assertEqual(profile["backend"], "emu")
                self.assertTrue(profile["learner"]["made"])
                self.assertTrue(profile["reference"]["made"], profile["reference"])
                self.assertEqual(profile["reference"]["file"], f"reference/{problem}.cu")
                for cost in wanted:
                    self.assertIn(cost, profile["looks_for"])
                    self.assertIn(cost, costs(summary))
                for finding in profile["findings"]:
                    for lang in ("en", "zh"):
                        self.assertTrue(finding["text"][lang].strip())
                    self.assertNotIn("cj_", finding["text"]["en"])
                    if finding["where"] is not None:
                        self.assertTrue(finding["where"].startswith(path + ":"),
                                        finding["where"])

    def test_the_case_the_table_names_is_the_one_profiled(self):
        """A case problems.yaml names that no longer exists would silently give way to
        the largest one."""
        named = profile_cases()
        self.assertTrue(named)
        for path, problem, _ in corpus():
            if problem in named:
                with self.subTest(exercise=problem):
                    self.assertEqual(summaries()[path]["profile"]["case"]["name"],
                                     named[problem])

    def test_no_reference_names_a_cost(self):
        for path, problem, wanted in corpus():
            with self.subTest(exercise=problem):
                summary = summaries()[f"reference/{problem}.cu"]
                self.assertEqual(summary["verdict"], "AC")
                self.assertTrue(summary["profile"]["made"], summary["profile"].get("why_not"))
                self.assertEqual(costs(summary), [])
                self.assertIsNotNone(summary["profile"]["quiet"])


class VerdictTest(unittest.TestCase):
    """Issue 28, point 3: the verdict never changes, nothing is added without
    --profile, and a profile that cannot be made says why."""

    def assert_same_judgement(self, with_profile, without):
        self.assertNotIn("profile", without)
        for key in ("verdict", "message", "code", "fields", "backend", "seed"):
            self.assertEqual(with_profile.get(key), without.get(key), key)
        self.assertEqual([(c["name"], c["verdict"], c["bad"]) for c in with_profile["cases"]],
                         [(c["name"], c["verdict"], c["bad"]) for c in without["cases"]])

    def test_the_same_judgement_with_and_without_a_profile(self):
        path, problem, _ = corpus()[0]
        self.assert_same_judgement(summaries()[path], judge(problem, os.path.join(ROOT, path)))

    def test_a_failing_file_gets_the_reason_instead(self):
        path = os.path.join(ROOT, "tests", "submissions", "transpose", "wrong_answer",
                            "tile_not_transposed.cu")
        with_profile = judge("transpose", path, "--profile")
        self.assertEqual(with_profile["verdict"], "WA")
        profile = with_profile["profile"]
        self.assertFalse(profile["made"])
        self.assertEqual(profile["why_not"]["code"], "profile_output_wrong")
        self.assertIn("WA", profile["why_not"]["text"]["en"])
        self.assertIn("WA", profile["why_not"]["text"]["zh"])
        self.assertNotIn("learner", profile)
        self.assert_same_judgement(with_profile, judge("transpose", path))


if __name__ == "__main__":
    sys.exit(emu_test_main.run(sys.modules[__name__], "cj-profile-"))
