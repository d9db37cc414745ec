#!/usr/bin/env python3
"""judge.py: the learner's entry point to cudajudge.

    python3 judge.py                    your progress and the next exercise
    python3 judge.py warp_scan          judge exercises/warp_scan.cu
    python3 judge.py watch [ID]         judge again on every save (--next moves on after AC)
    python3 judge.py list | show ID | hint ID | solution ID | reset ID
    python3 judge.py editor | check | doctor | selftest

A driver around the C engine (build/cudajudge): it makes sure the engine is
built, turns the name the learner typed into an exercise id, runs the engine
and renders its JSON for people. It never decides a verdict: the engine does,
and judge.py exits with the engine's status (0 accepted, 1 the learner's code
failed, 2 usage or environment error).

This file only finds the package cudajudge_cli/ next to it and calls it; the
driver's modules and how a command is added are described in
docs/driver-layout.md.

Environment:
    CUDAJUDGE_ROOT    the repository (default: the folder of this file)
    CUDAJUDGE_BUILD   the build folder (default: ROOT/build)
    CUDAJUDGE_ENGINE  an engine executable to use as is; skips building
    CUDAJUDGE_STATE   where progress is kept (default: ROOT/.cudajudge)
    CUDAJUDGE_DEBUG=1 show a traceback on internal errors
    CUDAJUDGE_SHARE_DEVICE=1  on a GPU, runs that measure nothing share the
                      device (check is faster; a file whose verdict is not the
                      expected one is judged again alone)
    NO_COLOR          no colour unless --color always
    LC_ALL, LC_MESSAGES, LANG   zh... selects Chinese

Python 3.9 or newer, standard library only.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from cudajudge_cli.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
