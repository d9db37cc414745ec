"""`python3 -m cudajudge_cli.grading ROSTER ...`: the grade command on its own (the same
options as `python3 judge.py grade`)."""

import sys

from .cli import main

sys.exit(main())
