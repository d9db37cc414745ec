#!/usr/bin/env python3
"""What a verdict depends on (harness/engine/build/cache.h), and the builds kept
because of it.

`cudajudge fingerprint --root R --build B` on a small tree laid out as the
repository and its build folder: one hash that changes when any file of the
one list changes (problems.yaml, harness/problems, harness/emu,
harness/runtime, the references, libcjrt.a, the objects of the thin
libcjrt_emu.a, a cj-runner-*, a reference's module; the engine itself is in
it too) and not when a file outside it does.

The emulator's kept builds, end to end with the built engine on a copy of the
repository's sources (so that its files can be changed): a second judgement of
an unchanged file takes the kept program ("build": {"cached": true}, no
compile time) and says the same; changing the file, the exercise's glue or
problems.yaml builds it again.

Usage:
    test_build_cache.py --root SOURCE_ROOT --engine BUILD/cudajudge [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import json
import os
import shutil
import subprocess
import sys
import unittest

import emu_test_main

ROOT = ENGINE = STATE = None


def write(path, data, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(data)


def fingerprint(root, build):
    done = subprocess.run([ENGINE, "fingerprint", "--root", root, "--build", build],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise AssertionError(f"fingerprint failed: {done.stderr}")
    value = done.stdout.strip()
    if len(value) != 16 or any(c not in "0123456789abcdef" for c in value):
        raise AssertionError(f"not one hex hash: {done.stdout!r}")
    return value


class FingerprintTest(unittest.TestCase):
    # Each file of the one list, as (root or build, path below it).
    LISTED = [("root", "problems.yaml"),
              ("root", "harness/problems/warp_scan.cuh"),
              ("root", "harness/problems/warp_scan.c"),
              ("root", "harness/problems/warp_scan/layout.h"),  # an exercise as a folder
              ("root", "harness/emu/cuda_runtime.h"),
              ("root", "harness/emu/cooperative_groups/reduce.h"),
              ("root", "harness/runtime/glue.h"),
              ("root", "reference/warp_scan.cu"),
              ("build", "harness/runtime/libcjrt.a"),
              ("build", "harness/emu/libcjrt_emu.a.p/emu.cpp.o"),
              ("build", "harness/runtime/cj-runner-warp_scan"),
              ("build", "reference/warp_scan.cubin")]
    UNLISTED = [("root", "README.md"), ("root", "exercises/warp_scan.cu"),
                ("root", "harness/engine/judge.c"), ("build", "harness/runtime/run_cases.o"),
                ("build", "reference/warp_scan.cubin.d"), ("build", "build.ninja")]

    def setUp(self):
        self.base = os.path.join(STATE, self.id().rsplit(".", 1)[-1])
        self.dirs = {"root": os.path.join(self.base, "root"),
                     "build": os.path.join(self.base, "build")}
        for where, path in self.LISTED + self.UNLISTED:
            write(os.path.join(self.dirs[where], path), f"{path}\n")
        # meson's static libraries in the build folder are thin archives: their
        # members are the objects in <name>.p/
        write(os.path.join(self.dirs["build"], "harness/emu/libcjrt_emu.a"),
              "!<thin>\n/\n")

    def path(self, where, rel):
        return os.path.join(self.dirs[where], rel)

    def now(self):
        return fingerprint(self.dirs["root"], self.dirs["build"])

    def test_every_listed_file_changes_it(self):
        before = self.now()
        self.assertEqual(self.now(), before)  # the same files, the same hash
        for where, rel in self.LISTED:
            with self.subTest(file=f"{where}/{rel}"):
                write(self.path(where, rel), "changed\n", "a")
                after = self.now()
                self.assertNotEqual(after, before)
                before = after

    def test_files_outside_the_list_do_not(self):
        before = self.now()
        for where, rel in self.UNLISTED:
            with self.subTest(file=f"{where}/{rel}"):
                write(self.path(where, rel), "changed\n", "a")
                self.assertEqual(self.now(), before)

    def test_a_new_or_missing_file_changes_it(self):
        before = self.now()
        write(self.path("root", "harness/problems/new_exercise/cases.c"), "x\n")
        with_new = self.now()
        self.assertNotEqual(with_new, before)
        os.remove(self.path("build", "harness/runtime/cj-runner-warp_scan"))
        self.assertNotEqual(self.now(), with_new)

    def test_where_the_folders_are_does_not(self):
        before = self.now()
        moved = os.path.join(self.base, "elsewhere")
        shutil.move(self.base + "/root", moved + "-root")
        shutil.move(self.base + "/build", moved + "-build")
        self.assertEqual(fingerprint(moved + "-root", moved + "-build"), before)


class EmulatorKeptBuildTest(unittest.TestCase):
    """The engine on a copy of the sources the verdict depends on, with the real build
    folder (runtime libraries) and the prelude off (it would be made for the copy)."""

    def setUp(self):
        self.root = os.path.join(STATE, "root-" + self.id().rsplit(".", 1)[-1])
        for sub in ("harness/problems", "harness/emu", "harness/runtime", "reference"):
            shutil.copytree(os.path.join(ROOT, sub), os.path.join(self.root, sub))
        shutil.copy(os.path.join(ROOT, "problems.yaml"), self.root)
        self.file = os.path.join(self.root, "exercises", "warp_scan.cu")
        os.makedirs(os.path.dirname(self.file))
        shutil.copy(os.path.join(ROOT, "reference", "warp_scan.cu"), self.file)

    def judge(self):
        env = dict(os.environ, CUDAJUDGE_NO_PCH="1", NVCC="none")
        done = subprocess.run([ENGINE, "judge", "--root", self.root,
                               "--build", os.path.dirname(ENGINE), "--id", "warp_scan",
                               "--file", self.file, "--backend", "emu", "--seed", "7"],
                              env=env, capture_output=True, text=True, timeout=600)
        lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        if not lines or lines[-1].get("type") != "summary":
            raise AssertionError(f"no summary:\n{done.stdout}\n{done.stderr}")
        return lines[-1]

    def assert_built(self, summary, cached):
        self.assertEqual(summary["verdict"], "AC", summary["message"])
        self.assertEqual(summary["build"], {"cached": cached}, summary["phases_s"])

    def test_unchanged_file_is_not_compiled_again(self):
        first = self.judge()
        self.assert_built(first, False)
        self.assertGreater(first["phases_s"]["compile"], 0)
        second = self.judge()
        self.assert_built(second, True)
        self.assertEqual(second["phases_s"]["link"], 0)  # nothing compiled or linked
        same = ("verdict", "message", "cases", "compile_log")

        def steady(summary):  # a case's own time ("seconds") differs from run to run
            return {k: [{f: v for f, v in c.items() if f != "seconds"} for c in summary[k]]
                    if k == "cases" else summary[k] for k in same}

        self.assertEqual(steady(second), steady(first))
        self.assertEqual(second["rules"]["violations"], first["rules"]["violations"])

    def test_a_change_to_a_dependency_builds_again(self):
        self.assert_built(self.judge(), False)
        self.assert_built(self.judge(), True)
        for rel, comment in (("exercises/warp_scan.cu", "// changed"),
                             ("harness/problems/warp_scan.cuh", "// changed"),
                             ("problems.yaml", "# changed")):
            with self.subTest(changed=rel):
                write(os.path.join(self.root, rel), f"\n{comment}\n", "a")
                self.assert_built(self.judge(), False)
        self.assert_built(self.judge(), True)


def main():
    return emu_test_main.run(sys.modules[__name__], "cj-build-cache-")


if __name__ == "__main__":
    sys.exit(main())
