#!/usr/bin/env python3
"""`judge --profile` on a GPU, end to end without one (docs/profile.md).

The engine judges fake_test_binary (`--prebuilt`, the GPU's linked backend, as in
test_engine_fake.py) with --profile, and runs tests/profile/fake_ncu.sh as Nsight
Compute (CUDAJUDGE_NCU): the fake runs the program as ncu would and writes a CSV
recorded on an H200 (tests/profile/ncu/) as ncu's log. Checked: the figures come
from the CSV, the finding of the exercise's table shows, the judge's own cj_
kernel is not counted; the DRAM throughput (the CSV's bytes over its time) against
the copy bandwidth of the device's cache (build/cache/device.txt, as cj-probe wrote
it), and laid out on a terminal by view/profile.py; ncu missing, refusing the
counters, failing, or measuring no kernel gives one line saying why, and the verdict
never changes.

Usage:
    test_profile_gpu.py --engine BUILD/cudajudge --fake BUILD/tests/fake_test_binary
                        --ncu tests/profile/fake_ncu.sh --csvs tests/profile/ncu
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import types
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from cudajudge_cli.core import texts  # noqa: E402
from cudajudge_cli.view import profile as profile_view, report, terminal  # noqa: E402
import test_engine_fake as fake_engine  # noqa: E402 (beside this file)

ENGINE = FAKE = NCU = CSVS = None

# what cj-probe found, as the engine caches it: a stand-in (--prebuilt) is judged
# without it, and its profile reads it for the copy bandwidth
DEVICE = "name=NVIDIA H200\ncc=90\nsm_count=132\nl2_bytes=52428800\ncopy_gbps=4236.0\n"

# test_engine_fake's exercise, with its table of what matters for a profile
CATALOG = fake_engine.CATALOG.format(limits="wall_s: 10", perf_n=fake_engine.PERF_N,
                                     perf_bytes=fake_engine.PERF_BYTES) + """\
  profile:
    divergence: {en: "Keep a warp's lanes on one path.", zh: "让一个 warp 的 lane 走同一条路。"}
    barriers: {en: "Fewer barriers.", zh: "少用屏障。"}
"""


class ProfileOnGpuTest(unittest.TestCase):
    maxDiff = 4000

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cj-profile-gpu-")
        cls.root = fake_engine.make_root(cls.tmp, "root", catalog=CATALOG)
        cls.file = os.path.join(cls.root, "exercises", "warp_scan.cu")
        cls.build = os.path.join(cls.tmp, "build")
        os.makedirs(os.path.join(cls.build, "cache"))
        cls.device = os.path.join(cls.build, "cache", "device.txt")
        with open(cls.device, "w", encoding="utf-8") as f:
            f.write(DEVICE)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def judge(self, *extra, mode="solve", ncu=None, env=None, csv="divergent.csv"):
        full = dict(os.environ, FAKE_MODE=mode, CUDAJUDGE_NCU=NCU if ncu is None else ncu,
                    FAKE_NCU_CSV=os.path.join(CSVS, csv))
        full.update(env or {})
        args = [ENGINE, "judge", "--root", self.root, "--build", self.build, "--id",
                "warp_scan", "--file", self.file, "--prebuilt", FAKE, "--seed", "7",
                "--no-perf", *extra]
        proc = subprocess.run(args, capture_output=True, text=True, errors="replace",
                              env=full, timeout=60, stdin=subprocess.DEVNULL, cwd=self.tmp)
        # every file the profile wrote is in the run's scratch folder (gone by now)
        self.assertEqual(sorted(name for name in os.listdir(self.tmp)
                                if not name.startswith("ncu-args")), ["build", "root"])
        work = os.path.join(self.build, "work")
        self.assertEqual(os.listdir(work) if os.path.isdir(work) else [], [])
        lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        summaries = [line for line in lines if line.get("type") == "summary"]
        self.assertEqual(len(summaries), 1, proc.stdout + proc.stderr)
        return summaries[0]

    def test_figures_and_findings_from_the_csv(self):
        args_file = os.path.join(self.tmp, "ncu-args")
        s = self.judge("--profile", env={"FAKE_NCU_ARGS": args_file})
        self.assertEqual(s["verdict"], "AC", s["message"])
        p = s["profile"]
        self.assertTrue(p["made"], p.get("why_not"))
        self.assertEqual(p["backend"], "gpu")
        mine = p["learner"]
        self.assertTrue(mine["made"], mine)
        self.assertEqual(mine["launches"]["count"], 1)  # the cj_ launch skipped
        self.assertEqual(mine["launches"]["grid"], [65536, 1, 1])
        self.assertEqual(mine["gpu"]["kernel"], "divergent(float *, int)")
        self.assertEqual(mine["divergence"]["warp_steps"], 1048576)
        self.assertEqual(mine["divergence"]["pct"], 50)
        self.assertIsNone(mine["barriers"]["per_warp"])
        self.assertEqual(mine["occupancy"]["model"], "measured")
        self.assertEqual(mine["occupancy"]["limited_by"], "threads")
        self.assertEqual(p["looks_for"], ["divergence", "barriers"])
        self.assertEqual([f["cost"] for f in p["findings"]], ["divergence"])
        finding = p["findings"][0]
        self.assertIsNone(finding["where"])
        self.assertEqual(finding["fields"]["pct"], "50 %")  # kept until written
        self.assertIn("50 %", finding["text"]["en"])
        self.assertIn("Keep a warp's lanes", finding["text"]["en"])
        self.assertIn("让一个 warp", finding["text"]["zh"])
        for lang in ("en", "zh"):
            self.assertNotIn("cj_", finding["text"][lang])
        # a stand-in has no reference to profile: said, and the findings stand alone
        self.assertFalse(p["reference"]["made"])
        with open(args_file, encoding="utf-8") as f:
            given = f.read().split("\n")
        self.assertEqual(given[given.index("--clock-control") + 1], "none")
        metrics = given[given.index("--metrics") + 1].split(",")
        self.assertIn("dram__bytes_read.sum", metrics)
        self.assertIn("dram__bytes_write.sum", metrics)

    def lines(self, profile, language="en"):
        texts.set_language(language)
        try:
            stream = types.SimpleNamespace(encoding="utf-8", isatty=lambda: False)
            style = terminal.Style(stream, mode="never")
            return report.profile_lines(style, profile_view.profile_view(profile))
        finally:
            texts.set_language("en")

    def test_dram_throughput_against_the_copy_bandwidth(self):
        """(65,536 + 39,845,888) bytes at DRAM in 116,960 ns: 341.2 GB/s, 8.1 % of the
        cache's 4236 GB/s; the cj_ launch's bytes (the same again) not counted."""
        p = self.judge("--profile")["profile"]
        self.assertTrue(p["made"], p.get("why_not"))
        self.assertEqual(p["copy_gbps"], 4236)
        gpu = p["learner"]["gpu"]
        self.assertEqual(gpu["dram_bytes"], 39911424)
        self.assertEqual(gpu["dram_gbps"], 341.2)
        self.assertEqual(gpu["dram_pct_of_copy"], 8.1)
        row = next(line for line in self.lines(p) if "DRAM" in line)
        self.assertEqual(row.split("  ")[1].strip(),
                         "DRAM throughput (copy bandwidth 4,236 GB/s)")
        self.assertIn("341 GB/s = 8 % of copy", row)
        self.assertTrue(row.rstrip().endswith("?"), row)  # a stand-in: no reference
        row = next(line for line in self.lines(p, "zh") if "DRAM" in line)
        self.assertIn("DRAM 吞吐量（复制带宽 4,236 GB/s）", row)
        self.assertIn("341 GB/s = 复制带宽的 8%", row)

    def test_dram_throughput_without_the_copy_bandwidth(self):
        os.rename(self.device, self.device + ".away")
        try:
            p = self.judge("--profile")["profile"]
        finally:
            os.rename(self.device + ".away", self.device)
        self.assertTrue(p["made"], p.get("why_not"))
        self.assertIsNone(p["copy_gbps"])
        self.assertEqual(p["learner"]["gpu"]["dram_gbps"], 341.2)
        self.assertIsNone(p["learner"]["gpu"]["dram_pct_of_copy"])
        row = next(line for line in self.lines(p) if "DRAM" in line)
        self.assertIn("DRAM throughput (copy bandwidth not measured)", row)
        self.assertIn("341 GB/s", row)
        self.assertNotIn("%", row)

    def test_a_csv_without_the_dram_bytes(self):
        """An ncu that gave no dram__bytes rows: the profile made, the figure null and
        missing, no DRAM row."""
        s = self.judge("--profile", csv="runner_transpose.csv")
        self.assertEqual(s["verdict"], "AC", s["message"])
        p = s["profile"]
        self.assertTrue(p["made"], p.get("why_not"))
        gpu = p["learner"]["gpu"]
        self.assertEqual(gpu["kernel"], "transpose(const float *, float *, int, int)")
        self.assertIsNone(gpu["dram_bytes"])
        self.assertIsNone(gpu["dram_gbps"])
        self.assertIsNone(gpu["dram_pct_of_copy"])
        self.assertIn("dram__bytes_read.sum", gpu["missing"])
        lines = self.lines(p)
        self.assertFalse(any("DRAM" in line for line in lines), lines)

    def assert_one_line(self, s, code, says):
        self.assertEqual(s["verdict"], "AC", s["message"])
        p = s["profile"]
        self.assertFalse(p["made"])
        self.assertEqual(p["why_not"]["code"], code)
        self.assertIn(says, p["why_not"]["text"]["en"])
        self.assertTrue(p["why_not"]["text"]["zh"].strip())
        self.assertNotIn("\n", p["why_not"]["text"]["en"])
        self.assertNotIn("learner", p)

    def test_no_ncu(self):
        s = self.judge("--profile", ncu=os.path.join(self.tmp, "no-such-ncu"))
        self.assert_one_line(s, "profile_ncu_missing", "Nsight Compute")

    def test_counters_refused(self):
        s = self.judge("--profile", env={"FAKE_NCU_MODE": "refuse"})
        self.assert_one_line(s, "profile_ncu_refused", "ERR_NVGPUCTRPERM")

    def test_ncu_fails(self):
        s = self.judge("--profile", env={"FAKE_NCU_MODE": "fail"})
        self.assert_one_line(s, "profile_ncu_failed", "status 3")

    def test_a_metric_ncu_does_not_know(self):
        """An ncu that refuses a metric: the run made again with the metrics measured on
        an H200 alone, and the profile made."""
        args_file = os.path.join(self.tmp, "ncu-args-old")
        s = self.judge("--profile", env={"FAKE_NCU_MODE": "old", "FAKE_NCU_ARGS": args_file})
        self.assertTrue(s["profile"]["made"], s["profile"].get("why_not"))
        with open(args_file, encoding="utf-8") as f:
            given = f.read().split("\n")
        metrics = [given[i + 1] for i, word in enumerate(given) if word == "--metrics"]
        self.assertEqual(len(metrics), 2, given)
        self.assertIn("pred_on", metrics[0])
        self.assertNotIn("pred_on", metrics[1])

    def test_no_kernel_measured(self):
        s = self.judge("--profile", env={"FAKE_NCU_MODE": "none"})
        self.assert_one_line(s, "profile_ncu_no_kernel", "no launch")

    def test_the_verdict_stands(self):
        with_profile = self.judge("--profile")
        without = self.judge()
        self.assertNotIn("profile", without)
        for key in ("verdict", "message", "code", "fields", "seed"):
            self.assertEqual(with_profile.get(key), without.get(key), key)

    def test_a_wrong_kernel_is_not_profiled(self):
        args_file = os.path.join(self.tmp, "ncu-args-wrong")
        s = self.judge("--profile", mode="off_by_one", env={"FAKE_NCU_ARGS": args_file})
        self.assertNotEqual(s["verdict"], "AC")
        self.assertEqual(s["profile"]["why_not"]["code"], "profile_output_wrong")
        self.assertFalse(os.path.exists(args_file))  # ncu never ran


def main():
    global ENGINE, FAKE, NCU, CSVS
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    parser.add_argument("--fake", required=True)
    parser.add_argument("--ncu", required=True)
    parser.add_argument("--csvs", required=True)
    args, rest = parser.parse_known_args()
    ENGINE, FAKE = os.path.abspath(args.engine), os.path.abspath(args.fake)
    NCU, CSVS = os.path.abspath(args.ncu), os.path.abspath(args.csvs)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
