"""judge.py hands its language to the engine (`cudajudge judge --lang en|zh`),
so that the engine's case names, diagnoses and details match judge.py's own
messages: --lang wins, then LC_ALL, LC_MESSAGES and LANG, then English."""

import unittest

from support import FakeRepoTest, option_value


class EngineLanguageTest(FakeRepoTest):
    def judged_language(self, *args, env=None):
        done = self.judge("warp_scan", "--no-perf", *args, env=env)
        self.assertIn(done.returncode, (0, 1), done.stdout + done.stderr)
        call = self.judge_calls()[-1]
        self.assertEqual(call.count("--lang"), 1, call)
        return option_value(call, "--lang")

    def test_english_by_default(self):
        self.assertEqual(self.judged_language(), "en")

    def test_option(self):
        self.assertEqual(self.judged_language("--lang", "zh"), "zh")
        self.assertEqual(self.judged_language("--lang", "en", env={"LANG": "zh_CN.UTF-8"}),
                         "en")

    def test_locale(self):
        self.assertEqual(self.judged_language(env={"LANG": "zh_CN.UTF-8"}), "zh")
        self.assertEqual(self.judged_language(env={"LC_ALL": "zh_TW.UTF-8"}), "zh")

    def test_check_judges_in_the_language_too(self):
        self.judge("check", "--lang", "zh", "warp_scan")
        calls = self.judge_calls()
        self.assertTrue(calls, "check judged nothing")
        self.assertTrue(all(option_value(c, "--lang") == "zh" for c in calls), calls)


if __name__ == "__main__":
    unittest.main()
