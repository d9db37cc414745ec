"""`judge.py hint ID [--all]`: the next hint of an exercise (or all of them);
progress.json remembers how many were shown.

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.catalog import hints_of
from cudajudge_cli.messages import tr
from cudajudge_cli.options import add_id_argument
from cudajudge_cli.progress import as_count
from cudajudge_cli.terminal import Style, say, wrap
from cudajudge_cli.workspace import Workspace


def add_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("--all", action="store_true", help=tr("help_hint_all"))


def run(options):
    ws = Workspace()
    problem = ws.problem(options.id)
    hints = hints_of(problem)
    if not hints:
        say(tr("hint_none", id=problem["id"]))
        return 0
    problem_id, style, chosen = problem["id"], Style(sys.stdout), {}

    def take_hint(data):
        record = data["exercises"].setdefault(problem_id, {})
        seen = min(as_count(record.get("hints_shown")), len(hints))
        chosen["number"] = len(hints) if options.all else min(seen + 1, len(hints))
        record["hints_shown"] = max(seen, chosen["number"])

    ws.progress().update(take_hint)
    shown = range(1, len(hints) + 1) if options.all else [chosen["number"]]
    for number in shown:
        say(style.bold(tr("hint_title", n=number, total=len(hints), id=problem_id)))
        say(wrap(hints[number - 1].rstrip("\n")))
    if chosen["number"] < len(hints):
        say(style.dim(tr("hint_more", id=problem_id, left=len(hints) - chosen["number"])))
    else:
        say(style.dim(tr("hint_last", id=problem_id)))
    return 0
