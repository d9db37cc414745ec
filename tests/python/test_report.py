"""Tests of the pieces of a judgement's report: what view/model.py decides (the timing
and a noisy measurement, the mismatch table, the lines under a case, the broken rules)
as view/report.py renders it on a terminal, and the model as the page gets it.
"""

import io
import json
import types
import unittest

import support  # noqa: F401 (puts this checkout's package on the path)
from cudajudge_cli.core import engine
from cudajudge_cli.core import texts as messages
from cudajudge_cli.view import model, report, terminal


def timing_lines(style, timing):
    return report.timing_lines(style, model.timing_view(timing))


def rules_lines(style, rules, problem_id, verdict, message_code):
    return [report.rule_line(style, line)
            for line in model.rules_lines(rules, problem_id, verdict, message_code)]


class TimingBarTest(unittest.TestCase):
    def setUp(self):
        messages.set_language("en")
        stream = types.SimpleNamespace(encoding="utf-8", isatty=lambda: False)
        self.style = terminal.Style(stream, mode="never")

    def test_bar(self):
        self.assertEqual(report.bandwidth_bar(self.style, 86.2, "silver"),
                         "[#################---]")
        self.assertEqual(report.bandwidth_bar(self.style, 0, None), "[" + "-" * 20 + "]")
        self.assertEqual(report.bandwidth_bar(self.style, 130, "gold"), "[" + "#" * 20 + "]")

    def test_lines_of_a_real_h200_timing(self):
        timing = {"median_ms": 0.147551998, "reps": 20, "gbps": 3638.5, "copy_gbps": 4221.5,
                  "pct_of_copy": 86.2, "tier": "silver", "ref_median_ms": 0.147471994,
                  "ratio_to_ref": 1.001}
        self.assertEqual(timing_lines(self.style, timing), [
            "time 0.148 ms (median of 20) · 3638.5 GB/s",
            "[#################---] 86% of copy bandwidth (silver) · 1.00x the reference's time"])

    def test_below_bronze_and_without_a_reference(self):
        self.assertEqual(timing_lines(self.style, {"median_ms": 2.0, "reps": 5,
                                                         "pct_of_copy": 20.0, "tier": None}),
                         ["time 2.000 ms (median of 5)", "[####----------------] 20% of copy "
                                                         "bandwidth"])

    def test_fastest_and_slowest_and_a_noisy_measurement(self):
        steady = {"median_ms": 0.150, "min_ms": 0.148, "max_ms": 0.155, "reps": 20}
        self.assertEqual(timing_lines(self.style, steady), [
            "time 0.150 ms (median of 20) · fastest 0.148 ms, slowest 0.155 ms"])
        noisy = dict(steady, max_ms=0.222)
        lines = timing_lines(self.style, noisy)
        self.assertEqual(len(lines), 2)
        self.assertIn("slowest 0.222 ms", lines[0])
        self.assertIn("noisy", lines[1])
        self.assertIn("50%", lines[1])
        messages.set_language("zh")
        try:
            self.assertIn("噪声", timing_lines(self.style, noisy)[1])
        finally:
            messages.set_language("en")
        # a spread that makes no sense (the median outside it) is left out, not shown
        self.assertEqual(timing_lines(self.style, dict(steady, min_ms=0.2)),
                         ["time 0.150 ms (median of 20)"])

    def test_against_the_exercise_s_ceiling(self):
        # smem_reverse-like: 55% of copy, 97% of a ceiling at 57% of copy (2407 GB/s)
        timing = {"median_ms": 0.230, "reps": 20, "gbps": 2332.4, "copy_gbps": 4224.0,
                  "pct_of_copy": 55.2, "ceiling": {"pct_of_copy": 57.0, "gbps": 2407.7,
                                                   "why": {"en": "one int per thread",
                                                           "zh": "每个线程一个 int"}},
                  "pct_of_ceiling": 96.9, "tier": "gold", "ratio_to_ref": 1.0}
        lines = timing_lines(self.style, timing)
        self.assertEqual(lines[1], "[###################-] 97% of this exercise's ceiling "
                                   "(2408 GB/s: one int per thread) (gold) · 1.00x the "
                                   "reference's time")
        self.assertNotIn("copy bandwidth", " ".join(lines))
        messages.set_language("zh")
        try:
            self.assertIn("本题上限的 97%（2408 GB/s：每个线程一个 int）",
                          timing_lines(self.style, timing)[1])
        finally:
            messages.set_language("en")

    def test_a_time_that_is_not_about_bandwidth(self):
        # perf.bandwidth: false: no GB/s, no share, no tier; a speed rule's speed-up
        timing = {"median_ms": 0.91, "reps": 10, "gbps": None, "pct_of_copy": None,
                  "ceiling": None, "pct_of_ceiling": None, "tier": None,
                  "ratio_to_ref": 1.0}
        self.assertEqual(timing_lines(self.style, timing),
                         ["time 0.910 ms (median of 10)", "1.00x the reference's time"])
        speed = {"reps": 15, "learner_ms": 0.236, "baseline_ms": 0.459, "speedup": 1.944,
                 "needs": 1.5}
        lines = report.timing_lines(self.style, model.timing_view(timing, speed))
        self.assertEqual(lines[0], "time 0.910 ms (median of 10) · 1.94x as fast as the "
                                   "exercise's baseline, timed in the same run (at least "
                                   "1.50x needed)")

    def test_a_reference_time_kept_says_how_old_it_is(self):
        # an unchanged host-driven file judged again: the reference's median of its last run
        timing = {"median_ms": 1.116, "reps": 10, "gbps": None, "pct_of_copy": None,
                  "ratio_to_ref": 0.998, "ref_from": "kept", "ref_age_s": 12.3}
        self.assertEqual(timing_lines(self.style, timing)[1],
                         "1.00x the reference's time (the reference as timed on this GPU "
                         "12 s ago: your file is unchanged, so it was not timed again)")
        messages.set_language("zh")
        try:
            self.assertIn("12 秒前", timing_lines(self.style, timing)[1])
        finally:
            messages.set_language("en")
        # timed in this judgement: no age
        timing.update(ref_from="beside_build", ref_age_s=None)
        self.assertEqual(timing_lines(self.style, timing)[1], "1.00x the reference's time")

    def test_no_timing(self):
        self.assertEqual(timing_lines(self.style, None), [])
        self.assertEqual(timing_lines(self.style, {"median_ms": "NaN"}), [])


class MismatchTableTest(unittest.TestCase):
    def test_no_block_warp_or_lane_is_a_dash(self):
        row = {"buffer": "slots", "index": 0, "block": -1, "warp": -1, "lane": -1,
               "expected": 985576.688, "got": float("-inf")}
        messages.set_language("en")
        self.assertEqual(report.mismatch_lines(model.mismatch_table([row], None)), [
            "index  block  warp  lane    expected   got",
            "    0      -     -     -  985576.688  -inf"])


class CaseDetailsTest(unittest.TestCase):
    """A detail that only repeats the counts is said once, whatever its language:
    the counts come from the case's bad and total, not from the engine's words."""

    def details(self, detail, lang="en", bad=31, total=32):
        messages.set_language(lang)
        self.addCleanup(messages.set_language, "en")
        case = {"bad": bad, "total": total, "unwritten": 0, "detail": detail}
        view = model.case_view(dict(case, verdict="WA"), opened=True)
        return [line.strip() for line in report.case_details(terminal.Style(io.StringIO()), view)]

    def test_a_repeat_of_the_counts_is_dropped_in_english_and_chinese(self):
        self.assertEqual(self.details("31 of 32 elements of 'out' differ"),
                         ["31 of 32 elements differ"])
        self.assertEqual(self.details("用例 'x'：31 / 32 个元素不一致（'out'）", "zh"),
                         ["32 个元素中有 31 个不一致"])
        self.assertEqual(self.details("32 个元素中有 31 个不一致", "zh"),
                         ["32 个元素中有 31 个不一致"])

    def test_a_detail_that_says_more_stays(self):
        said = "a write landed 4 bytes past the end of buffer 'out' (32 elements)"
        self.assertEqual(self.details(said), ["31 of 32 elements differ", said])
        self.assertEqual(self.details("31 of 32 elements differ\nand more"),
                         ["31 of 32 elements differ", "31 of 32 elements differ", "and more"])
        self.assertEqual(self.details("用例 'x' 中：线程 5 读了 7 个", "zh", bad=0, total=0),
                         ["用例 'x' 中：线程 5 读了 7 个"])

    def test_repeats_counts(self):
        self.assertTrue(model.repeats_counts("31 of 32 elements", 31, 32))
        self.assertTrue(model.repeats_counts("32 个元素中有 31 个", 31, 32))
        self.assertFalse(model.repeats_counts("31 of 33 elements", 31, 32))
        self.assertFalse(model.repeats_counts("31 of 32 elements", 0, 32))
        self.assertFalse(model.repeats_counts("only 31", 31, 32))


class RulesReportTest(unittest.TestCase):
    """The broken rules of an emulated RULE: the line about the unchecked output says
    the engine's reason (the emulator cannot compile the libraries, message code
    rule_library_on_emulator) and not that there is no device; said once."""

    RULES = {"method": "ptx", "file": "mine.cu", "output_verdict": None,
             "violations": [{"rule": "libraries", "kind": "forbid", "line": 8,
                             "found": "code inlined from a CUB or Thrust header"}]}
    LIBRARY = "rule_library_on_emulator"

    def lines(self, code, lang="en", verdict="RULE", rules=None):
        messages.set_language(lang)
        self.addCleanup(messages.set_language, "en")
        return rules_lines(terminal.Style(io.StringIO()), rules or self.RULES, "warp_reduce",
                           verdict, code)

    def test_the_engines_reason_replaces_no_device(self):
        lines = self.lines(self.LIBRARY)
        self.assertNotIn(messages.tr("rule_output_unchecked"), lines)
        self.assertIn("the CPU emulator cannot compile these libraries, so the output was not "
                      "checked: write the code with the exercise's own primitives", lines)
        self.assertEqual(sum("not checked" in line for line in lines), 1)

    def test_in_chinese(self):
        lines = self.lines(self.LIBRARY, "zh")
        self.assertNotIn(messages.tr("rule_output_unchecked"), lines)
        self.assertIn("CPU 模拟器无法编译这些库，所以输出没有检查：请用本题要求的原语来写", lines)

    def test_no_device_keeps_its_line(self):
        rules = dict(self.RULES, violations=[{"rule": "shfl.sync", "kind": "require"}])
        self.assertIn(messages.tr("rule_output_unchecked"),
                      self.lines("rules_output_unchecked", rules=rules))
        self.assertIn(messages.tr("rule_output_unchecked"), self.lines(None, rules=rules))

    def test_said_above_is_not_said_again(self):
        # a verdict other than RULE prints the engine's message above the rules
        lines = self.lines(self.LIBRARY, verdict="WA")
        self.assertFalse([line for line in lines if "not checked" in line], lines)


class ModelTest(unittest.TestCase):
    """The model decides once; the page gets it as JSON with the driver's texts in both
    languages and the engine's words as they are."""

    SUMMARY = {"type": "summary", "id": "warp_scan", "file": "exercises/warp_scan.cu",
               "verdict": "WA", "backend": "emu", "seed": 7, "message": "case 'a': x",
               "code": "case_failed", "fields": {"case": "a", "detail": "x"},
               "cases": [{"name": "a", "verdict": "WA", "bad": 2, "total": 4, "unwritten": 1,
                          "detail": "2 of 4 elements of 'out' differ", "diagnosis": "d"},
                         {"name": "b", "verdict": "WA", "bad": 1, "total": 4},
                         {"name": "c", "verdict": "AC"}],
               "timing": {"median_ms": 1.0, "min_ms": 0.5, "max_ms": 1.2, "reps": 3,
                          "pct_of_copy": 91.0, "tier": "gold"}}

    def run_of(self, summary):
        run = engine.JudgeRun()
        run.summary, run.exit_code = summary, 1
        return run

    def test_which_case_is_opened_and_what_a_closed_one_says(self):
        view = model.report(self.run_of(self.SUMMARY), "warp_scan", "exercises/warp_scan.cu",
                            "exercises/warp_scan.cu")
        a, b, c = view["cases"]
        self.assertEqual((a["opened"], b["opened"], c["kind"]), (True, False, "pass"))
        self.assertEqual(a["detail"], [])  # a repeat of the counts, said once
        self.assertEqual(str(b["brief"][0]), "1 of 4 elements differ")
        self.assertIsNone(view["message"])  # it repeats case a, shown in full above
        self.assertEqual(str(view["more_details"]),
                         "(the first failing case in full; all of them: "
                         "python3 judge.py warp_scan --verbose)")
        self.assertEqual(str(view["timing"]["noisy"]).split(":")[0], "a noisy measurement")
        self.assertEqual(view["timing"]["bandwidth"]["tier"], "gold")
        verbose = model.report(self.run_of(self.SUMMARY), "warp_scan", "x.cu", "y.cu", True)
        self.assertEqual([c.get("opened") for c in verbose["cases"]], [True, True, None])

    def test_big_cases_left_out_say_why_and_how_to_run_them(self):
        summary = dict(self.SUMMARY, cases=self.SUMMARY["cases"] + [
            {"name": "timed", "verdict": "SKIP", "detail_code": "case_left_out",
             "detail": "not run: a case before it was already wrong"}])
        view = model.report(self.run_of(summary), "warp_scan", "exercises/warp_scan.cu",
                            "exercises/warp_scan.cu")
        timed = view["cases"][-1]
        self.assertEqual((timed["kind"], str(timed["brief"][0])),
                         ("skip", "not run: a case before it was wrong"))
        self.assertEqual(str(view["left_out"]),
                         "(big cases after a wrong one were not run, so that the verdict "
                         "comes sooner; every case: python3 judge.py warp_scan --every-case)")
        out = io.StringIO()
        style = terminal.Style(out, mode="never")
        self.assertEqual(report.case_lines(style, timed),
                         ["  - timed  SKIP  not run: a case before it was wrong"])
        # a case the backend cannot judge (the emulator's SKIP) says nothing of it
        plain = model.report(self.run_of(self.SUMMARY), "warp_scan", "x.cu", "x.cu")
        self.assertIsNone(plain["left_out"])
        self.assertEqual(model.as_json(view)["cases"][-1]["brief"][0]["zh"],
                         "没有运行：前面已有用例出错")

    def test_the_page_gets_both_languages(self):
        view = model.as_json(model.report(self.run_of(self.SUMMARY), "warp_scan",
                                          "exercises/warp_scan.cu", "exercises/warp_scan.cu"))
        json.dumps(view)  # plain data
        a = view["cases"][0]
        self.assertEqual(a["counts"], {"en": "2 of 4 elements differ (1 never written)",
                                       "zh": "4 个元素中有 2 个不一致（其中 1 个从未写入）"})
        self.assertEqual(a["diagnosis"], {"en": "diagnosis: d", "zh": "诊断：d"})
        self.assertEqual(view["verdict_name"], {"en": "wrong answer", "zh": "答案错误"})
        self.assertEqual(view["header"]["device"], "emu")
        self.assertEqual(view["timing"]["bandwidth"]["text"]["zh"], "达到复制带宽的 91%（金牌）")

    def test_next_steps(self):
        run = self.run_of(self.SUMMARY)
        steps = model.next_steps({"saved": True, "hints_seen": 1, "hints_total": 3}, run,
                                 "warp_scan", "mine.cu", "exercises/warp_scan.cu")
        self.assertEqual(steps["hint"]["seen"], 1)
        self.assertEqual(steps["reproduce"]["command"], "python3 judge.py warp_scan mine.cu --seed 7")
        accepted = self.run_of(dict(self.SUMMARY, verdict="AC"))
        steps = model.next_steps({"saved": True, "following": None, "left_for_gpu": ["x"]},
                                 accepted, "warp_scan", "a", "a")
        self.assertIsNone(steps["reproduce"])  # an AC needs no seed to repeat
        self.assertIn("x can be judged only on a GPU", str(steps["all_solved"]))


if __name__ == "__main__":
    unittest.main()
