"""The start every emulator test script here shares (test_emu_lang.py,
test_reports.py, test_folder_names.py): --root and --engine, the skip when
the CPU emulator is not built, and unittest on the rest of the command line;
summary() judges one file. Not a test itself.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest


def summary(module, problem, path, *options, **env):
    """The summary record of `judge.py PROBLEM PATH --emulate --json OPTIONS`
    with module's ROOT, ENGINE and STATE, and env added to the environment."""
    full_env = dict(os.environ, CUDAJUDGE_ROOT=module.ROOT, CUDAJUDGE_ENGINE=module.ENGINE,
                    CUDAJUDGE_STATE=module.STATE, **env)
    run = subprocess.run([sys.executable, os.path.join(module.ROOT, "judge.py"), problem, path,
                          "--emulate", "--json", *options],
                         env=full_env, capture_output=True, text=True, timeout=600)
    for line in run.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if record.get("type") == "summary":
            return record
    raise AssertionError(f"no summary from judge.py for {path}:\n{run.stdout}\n{run.stderr}")


def run(module, prefix, before=None):
    """Sets module.ROOT, module.ENGINE and (for the run) module.STATE, a
    temporary folder; calls before() once the paths are known; returns the
    exit status (77: skipped)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--engine", required=True)
    options, rest = parser.parse_known_args()
    module.ROOT, module.ENGINE = os.path.abspath(options.root), os.path.abspath(options.engine)
    lib = os.path.join(os.path.dirname(module.ENGINE), "harness", "emu", "libcjrt_emu.a")
    if not (os.environ.get("CXX") or shutil.which("g++")) or not os.path.exists(lib):
        print("1..0 # SKIP the CPU emulator is not built here")
        return 77
    if before:
        before()
    with tempfile.TemporaryDirectory(prefix=prefix) as state:
        module.STATE = state
        result = unittest.main(module=module, argv=[sys.argv[0]] + rest, exit=False,
                               verbosity=2).result
    return 0 if result.wasSuccessful() else 1
