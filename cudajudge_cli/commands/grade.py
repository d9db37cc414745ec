"""`judge.py grade ROSTER [--policy FILE] [--out DIR]`: judges a whole class for a course
and writes the grades, feedback, JUnit and an HTML report (docs/grading.md). The work is
in cudajudge_cli/grading/ (its cli module has the options); registered in
commands/__init__.py.
"""

from cudajudge_cli.grading import cli


def add_arguments(parser):
    cli.add_arguments(parser)


def run(options):
    return cli.run(options)
