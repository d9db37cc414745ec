#!/usr/bin/env python3
"""The CPU emulator's own reports in the learner's language, end to end.

`judge.py ID FILE --emulate --lang zh --json` with the built engine: the
engine passes the language to the test binary (CJ_LANG), and the emulator
(harness/emu/reports.cpp) words a deadlock, a partial-warp shuffle and an
out-of-bounds write (with the learner's line and the buffer's name) in
Chinese; race_report.c words ThreadSanitizer's report in Chinese. The same
deadlock in English stays English. Verdicts and JSON keys do not change.

Usage:
    test_emu_lang.py --root SOURCE_ROOT --engine BUILD/cudajudge [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import os
import re
import sys
import unittest

import emu_test_main

ROOT = ENGINE = STATE = None
HAN = ("\u4e00", "\u9fff")


def has_chinese(text):
    return isinstance(text, str) and any(HAN[0] <= ch <= HAN[1] for ch in text)


def summary_of(problem, submission, lang, seed=None):
    """The summary of one emulated run; submission: a corpus file's path
    under tests/submissions/<problem>/, or an absolute path."""
    path = os.path.join(ROOT, "tests", "submissions", problem, submission)
    seed_options = ["--seed", str(seed)] if seed is not None else []
    return emu_test_main.summary(sys.modules[__name__], problem, path, "--lang", lang,
                                 *seed_options)


def judge(problem, submission, lang, seed=None):
    """The summary of one emulated run, and the case that failed."""
    summary = summary_of(problem, submission, lang, seed)
    failed = [c for c in summary["cases"] if c["verdict"] != "AC"]
    if not failed:
        raise AssertionError(f"every case passed: {summary}")
    return summary, failed[0]


class EmulatorLanguageTest(unittest.TestCase):
    maxDiff = 4000

    def test_deadlock_in_chinese(self):
        summary, case = judge("block_reduce_sum", "time_limit_exceeded/early_return.cu", "zh")
        self.assertEqual(summary["verdict"], "TLE")
        detail = case["detail"]
        self.assertTrue(detail.startswith("死锁（block "), detail)
        for words in ("在 __syncthreads() 处等待", "已经退出", "early_return.cu:"):
            self.assertIn(words, detail)
        self.assertNotIn("deadlock", detail)
        self.assertNotIn("wait at", detail)
        self.assertIn("死锁", summary["message"])

    def test_deadlock_in_english(self):
        summary, case = judge("block_reduce_sum", "time_limit_exceeded/early_return.cu", "en")
        self.assertEqual(summary["verdict"], "TLE")
        detail = case["detail"]
        self.assertTrue(detail.startswith("deadlock in block "), detail)
        self.assertIn("wait at __syncthreads()", detail)
        self.assertIn("have exited", detail)
        self.assertFalse(has_chinese(detail), detail)

    def test_partial_warp_in_chinese(self):
        summary, case = judge("block_reduce_sum", "race/full_mask_in_partial_warp.cu", "zh")
        self.assertEqual(summary["verdict"], "RACE")
        detail = case["detail"]
        self.assertIn("使用掩码 0x", detail)
        self.assertIn("掩码中列出的每个 lane", detail)
        self.assertNotIn("with mask", detail)

    def test_race_in_chinese(self):
        summary, case = judge("smem_reverse", "race/barrier_too_late.cu", "zh")
        self.assertEqual(summary["verdict"], "RACE")
        detail = case["detail"]
        self.assertTrue(detail.startswith("数据竞争"), detail)
        # the thread names come from the emulator, the rest from race_report.c
        self.assertIn("的线程 ", detail)
        self.assertIn("__syncthreads()", detail)
        for english in ("data race", " by thread", "nothing ordering", "of block"):
            self.assertNotIn(english, detail)

    def test_race_names_only_a_thread_that_made_the_access(self):
        # Lane 0 of warp w writes partial[w] at line 21 and lane t of warp 0
        # reads partial[t] at line 24. With blocks of 96 threads, threads 0
        # and 64 share a race-detector fiber: the write to partial[2] is
        # thread 64's, and must never be called thread 0's.
        path = "race/no_barrier_before_read.cu"
        for lang, seed, pattern in (
                ("en", 1672955645,
                 r"read by thread (\d+) of block (\d+) at [^ ]+:24, and write by "
                 r"(thread (\d+) of block (\d+)|another thread) at [^ ]+:21"),
                ("zh", 1365241226,
                 r"读取，由 block (\d+) 的线程 (\d+) 执行，位于 [^；]+:24；又有写入，由 "
                 r"(block (\d+) 的线程 (\d+)|另一个线程) 执行，位于 [^；]+:21")):
            summary, case = judge("block_reduce_sum", path, lang, seed)
            self.assertEqual(summary["verdict"], "RACE")
            found = re.search(pattern, case["detail"])
            self.assertTrue(found, case["detail"])
            if lang == "en":
                reader, block, writer, wblock = (found.group(1), found.group(2),
                                                 found.group(4), found.group(5))
            else:
                block, reader, wblock, writer = (found.group(1), found.group(2),
                                                 found.group(4), found.group(5))
            if writer is not None:
                self.assertEqual((int(writer), wblock), (32 * int(reader), block),
                                 case["detail"])

    def test_device_memory_too_large(self):
        # a __device__ array of 6 GiB, and a malloc of 6 GiB in device code:
        # each says that it is too large, and what the limit is
        # warp_reduce_sum with `uses` before a warp sum that returns v + `plus`
        template = ("{first}__device__ float warp_reduce_sum(float v)\n{{\n{uses}"
                    "\tfor (int d = 16; d > 0; d /= 2)\n"
                    "\t\tv += __shfl_down_sync(0xffffffff, v, d);\n"
                    "\treturn v + {plus};\n}}\n")
        array, heap = os.path.join(STATE, "huge_array.cu"), os.path.join(STATE, "huge_malloc.cu")
        for path, text in ((array, template.format(
                                first="__device__ float big[(6ull << 30) / 4];\n",
                                uses="\tbig[threadIdx.x] = v;\n", plus="big[0] * 0")),
                           (heap, template.format(
                                first="", uses="\tchar *p = (char *)malloc(6ull << 30);\n"
                                "\tmemset(p, 0, 6ull << 30);\n", plus="p[threadIdx.x]"))):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        for lang, array_words, heap_words in (
                ("en", ("take more than 2 GiB together", "limited to 2 GiB"),
                 ("huge_malloc.cu:3", "asks for 6 GiB", "holds 8 MiB in all")),
                ("zh", ("加起来超过 2 GiB", "最多 2 GiB"),
                 ("huge_malloc.cu:3", "申请 6 GiB", "堆一共 8 MiB"))):
            summary = summary_of("warp_reduce", array, lang)
            self.assertEqual(summary["verdict"], "CE", summary)
            for words in array_words:
                self.assertIn(words, summary["compile_log"])
            summary, case = judge("warp_reduce", heap, lang)
            self.assertEqual(summary["verdict"], "RE", summary)
            for words in heap_words:
                self.assertIn(words, case["detail"])

    def test_out_of_bounds_names_the_line_and_the_buffer_once(self):
        # the emulator's fault report: the learner's line, the buffer's name,
        # and the case named once (by the summary), not again inside the detail
        path = "run_time_error/writes_past_the_slots.cu"
        for lang, words in (("en", ("out-of-bounds write at ", "`slots`", "index 1 ")),
                            ("zh", ("写越界（位于 ", "`slots`", "下标 1 "))):
            summary, case = judge("atomic_max_float", path, lang)
            self.assertEqual(summary["verdict"], "RE")
            detail = case["detail"]
            for word in words:
                self.assertIn(word, detail)
            self.assertIn("tests/submissions/atomic_max_float/" + path + ":18", detail)
            self.assertNotIn(case["name"], detail)
            self.assertEqual(summary["message"].count(case["name"]), 1, summary["message"])


def main():
    return emu_test_main.run(sys.modules[__name__], "cj-emu-lang-")


if __name__ == "__main__":
    sys.exit(main())
