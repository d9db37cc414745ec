#!/usr/bin/env python3
"""`cudajudge judge --lang zh`, end to end, without nvcc or a GPU.

The engine judges warp_scan with fake_test_binary as the test binary (see
test_engine_fake.py, whose catalog and helpers this reuses), once in English
and once in Chinese, with the same seed and the same mistake (an exclusive
scan). In Chinese the case names and the diagnosis are Chinese; everything
else (keys, verdicts, parameters, element reports) is the same as in English.

Usage:
    test_engine_lang.py --engine BUILD/cudajudge --fake BUILD/tests/fake_test_binary
"""

import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_engine_fake as fake  # noqa: E402

HAN = ("\u4e00", "\u9fff")


def has_chinese(text):
    return isinstance(text, str) and any(HAN[0] <= ch <= HAN[1] for ch in text)


class EngineLanguageTest(unittest.TestCase):
    maxDiff = 4000

    # The engine runs and the checks every run passes, from test_engine_fake.py.
    engine = fake.EngineFakeTest.engine
    judge = fake.EngineFakeTest.judge
    check_report = fake.EngineFakeTest.check_report

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cj-engine-lang-")
        cls.root = fake.make_root(cls.tmp, "root")
        cls.build = os.path.join(cls.tmp, "build")
        os.makedirs(cls.build)
        cls.file = os.path.join(cls.root, "exercises", "warp_scan.cu")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def judge_in(self, lang, mode="exclusive"):
        extra = ["--lang", lang] if lang else []
        return self.judge(mode, seed=4242, extra=extra)

    def test_chinese_names_and_diagnosis(self):
        run = self.judge_in("zh")
        self.assertEqual(run.summary["verdict"], "WA", run)
        sample = run.cases[0]
        self.assertEqual(sample["name"], "样例：1..32，一个 warp")
        self.assertTrue(all(has_chinese(c["name"]) for c in run.cases), run.cases)
        wrong = [c for c in run.cases if c["verdict"] == "WA"]
        self.assertTrue(wrong, run)
        self.assertIn("排他式前缀和", wrong[0]["diagnosis"])
        self.assertIn("exclusive scan", wrong[0]["diagnosis"])  # the CUDA term stays too
        self.assertIn("样例：1..32，一个 warp", run.summary["message"])
        # The summary of a plain mismatch: the counts, in Chinese.
        first = wrong[0]
        self.assertEqual(run.summary["message"],
                         f"用例 '{first['name']}'：{first['bad']} / {first['total']} "
                         "个元素不一致（'out'）")

    def test_english_by_default_and_on_request(self):
        default, english = self.judge_in(None), self.judge_in("en")
        for run in (default, english):
            self.assertEqual(run.cases[0]["name"], "sample: 1..32, one warp")
            wrong = [c for c in run.cases if c["verdict"] == "WA"]
            self.assertTrue(wrong[0]["diagnosis"].startswith("each lane holds the sum"), wrong)
            self.assertFalse(any(has_chinese(c["name"]) for c in run.cases), run.cases)

    def test_only_the_texts_change(self):
        english, chinese = self.judge_in("en"), self.judge_in("zh")
        self.assertEqual(len(english.cases), len(chinese.cases))
        texts = {"name", "diagnosis", "detail"}
        for e, z in zip(english.cases, chinese.cases):
            self.assertEqual(set(e), set(z))
            self.assertEqual({k: v for k, v in e.items() if k not in texts},
                             {k: v for k, v in z.items() if k not in texts})
        for key in ("verdict", "seed", "backend", "id"):
            self.assertEqual(english.summary[key], chinese.summary[key], key)
        self.assertEqual(set(english.summary), set(chinese.summary))

    def test_accepted_in_chinese(self):
        run = self.judge_in("zh", mode="solve")
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(run.returncode, 0)
        self.assertEqual(run.summary["message"], f"全部 {len(run.cases)} 个用例通过")
        english = self.judge_in("en", mode="solve")
        self.assertEqual(english.summary["message"], f"all {len(english.cases)} cases passed")

    def test_run_failures_in_chinese(self):
        # A crash: the signal, the case, and the summary that names it.
        run = self.judge_in("zh", mode="crash")
        self.assertEqual(run.summary["verdict"], "RE", run)
        crashed = run.cases[-1]
        self.assertEqual(crashed["verdict"], "RE")
        self.assertEqual(crashed["detail"], "程序因段错误（segmentation fault：主机指针有误？）"
                                            f"被终止（在用例 '{crashed['name']}' 中）")
        self.assertEqual(run.summary["message"],
                         f"用例 '{crashed['name']}'：{crashed['detail']}")
        # A write past the end of a buffer.
        run = self.judge_in("zh", mode="guard")
        self.assertEqual(run.summary["verdict"], "RE", run)
        detail = run.cases[0]["detail"]
        self.assertIn("在末尾之后，buffer 'out' 有 32 个元素", detail)
        self.assertIn("下标越界", detail)
        # The program ending in the middle of a case.
        run = self.judge_in("zh", mode="exit_early")
        self.assertEqual(run.summary["verdict"], "RE", run)
        self.assertIn("退出状态 0", run.summary["message"])
        self.assertTrue(has_chinese(run.cases[-1]["detail"]), run.cases)
        for mode in ("crash", "guard", "exit_early"):
            english = self.judge_in("en", mode=mode)
            self.assertFalse(has_chinese(english.summary["message"]), english.summary)

    def test_codes_do_not_change(self):
        """The message codes and their fields (docs/json.md) are what a reader decides
        by: the same in both languages, only the words differ."""
        for mode in ("solve", "exclusive", "crash", "guard", "exit_early"):
            english, chinese = self.judge_in("en", mode=mode), self.judge_in("zh", mode=mode)
            self.assertEqual(english.summary["code"], chinese.summary["code"], mode)
            self.assertEqual(set(english.summary["fields"]), set(chinese.summary["fields"]))
            for e, z in zip(english.cases, chinese.cases):
                self.assertEqual(e["detail_code"], z["detail_code"], mode)
                self.assertEqual(e["diagnosis_code"], z["diagnosis_code"], mode)
                numbers = {k: v for k, v in e["detail_fields"].items() if not isinstance(v, str)}
                self.assertEqual(numbers, {k: v for k, v in z["detail_fields"].items()
                                           if not isinstance(v, str)}, mode)

    def test_unknown_language_is_a_usage_error(self):
        run = self.engine(["judge", "--root", self.root, "--build", self.build, "--id",
                           "warp_scan", "--file", self.file, "--prebuilt", fake.FAKE,
                           "--lang", "fr"])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("--lang takes en or zh", run.stderr)
        self.assertEqual(run.stdout, "")


def main():
    opts, _ = fake.paths_parser().parse_known_args()
    if not fake.set_paths(opts, "test_engine_lang.py"):
        return 2
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(EngineLanguageTest)
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
