"""`python3 -m cudajudge_cli.grading`: not a door of its own. Grading has one command,
`python3 judge.py grade` (and `judge.py grade-bundle` for the platforms' zip); this says
so and stops."""

import sys

from cudajudge_cli.core.texts import tr


print(tr("grade_one_door", "en") + "\n" + tr("grade_one_door", "zh"), file=sys.stderr)
sys.exit(2)
