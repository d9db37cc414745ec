#!/usr/bin/env python3
"""What a report tells the learner, end to end on the CPU emulator.

`judge.py ID FILE --emulate --json` with the built engine, checking the words
of the report rather than only its verdict:

- a file judged from outside the repository is reported at its own lines
  (graded submissions live anywhere), not at the exercise's glue or "a place
  outside your code";
- the judge's internal names (cj_..., the emulator's dynamic_shared) never
  reach the learner, and an exercise that forbids __syncthreads() is not told
  to add one;
- every corpus file with a `// report-says: WORDS` line (in its first ten
  lines) is judged, and the report (the message, every case's detail and
  diagnosis) must contain WORDS: each known mistake of an exercise gets its
  own diagnosis. Several `report-says` lines must all hold.

Usage:
    test_reports.py --root SOURCE_ROOT --engine BUILD/cudajudge [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import os
import re
import shutil
import sys
import tempfile
import unittest

import emu_test_main

ROOT = ENGINE = STATE = None
REPORT_SAYS = re.compile(r"//\s*report-says:\s*(.+?)\s*$")


def judge(problem, path, lang="en", **more_env):
    """The summary of one emulated run of the file at `path`."""
    return emu_test_main.summary(sys.modules[__name__], problem, path, "--lang", lang,
                                 **more_env)


def report_text(summary):
    """Everything the learner reads of a judgement, as one text."""
    parts = [summary.get("message") or ""]
    for case in summary.get("cases") or []:
        parts += [case.get("detail") or "", case.get("diagnosis") or ""]
    return "\n".join(parts)


def corpus(name):
    return os.path.join(ROOT, "tests", "submissions", name)


class OutsideTheRepositoryTest(unittest.TestCase):
    """Issue 17, point 3."""

    def assert_race_at_own_lines(self, **env):
        with tempfile.TemporaryDirectory(prefix="cj-mine-") as home:
            mine = os.path.join(home, "mine.cu")
            shutil.copy(corpus("block_reduce_sum/race/no_barrier_before_read.cu"), mine)
            summary = judge("block_reduce_sum", mine, **env)
            self.assertEqual(summary["verdict"], "RACE")
            text = report_text(summary)
            real = os.path.realpath(mine)
            self.assertIn(f"{real}:21", text)
            self.assertIn(f"{real}:24", text)
            self.assertNotIn("harness/problems", text)
            self.assertNotIn("outside your code", text)

    def test_race_named_at_the_files_own_lines(self):
        self.assert_race_at_own_lines()

    def test_lines_where_threadsanitizer_names_none(self):
        """A host whose ThreadSanitizer cannot place a frame (symbolize=0 stands
        in for one): the engine asks addr2line (harness/engine/symbolize.c)."""
        self.assert_race_at_own_lines(TSAN_OPTIONS="symbolize=0")


class ReportWordsTest(unittest.TestCase):
    """Issue 17, points 4 and 5: the judge's internal names never reach the
    learner, and the advice fits the exercise."""

    # A corpus file judged (in a language), the verdict (None: not checked), what
    # its report says and what it does not say.
    REPORTS = (
        # the exercise forbids __syncthreads(): the advice names bar's phases
        ("barrier_phases", "race/one_phase_per_step.cu", "en", "RACE",
         ("`tile` of the exercise's kernel", "bar.arrive_and_wait()"),
         ("cj_", "after a __syncthreads()")),
        ("memcpy_async", "race/reads_before_wait.cu", "en", "RACE",
         ("dynamic shared memory",), ("cj_",)),
        ("barrier_phases", "race/one_phase_per_step.cu", "zh", None,
         ("练习自带 kernel 中的 shared 数组 `tile`",), ("cj_",)),
        # the emulator's words for a shuffle that some lanes of its mask skip
        # (harness/emu/emu.cpp): shuffle in every lane and guard the use of the
        # result, and one thread is worded in the singular
        ("warp_scan", "race/shuffle_inside_the_guard.cu", "en", "RACE",
         ("if (lane >= d) v += up;",),
         ("use a mask of the lanes that really take part", "thread 0 have exited")),
    )

    def test_what_each_report_says(self):
        for problem, submission, lang, verdict, says, says_not in self.REPORTS:
            with self.subTest(submission=f"{problem}/{submission}", lang=lang):
                summary = judge(problem, corpus(f"{problem}/{submission}"), lang)
                if verdict is not None:
                    self.assertEqual(summary["verdict"], verdict)
                text = report_text(summary)
                for words in says:
                    self.assertIn(words, text)
                for words in says_not:
                    self.assertNotIn(words, text)


class CorpusDiagnosisTest(unittest.TestCase):
    """Every `// report-says:` line of the corpus holds (one test per file)."""


def says_lines(path):
    with open(path, encoding="utf-8", errors="replace") as source:
        return [m.group(1) for _, line in zip(range(10), source)
                for m in [REPORT_SAYS.search(line)] if m]


def add_corpus_tests():
    base = os.path.join(ROOT, "tests", "submissions")
    for problem in sorted(os.listdir(base)):
        for folder, _, files in sorted(os.walk(os.path.join(base, problem))):
            for name in sorted(files):
                path = os.path.join(folder, name)
                if not name.endswith(".cu") or not says_lines(path):
                    continue
                relative = os.path.relpath(path, base)

                def check(self, problem=problem, path=path, relative=relative):
                    summary = judge(problem, path)
                    if summary["verdict"] == "SKIP":
                        self.skipTest(summary.get("message") or "not on the emulator")
                    text = report_text(summary)
                    for words in says_lines(path):
                        self.assertIn(words, text, f"{relative}: the report does not say "
                                      f"{words!r}:\n{text}")

                test_name = "test_" + re.sub(r"\W", "_", relative[:-3])
                setattr(CorpusDiagnosisTest, test_name, check)


def main():
    return emu_test_main.run(sys.modules[__name__], "cj-reports-", before=add_corpus_tests)


if __name__ == "__main__":
    sys.exit(main())
