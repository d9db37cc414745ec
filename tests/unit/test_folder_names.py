#!/usr/bin/env python3
"""No folder name changes a verdict: the same files judged on the CPU
emulator from folders named in ASCII, with a space, accents, CJK, an emoji,
a double quote, a single quote, a leading dash, the names of the libraries
the rules look for (cub/, cooperative_groups), and the characters a shell
reads ($, `, \\) get the same report, once with nvcc (the device-only check,
and the rules read from the PTX and the preprocessed source, whose paths
nvcc writes with escapes) and once as on a machine without it (NVCC=none:
the rules read from the file as written).

Compared with the ASCII folder's: the verdict, every case's verdict, the
rules' method and violations (rule, kind, line), and the message with the
folder's path put back to the ASCII one. A folder whose name holds a
command in backquotes must not make nvcc's shell run it.

Usage:
    test_folder_names.py --root SOURCE_ROOT --engine BUILD/cudajudge [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import concurrent.futures
import os
import shutil
import sys
import tempfile
import unittest

import emu_test_main

ROOT = ENGINE = STATE = None

FOLDERS = {
    "ascii": "plain",
    "space": "two words",
    "accented": "José Müller",
    "CJK": "学生 一",
    "emoji": "e😀",
    "double quote": 'say "hi"',
    "single quote": "it's",
    "leading dash": "-dash",
    # folders named like the libraries and headers the rules look for
    "library names": "cub/thrust/cublas cooperative_groups",
}
# What nvcc's shell would read: $, a command in backquotes (it would create
# CANARY in $HOME, the scratch folder), a backslash.
CANARY = "nvcc-shell-ran"
SHELL_WORDS = f"$HOME `cd;touch {CANARY}` back\\slash"

FILES = [
    ("warp_scan", "reference/warp_scan.cu"),
    ("warp_scan", "tests/submissions/warp_scan/wrong_answer/exclusive_scan.cu"),
    ("warp_scan", "tests/submissions/warp_scan/rule_violation/shared_memory_scan.cu"),
    ("block_reduce_sum", "reference/block_reduce_sum.cu"),
    ("block_reduce_sum", "tests/submissions/block_reduce_sum/wrong_answer/pow2_tree.cu"),
]


def judge(problem, path, nvcc, home):
    """What a report says, the path taken out of it."""
    env = {"HOME": home} if nvcc else {"HOME": home, "NVCC": "none"}
    record = emu_test_main.summary(sys.modules[__name__], problem, path,
                                   "--seed", "7", "--lang", "en", **env)
    rules = record.get("rules") or {}
    return {
        "verdict": record.get("verdict"),
        "cases": [c.get("verdict") for c in record.get("cases") or []],
        "method": rules.get("method"),
        "violations": [(v.get("rule"), v.get("kind"), v.get("line"))
                       for v in rules.get("violations") or []],
        "message": (record.get("message") or "").replace(os.path.dirname(path), "DIR"),
    }


class FolderNamesTest(unittest.TestCase):
    maxDiff = 4000

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix="cj-folder-names-")
        self.canary = os.path.join(self.scratch, CANARY)
        self.folders = dict(FOLDERS, shell=SHELL_WORDS)

    def tearDown(self):
        shutil.rmtree(self.scratch, ignore_errors=True)

    def judge_everywhere(self, nvcc):
        jobs = []
        for n, (problem, source) in enumerate(FILES):
            for kind, folder in self.folders.items():
                where = os.path.join(self.scratch, "nvcc" if nvcc else "none", str(n), folder)
                os.makedirs(where)
                path = os.path.join(where, f"{problem}.cu")
                shutil.copyfile(os.path.join(ROOT, source), path)
                jobs.append((source, kind, problem, path))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            reports = list(pool.map(lambda j: judge(j[2], j[3], nvcc, self.scratch), jobs))
        seen = {}
        for (source, kind, _, _), report in zip(jobs, reports):
            seen.setdefault(source, {})[kind] = report
        for source, by_folder in seen.items():
            expected = by_folder["ascii"]
            self.assertIn(expected["verdict"], ("AC", "WA", "RULE"), f"{source}: {expected}")
            for kind, report in by_folder.items():
                self.assertEqual(report, expected, f"{source} in a folder named ({kind}) "
                                 f"{self.folders[kind]!r}, with{'' if nvcc else 'out'} nvcc")
        self.assertFalse(os.path.exists(self.canary), "a folder's name ran a command")
        return seen

    def test_with_nvcc(self):
        if not shutil.which("nvcc") and not os.path.exists("/usr/local/cuda/bin/nvcc"):
            self.skipTest("no nvcc here")
        seen = self.judge_everywhere(nvcc=True)
        self.assertEqual(seen["reference/warp_scan.cu"]["ascii"]["method"], "ptx")

    def test_without_nvcc(self):
        seen = self.judge_everywhere(nvcc=False)
        self.assertEqual(seen["reference/warp_scan.cu"]["ascii"]["method"], "source")


if __name__ == "__main__":
    sys.exit(emu_test_main.run(sys.modules[__name__], "cj-folder-names-state-"))
