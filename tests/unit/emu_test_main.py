"""The start every emulator test script here shares (test_emu_lang.py,
test_reports.py): --root and --engine, the skip when the CPU emulator is not
built, and unittest on the rest of the command line. Not a test itself.
"""
import argparse
import os
import shutil
import sys
import tempfile
import unittest


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
