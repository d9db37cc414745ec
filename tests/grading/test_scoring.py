#!/usr/bin/env python3
"""Scoring, seeds and roster discovery of `judge.py grade` without the engine
(cudajudge_cli/grading/scoring.py and roster.py): points worked out by hand for the
performance methods (ratio as CS149 grades, tier), best of K, the penalties for RULE,
RACE and a missed speed rule, lateness with and without max_days, per-case weights with
a run that stopped early, the seeds, and how many judgements share a GPU by default
(grading/timing.py). Run by meson (suite grading) in a second.
"""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from cudajudge_cli.grading import roster, scoring, store, timing  # noqa: E402
from cudajudge_cli.core.errors import JudgeError  # noqa: E402

POLICY = {
    "round": 2, "seed": 9,
    "late": {"penalty_per_day": 10, "max_days": 3, "grace_minutes": 0},
    "penalties": {"RULE": 50, "RACE": 100, "speed": 40},
    "performance": {"method": "ratio", "runs": 3, "full_at": 1.2, "none_beyond": 10,
                    "tiers": {"bronze": 0.5, "silver": 0.8, "gold": 1.0}},
}
EX = {"id": "warp_scan", "points": 10, "performance": 7, "correctness": "all", "cases": []}


def record(verdict="AC", cases=None, backend="gpu", ratio=None, tier=None, days=0, **more):
    cases = cases if cases is not None else [{"verdict": "AC", "name": f"c{i}"} for i in range(4)]
    r = {"status": "judged", "verdict": verdict, "backend": backend,
         "cases": scoring.annotate_cases(cases, more.pop("ex", EX)),
         "timing": {"ratio_to_ref": ratio, "tier": tier} if ratio or tier else None,
         "late": {"days": days, "source": "git"}, "rules": more.pop("rules", None)}
    r.update(more)
    return r


def points(r, ex=EX, policy=POLICY):
    return scoring.score(policy, ex, r)["points"]


class Performance(unittest.TestCase):
    def test_ratio_full_at_or_below_full_at(self):
        self.assertEqual(points(record(ratio=0.7)), 17)
        self.assertEqual(points(record(ratio=1.2)), 17)

    def test_ratio_proportional_between(self):
        # 7 x 1.2 / 2.4 = 3.5
        self.assertEqual(points(record(ratio=2.4)), 13.5)
        self.assertEqual(points(record(ratio=10)), 10.84)  # 7 x 0.12 = 0.84

    def test_ratio_none_beyond(self):
        self.assertEqual(points(record(ratio=10.01)), 10)

    def test_no_performance_on_the_emulator_or_without_ac(self):
        s = scoring.score(POLICY, EX, record(backend="emu", ratio=1.0))
        self.assertEqual(s["points"], 10)
        self.assertIn("emulator", s["performance"]["why"])
        self.assertEqual(points(record(verdict="WA", ratio=1.0,
                                       cases=[{"verdict": "WA"}])), 0)

    def test_tiers(self):
        policy = dict(POLICY, performance=dict(POLICY["performance"], method="tier"))
        self.assertEqual(points(record(tier="silver"), policy=policy), 15.6)
        self.assertEqual(points(record(tier=None, ratio=1.0), policy=policy), 10)

    def test_tier_policy_on_a_time_that_is_not_about_bandwidth(self):
        # perf.bandwidth: false gives no GB/s and no tier: the ratio decides
        policy = dict(POLICY, performance=dict(POLICY["performance"], method="tier"))
        r = record(ratio=2.4)
        r["timing"].update(gbps=None, pct_of_copy=None, tier=None)
        s = scoring.score(policy, EX, r)
        self.assertEqual(s["points"], 13.5)
        self.assertEqual(s["performance"]["method"], "ratio")


class Penalties(unittest.TestCase):
    def test_rule_with_passing_cases(self):
        r = record(verdict="RULE", rules={"output_verdict": "AC",
                                          "violations": [{"rule": "shfl.sync"}]})
        s = scoring.score(POLICY, EX, r)
        self.assertEqual(s["points"], 5)
        self.assertEqual(s["penalties"][0]["kind"], "RULE")
        self.assertIn("shfl.sync", s["penalties"][0]["why"])

    def test_rule_with_wrong_cases_is_nothing(self):
        r = record(verdict="RULE", rules={"output_verdict": None, "violations": []},
                   cases=[])
        self.assertEqual(points(r), 0)

    def test_race_costs_everything_by_default(self):
        self.assertEqual(points(record(verdict="RACE", cases=[{"verdict": "RACE"}])), 0)
        policy = dict(POLICY, penalties=dict(POLICY["penalties"], RACE=30))
        self.assertEqual(points(record(verdict="RACE", cases=[{"verdict": "RACE"}]),
                                policy=policy), 7)

    def test_missed_speed_rule(self):
        cases = [{"verdict": "AC"}, {"verdict": "TLE",
                                     "speed": {"speedup": 1.1, "needs": 1.5}}]
        s = scoring.score(POLICY, EX, record(verdict="TLE", cases=cases))
        self.assertEqual(s["points"], 6)
        self.assertEqual([p["kind"] for p in s["penalties"]], ["speed"])

    def test_real_tle_is_nothing(self):
        self.assertEqual(points(record(verdict="TLE", cases=[{"verdict": "TLE"}])), 0)


class Lateness(unittest.TestCase):
    def test_per_day_of_everything(self):
        self.assertEqual(points(record(ratio=1.0, days=2)), 13.6)  # 17 x 0.8

    def test_past_max_days(self):
        s = scoring.score(POLICY, EX, record(ratio=1.0, days=4))
        self.assertEqual(s["points"], 0)
        self.assertEqual(s["penalties"][-1]["kind"], "late")

    def test_lateness_from_mtime_with_grace(self):
        with tempfile.TemporaryDirectory() as base:
            os.makedirs(os.path.join(base, "amy"))
            path = os.path.join(base, "amy", "warp_scan.cu")
            open(path, "w").close()
            deadline = 2000000000
            os.utime(path, (deadline + 3600, deadline + 3600))
            sub = roster.Submission("amy", "warp_scan")
            sub.path = path
            policy = {"deadline": "x", "deadline_epoch": deadline,
                      "late": {"grace_minutes": 30}}
            late = roster.lateness(policy, base, sub)
            self.assertEqual((late["source"], late["days"], late["seconds_late"]),
                             ("mtime", 1, 1800))
            policy["late"]["grace_minutes"] = 60
            self.assertEqual(roster.lateness(policy, base, sub)["days"], 0)


class PerCase(unittest.TestCase):
    EX = dict(EX, correctness="per_case", performance=0,
              cases=[{"case": 1, "weight": 3}, {"case": 4, "hidden": True}])

    def test_weights(self):
        cases = [{"verdict": v} for v in ("AC", "WA", "AC", "WA")]
        r = record(verdict="WA", cases=cases, ex=self.EX)
        self.assertEqual(points(r, ex=self.EX), 6.67)  # 10 x 4/6
        self.assertTrue(r["cases"][3]["hidden"])

    def test_a_crash_shares_by_every_case(self):
        cases = [{"verdict": "AC"}, {"verdict": "RE"}]
        r = record(verdict="RE", cases=cases, ex=self.EX, cases_total=4)
        self.assertEqual(points(r, ex=self.EX), 5)  # 10 x 3/6


class Seeds(unittest.TestCase):
    def test_stable_and_distinct(self):
        a = roster.derive_seed(9, "warp_scan")
        self.assertEqual(a, roster.derive_seed(9, "warp_scan"))
        self.assertNotEqual(a, roster.derive_seed(10, "warp_scan"))
        self.assertNotEqual(a, roster.derive_seed(9, "warp_scan", "amy"))
        self.assertTrue(1 <= a < 2**31)
        # a fixed value: a change here would silently change every course's cases
        self.assertEqual(roster.derive_seed(424242, "warp_scan"), 53526530)


class Discovery(unittest.TestCase):
    def test_candidates_and_ignored(self):
        with tempfile.TemporaryDirectory() as base:
            for rel in ("amy/warp_inclusive_scan.cu", "amy/exercises/scratch.cu",
                        "bo/warp_scan.cu", "bo/exercises/warp_scan.cu", ".git/x.cu"):
                os.makedirs(os.path.dirname(os.path.join(base, rel)), exist_ok=True)
                with open(os.path.join(base, rel), "w") as f:
                    f.write("int x;\n")
            students = roster.list_students(base)
            self.assertEqual(students, ["amy", "bo"])
            found, ignored = roster.find_submissions(base, students, ["warp_scan"],
                                                     {"warp_scan": ["warp_inclusive_scan"]},
                                                     "en")
            self.assertEqual(found[("amy", "warp_scan")].file, "amy/warp_inclusive_scan.cu")
            self.assertEqual(found[("bo", "warp_scan")].not_judged["reason"], "two_candidates")
            self.assertEqual(ignored, [{"student": "amy", "path": "amy/exercises/scratch.cu"}])


class Store(unittest.TestCase):
    def test_records_lock_and_what_is_current(self):
        with tempfile.TemporaryDirectory() as base:
            s = store.Store(base)
            s.lock()
            with self.assertRaises(JudgeError) as refused:
                store.Store(base).lock()
            self.assertIn(f"another grade run (process {os.getpid()})", str(refused.exception))
            sub = roster.Submission("amy b", "warp_scan")
            sub.file, sub.sha256 = "amy b/warp_scan.cu", "ab" * 32
            rec = {"schema": "cudajudge-grade/1", "student": "amy b", "exercise": "warp_scan",
                   "status": "judged", "verdict": "WA", "sha256": sub.sha256,
                   "file": sub.file, "policy_sha256": "p", "seed": 5,
                   "engine": {"fingerprint": "e"}}
            s.write(rec)
            self.assertEqual(s.read("amy b", "warp_scan"), rec)
            self.assertEqual(os.listdir(os.path.dirname(s.path("amy b", "warp_scan"))),
                             ["warp_scan.json"])  # no temporary file left
            self.assertTrue(store.is_current(rec, sub, 5, "p", "e"))
            self.assertFalse(store.is_current(rec, sub, 6, "p", "e"))  # another seed
            self.assertFalse(store.is_current(rec, sub, 5, "q", "e"))  # another policy
            self.assertFalse(store.is_current(rec, sub, 5, "p", "f"))  # another engine
            self.assertFalse(store.is_current(dict(rec, verdict="JE"), sub, 5, "p", "e"))
            sub.sha256 = "cd" * 32
            self.assertFalse(store.is_current(rec, sub, 5, "p", "e"))  # another file
            s.unlock()
            store.Store(base).lock()  # free again


class JobsPerGpu(unittest.TestCase):
    def test_six_when_a_file_is_timed_ten_when_none_is(self):
        untimed = [dict(EX, performance=0), dict(EX, id="transpose", performance=0)]
        timed = [untimed[0], dict(EX, id="transpose", performance=5)]
        self.assertEqual(timing.jobs_per_gpu(timed, 16), 6)
        self.assertEqual(timing.jobs_per_gpu(untimed, 16), 10)
        self.assertEqual(timing.jobs_per_gpu(untimed, 4), 4, "never more than the cores")
        self.assertEqual(timing.jobs_per_gpu([], 0), 1)


if __name__ == "__main__":
    unittest.main()
