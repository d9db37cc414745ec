#!/usr/bin/env python3
"""The engine's judging, end to end, without nvcc or a GPU.

`cudajudge judge ... --prebuilt BIN` runs BIN as the test binary instead of
compiling the learner's file. BIN here is fake_test_binary (a C program that
speaks the case-file protocol and computes warp_scan on the CPU), told by
FAKE_MODE which mistake to make. Each test checks the verdict, the exit status
and the JSON the engine prints.

The catalog is written by the tests into a temporary root (so they do not
depend on the real problems.yaml), with wall_s 3 so that a hang costs little.

Usage:
    test_engine_fake.py --engine BUILD/cudajudge --fake BUILD/tests/fake_test_binary
                        [--no-valgrind] [unittest args]
Without the options: $CUDAJUDGE_ENGINE, or $CUDAJUDGE_BUILD/cudajudge, and
$CUDAJUDGE_BUILD/tests/fake_test_binary.
"""

import argparse
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

ENGINE = None
FAKE = None
USE_VALGRIND = True

WALL_S = 3
OUTPUT_KB = 4
PERF_N = 1048576
PERF_BYTES = 8

CATALOG = """\
- id: warp_scan
  aliases: [warp_inclusive_scan]
  chapter: sync-warp
  title: {{en: "Warp inclusive scan", zh: "warp 内的包含式前缀和"}}
  statement:
    en: |
      Lane k returns the sum of v over lanes 0..k.
    zh: |
      第 k 个 lane 返回 lane 0..k 的 v 之和。
  signature: "__device__ int warp_inclusive_scan(int v)"
  launch: {{en: "blocks of 32 to 1024 threads", zh: "每块 32 到 1024 个线程"}}
  hints:
    en: ["Use __shfl_up_sync.", "Add only when lane >= offset."]
    zh: ["用 __shfl_up_sync。", "只在 lane >= offset 时相加。"]
  rules: {{require: [shfl.sync], forbid: [shared-memory]}}
  check: exact
  limits: {{{limits}}}
  perf: {{n: {perf_n}, bytes_per_elem: {perf_bytes}, reps: 5}}
  backends: [gpu]
"""

SUMMARY_KEYS = {"type", "id", "verdict", "backend", "seed", "cases", "timing", "phases_s",
                "message", "code", "fields", "program_output", "compile_log", "file", "device",
                "build", "cases_from"}
CASE_KEYS = {"type", "name", "verdict", "params", "param", "buffer", "total", "bad", "unwritten",
             "diagnosis_code", "detail_code", "detail_fields",
             "mismatches", "last", "diagnosis", "detail", "speed", "time_ms", "seconds"}
EXIT_FOR = {"AC": 0, "SKIP": 0, "JE": 2}


def make_root(parent, name, limits=None, catalog=None):
    """A judge root: problems.yaml and a dummy exercises/warp_scan.cu."""
    root = os.path.join(parent, name)
    os.makedirs(os.path.join(root, "exercises"))
    if limits is None:
        limits = f"wall_s: {WALL_S}, output_kb: {OUTPUT_KB}"
    if catalog is None:
        catalog = CATALOG.format(limits=limits, perf_n=PERF_N, perf_bytes=PERF_BYTES)
    with open(os.path.join(root, "problems.yaml"), "w", encoding="utf-8") as f:
        f.write(catalog)
    with open(os.path.join(root, "exercises", "warp_scan.cu"), "w", encoding="utf-8") as f:
        f.write("// never compiled: the engine runs --prebuilt instead\n"
                "__device__ int warp_inclusive_scan(int v) { return v; }\n")
    return root


def assert_ends(test, run, verdict, cases=None, case_says=(), message_says=(), returncode=None):
    """Checks a run's verdict, exit code (None: not checked) and cases (a list of their
    verdicts, or how many there are; None: not checked), that the last case's detail says
    each of `case_says` and the summary's message each of `message_says` ("{case}" in
    them: the last case's name). Returns the summary and the last case's detail."""
    summary = run.summary
    test.assertEqual(summary["verdict"], verdict, run)
    if returncode is not None:
        test.assertEqual(run.returncode, returncode)
    if isinstance(cases, int):
        test.assertEqual(len(run.cases), cases)
    elif cases is not None:
        test.assertEqual([c["verdict"] for c in run.cases], cases)
    last = run.cases[-1] if run.cases else {"name": "", "detail": ""}
    for words in case_says:
        test.assertIn(words.replace("{case}", last["name"]), last["detail"])
    for words in message_says:
        test.assertIn(words.replace("{case}", last["name"]), summary["message"])
    return summary, last["detail"]


class Run:
    """One engine run: exit status, output, and the JSON lines parsed."""

    def __init__(self, proc, elapsed):
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr
        self.elapsed = elapsed
        self.lines = []
        self.bad_lines = []
        for line in proc.stdout.splitlines():
            try:
                self.lines.append(json.loads(line))
            except ValueError:
                self.bad_lines.append(line)
        self.summary = self.lines[-1] if self.lines and self.lines[-1].get("type") == "summary" \
            else None
        self.cases = self.summary["cases"] if self.summary else []

    def case_named(self, name):
        for c in self.cases:
            if c["name"] == name:
                return c
        raise AssertionError(f"no case named {name!r} in {[c['name'] for c in self.cases]}")

    def __repr__(self):
        return (f"<exit {self.returncode} after {self.elapsed:.1f} s\nstdout: "
                f"{self.stdout[-3000:]}\nstderr: {self.stderr[-2000:]}>")


class EngineFakeTest(unittest.TestCase):
    maxDiff = 4000

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cj-engine-fake-")
        cls.root = make_root(cls.tmp, "root")
        cls.build = os.path.join(cls.tmp, "build")
        os.makedirs(cls.build)
        cls.file = os.path.join(cls.root, "exercises", "warp_scan.cu")
        cls._solved = None

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    # ---- running the engine ------------------------------------------------

    def engine(self, args, mode="solve", env=None, timeout=60, wrapper=()):
        full_env = dict(os.environ)
        full_env.pop("FAKE_OFF_BY_ONE", None)
        full_env["FAKE_MODE"] = mode
        full_env.update(env or {})
        start = time.monotonic()
        proc = subprocess.run(list(wrapper) + [ENGINE] + args, capture_output=True, text=True,
                              errors="replace", env=full_env, timeout=timeout,
                              stdin=subprocess.DEVNULL)
        return Run(proc, time.monotonic() - start)

    def judge(self, mode="solve", seed=42, perf=False, root=None, env=None, extra=None,
              ident="warp_scan", prebuilt=None, wrapper=()):
        args = ["judge", "--root", root or self.root, "--build", self.build, "--id", ident,
                "--file", os.path.join(root or self.root, "exercises", "warp_scan.cu"),
                "--prebuilt", prebuilt or FAKE]
        if seed is not None:
            args += ["--seed", str(seed)]
        if not perf:
            args.append("--no-perf")
        args += extra or []
        run = self.engine(args, mode=mode, env=env, wrapper=wrapper,
                          timeout=120 if wrapper else 60)
        self.check_report(run)
        return run

    def check_report(self, run):
        """What holds for every judged run, whatever the verdict."""
        self.assertEqual(run.bad_lines, [], f"stdout lines that are not JSON: {run!r}")
        self.assertIsNotNone(run.summary, f"the last stdout line is not the summary: {run!r}")
        types = [line.get("type") for line in run.lines]
        self.assertEqual(types.count("summary"), 1, run)
        self.assertTrue(set(types) <= {"phase", "case", "summary"}, types)
        s = run.summary
        self.assertTrue(SUMMARY_KEYS <= set(s), f"summary lacks {SUMMARY_KEYS - set(s)}")
        self.assertEqual(s["id"], "warp_scan")
        self.assertEqual(s["backend"], "test")
        self.assertIsInstance(s["seed"], int)
        phases = s["phases_s"]
        steps = ("device", "compile", "link", "cases_wait", "rules", "wait", "run", "check",
                 "reference")
        self.assertEqual(set(phases), set(steps) | {"cases", "run_start", "run_timed", "run_end",
                                                     "total"})
        self.assertLessEqual(phases["run_start"] + phases["run_timed"] + phases["run_end"],
                             phases["run"] + 0.001)
        # The steps happen one after another inside the judgement; the cases
        # are made beside the build, and waited for (cases_wait) after it.
        self.assertLessEqual(sum(phases[k] for k in steps), phases["total"] + 0.01, phases)
        self.assertLessEqual(phases["cases"], phases["total"] + 0.01, phases)
        self.assertIn(s["verdict"], ("AC", "WA", "RE", "TLE", "JE"))
        self.assertEqual(run.returncode, EXIT_FOR.get(s["verdict"], 1), run)
        # The case lines printed as the run went are the summary's cases.
        printed = [line for line in run.lines if line.get("type") == "case"]
        self.assertEqual(printed, s["cases"])
        for c in s["cases"]:
            self.assertEqual(set(c), CASE_KEYS, c)
            self.assertIn(c["verdict"], ("AC", "WA", "RE", "TLE", "SKIP"))
            if c["verdict"] == "AC":
                self.assertEqual((c["bad"], c["mismatches"], c["detail"]), (0, [], None), c)
        names = [c["name"] for c in s["cases"]]
        self.assertEqual(len(names), len(set(names)), names)
        # the verdict of the run is the worst of its cases (or worse)
        if any(c["verdict"] != "AC" for c in s["cases"]):
            self.assertNotEqual(s["verdict"], "AC")

    def solved(self):
        """The reference run: every case right."""
        if EngineFakeTest._solved is None:
            EngineFakeTest._solved = self.judge("solve")
        return EngineFakeTest._solved

    def assert_no_fake_left(self):
        """No fake_test_binary process outlives a judged run."""
        deadline = time.monotonic() + 2
        while True:
            left = []
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        argv0 = f.read().split(b"\0")[0].decode(errors="replace")
                    with open(f"/proc/{pid}/stat", "rb") as f:
                        state = f.read().rsplit(b")", 1)[1].split()[0]
                except OSError:
                    continue
                if argv0 == FAKE and state not in (b"Z", b"X"):
                    left.append(int(pid))
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self.assertEqual(left, [], "test binaries still running after the engine returned")

    # ---- accepted ------------------------------------------------------------

    def test_solve_is_accepted(self):
        run = self.solved()
        s = run.summary
        self.assertEqual(s["verdict"], "AC", run)
        self.assertEqual(run.returncode, 0)
        self.assertEqual(s["seed"], 42)
        self.assertGreaterEqual(len(run.cases), 5)
        self.assertTrue(all(c["verdict"] == "AC" for c in run.cases), run.cases)
        self.assertEqual(s["message"], f"all {len(run.cases)} cases passed")
        self.assertIsNone(s["timing"])
        self.assertEqual(s["program_output"], "")
        self.assertFalse(any(c["name"] == "timed" for c in run.cases))
        self.assertGreater(s["phases_s"]["total"], 0)
        self.assertGreater(s["phases_s"]["cases"], 0)  # the inputs were made
        self.assertEqual(s["phases_s"]["reference"], 0)  # nothing timed, no reference run
        # the sample case is one warp of 1..32
        self.assertEqual(run.cases[0]["params"], {"n": 32, "block": 32})

    def test_solve_with_perf_has_a_timed_case(self):
        run = self.judge("solve", perf=True)
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(len(run.cases), len(self.solved().cases) + 1)
        timed = run.case_named("timed")
        self.assertEqual(timed["params"]["n"], PERF_N)
        self.assertIsNone(timed["time_ms"])  # the fake reported no timings
        self.assertIsNone(run.summary["timing"])

    def test_a_program_that_said_it_was_done_is_not_waited_for(self):
        """The judge's own program says when its last case ended (wire.h: done_s); the
        engine ends the run then, instead of waiting for its end (a device context's
        release): this stand-in sleeps 60 s after saying so."""
        started = time.monotonic()
        run = self.judge("linger")
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertLess(time.monotonic() - started, 45, "the engine waited for the program's end")
        self.assertLess(run.summary["phases_s"]["run_end"], 45, run.summary["phases_s"])
        # the same stand-in without saying so is waited for: killed at the wall limit
        hang = self.judge("hang_after")
        self.assertEqual(hang.summary["verdict"], "TLE", hang)

    def test_alias(self):
        run = self.judge("solve", ident="warp_inclusive_scan")
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(run.summary["id"], "warp_scan")

    def test_printing_does_not_matter(self):
        run = self.judge("chatty")
        s = run.summary
        self.assertEqual(s["verdict"], "AC", run)
        self.assertTrue(s["program_output"].startswith("ccc"), s["program_output"][:100])
        # kept up to limits.output_kb
        self.assertLessEqual(len(s["program_output"].encode()), OUTPUT_KB * 1024)
        self.assertGreater(len(s["program_output"]), OUTPUT_KB * 1024 - 100)

    def test_stale_header_is_ignored(self):
        """The engine keeps its own case table: a scribbled header changes nothing."""
        run = self.judge("stale_header")
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual([c["name"] for c in run.cases],
                         [c["name"] for c in self.solved().cases])

    def test_stale_header_wrong_outputs(self):
        """...and a scribbled header does not hide wrong outputs or move their reports."""
        stale = self.judge("stale_header", env={"FAKE_OFF_BY_ONE": "1"})
        plain = self.judge("off_by_one")
        self.assertEqual(stale.summary["verdict"], "WA", stale)
        self.assertEqual(stale.cases, plain.cases)

    # ---- wrong answers ----------------------------------------------------------

    def test_print_pass_is_not_accepted(self):
        run = self.judge("print_pass")
        s = run.summary
        self.assertEqual(s["verdict"], "WA", run)
        self.assertEqual(run.returncode, 1)
        self.assertIn("PASS", s["program_output"])
        self.assertIn("ACCEPTED", s["program_output"])
        # the fake summary line is in the program's output, not in the engine's
        self.assertIn('{"type":"summary","verdict":"AC"}', s["program_output"])
        self.assertNotIn('{"type":"summary","verdict":"AC"}', run.stdout.splitlines())
        self.assertTrue(all(c["verdict"] == "WA" for c in run.cases), run.cases)

    def test_mark_done_without_writing(self):
        run = self.judge("mark_done")
        self.assertEqual(run.summary["verdict"], "WA", run)
        for c in run.cases:
            self.assertEqual(c["verdict"], "WA", c)
            self.assertEqual(c["buffer"], "out")
            self.assertGreater(c["bad"], 0)
            self.assertEqual(c["unwritten"], c["bad"], c)
            self.assertTrue(c["mismatches"])
            shown = c["mismatches"] + ([c["last"]] if c["last"] else [])
            for m in shown:
                self.assertTrue(m["unwritten"], m)
            # one poison for the whole run: a repeated byte, never the fixed -1
            self.assertEqual(len({m["got"] for m in shown}), 1, shown)
            poison = shown[0]["got"] & 0xffffffff
            self.assertEqual(poison, (poison & 0xff) * 0x01010101, hex(poison))
        sample = run.cases[0]
        self.assertEqual(sample["total"], 32)
        self.assertEqual(sample["bad"], 32)
        self.assertEqual(len(sample["mismatches"]), 8)
        self.assertEqual([m["index"] for m in sample["mismatches"]], list(range(8)))
        self.assertEqual(sample["last"]["index"], 31)
        self.assertEqual([m["expected"] for m in sample["mismatches"]],
                         [k * (k + 1) // 2 for k in range(1, 9)])
        self.assertIn("never written", sample["diagnosis"])
        self.assertIn("32 of 32 elements of 'out' differ", run.summary["message"])

    def test_redirected_output(self):
        """Writing the outputs anywhere but the output buffer is not answering,
        and writing over the judge's inputs is caught as such."""
        assert_ends(self, self.judge("redirect"), "RE", message_says=["input data"])

    def test_off_by_one(self):
        run = self.judge("off_by_one")
        self.assertEqual(run.summary["verdict"], "WA", run)
        for c in run.cases:
            n, block = c["params"]["n"], c["params"]["block"]
            if n <= 5:
                self.assertEqual(c["verdict"], "AC", c)
                continue
            self.assertEqual(c["verdict"], "WA", c)
            wrong = [5] + ([n - 1] if n > 64 else [])
            self.assertEqual(c["bad"], len(wrong), c)
            self.assertEqual(c["unwritten"], 0)
            self.assertEqual(c["total"], n)
            self.assertEqual([m["index"] for m in c["mismatches"]], wrong)
            self.assertIsNone(c["last"])
            for m in c["mismatches"]:
                self.assert_located(m, block)
                self.assertEqual(m["buffer"], "out")
                self.assertEqual(m["got"] - m["expected"], 1, m)
                self.assertFalse(m["unwritten"])
            # element 5 is lane 5 of the first warp of the first block
            m = c["mismatches"][0]
            self.assertEqual((m["block"], m["thread"], m["warp"], m["lane"]), (0, 5, 0, 5), m)
        # somewhere the far element is in a later block and warp, exactly where
        # one element per thread puts it
        far = [(m, c["params"]["block"]) for c in run.cases for m in c["mismatches"]
               if m["index"] > 64]
        self.assertTrue(any(m["block"] == m["index"] // b and m["thread"] == m["index"] % b
                            and m["block"] > 0 and m["warp"] > 0 for m, b in far), far)
        first = run.cases[0]
        self.assertEqual(run.summary["message"],
                         f"case '{first['name']}': 1 of 32 elements of 'out' differ")

    def assert_located(self, m, block):
        """block, thread, warp and lane agree with the index: a warp (of `block`
        threads per block) covers `chunks` aligned runs of 32 elements, lane l
        taking element l of each (harness/problems/warp_scan/glue.cuh); chunks is not
        in the report, so any of 1..8 will do, but the run must be the warp's."""
        i = m["index"]
        self.assertTrue(0 <= m["thread"] < block, m)
        self.assertEqual(m["lane"], i % 32, m)
        self.assertEqual(m["thread"] % 32, m["lane"], m)
        self.assertEqual(m["warp"], m["thread"] // 32, m)
        global_warp = (m["block"] * block + m["thread"]) // 32
        self.assertTrue(any(i // (32 * chunks) == global_warp for chunks in range(1, 9)), m)

    def test_exclusive_scan_is_diagnosed(self):
        run = self.judge("exclusive")
        self.assertEqual(run.summary["verdict"], "WA", run)
        sample = run.cases[0]
        self.assertEqual(sample["verdict"], "WA")
        self.assertIn("exclusive", sample["diagnosis"] or "", sample)
        self.assertEqual([m["got"] for m in sample["mismatches"][:4]], [0, 1, 3, 6])
        self.assertEqual([m["expected"] for m in sample["mismatches"][:4]], [1, 3, 6, 10])
        self.assertEqual(sample["bad"], 32)

    # ---- runtime errors --------------------------------------------------------------

    def test_exit_early(self):
        assert_ends(self, self.judge("exit_early"), "RE", ["AC", "RE"],
                    ["in the middle of case '{case}'"],
                    ["in the middle of case", "exit status 0"])

    def test_state_garbage(self):
        assert_ends(self, self.judge("state_garbage"), "RE", 2, ["in the middle of case"])

    def test_crash(self):
        assert_ends(self, self.judge("crash"), "RE", ["AC", "RE"],
                    ["segmentation fault", "{case}"], ["segmentation fault"])

    def test_flood(self):
        run = self.judge("flood")
        s, _ = assert_ends(self, run, "RE", 1, message_says=["printed more than 64 MiB"])
        self.assertLessEqual(len(s["program_output"].encode()), OUTPUT_KB * 1024)
        self.assertTrue(s["program_output"].startswith("a learner program printing forever"))
        self.assertLess(run.elapsed, WALL_S + 2)
        self.assert_no_fake_left()

    def test_guard_zone(self):
        assert_ends(self, self.judge("guard"), "RE", 1,
                    ["past the end of", "buffer 'out' (32 elements)", "out of bounds"],
                    ["past the end of"])

    def test_guard_index_out_of_range(self):
        run = self.judge("guard_bad_index")
        self.assertEqual(run.summary["verdict"], "RE", run)
        self.assertIn("CUDA error in case", run.cases[0]["detail"])

    def test_cuda_error(self):
        assert_ends(self, self.judge("cuda_error"), "RE", ["AC", "RE"],
                    ["illegal memory access"],
                    ["CUDA error in case '{case}': cudaDeviceSynchronize: "
                     "an illegal memory access was encountered"])

    def test_cuda_error_without_terminator(self):
        run = self.judge("cuda_error_long")
        self.assertEqual(run.summary["verdict"], "RE", run)
        detail = run.cases[1]["detail"]
        self.assertIn("x" * 200, detail)
        self.assertLessEqual(detail.count("x"), 1024)  # sizeof error, no NUL: not past it

    def test_exit_after_last_case(self):
        run = self.judge("exit_after")
        s = run.summary
        self.assertEqual(s["verdict"], "RE", run)
        self.assertTrue(all(c["verdict"] == "AC" for c in run.cases))
        self.assertTrue(s["message"].startswith("after the last case: "), s["message"])
        self.assertIn("exit status 1", s["message"])

    def test_exit_after_last_case_wording(self):
        """A program that ends badly after its last case is not said to be
        in the middle of a case (it once was: "in the middle of case
        'start-up'"), which is neither true nor helpful."""
        run = self.judge("exit_after")
        self.assertNotIn("start-up", run.summary["message"])

    def test_truncated_case_file(self):
        """The test binary (and so learner code) must not be able to
        ftruncate() the case file, or the engine would die of SIGBUS reading
        its own mapping of it, without a summary (cases.c seals the memfd)."""
        run = self.engine(["judge", "--root", self.root, "--build", self.build,
                           "--id", "warp_scan", "--file", self.file, "--prebuilt", FAKE,
                           "--seed", "42", "--no-perf"], mode="truncate")
        self.assertIn(run.returncode, (0, 1, 2), run)
        self.check_report(run)

    # ---- time limits --------------------------------------------------------

    def test_hang_is_tle(self):
        run = self.judge("hang")
        s, _ = assert_ends(self, run, "TLE", ["AC", "TLE"],
                           ["still running case '{case}'", "possible deadlock",
                            f"(limit {WALL_S} s)"],
                           ["possible deadlock"], returncode=1)
        self.assertLess(run.elapsed, WALL_S + 2)
        self.assertGreaterEqual(s["phases_s"]["run"], WALL_S - 0.05)
        self.assert_no_fake_left()

    def test_hang_after_last_case(self):
        run = self.judge("hang_after")
        s = run.summary
        self.assertEqual(s["verdict"], "TLE", run)
        self.assertLess(run.elapsed, WALL_S + 2)
        self.assertTrue(all(c["verdict"] == "AC" for c in run.cases))
        self.assertTrue(s["message"].startswith("after the last case: "), s["message"])
        self.assertIn("possible deadlock", s["message"])
        self.assert_no_fake_left()

    def test_cpu_limit_is_tle(self):
        root = make_root(self.tmp, "cpu-root", limits="wall_s: 20, cpu_s: 1")
        run = self.judge("burn", root=root)
        assert_ends(self, run, "TLE", ["AC", "TLE"], ["CPU time"],
                    ["more than 1 s of CPU time"])
        self.assertLess(run.elapsed, 10)
        self.assert_no_fake_left()

    def test_host_memory_past_the_limit_is_re(self):
        """README's cap (limits.memory_mb) holds although the case file the engine hands
        the program is a sparse 16 GiB: RE at once, the message naming the limit."""
        root = make_root(self.tmp, "memory-root", limits=f"wall_s: {WALL_S}, memory_mb: 64")
        run = self.judge("hog", root=root)
        s, _ = assert_ends(self, run, "RE", ["AC", "RE"],
                           ["more than 64 MiB of host memory, its limit"],
                           ["more than 64 MiB of host memory"])
        self.assertLess(s["phases_s"]["run"], WALL_S)
        self.assert_no_fake_left()

    def test_message_codes(self):
        """Beside each text the engine says, its code and fields (docs/json.md): a reader
        decides by them, never by the words."""
        run = self.judge("solve")
        self.assertEqual(run.summary["code"], "all_passed")
        self.assertEqual(run.summary["fields"], {"cases": len(run.cases)})
        self.assertTrue(all(c["detail_code"] is None and c["detail_fields"] == {}
                            for c in run.cases))
        run = self.judge("off_by_one")
        first = next(c for c in run.cases if c["verdict"] == "WA")
        self.assertEqual(run.summary["code"], "case_mismatch")
        self.assertEqual(run.summary["fields"], {"case": first["name"], "bad": first["bad"],
                                                 "total": first["total"], "buffer": "out"})
        run = self.judge("crash")
        crashed = run.cases[-1]
        self.assertEqual(crashed["detail_code"], "killed")
        self.assertEqual(crashed["detail_fields"]["case"], crashed["name"])
        self.assertEqual(run.summary["code"], "case_failed")
        self.assertEqual(run.summary["fields"], {"case": crashed["name"],
                                                 "detail": crashed["detail"]})
        run = self.judge("hang")
        self.assertEqual(run.cases[-1]["detail_code"], "timed_out")
        self.assertEqual(set(run.cases[-1]["detail_fields"]), {"case", "seconds", "limit_s"})
        self.assertEqual(run.cases[-1]["detail_fields"]["limit_s"], WALL_S)
        run = self.judge("exclusive")
        self.assertEqual({c["diagnosis_code"] for c in run.cases if c["diagnosis"]},
                         {"exercise"})  # warp_scan's own diagnosis

    # ---- timing ---------------------------------------------------------------

    def test_timing_of_the_timed_case(self):
        run = self.judge("timed", perf=True)
        s = run.summary
        self.assertEqual(s["verdict"], "AC", run)
        t = s["timing"]
        self.assertIsNotNone(t, run)
        self.assertAlmostEqual(t["median_ms"], 0.5, places=6)
        self.assertAlmostEqual(t["min_ms"], 0.4, places=6)
        self.assertAlmostEqual(t["max_ms"], 0.7, places=6)
        self.assertEqual(t["reps"], 5)
        self.assertEqual(t["gbps"], round(PERF_N * PERF_BYTES / 0.5e-3 / 1e9, 1))
        self.assertEqual(t["copy_gbps"], 0)  # no device measured
        self.assertIsNone(t["tier"])
        self.assertIsNone(t["ratio_to_ref"])
        self.assertIsNone(t["ref_from"])
        self.assertAlmostEqual(run.case_named("timed")["time_ms"], 0.5, places=6)
        self.assertTrue(all(c["time_ms"] is None for c in run.cases if c["name"] != "timed"))

    def test_timing_rounds(self):
        """--timing-rounds K (grade's best of K in one run): the round with the lowest
        ratio to the reference's time of the same round is the timing, every round is
        listed; not the round with the lowest time alone."""
        run = self.judge("timed", perf=True, extra=["--timing-rounds", "3"])
        t = run.summary["timing"]
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(t["best_round"], 2)
        self.assertAlmostEqual(t["median_ms"], 0.45, places=6)
        self.assertAlmostEqual(t["ref_median_ms"], 0.3, places=6)
        self.assertAlmostEqual(t["ratio_to_ref"], 1.5, places=3)
        self.assertEqual(t["ref_from"], "same_run")  # timed in turn by the program
        self.assertEqual([round(r["median_ms"], 3) for r in t["rounds"]], [0.6, 0.45, 0.4])
        self.assertEqual([round(r["ref_median_ms"], 3) for r in t["rounds"]], [0.3, 0.3, 0.1])
        one = self.judge("timed", perf=True).summary["timing"]
        self.assertNotIn("rounds", one)  # one round: as before
        for bad in ("0", "9", "x"):
            p = self.engine(["judge", "--root", self.root, "--build", self.build, "--id",
                             "warp_scan", "--file",
                             os.path.join(self.root, "exercises", "warp_scan.cu"),
                             "--prebuilt", FAKE, "--timing-rounds", bad], mode="timed")
            self.assertEqual(p.returncode, 2, bad)
            self.assertIn("--timing-rounds", p.stderr)

    def test_big_cases_after_a_wrong_one_are_left_out(self):
        """--skip-big-after-wrong (a learner's own judgement): once a case was wrong, the
        big cases after it (here the timed one) are not run: SKIP, saying why and how to
        run them; the others still run. Without it (grade, check) every case runs."""
        skip = ["--skip-big-after-wrong"]
        quick = self.judge("off_by_one", perf=True, extra=skip)
        self.assertEqual(quick.summary["verdict"], "WA", quick)
        timed = quick.case_named("timed")
        self.assertEqual(timed["verdict"], "SKIP", timed)
        self.assertEqual(timed["detail_code"], "case_left_out", timed)
        self.assertIn("--every-case", timed["detail"])
        self.assertIsNone(timed["seconds"], timed)
        self.assertIsNone(timed["buffer"], timed)
        full = self.judge("off_by_one", perf=True)
        self.assertEqual(full.case_named("timed")["verdict"], "WA", full)
        self.assertEqual([(c["name"], c["verdict"]) for c in full.cases if c["name"] != "timed"],
                         [(c["name"], c["verdict"]) for c in quick.cases if c is not timed])

    def test_a_big_case_runs_when_nothing_before_it_was_wrong(self):
        # every case right but the big one: it is run, and its own mistake found
        run = self.judge("timed_wrong_last", perf=True, extra=["--skip-big-after-wrong"])
        self.assertEqual(run.summary["verdict"], "WA", run)
        self.assertEqual(run.case_named("timed")["verdict"], "WA", run)
        self.assertTrue(all(c["verdict"] == "AC" for c in run.cases if c["name"] != "timed"))
        right = self.judge("timed", perf=True, extra=["--skip-big-after-wrong"])
        self.assertEqual(right.summary["verdict"], "AC", right)

    def test_a_case_the_program_left_out_unasked_is_not_skipped(self):
        # only the engine decides that a case is left out: a program that says so of
        # its own (every case before right) has not run it
        for extra in (["--skip-big-after-wrong"], []):
            run = self.judge("left_out_unasked", perf=True, extra=extra)
            self.assertNotIn(run.summary["verdict"], ("AC", "SKIP"), run)
            self.assertNotEqual(run.case_named("timed")["verdict"], "SKIP", run)

    def test_reference_time_without_a_device_times_nothing(self):
        # the helper a host-driven judgement starts beside its build (backends/linked.c)
        # says so in its one line, and fails, when it cannot time the reference here
        p = self.engine(["judge", "--root", self.root, "--build", self.build, "--id",
                         "warp_scan", "--file", self.file, "--seed", "3", "--reference-time"])
        self.assertEqual(p.returncode, 2, p)
        line = json.loads(p.stdout.strip().splitlines()[-1])
        self.assertEqual((line["type"], line["median_ms"]), ("reference", -1), p)

    def test_cases_kept_in_a_folder(self):
        """--cases-dir (grade: one seed per exercise): the first judgement of an exercise
        and seed makes its cases and saves them, the next ones read them instead of making
        them, and judge as if they had made them (the same cases, the same mistakes found,
        the same timing); another seed or plan makes its own; a damaged file is made again."""
        folder = tempfile.mkdtemp(dir=self.tmp)
        keep = ["--cases-dir", folder]

        def kept_files():
            return sorted(n for n in os.listdir(folder) if n.endswith(".cases"))

        def cases_of(run):
            return [(c["name"], c["verdict"], c.get("params"), c.get("bad"),
                     [m["index"] for m in c.get("mismatches") or []]) for c in run.cases]

        made = self.judge("timed", perf=True)
        self.assertEqual(made.summary["cases_from"], "made")
        first = self.judge("timed", perf=True, extra=keep)
        self.assertEqual(first.summary["cases_from"], "saved")
        self.assertEqual(len(kept_files()), 1, kept_files())
        again = self.judge("timed", perf=True, extra=keep)
        self.assertEqual(again.summary["cases_from"], "kept", again)
        for run in (first, again):
            self.assertEqual(run.summary["verdict"], "AC", run)
            self.assertEqual(cases_of(run), cases_of(made))
            self.assertAlmostEqual(run.summary["timing"]["median_ms"],
                                   made.summary["timing"]["median_ms"], places=6)
        # a wrong file judged on kept cases: the same mistakes as on cases of its own
        wrong = self.judge("off_by_one", perf=True, extra=keep)
        self.assertEqual(wrong.summary["cases_from"], "kept")
        self.assertEqual(wrong.summary["verdict"], "WA", wrong)
        self.assertEqual(cases_of(wrong), cases_of(self.judge("off_by_one", perf=True)))
        # another seed, or the cases without their timed case: made and saved apart
        self.assertEqual(self.judge("solve", seed=43, perf=True, extra=keep)
                         .summary["cases_from"], "saved")
        self.assertEqual(self.judge("solve", extra=keep).summary["cases_from"], "saved")
        self.assertEqual(len(kept_files()), 3, kept_files())
        # a kept file cut short is not read: the cases are made (and saved) again
        path = os.path.join(folder, kept_files()[0])
        for name in kept_files():
            if "-s42-timed" in name:
                path = os.path.join(folder, name)
        os.truncate(path, 4096)
        redo = self.judge("timed", perf=True, extra=keep)
        self.assertEqual(redo.summary["cases_from"], "saved", redo)
        self.assertEqual(cases_of(redo), cases_of(made))
        self.assertEqual(self.judge("timed", perf=True, extra=keep).summary["cases_from"],
                         "kept")
        # a folder that cannot be written: the judgement goes on with cases of its own
        missing = os.path.join(self.tmp, "no-such-folder")
        run = self.judge("solve", extra=["--cases-dir", missing])
        self.assertEqual((run.summary["verdict"], run.summary["cases_from"]), ("AC", "made"))

    def test_a_time_not_about_bandwidth(self):
        """perf.bandwidth: false: the time and spread, no GB/s, percent or tier."""
        catalog = CATALOG.format(limits=f"wall_s: {WALL_S}", perf_n=PERF_N,
                                 perf_bytes=PERF_BYTES)
        catalog = catalog.replace("reps: 5}", "reps: 5, bandwidth: false}")
        self.assertIn("bandwidth: false", catalog)
        root = make_root(self.tmp, "latency-root", catalog=catalog)
        t = self.judge("timed", perf=True, root=root).summary["timing"]
        self.assertAlmostEqual(t["median_ms"], 0.5, places=6)
        self.assertEqual(t["reps"], 5)
        for key in ("gbps", "pct_of_copy", "ceiling", "pct_of_ceiling", "tier"):
            self.assertIsNone(t[key], key)

    def test_timing_without_a_reference_build(self):
        """With --prebuilt (no compiler, no device: dev.cc is 0) the engine
        must not time the reference: it once ran nvcc for sm_0 (or, without
        nvcc, execv(NULL)) and appended a build failure to the message."""
        run = self.judge("timed", perf=True)
        self.assertEqual(run.summary["message"], f"all {len(run.cases)} cases passed")

    # ---- memory -----------------------------------------------------------------

    def test_engine_under_valgrind(self):
        """No invalid reads or writes and no leaks in the engine, whatever the verdict."""
        valgrind = shutil.which("valgrind")
        if not valgrind or not USE_VALGRIND:
            self.skipTest("valgrind is not installed" if USE_VALGRIND else "--no-valgrind")
        wrapper = [valgrind, "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
                   "--error-exitcode=99", "-q"]
        for mode, verdict in (("solve", "AC"), ("off_by_one", "WA"), ("mark_done", "WA"),
                              ("exclusive", "WA"), ("crash", "RE"), ("guard", "RE"),
                              ("cuda_error_long", "RE"), ("exit_after", "RE"),
                              ("no_device", "JE")):
            with self.subTest(mode=mode):
                run = self.judge(mode, wrapper=wrapper)
                self.assertEqual(run.summary["verdict"], verdict, run)
                self.assertNotIn("==", run.stderr, run)  # valgrind's reports

    # ---- judge errors -------------------------------------------------------------

    def test_no_device(self):
        assert_ends(self, self.judge("no_device"), "JE", [], message_says=["doctor"],
                    returncode=2)

    def test_bad_wire(self):
        assert_ends(self, self.judge("bad_wire"), "JE",
                    message_says=["could not read its cases"])

    def test_wrong_arch(self):
        assert_ends(self, self.judge("wrong_arch"), "JE", message_says=["doctor"])

    def test_prebuilt_missing(self):
        assert_ends(self, self.judge(prebuilt=os.path.join(self.tmp, "no-such-binary")), "JE",
                    message_says=["cannot start the test program", "No such file or directory"])

    # ---- the host runner: a host-driven program built as a shared object ----------

    def hosted(self, mode="solve", prebuilt=None, **kw):
        """A judgement whose program is the stand-in built as a shared object
        (fake_test_binary.so), which the engine runs in the host runner
        (harness/runtime/host_runner.c), as it runs a host-driven exercise's
        program on a GPU: the runner maps the case file, starts the device (none
        here), waits for go, loads the program and calls its entry."""
        runner = os.path.join(os.path.dirname(ENGINE), "harness", "runtime", "cj-host-runner")
        if not os.path.isdir(os.path.dirname(runner)):
            self.skipTest("the runtime is not built here (no nvcc when meson set up)")
        self.assertTrue(os.access(runner, os.X_OK), f"{runner} was not built with the runtime")
        here = os.path.join(self.build, "harness", "runtime", "cj-host-runner")
        if not os.path.exists(here):
            os.makedirs(os.path.dirname(here), exist_ok=True)
            os.symlink(runner, here)
        return self.judge(mode, prebuilt=prebuilt or FAKE + ".so", **kw)

    def test_a_shared_object_runs_in_the_host_runner(self):
        # the same cases and verdicts as the program of its own
        for mode in ("solve", "off_by_one"):
            own, hosted = self.judge(mode), self.hosted(mode)
            self.assertEqual(hosted.summary["verdict"], own.summary["verdict"], hosted)
            self.assertEqual([(c["name"], c["verdict"], c["bad"]) for c in hosted.cases],
                             [(c["name"], c["verdict"], c["bad"]) for c in own.cases])
        # its asking before a big case goes through the runner's process too
        quick = self.hosted("off_by_one", perf=True, extra=["--skip-big-after-wrong"])
        self.assertEqual(quick.case_named("timed")["verdict"], "SKIP", quick)

    def test_a_program_the_host_runner_cannot_load_is_a_judge_error(self):
        missing = os.path.join(self.tmp, "no-such-program.so")
        not_elf = os.path.join(self.tmp, "not-a-program.so")
        with open(not_elf, "w") as f:
            f.write("not a shared object\n")
        for path, why in ((missing, "No such file or directory"), (not_elf, not_elf)):
            run = self.hosted(prebuilt=path)
            summary, _ = assert_ends(self, run, "JE", [], returncode=2,
                                     message_says=["could not be loaded", why, "judge again"])
            self.assertEqual(summary["code"], "program_not_loaded", run)

    # ---- seeds ------------------------------------------------------------------

    def test_same_seed_same_cases(self):
        a = self.judge("exclusive", seed=7)
        b = self.judge("exclusive", seed=7)
        c = self.judge("exclusive", seed=8)
        self.assertEqual(a.summary["seed"], 7)
        self.assertEqual(c.summary["seed"], 8)
        self.assertEqual(a.cases, b.cases)
        self.assertEqual(a.summary["message"], b.summary["message"])
        self.assertNotEqual(a.cases, c.cases)  # the inputs follow the seed

    def test_fresh_seeds(self):
        a = self.judge("exclusive", seed=None)
        b = self.judge("exclusive", seed=None)
        for run in (a, b):
            self.assertTrue(0 <= run.summary["seed"] < 2 ** 31, run.summary["seed"])
        self.assertNotEqual(a.summary["seed"], b.summary["seed"])
        # the printed seed reproduces the run
        again = self.judge("exclusive", seed=a.summary["seed"])
        self.assertEqual(again.cases, a.cases)

    def test_bad_seed(self):
        for bad in ("abc", "-5", "12x", "", "99999999999999999999999"):
            with self.subTest(seed=bad):
                run = self.engine(["judge", "--root", self.root, "--build", self.build,
                                   "--id", "warp_scan", "--file", self.file,
                                   "--prebuilt", FAKE, "--seed", bad])
                self.assertEqual(run.returncode, 2, run)
                self.assertIn(f"--seed takes a whole number, not '{bad}'", run.stderr)
                self.assertEqual(run.stdout, "")

    # ---- usage and catalog errors ---------------------------------------------

    def test_unknown_id(self):
        run = self.engine(["judge", "--root", self.root, "--build", self.build, "--id", "nope",
                           "--file", self.file, "--prebuilt", FAKE])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("unknown exercise 'nope'", run.stderr)
        self.assertEqual(run.stdout, "")

    def test_bad_catalog_key(self):
        text = CATALOG.format(limits="wall_s: 3", perf_n=PERF_N, perf_bytes=PERF_BYTES)
        lines = text.splitlines(keepends=True)
        lines.insert(4, "  titel: {en: x, zh: y}\n")  # becomes line 5
        root = make_root(self.tmp, "bad-key-root", catalog="".join(lines))
        run = self.engine(["judge", "--root", root, "--build", self.build, "--id", "warp_scan",
                           "--file", os.path.join(root, "exercises", "warp_scan.cu"),
                           "--prebuilt", FAKE])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("problems.yaml:5:3: unknown key 'titel' in an exercise", run.stderr)
        self.assertEqual(run.stdout, "")
        # `catalog` says the same
        run = self.engine(["catalog", "--root", root])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("problems.yaml:5:3: unknown key 'titel'", run.stderr)

    def test_missing_catalog(self):
        root = os.path.join(self.tmp, "empty-root")
        os.makedirs(root, exist_ok=True)
        run = self.engine(["judge", "--root", root, "--build", self.build, "--id", "warp_scan",
                           "--file", self.file, "--prebuilt", FAKE])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("problems.yaml: cannot read the catalog", run.stderr)

    def test_missing_file(self):
        run = self.engine(["judge", "--root", self.root, "--build", self.build,
                           "--id", "warp_scan", "--file", os.path.join(self.tmp, "nope.cu"),
                           "--prebuilt", FAKE])
        self.assertEqual(run.returncode, 2, run)
        self.assertIn("cannot read", run.stderr)
        self.assertIn("nope.cu", run.stderr)

    def test_usage(self):
        for args in ([], ["judge"], ["judge", "--root"], ["bogus", "--root", self.root],
                     ["judge", "--root", self.root, "--frobnicate"]):
            with self.subTest(args=args):
                run = self.engine(args)
                self.assertEqual(run.returncode, 2, run)
                self.assertIn("usage: cudajudge", run.stderr)
                self.assertEqual(run.stdout, "")

    def test_catalog_command(self):
        run = self.engine(["catalog", "--root", self.root])
        self.assertEqual(run.returncode, 0, run)
        cat = json.loads(run.stdout)
        (p,) = cat["problems"]
        self.assertEqual(p["id"], "warp_scan")
        self.assertEqual(p["aliases"], ["warp_inclusive_scan"])
        self.assertEqual(p["limits"], {"wall_s": WALL_S, "cpu_s": 2 * WALL_S, "memory_mb": 0,
                                       "output_kb": OUTPUT_KB})
        self.assertEqual(p["perf"], {"n": PERF_N, "bytes_per_elem": PERF_BYTES, "reps": 5,
                                     "bandwidth": True})
        self.assertEqual(p["check"]["exact"], True)
        self.assertEqual(p["backends"], ["gpu"])
        self.assertEqual(p["title"]["zh"], "warp 内的包含式前缀和")
        self.assertTrue(p["harness"])
        self.assertEqual(p["line"], 1)

FAKE_SANITIZER = """\
#!/usr/bin/env python3
# Stands in for compute-sanitizer: runs the program after "--" (keeping its
# descriptors), then writes $FAKE_SANITIZER_LOG_<TOOL> (with {file} replaced by
# $FAKE_SANITIZER_FILE) to the --log-file, and notes the tool in
# $FAKE_SANITIZER_CALLS.
import os, subprocess, sys
args = sys.argv[1:]
tool = args[args.index("--tool") + 1]
log = args[args.index("--log-file") + 1]
program = args[args.index("--") + 1:]
with open(os.environ["FAKE_SANITIZER_CALLS"], "a") as calls:
    calls.write(tool + "\\n")
status = subprocess.run(program, close_fds=False).returncode
text = os.environ.get("FAKE_SANITIZER_LOG_" + tool.upper())
if text is not None:
    with open(log, "w") as out:
        out.write(text.replace("{file}", os.environ["FAKE_SANITIZER_FILE"]))
sys.exit(status)
"""

CLEAN = "========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: 0 errors\n"
# One invalid write of 4 bytes, made at a place by a thread (of a block).
MEMCHECK_WRITE = """\
========= COMPUTE-SANITIZER
========= Invalid __global__ write of size 4 bytes
=========     at %s
=========     by thread %s
=========     Address 0x7f0000001000 is out of bounds
=========
========= ERROR SUMMARY: 1 error
"""
MEMCHECK_LEARNER = MEMCHECK_WRITE % ("warp_inclusive_scan(int)+0x90 in {file}:7",
                                     "(33,0,0) in block (1,0,0)")
MEMCHECK_HARNESS = MEMCHECK_WRITE % (
    "cj_scan_kernel(const int *, int *, long long)+0x90 in "
    "{root}/harness/problems/warp_scan/glue.cuh:20", "(0,0,0) in block (0,0,0)")
RACECHECK_LEARNER = """\
========= COMPUTE-SANITIZER
========= Error: Potential RAW hazard detected at __shared__ 0x8 in block (2,0,0) :
=========     Write Thread (40,0,0) at warp_inclusive_scan(int)+0x40 in {file}:5
=========     Read Thread (9,0,0) at warp_inclusive_scan(int)+0x80 in {file}:6
=========
========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)
"""


class SanitizeFakeTest(unittest.TestCase):
    """--backend sanitize with the stand-in test binary run by a stand-in
    compute-sanitizer ($COMPUTE_SANITIZER) that writes a chosen report."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cj-engine-sanitize-")
        cls.root = os.path.realpath(make_root(cls.tmp, "root"))
        cls.build = os.path.join(cls.tmp, "build")
        os.makedirs(cls.build)
        cls.file = os.path.join(cls.root, "exercises", "warp_scan.cu")
        cls.tool = os.path.join(cls.tmp, "fake-sanitizer")
        with open(cls.tool, "w", encoding="utf-8") as f:
            f.write(FAKE_SANITIZER)
        os.chmod(cls.tool, 0o755)
        cls.calls = os.path.join(cls.tmp, "calls")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def sanitize(self, logs, tool="memcheck", mode="solve"):
        if os.path.exists(self.calls):
            os.unlink(self.calls)
        env = dict(os.environ, FAKE_MODE=mode, COMPUTE_SANITIZER=self.tool,
                   FAKE_SANITIZER_CALLS=self.calls, FAKE_SANITIZER_FILE=self.file)
        for name, text in logs.items():
            env["FAKE_SANITIZER_LOG_" + name.upper()] = text.replace("{root}", self.root)
        proc = subprocess.run([ENGINE, "judge", "--root", self.root, "--build", self.build,
                               "--id", "warp_scan", "--file", self.file, "--prebuilt", FAKE,
                               "--seed", "7", "--no-perf", "--backend", "sanitize",
                               "--tool", tool],
                              capture_output=True, text=True, env=env, timeout=300,
                              stdin=subprocess.DEVNULL)
        run = Run(proc, 0)
        self.assertIsNotNone(run.summary, run)
        with open(self.calls, encoding="utf-8") as f:
            run.tools = f.read().split()
        return run

    def start(self, env_extra=None, timed=False):
        """An engine judging under the stand-in tool (or, timed, with its timed
        case and no tool), not waited for."""
        env = dict(os.environ, FAKE_MODE="timed" if timed else "solve",
                   COMPUTE_SANITIZER=self.tool,
                   FAKE_SANITIZER_CALLS=self.calls, FAKE_SANITIZER_FILE=self.file,
                   FAKE_SANITIZER_LOG_MEMCHECK=CLEAN, CUDAJUDGE_SHARE_DEVICE="1")
        for key, value in (env_extra or {}).items():
            if value is None:  # not set at all
                env.pop(key, None)
            else:
                env[key] = value
        how = [] if timed else ["--no-perf", "--backend", "sanitize"]
        return subprocess.Popen([ENGINE, "judge", "--root", self.root, "--build", self.build,
                                 "--id", "warp_scan", "--file", self.file, "--prebuilt", FAKE,
                                 "--seed", "7", *how],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env, stdin=subprocess.DEVNULL)

    def finishes_ac(self, proc):
        out, _ = proc.communicate(timeout=120)
        summary = json.loads(out.splitlines()[-1])
        self.assertEqual(summary["verdict"], "AC", out)
        return summary

    def appears(self, path, proc):
        """Waits for `path` while the run goes on (60 s at most)."""
        for _ in range(600):
            if os.path.exists(path):
                return
            self.assertIsNone(proc.poll(), f"the run ended before {path} was made")
            time.sleep(0.1)
        self.fail(f"no {path} after 60 s")

    def waits_for(self, lock, held, why, **start):
        """While this test holds the device lock as `held`, the run started
        with `start` must wait (it takes 0.2 s alone), then finish AC."""
        fcntl.flock(lock, held)
        proc = self.start(**start)
        time.sleep(1.0)
        self.assertIsNone(proc.poll(), why)
        fcntl.flock(lock, fcntl.LOCK_UN)
        self.finishes_ac(proc)

    def test_sanitizer_runs_share_the_device_lock(self):
        with open(os.path.join(self.build, "device.lock"), "a+") as lock:
            # Another sanitizer run holds the device: this one goes ahead...
            fcntl.flock(lock, fcntl.LOCK_SH)
            self.finishes_ac(self.start())
            fcntl.flock(lock, fcntl.LOCK_UN)
            # ...but not while a run that times itself has it to itself.
            self.waits_for(lock, fcntl.LOCK_EX, "ran while another run had the device alone")
            # These wait for a sharing run: a timed run, any run unless sharing was
            # asked for, and one asked to run alone.
            self.waits_for(lock, fcntl.LOCK_SH, "timed a run while another run used the device",
                           timed=True)
            self.waits_for(lock, fcntl.LOCK_SH, "shared without CUDAJUDGE_SHARE_DEVICE",
                           env_extra={"CUDAJUDGE_SHARE_DEVICE": None})
            self.waits_for(lock, fcntl.LOCK_SH, "shared with CUDAJUDGE_SHARE_DEVICE empty",
                           env_extra={"CUDAJUDGE_SHARE_DEVICE": ""})
            self.waits_for(lock, fcntl.LOCK_SH, "ran alone while another run used the device",
                           env_extra={"CUDAJUDGE_DEVICE_ALONE": "1"})

    def test_a_timed_run_has_the_device_alone_only_for_its_timed_launches(self):
        mark = os.path.join(self.tmp, "handover")
        with open(os.path.join(self.build, "device.lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)  # a sharing run has the device
            proc = self.start(timed=True, env_extra={"FAKE_MARK": mark})
            # It starts and judges its untimed cases beside the other run...
            self.appears(mark + ".asking", proc)
            # ...and times nothing while that run has the device.
            time.sleep(0.5)
            self.assertFalse(os.path.exists(mark + ".alone"), "timed beside another run")
            self.assertIsNone(proc.poll())
            fcntl.flock(lock, fcntl.LOCK_UN)
            self.appears(mark + ".alone", proc)
            # While it times (1 s), no other run may share the device.
            with self.assertRaises(BlockingIOError):
                fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
            summary = self.finishes_ac(proc)
            self.assertEqual(summary["timing"]["median_ms"], 0.5, summary)
            fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)  # free again
            fcntl.flock(lock, fcntl.LOCK_UN)

    def test_a_timing_made_without_the_device_alone_is_not_taken(self):
        with open(os.path.join(self.build, "device.lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)  # a sharing run has the device
            # The stand-in's "solve" never asks for the device alone; with
            # FAKE_MODE=timed it would. Its timed case says nothing of time
            # in solve mode, so make it claim some without asking:
            proc = self.start(timed=True, env_extra={"FAKE_MODE": "timed_unasked"})
            summary = self.finishes_ac(proc)
            fcntl.flock(lock, fcntl.LOCK_UN)
            self.assertFalse(summary["timing"] and summary["timing"].get("median_ms"), summary)

    def wrong_then_asks(self, share, mode="timed_wrong"):
        """A run whose small cases are wrong asks to time its timed case: the engine
        says no (the verdict is WA whatever it times), and it times nothing."""
        mark = os.path.join(self.tmp, f"wrong-{share}-{mode}")
        env = {"FAKE_MODE": mode, "FAKE_MARK": mark,
               "CUDAJUDGE_SHARE_DEVICE": "1" if share else None}
        proc = self.start(timed=True, env_extra=env)
        out, _ = proc.communicate(timeout=120)
        summary = json.loads(out.splitlines()[-1])
        self.assertEqual(summary["verdict"], "WA", out)
        self.assertTrue(os.path.exists(mark + ".asking"), "it never asked to time")
        self.assertFalse(os.path.exists(mark + ".alone"), "timed after a wrong case")
        timed = [c for c in summary["cases"] if c.get("time_ms")]
        self.assertEqual(timed, [])
        return summary

    def test_nothing_timed_after_a_wrong_case(self):
        # the engine holds the device alone throughout
        self.wrong_then_asks(share=False)
        # sharing it, the run never waits to have it alone: here another run
        # holds it (shared) for the whole run, and this one still ends
        with open(os.path.join(self.build, "device.lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)
            self.wrong_then_asks(share=True)
            fcntl.flock(lock, fcntl.LOCK_UN)

    def test_nothing_timed_when_the_timed_case_itself_is_wrong(self):
        # every case before it right: the outputs it wrote before it asked decide
        summary = self.wrong_then_asks(share=False, mode="timed_wrong_last")
        wrong = [c for c in summary["cases"] if c.get("verdict") not in (None, "AC", "OK")]
        self.assertTrue(wrong, summary)

    def test_a_run_waiting_to_be_alone_goes_before_later_sharing_runs(self):
        with open(os.path.join(self.build, "device.lock"), "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_SH)  # a sharing run has the device
            alone = self.start(timed=True)
            time.sleep(1.0)
            self.assertIsNone(alone.poll(), "timed a run while another run used the device")
            # A sharing run that comes later waits behind the one waiting to
            # be alone, although the device is only shared now.
            later = self.start()
            time.sleep(1.0)
            self.assertIsNone(later.poll(), "a sharing run overtook a run waiting to be alone")
            fcntl.flock(lock, fcntl.LOCK_UN)
            self.finishes_ac(alone)
            self.finishes_ac(later)

    def test_clean_report_keeps_the_verdict(self):
        run = self.sanitize({"memcheck": CLEAN})
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(run.returncode, 0)
        self.assertEqual(run.tools, ["memcheck"])
        # the sanitizer runs small cases only: none is timed
        self.assertFalse(run.summary["timing"] and run.summary["timing"].get("median_ms"))

    def test_learner_memory_error_is_re_at_the_learners_line(self):
        run = self.sanitize({"memcheck": MEMCHECK_LEARNER})
        self.assertEqual(run.summary["verdict"], "RE", run)
        self.assertEqual(run.returncode, 1)
        message = run.summary["message"]
        self.assertIn("memcheck found a memory error", message)
        self.assertIn("exercises/warp_scan.cu:7", message)
        self.assertIn("thread (33,0,0) of block (1,0,0)", message)
        self.assertNotIn(self.root, message)

    def test_a_finding_explains_a_wrong_answer(self):
        run = self.sanitize({"memcheck": MEMCHECK_LEARNER}, mode="exclusive")
        self.assertEqual(run.summary["verdict"], "RE", run)

    def test_harness_finding_is_a_judge_error(self):
        run = self.sanitize({"memcheck": MEMCHECK_HARNESS})
        self.assertEqual(run.summary["verdict"], "JE", run)
        self.assertEqual(run.returncode, 2)
        self.assertIn("judge's own code", run.summary["message"])
        self.assertIn("harness/problems/warp_scan/glue.cuh:20", run.summary["message"])

    def test_no_report_is_a_judge_error(self):
        run = self.sanitize({})
        self.assertEqual(run.summary["verdict"], "JE", run)
        self.assertIn("did not check the program", run.summary["message"])

    def test_racecheck_hazard_is_race(self):
        run = self.sanitize({"racecheck": RACECHECK_LEARNER}, tool="racecheck")
        self.assertEqual(run.summary["verdict"], "RACE", run)
        self.assertEqual(run.tools, ["racecheck"])
        message = run.summary["message"]
        self.assertIn("exercises/warp_scan.cu:5 and exercises/warp_scan.cu:6", message)
        self.assertIn("thread (40,0,0) (write)", message)
        self.assertIn("thread (9,0,0) (read)", message)
        self.assertIn("byte 0x8 of shared memory in block (2,0,0)", message)

    def test_all_runs_the_tools_in_turn_until_one_finds(self):
        run = self.sanitize({"memcheck": CLEAN, "racecheck": RACECHECK_LEARNER,
                             "synccheck": CLEAN, "initcheck": CLEAN}, tool="all")
        self.assertEqual(run.summary["verdict"], "RACE", run)
        self.assertEqual(run.tools, ["memcheck", "racecheck"])
        run = self.sanitize({t: CLEAN for t in ("memcheck", "racecheck", "synccheck",
                                                "initcheck")}, tool="all")
        self.assertEqual(run.summary["verdict"], "AC", run)
        self.assertEqual(run.tools, ["memcheck", "racecheck", "synccheck", "initcheck"])

    def test_printed_findings_do_not_count(self):
        # The program's own output (PASS, a fake summary; no outputs written)
        # is not the tool's report: the verdict stays the engine's own WA.
        run = self.sanitize({"memcheck": CLEAN}, mode="print_pass")
        self.assertEqual(run.summary["verdict"], "WA", run)


def paths_parser():
    """The options that name the engine and the fake test binary (this script's and
    test_engine_lang.py's)."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--engine")
    parser.add_argument("--fake")
    return parser


def set_paths(opts, script):
    """ENGINE and FAKE from --engine and --fake, else CUDAJUDGE_ENGINE or CUDAJUDGE_BUILD's;
    False, once it said which, when one is not an executable."""
    global ENGINE, FAKE
    build = os.environ.get("CUDAJUDGE_BUILD")
    engine = opts.engine or os.environ.get("CUDAJUDGE_ENGINE") or \
        (build and os.path.join(build, "cudajudge"))
    binary = opts.fake or (build and os.path.join(build, "tests", "fake_test_binary"))
    for what, path in (("--engine", engine), ("--fake", binary)):
        if not path or not os.access(path, os.X_OK):
            print(f"{script}: {what} {path!r} is not an executable", file=sys.stderr)
            return False
    ENGINE, FAKE = os.path.abspath(engine), os.path.abspath(binary)
    return True


def main():
    global USE_VALGRIND
    parser = paths_parser()
    parser.add_argument("--no-valgrind", action="store_true",
                        help="the engine is built with a sanitizer")
    opts, rest = parser.parse_known_args()
    USE_VALGRIND = not opts.no_valgrind
    if not set_paths(opts, "test_engine_fake.py"):
        return 2
    program = unittest.main(argv=[sys.argv[0], "-v"] + rest, exit=False)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
