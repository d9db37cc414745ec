"""The grade records' fingerprint (docs/grading.md, `engine.fingerprint`): it comes from
the one engine client, core/engine.py's Engine.fingerprint(), which asks the engine's
`fingerprint` command (what that hashes: tests/unit/test_build_cache.py). A record judged
under another fingerprint is judged again; an engine whose answer is not a hash is a
failure of the judge, never a silent re-use. The engine is the stand-in of fake_engine.py.
"""

import json
import os
import unittest

from support import FakeRepoTest, write
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.workspace import Workspace

POLICY = {"schema": "cudajudge-policy/1", "course": None, "language": "en", "seed": 5,
          "seed_per_student": False, "round": 2, "deadline": None, "deadline_epoch": None,
          "deadline_local": None, "allow_without_nvcc": True,
          "late": {"penalty_per_day": 0, "max_days": None, "grace_minutes": 0},
          "penalties": {"RULE": 100, "RACE": 100, "speed": 50},
          "performance": {"method": "ratio", "runs": 3, "full_at": 1.2, "none_beyond": 10,
                          "tiers": {"bronze": 0.5, "silver": 0.8, "gold": 1}},
          "exercises": [{"id": "warp_scan", "points": 10, "performance": 0,
                         "correctness": "all", "canvas": None, "cases": []}]}


class FingerprintTest(FakeRepoTest):
    def setUp(self):
        super().setUp()
        write(self.path("problems.yaml"), "warp_scan: {}\n")
        write(self.path("harness/problems/warp_scan/cases.c"), "/* the cases */\n")

    def fingerprint(self, env=None):
        saved = dict(os.environ)
        self.addCleanup(lambda: (os.environ.clear(), os.environ.update(saved)))
        os.environ.update(self.environment(env or {}))
        return Workspace(root=self.root, build=os.path.join(self.root, "build")).engine \
            .fingerprint()

    def test_the_engines_answer(self):
        first = self.fingerprint()
        self.assertRegex(first, "^[0-9a-f]{64}$")
        write(self.path("harness/problems/warp_scan/cases.c"), "/* other cases */\n")
        self.assertNotEqual(self.fingerprint(), first)

    def test_an_answer_that_is_not_a_hash_is_a_failure(self):
        for answer in ("", "usage: cudajudge catalog --root DIR", "12 34"):
            with self.subTest(answer=answer):
                with self.assertRaises(JudgeError):
                    self.fingerprint({"FAKE_FINGERPRINT": answer})

    def test_a_change_of_an_exercises_folder_judges_the_records_again(self):
        policy = self.path("policy.json")
        write(policy, json.dumps(POLICY))
        write(self.path("roster", "amy", "warp_scan.cu"), "// amy's scan\n")
        out = self.path("grades")

        def grade():
            done = self.judge("grade", self.path("roster"), "--policy", policy, "--out", out,
                              "--emulate", "--sandbox", "none", "--lines")
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
            with open(os.path.join(out, "records", "amy", "warp_scan.json"),
                      encoding="utf-8") as f:
                return len(self.judge_calls()), json.load(f)

        calls, record = grade()
        self.assertEqual((calls, record["verdict"]), (1, "AC"))
        self.assertEqual(grade()[0], 1, "nothing changed: the record stands")
        write(self.path("reference", "warp_scan.cu"), "// another reference\n")
        self.assertEqual(grade()[0], 1, "a file no verdict depends on")
        with open(self.path("harness/problems/warp_scan/cases.c"), "a", encoding="utf-8") as f:
            f.write("/* one more case */\n")
        calls, again = grade()
        self.assertEqual(calls, 2, "the exercise's cases changed: judged again")
        self.assertNotEqual(again["engine"]["fingerprint"], record["engine"]["fingerprint"])
        self.assertEqual(again["engine"]["fingerprint"], self.fingerprint())


if __name__ == "__main__":
    unittest.main()
