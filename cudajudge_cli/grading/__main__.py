"""`python3 -m cudajudge_cli.grading`: not a door of its own. Grading has one command,
`python3 judge.py grade` (and `judge.py grade-bundle` for the platforms' zip); this says
so and stops."""

import sys

from .texts import t

print(t("one_door", "en") + "\n" + t("one_door", "zh"), file=sys.stderr)
sys.exit(2)
