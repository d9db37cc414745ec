"""The grade records' fingerprint (docs/grading.md, `engine.fingerprint`): it comes from
the one engine client, core/engine.py's Engine.fingerprint(), which asks the engine's
`fingerprint` command and, while the engine has none, hashes what a verdict depends on
itself: problems.yaml, harness/problems/**, harness/emu/**, harness/runtime/**, the
engine, and the build's runtime libraries, cj-runner-* programs and references. A
change to any of them judges the stored records again; a change elsewhere, or the same
checkout in another folder, does not. The engine is the stand-in of fake_engine.py.
"""

import json
import os
import shutil
import unittest

from support import FAKE_ENGINE, FakeRepoTest, write
from cudajudge_cli.core.workspace import Workspace

# Files a verdict depends on (relative to the root; build/ is the build folder).
VERDICT_FILES = ("problems.yaml", "harness/problems/warp_scan/cases.c",
                 "harness/problems/warp_scan/glue.cuh", "harness/emu/emu.h",
                 "harness/runtime/glue.h", "build/harness/runtime/cj-runner-warp_scan",
                 "build/harness/runtime/libcjrt.a", "build/harness/emu/libcjrt_emu.a",
                 "build/reference/warp_scan.cubin")
# Files it does not depend on: learners' and references' sources, caches, objects.
OTHER_FILES = ("exercises/warp_scan.cu", "reference/warp_scan.cu", "docs/notes.md",
               "build/cache/module.o", "build/harness/runtime/cj-runner-warp_scan.p/x.o")

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
        for name in VERDICT_FILES + OTHER_FILES:
            write(self.path(name), f"{name} as first built\n")
        # an engine of its own, so that changing it is a change of the engine
        self.engine = self.path("build", "cudajudge")
        fake = os.path.join(os.path.dirname(FAKE_ENGINE), "fake_engine.py")
        write(self.engine, f'#!/bin/sh\nexec "${{FAKE_PYTHON:-python3}}" -S {fake} "$@"\n')
        os.chmod(self.engine, 0o755)
        self.saved = dict(os.environ)
        self.addCleanup(lambda: (os.environ.clear(), os.environ.update(self.saved)))
        os.environ.clear()
        os.environ.update(self.environment({"CUDAJUDGE_ENGINE": self.engine,
                                            "FAKE_NO_FINGERPRINT": "1"}))

    def fingerprint(self, root=None):
        root = root or self.root
        return Workspace(root=root, build=os.path.join(root, "build")).engine.fingerprint()

    def test_the_engines_answer_when_it_has_the_command(self):
        os.environ.pop("FAKE_NO_FINGERPRINT")
        answered = self.fingerprint()
        write(self.path("harness/emu/emu.h"), "changed\n")
        self.assertEqual(self.fingerprint(), answered)  # the stand-in hashes problems.yaml only

    def test_without_the_command_what_a_verdict_depends_on_is_hashed(self):
        first = self.fingerprint()
        self.assertRegex(first, "^[0-9a-f]{64}$")
        self.assertNotEqual(first, (os.environ.pop("FAKE_NO_FINGERPRINT"),
                                    self.fingerprint())[1])
        os.environ["FAKE_NO_FINGERPRINT"] = "1"
        for name in OTHER_FILES:
            write(self.path(name), "changed\n")
        self.assertEqual(self.fingerprint(), first, "a file no verdict depends on")
        moved = os.path.join(self.tmp.name + "-moved")
        shutil.copytree(self.root, moved, symlinks=True)
        self.addCleanup(shutil.rmtree, moved, True)
        self.assertEqual(self.fingerprint(moved), first, "the same checkout elsewhere")
        for name in VERDICT_FILES + ("build/cudajudge",):
            with self.subTest(changed=name):
                before = self.fingerprint()
                with open(self.path(name), "a", encoding="utf-8") as f:
                    f.write("# changed\n")
                self.assertNotEqual(self.fingerprint(), before)
        before = self.fingerprint()
        write(self.path("harness/problems/new_one/cases.c"), "a new exercise\n")
        self.assertNotEqual(self.fingerprint(), before, "a file added")

    def test_a_change_of_an_exercises_folder_judges_the_records_again(self):
        policy = self.path("policy.json")
        write(policy, json.dumps(POLICY))
        write(self.path("roster", "amy", "warp_scan.cu"), "// amy's scan\n")
        out = self.path("grades")

        def grade():
            done = self.judge("grade", self.path("roster"), "--policy", policy, "--out", out,
                              "--emulate", "--sandbox", "none", "--lines",
                              env={"CUDAJUDGE_ENGINE": self.engine, "FAKE_NO_FINGERPRINT": "1"})
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
