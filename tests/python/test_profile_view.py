"""The report's "where the time goes" section (`judge.py ID --profile`): what
view/profile.py decides from the engine's summary["profile"] and how view/report.py
lays it out, on a profile the engine made on the emulator (fixtures/
profile_transpose_unpadded.json: tests/submissions/transpose/accepted/unpadded_tile.cu,
seed 1), and the one line of a profile that could not be made. The engine's side
(the counts, the findings) is tests/unit/test_profile.py.
"""

import copy
import json
import os
import types
import unittest

import support
from cudajudge_cli.core import texts
from cudajudge_cli.view import model, profile, report, terminal


def recorded():
    with open(os.path.join(support.FIXTURES, "profile_transpose_unpadded.json"),
              encoding="utf-8") as f:
        return json.load(f)["profile"]


class ProfileViewTest(unittest.TestCase):
    def setUp(self):
        texts.set_language("en")
        stream = types.SimpleNamespace(encoding="utf-8", isatty=lambda: False)
        self.style = terminal.Style(stream, mode="never")

    def tearDown(self):
        texts.set_language("en")

    def lines(self, data):
        return report.profile_lines(self.style, profile.profile_view(data))

    def test_not_asked_is_nothing(self):
        self.assertIsNone(profile.profile_view(None))
        self.assertEqual(report.profile_lines(self.style, None), [])

    def test_a_table_of_both_kernels_then_the_finding(self):
        lines = self.lines(recorded())
        self.assertEqual(lines[0], "")
        self.assertEqual(lines[1], "where the time goes (counted exactly on the CPU emulator, "
                                   "case '129 x 257': 15 blocks of 64 x 8 threads):")
        self.assertEqual(lines[2].split(), ["figure", "yours", "reference"])
        shared = next(line for line in lines if "passes per warp access" in line)
        self.assertIn("14.0 (up to 32-way)", shared)
        self.assertTrue(shared.rstrip().endswith("1.0"))
        occupancy = next(line for line in lines if "occupancy" in line)
        self.assertIn("100 % (threads per SM)", occupancy)
        finding = lines[-1]
        self.assertTrue(finding.startswith(f"  {self.style.cross} "), finding)
        self.assertIn("loads of `tile` at tests/submissions/transpose/accepted/"
                      "unpadded_tile.cu:15 are 32-way bank conflicts", finding)
        self.assertIn("tile[64][65]", finding)

    def test_in_chinese(self):
        texts.set_language("zh")
        lines = self.lines(recorded())
        self.assertIn("时间花在哪里", lines[1])
        self.assertEqual(lines[2].split(), ["指标", "你的", "参考解"])
        self.assertIn("32 路 bank 冲突", lines[-1])

    def test_nothing_found_says_so(self):
        data = recorded()
        data["findings"] = []
        data["quiet"] = {"code": "profile_none",
                         "text": {"en": "none of the costs shows", "zh": "都没有出现"}}
        self.assertTrue(self.lines(data)[-1].endswith("none of the costs shows"))

    def test_a_profile_that_cannot_be_made_is_one_line(self):
        data = {"backend": "gpu", "made": False, "seconds": 0,
                "why_not": {"code": "profile_not_on_gpu", "fields": {},
                            "text": {"en": "no profile on a GPU yet", "zh": "GPU 上还没有"}}}
        self.assertEqual(self.lines(data), ["", "where the time goes:",
                                            "no profile on a GPU yet"])

    def test_a_reference_without_a_profile(self):
        data = recorded()
        data["reference"] = {"file": "reference/transpose.cu", "made": False,
                             "why_not": {"code": "profile_not_built", "fields": {},
                                         "text": {"en": "no profile of reference/transpose.cu",
                                                  "zh": "没有参考解的剖析"}}}
        lines = self.lines(data)
        shared = next(line for line in lines if "passes per warp access" in line)
        self.assertTrue(shared.rstrip().endswith("?"))
        self.assertIn("no profile of reference/transpose.cu", lines)

    def test_odd_values_do_not_break_the_view(self):
        data = copy.deepcopy(recorded())
        data["learner"]["shared"] = "nonsense"
        data["learner"]["occupancy"] = {"pct": "x", "limited_by": "moon"}
        data["findings"] = [None, {"text": "not a pair"}]
        lines = self.lines(data)
        self.assertIn("none", next(line for line in lines if "passes per warp" in line))
        self.assertNotIn(f"  {self.style.cross} ", "\n".join(lines))

    def test_the_page_gets_both_languages(self):
        view = model.as_json(profile.profile_view(recorded()))
        self.assertIn("时间花在哪里", view["heading"]["zh"])
        self.assertIn("32-way", view["findings"][0]["en"])
        self.assertIn("32 路", view["findings"][0]["zh"])
        self.assertEqual(view["rows"][0]["mine"]["en"], "14.0 (up to 32-way)")


if __name__ == "__main__":
    unittest.main()
