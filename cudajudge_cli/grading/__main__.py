"""`python3 -m cudajudge_cli.grading`: not a door of its own. Grading has one command,
`python3 judge.py grade` (and `judge.py grade-bundle` for the platforms' zip); this says
so and stops."""

import sys

print("grading has one command: python3 judge.py grade ... (python3 judge.py grade --help)\n"
      "评分只有一个命令：python3 judge.py grade ...（python3 judge.py grade --help）",
      file=sys.stderr)
sys.exit(2)
