"""Tests of the learner's saved progress: STATE/progress.json.

What is recorded per attempt, what is not, where it lives (CUDAJUDGE_STATE),
and that a missing, corrupt, unwritable or concurrently written state never
stops judging nor loses attempts.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from concurrent.futures import ThreadPoolExecutor

from support import JUDGE_COMMAND, FakeRepoTest, write
from cudajudge_cli.core import texts
from cudajudge_cli.learn import progress

ATTEMPT_KEYS = {"id", "file", "verdict", "seed", "median_ms", "at"}


class RecordTest(FakeRepoTest):
    def test_each_attempt_is_recorded_with_its_verdict_seed_and_time(self):
        self.assertEqual(self.judge("warp_scan", env={"FAKE_VERDICT": "WA"}).returncode, 1)
        self.assertEqual(self.judge("warp_scan", "--seed", "77").returncode, 0)
        data = self.progress()
        history = data["history"]
        self.assertEqual([a["verdict"] for a in history], ["WA", "AC"])
        for attempt in history:
            self.assertLessEqual(ATTEMPT_KEYS, set(attempt))
            self.assertEqual(attempt["id"], "warp_scan")
            self.assertEqual(attempt["file"], "exercises/warp_scan.cu")
            self.assertRegex(attempt["at"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
        self.assertEqual(history[0]["seed"], 1234)
        self.assertIsNone(history[0]["median_ms"])
        self.assertEqual(history[1]["seed"], 77)
        self.assertEqual(history[1]["median_ms"], 1.234)
        record = data["exercises"]["warp_scan"]
        self.assertEqual(record["attempts"], 2)
        self.assertEqual(record["best_verdict"], "AC")
        self.assertEqual(record["last_verdict"], "AC")
        self.assertEqual(record["best_ms"], 1.234)
        self.assertEqual(record["best_tier"], "silver")
        self.assertEqual(data["last"], "warp_scan")
        self.assertEqual(data["device"], {"name": "NVIDIA H200", "cc": "9.0"})

    def test_a_later_failure_keeps_the_best_verdict(self):
        self.judge("warp_scan")
        self.judge("warp_scan", env={"FAKE_VERDICT": "CE"})
        record = self.progress()["exercises"]["warp_scan"]
        self.assertEqual((record["best_verdict"], record["last_verdict"]), ("AC", "CE"))
        self.assertEqual(record["attempts"], 2)

    def test_json_mode_records_too(self):
        done = self.judge("warp_scan", "--json", env={"FAKE_VERDICT": "RE"})
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertEqual([a["verdict"] for a in self.progress()["history"]], ["RE"])
        json.loads(done.stdout.splitlines()[-1])  # stdout is still only JSON

    def test_references_templates_and_the_corpus_are_not_practice(self):
        for path in ("reference/warp_scan.cu", "templates/warp_scan.cu",
                     "tests/submissions/warp_scan/accepted/shfl_up.cu"):
            done = self.judge("warp_scan", path)
            self.assertIn(done.returncode, (0, 1), done.stderr)
        self.assertFalse(os.path.exists(self.path(".cudajudge", "progress.json")))

    def test_another_file_of_the_learner_counts(self):
        write(self.path("attempts", "try2.cu"), "// mine\n")
        self.assertEqual(self.judge("warp_scan", "attempts/try2.cu").returncode, 0)
        self.assertEqual(self.progress()["history"][0]["file"], "attempts/try2.cu")

    def test_check_does_not_record(self):
        self.judge("check", "warp_scan")
        self.assertFalse(os.path.exists(self.path(".cudajudge", "progress.json")))

    def test_a_judge_error_is_not_an_attempt(self):
        done = self.judge("warp_scan", env={"FAKE_CRASH": "1"})
        self.assertCleanFailure(done)
        self.assertFalse(os.path.exists(self.path(".cudajudge", "progress.json")))


class StateFolderTest(FakeRepoTest):
    def test_state_folder_from_the_environment(self):
        elsewhere = os.path.join(self.root, "my-state")
        done = self.judge("warp_scan", env={"CUDAJUDGE_STATE": elsewhere})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(self.progress(elsewhere)["history"]), 1)
        self.assertFalse(os.path.exists(self.path(".cudajudge")))
        listed = self.judge("list", env={"CUDAJUDGE_STATE": elsewhere})
        self.assertRegex(listed.stdout, r"warp_scan .* AC ")

    def test_never_inside_exercises(self):
        inside = self.path("exercises", "state")
        done = self.judge("warp_scan", env={"CUDAJUDGE_STATE": inside})
        self.assertCleanFailure(done)
        self.assertIn("is inside exercises/", done.stderr)
        self.assertFalse(os.path.exists(inside))
        self.assertEqual(self.judge_calls(), [])

    def test_deleted_state_starts_afresh(self):
        self.judge("warp_scan")
        os.remove(self.path(".cudajudge", "progress.json"))
        done = self.judge("list")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stderr, "")
        self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertEqual([a["verdict"] for a in self.progress()["history"]], ["WA"])

    def test_whole_state_folder_deleted(self):
        self.judge("warp_scan")
        import shutil
        shutil.rmtree(self.path(".cudajudge"))
        done = self.judge("warp_scan")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(self.progress()["history"]), 1)


class CorruptStateTest(FakeRepoTest):
    def corrupt(self, text):
        write(self.path(".cudajudge", "progress.json"), text)

    def set_aside(self):
        return sorted(n for n in os.listdir(self.path(".cudajudge"))
                      if n.startswith("progress.json.corrupt-"))

    def check_set_aside_and_judging_goes_on(self, text):
        self.corrupt(text)
        done = self.judge("warp_scan", env={"FAKE_VERDICT": "WA"})
        self.assertEqual(done.returncode, 1, done.stderr)  # the verdict's status
        self.assertIn("WA  wrong answer", done.stdout)
        warnings = done.stderr.strip().splitlines()
        self.assertEqual(len(warnings), 1, done.stderr)
        self.assertRegex(warnings[0], r"^warning: \S*progress\.json could not be read; it is "
                                      r"set aside as progress\.json\.corrupt-\d{8}-\d{6} ")
        kept = self.set_aside()
        self.assertEqual(len(kept), 1)
        with open(self.path(".cudajudge", kept[0]), encoding="utf-8", errors="replace") as old:
            self.assertEqual(old.read(), text)
        self.assertEqual([a["verdict"] for a in self.progress()["history"]], ["WA"])
        again = self.judge("warp_scan")
        self.assertEqual(again.stderr, "")  # warned once, not on every run
        self.assertEqual(len(self.set_aside()), 1)

    def test_truncated_json(self):
        self.check_set_aside_and_judging_goes_on('{"version": 1, "exercises": {"warp_')

    def test_not_json_at_all(self):
        self.check_set_aside_and_judging_goes_on("\x00\x01 garbage")

    def test_json_of_the_wrong_shape(self):
        self.check_set_aside_and_judging_goes_on('["not", "an", "object"]')

    def test_exercises_of_the_wrong_shape(self):
        self.check_set_aside_and_judging_goes_on('{"exercises": {"warp_scan": 3}}')

    def test_read_only_commands_also_recover(self):
        self.corrupt("{{{{")
        done = self.judge("list")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("set aside", done.stderr)
        self.assertIn("warp_scan", done.stdout)
        self.assertEqual(len(self.set_aside()), 1)

    def test_odd_values_inside_a_record_are_tolerated(self):
        self.corrupt(json.dumps({"version": 1, "exercises": {"warp_scan": {
            "attempts": "many", "best_verdict": 7, "best_ms": "fast", "hints_shown": -3}},
            "history": []}))
        for args in (["list"], [], ["show", "warp_scan"], ["hint", "warp_scan"],
                     ["warp_scan"]):
            done = self.judge(*args)
            self.assertEqual(done.returncode, 0, f"{args}: {done.stdout}{done.stderr}")
            self.assertEqual(done.stderr, "")
        record = self.progress()["exercises"]["warp_scan"]
        self.assertEqual((record["attempts"], record["best_verdict"]), (1, "AC"))

    def test_unwritable_state_warns_and_judging_goes_on(self):
        write(self.path("not-a-folder"), "a file where the state folder should be\n")
        done = self.judge("warp_scan", env={"CUDAJUDGE_STATE": self.path("not-a-folder")})
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertIn("AC  accepted", done.stdout)
        warnings = done.stderr.strip().splitlines()
        self.assertEqual(len(warnings), 1, done.stderr)
        self.assertIn("warning: progress not saved in", warnings[0])


class ConcurrentJudgesTest(FakeRepoTest):
    def test_parallel_judges_lose_no_attempt(self):
        runs = 8

        def one(i):
            return subprocess.run(JUDGE_COMMAND + ["warp_scan", "--seed", str(i),
                                   "--no-perf"], env=self.environment(), cwd=self.root,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  timeout=120)

        with ThreadPoolExecutor(max_workers=runs) as pool:
            results = list(pool.map(one, range(runs)))
        for done in results:
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(done.stderr, "")
        data = self.progress()
        self.assertEqual(sorted(a["seed"] for a in data["history"]), list(range(runs)))
        self.assertEqual(data["exercises"]["warp_scan"]["attempts"], runs)
        leftovers = [n for n in os.listdir(self.path(".cudajudge")) if n.endswith(".tmp")]
        self.assertEqual(leftovers, [])


class ProgressStoreTest(unittest.TestCase):
    """The store and the progress model, without a subprocess."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-state-")
        self.store = progress.ProgressStore(os.path.join(self.tmp.name, "state"))
        texts.set_language("en")

    def tearDown(self):
        self.tmp.cleanup()

    def summary(self, verdict="AC", median=1.5):
        return {"verdict": verdict, "seed": 5, "backend": "gpu",
                "timing": {"median_ms": median, "pct_of_copy": 80.0, "tier": "silver",
                           "ratio_to_ref": 1.1} if median else None,
                "device": {"name": "GPU", "cc": 90}}

    def test_missing_file_reads_as_a_fresh_start_without_creating_anything(self):
        self.assertEqual(self.store.read(), progress.empty_progress())
        self.assertFalse(os.path.exists(self.store.folder))

    def test_round_trip_and_the_file_is_json_with_one_line_per_attempt(self):
        for verdict, median in (("WA", None), ("AC", 2.0), ("AC", 1.5), ("AC", 1.7)):
            self.store.update(lambda d: progress.add_attempt(d, "warp_scan", "exercises/x.cu",
                                                          self.summary(verdict, median)))
        data = self.store.read()
        record = data["exercises"]["warp_scan"]
        self.assertEqual((record["attempts"], record["best_ms"]), (4, 1.5))
        with open(self.store.path, encoding="utf-8") as source:
            text = source.read()
        self.assertEqual(json.loads(text), data)
        attempt_lines = [line for line in text.splitlines() if '"verdict":' in line]
        self.assertEqual(len(attempt_lines), 4)

    def test_history_is_capped_but_totals_are_not(self):
        saved = progress.HISTORY_LIMIT
        progress.HISTORY_LIMIT = 3
        try:
            for seed in range(5):
                self.store.update(lambda d: progress.add_attempt(
                    d, "warp_scan", "exercises/x.cu", dict(self.summary(), seed=seed)))
        finally:
            progress.HISTORY_LIMIT = saved
        data = self.store.read()
        self.assertEqual([a["seed"] for a in data["history"]], [2, 3, 4])
        self.assertEqual(data["exercises"]["warp_scan"]["attempts"], 5)

    def test_progress_text_of_an_empty_history(self):
        self.assertEqual(json.loads(progress.progress_text(progress.empty_progress())),
                         progress.empty_progress())

    def test_next_exercise(self):
        problems = [{"id": name} for name in ("a", "b", "c", "d")]
        data = progress.empty_progress()
        self.assertEqual(progress.next_exercise(problems, data)["id"], "a")
        progress.add_attempt(data, "c", "exercises/c.cu", self.summary("WA"))
        self.assertEqual(progress.next_exercise(problems, data)["id"], "c")  # where you left off
        progress.add_attempt(data, "c", "exercises/c.cu", self.summary("AC"))
        self.assertEqual(progress.next_exercise(problems, data)["id"], "a")
        self.assertEqual(progress.next_exercise(problems, data, after={"id": "c"})["id"], "d")
        progress.add_attempt(data, "d", "exercises/d.cu", self.summary("AC"))
        self.assertEqual(progress.next_exercise(problems, data, after={"id": "c"})["id"], "a")
        for name in ("a", "b"):
            progress.add_attempt(data, name, f"exercises/{name}.cu", self.summary("AC"))
        self.assertIsNone(progress.next_exercise(problems, data))
        self.assertEqual([progress.exercise_status(data, p["id"]) for p in problems],
                         ["solved"] * 4)

    def test_verdict_order(self):
        self.assertLess(progress.verdict_rank("AC"), progress.verdict_rank("WA"))
        self.assertLess(progress.verdict_rank("WA"), progress.verdict_rank("CE"))
        self.assertLess(progress.verdict_rank("CE"), progress.verdict_rank("JE"))
        self.assertLess(progress.verdict_rank("JE"), progress.verdict_rank(None))


if __name__ == "__main__":
    unittest.main()
