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
                "why_not": {"code": "profile_ncu_missing", "fields": {},
                            "text": {"en": "no profile: Nsight Compute (ncu) was not found",
                                     "zh": "没有性能剖析"}}}
        self.assertEqual(self.lines(data), ["", "where the time goes:",
                                            "no profile: Nsight Compute (ncu) was not found"])

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

    def test_a_gpu_profile(self):
        """Nsight Compute's figures (harness/engine/profile/profile_ncu.c): the GPU named,
        no barrier row, warp-wide atomics, the occupancy measured with its registers."""
        def side(file, passes, achieved, dram=None):
            return {"file": file, "made": True, "why_not": None,
                    "launches": {"count": 1, "grid": [3, 2, 1], "block": [32, 8, 1],
                                 "blocks": 6, "warps": 48},
                    "shared": {"loads": 128, "stores": 128, "atomics": 0,
                               "wavefronts_per_access": passes, "worst": None},
                    "global": {"loads": 64, "stores": 64, "atomics": 0,
                               "sectors_per_access": 4, "ideal_per_access": 4, "worst": None},
                    "divergence": {"warp_steps": 10, "partial": 0, "pct": 0, "worst": None},
                    "barriers": {"warp_waits": None, "per_warp": None, "worst": None},
                    "atomics": {"shared": 0, "global": 8, "same_address_lanes": None,
                                "most_on_one_address": None, "l2_requests": 40},
                    "occupancy": {"model": "measured", "pct": 100, "achieved_pct": achieved,
                                  "limited_by": "registers"},
                    "gpu": {"kernel": "transpose(const float *, float *, int, int)",
                            "predicated_on_lanes": 31.5,
                            "dram_gbps": dram and dram[0], "dram_pct_of_copy": dram and dram[1]}}
        data = {"backend": "gpu", "made": True, "why_not": None, "seconds": 2.5,
                "device": "NVIDIA H200", "case": {"name": "129 x 257"}, "copy_gbps": 4236.4,
                "learner": side("mine.cu", 16.5, 61.2, (1348.6, 31.8)),
                "reference": side("reference/transpose.cu", 1, 93, (3950.2, 93.2)),
                "looks_for": ["bank_conflicts"], "findings": [
                    {"cost": "bank_conflicts", "where": None,
                     "text": {"en": "shared-memory accesses of your kernel `transpose` take",
                              "zh": "你的 kernel `transpose`"}}], "quiet": None}
        lines = self.lines(data)
        self.assertEqual(lines[1], "where the time goes (measured by Nsight Compute on NVIDIA "
                                   "H200, case '129 x 257': 6 blocks of 32 x 8 threads):")
        self.assertFalse(any("barrier" in line for line in lines), lines)
        atomics = next(line for line in lines if line.lstrip().startswith("atomics"))
        self.assertIn("8 global, 0 shared (warp-wide)", atomics)
        occupancy = next(line for line in lines if "occupancy" in line)
        self.assertIn("100 % (registers; achieved 61 %)", occupancy)
        divergence = next(line for line in lines if "branches that split a warp" in line)
        self.assertIn("0 % (31.5 of 32 lanes at work)", divergence)
        self.assertIn("`transpose`", lines[-1])
        dram = next(line for line in lines if "DRAM" in line).split("  ")
        self.assertEqual([cell.strip() for cell in dram if cell.strip()],
                         ["DRAM throughput (copy bandwidth 4,236 GB/s)",
                          "1,349 GB/s = 32 % of copy", "3,950 GB/s = 93 % of copy"])
        texts.set_language("zh")
        lines = self.lines(data)
        self.assertIn("NVIDIA H200", lines[1])
        self.assertIn("3,950 GB/s = 复制带宽的 93%", next(line for line in lines if "DRAM" in line))
        texts.set_language("en")
        # the copy bandwidth unknown: the throughput alone; no bytes at DRAM: no row
        data["copy_gbps"] = None
        data["learner"]["gpu"]["dram_pct_of_copy"] = None
        data["reference"]["gpu"]["dram_pct_of_copy"] = None
        dram = next(line for line in self.lines(data) if "DRAM" in line)
        self.assertIn("DRAM throughput (copy bandwidth not measured)", dram)
        self.assertNotIn("%", dram)
        self.assertIn("3,950 GB/s", dram)
        data["reference"]["gpu"]["dram_gbps"] = None
        self.assertTrue(next(line for line in self.lines(data)
                             if "DRAM" in line).rstrip().endswith("?"))
        data["learner"]["gpu"]["dram_gbps"] = "x"
        self.assertFalse(any("DRAM" in line for line in self.lines(data)))


if __name__ == "__main__":
    unittest.main()
