"""`judge.py hint ID [--all]`: the next hint of an exercise (or all of them);
progress.json remembers how many were shown (learn/actions.take_hint, as the
web page's hint button counts them).

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.commands.options import add_id_argument, chosen_exercise
from cudajudge_cli.core.texts import localized, tr
from cudajudge_cli.learn import actions
from cudajudge_cli.learn.catalog import hint_pair
from cudajudge_cli.view.terminal import Style, say, wrap


def add_arguments(parser):
    add_id_argument(parser, switch=("--all", tr("help_hint_all")))


def run(options):
    ws, problem = chosen_exercise(options)
    problem_id, style = problem["id"], Style(sys.stdout)
    shown, total = actions.take_hint(ws, problem, every=options.all)
    if not total:
        say(tr("hint_none", id=problem_id))
        return 0
    for number in shown:
        say(style.bold(tr("hint_title", n=number, total=total, id=problem_id)))
        say(wrap(localized(hint_pair(problem, number)).rstrip("\n")))
    if shown[-1] < total:
        say(style.dim(tr("hint_more", id=problem_id, left=total - shown[-1])))
    else:
        say(style.dim(tr("hint_last", id=problem_id)))
    return 0
