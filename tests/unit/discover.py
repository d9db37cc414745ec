#!/usr/bin/env python3
"""Runs `python3 -m unittest discover -s DIR` for meson, the same way, except
that a folder with no tests (or no folder yet) passes: since Python 3.12 plain
discovery exits 5 when it finds nothing to run.

Usage: discover.py DIR [-v] [-p PATTERN]
"""

import os
import sys
import unittest


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    start = os.path.abspath(argv[0])
    verbosity = 2 if "-v" in argv else 1
    pattern = argv[argv.index("-p") + 1] if "-p" in argv[:-1] else "test*.py"
    if not os.path.isdir(start):
        print(f"discover.py: {start} does not exist yet: nothing to run")
        return 0
    suite = unittest.defaultTestLoader.discover(start, pattern=pattern, top_level_dir=start)
    if suite.countTestCases() == 0:
        print(f"discover.py: no tests in {start} yet: nothing to run")
        return 0
    result = unittest.TextTestRunner(verbosity=verbosity).run(suite)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
