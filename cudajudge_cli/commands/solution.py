"""`judge.py solution ID [--force]`: the reference solution, once the
learner's file is AC (or with --force; learn/actions.solution decides, as for
the web page's solution button).

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.commands.options import add_id_argument, chosen_exercise
from cudajudge_cli.core.texts import tr
from cudajudge_cli.learn import actions
from cudajudge_cli.view.terminal import Style, say


def add_arguments(parser):
    add_id_argument(parser, switch=("--force", tr("help_force")))


def run(options):
    ws, problem = chosen_exercise(options)
    reference, text = actions.solution(ws, problem, force=options.force)
    style = Style(sys.stdout)
    say(style.bold(tr("solution_title", file=ws.relative(reference))))
    say(text.rstrip("\n"))
    return 0
