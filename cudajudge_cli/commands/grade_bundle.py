"""`judge.py grade-bundle gradescope --policy FILE [--out autograder.zip]`: writes the
autograder zip a Gradescope programming assignment is given (setup.sh, run_autograder,
the policy and this repository without what students must not see). The work is in
cudajudge_cli/grading/bundle.py; `judge.py grade --bundle gradescope` does the same.
Registered in commands/__init__.py as "grade-bundle"; see docs/platforms.md.
"""

from cudajudge_cli.grading import bundle


def add_arguments(parser):
    bundle.add_arguments(parser)


def run(options):
    return bundle.run(options)
