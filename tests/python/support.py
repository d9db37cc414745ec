"""Shared pieces of the judge.py tests: paths, a clean environment, and
FakeRepoTest, a throw-away repository layout judged with fake_engine.py.

Not a test module itself (unittest discovery only loads test*.py).
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT_ROOT = os.path.dirname(os.path.dirname(HERE))
JUDGE = os.path.join(SCRIPT_ROOT, "judge.py")
FAKE_ENGINE = os.path.join(HERE, "fake_engine.sh")  # fake_engine.py, started quickly
FIXTURES = os.path.join(HERE, "fixtures")
REAL_ROOT = os.path.abspath(os.environ.get("CUDAJUDGE_ROOT") or SCRIPT_ROOT)
REAL_BUILD = os.path.abspath(os.environ.get("CUDAJUDGE_BUILD")
                             or os.path.join(REAL_ROOT, "build"))
REAL_ENGINE = os.path.join(REAL_BUILD, "cudajudge")
APT_FIX = "sudo apt-get install -y meson ninja-build libyaml-dev"
# judge.py as the tests start it: -S leaves site-packages out, which both
# checks that judge.py needs only the standard library and saves the start-up
# time of .pth hooks on every one of the many runs.
JUDGE_COMMAND = [sys.executable, "-S", JUDGE]


# The driver's package, imported from this checkout for the unit tests.
sys.path.insert(0, SCRIPT_ROOT)


def clean_environment():
    """The caller's environment without anything that would steer judge.py."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FAKE_", "CUDAJUDGE_", "LC_", "NO_COLOR", "LANGUAGE"))}
    env.update(LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
    return env


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def read(path):
    with open(path, encoding="utf-8") as source:
        return source.read()


def option_value(call, option):
    return call[call.index(option) + 1]


class FakeRepoTest(unittest.TestCase):
    """A temporary repository layout, judged with the fake engine.

    exercises/, templates/ and reference/ hold warp_scan.cu; templates/ and
    reference/ also hold warp_reduce.cu (its exercise file is not there yet).
    """

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="cudajudge-test-")
        self.root = self.tmp.name
        self.log = os.path.join(self.root, "engine-calls.jsonl")
        for folder in ("exercises", "templates", "reference"):
            write(os.path.join(self.root, folder, "warp_scan.cu"),
                  f"// {folder} copy of warp_scan\n")
        for folder in ("templates", "reference"):
            write(os.path.join(self.root, folder, "warp_reduce.cu"),
                  f"// {folder} copy of warp_reduce\n")
        corpus = os.path.join(self.root, "tests", "submissions", "warp_scan")
        write(os.path.join(corpus, "accepted", "shfl_up.cu"), "// good\n")
        write(os.path.join(corpus, "wrong_answer", "exclusive.cu"), "// off by one\n")
        write(os.path.join(corpus, "compile_error", "typo.cu"), "// typo\n")

    def tearDown(self):
        self.tmp.cleanup()

    def environment(self, env=None):
        full_env = clean_environment()
        full_env.update(CUDAJUDGE_ENGINE=FAKE_ENGINE, CUDAJUDGE_ROOT=self.root,
                        CUDAJUDGE_BUILD=os.path.join(self.root, "build"), FAKE_LOG=self.log,
                        FAKE_PYTHON=sys.executable)
        full_env.update(env or {})
        return full_env

    def judge(self, *args, env=None, cwd=None, timeout=120):
        return subprocess.run(JUDGE_COMMAND + list(args), cwd=cwd or self.root,
                              env=self.environment(env), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                              encoding="utf-8", timeout=timeout)

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def engine_calls(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log, encoding="utf-8") as log:
            return [json.loads(line) for line in log]

    def judge_calls(self):
        return [call for call in self.engine_calls() if call[:1] == ["judge"]]

    def progress(self, folder=None):
        """The saved progress.json, parsed."""
        with open(os.path.join(folder or self.path(".cudajudge"), "progress.json"),
                  encoding="utf-8") as source:
            return json.load(source)

    def assertCleanFailure(self, done, code=2):
        """A user-facing failure: the right status and no Python traceback."""
        self.assertEqual(done.returncode, code, done.stdout + done.stderr)
        self.assertNotIn("Traceback", done.stdout + done.stderr)

    def assertUsageError(self, done, *texts):
        """argparse refused the command line: status 2, usage, and the texts."""
        self.assertCleanFailure(done, 2)
        self.assertIn("usage: judge.py", done.stderr)
        self.assertIn("see the options with: python3 judge.py", done.stderr)
        for text in texts:
            self.assertIn(text, done.stderr)

    def assertHasLines(self, lines, *expected):
        """Each expected line is one of lines; the missing ones are named together."""
        missing = [line for line in expected if line not in lines]
        self.assertEqual(missing, [], "\n".join(lines))

    def json_lines(self, done):
        return [json.loads(line) for line in done.stdout.splitlines()]
