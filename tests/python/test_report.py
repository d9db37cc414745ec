"""Tests of cudajudge_cli/report.py: the pieces of a judgement's report (the
bandwidth bar and timing lines, the mismatch table, the lines under a case).
"""

import io
import types
import unittest

from cudajudge_cli import messages, report, terminal


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
        self.assertEqual(report.timing_lines(self.style, timing), [
            "time 0.148 ms (median of 20) · 3638.5 GB/s",
            "[#################---] 86% of copy bandwidth (silver) · 1.00x the reference's time"])

    def test_below_bronze_and_without_a_reference(self):
        self.assertEqual(report.timing_lines(self.style, {"median_ms": 2.0, "reps": 5,
                                                         "pct_of_copy": 20.0, "tier": None}),
                         ["time 2.000 ms (median of 5)", "[####----------------] 20% of copy "
                                                         "bandwidth"])

    def test_no_timing(self):
        self.assertEqual(report.timing_lines(self.style, None), [])
        self.assertEqual(report.timing_lines(self.style, {"median_ms": "NaN"}), [])


class MismatchTableTest(unittest.TestCase):
    def test_no_block_warp_or_lane_is_a_dash(self):
        row = {"buffer": "slots", "index": 0, "block": -1, "warp": -1, "lane": -1,
               "expected": 985576.688, "got": float("-inf")}
        messages.set_language("en")
        self.assertEqual(report.mismatch_table([row], None), [
            "index  block  warp  lane    expected   got",
            "    0      -     -     -  985576.688  -inf"])


class CaseDetailsTest(unittest.TestCase):
    """A detail that only repeats the counts is said once, whatever its language:
    the counts come from the case's bad and total, not from the engine's words."""

    def details(self, detail, lang="en", bad=31, total=32):
        messages.set_language(lang)
        self.addCleanup(messages.set_language, "en")
        case = {"bad": bad, "total": total, "unwritten": 0, "detail": detail}
        return [line.strip() for line in report.case_details(terminal.Style(io.StringIO()), case)]

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
        self.assertTrue(report.repeats_counts("31 of 32 elements", 31, 32))
        self.assertTrue(report.repeats_counts("32 个元素中有 31 个", 31, 32))
        self.assertFalse(report.repeats_counts("31 of 33 elements", 31, 32))
        self.assertFalse(report.repeats_counts("31 of 32 elements", 0, 32))
        self.assertFalse(report.repeats_counts("only 31", 31, 32))


if __name__ == "__main__":
    unittest.main()
