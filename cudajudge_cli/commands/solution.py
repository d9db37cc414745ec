"""`judge.py solution ID [--force]`: the reference solution, once the
learner's file is AC (or with --force).

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import tr
from cudajudge_cli.options import add_id_argument
from cudajudge_cli.progress import exercise_record
from cudajudge_cli.terminal import Style, say
from cudajudge_cli.workspace import Workspace


def add_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("--force", action="store_true", help=tr("help_force"))


def run(options):
    ws = Workspace()
    problem_id = ws.problem(options.id)["id"]
    record = exercise_record(ws.progress().read(), problem_id)
    solved = record.get("best_verdict") == "AC"
    if not solved and not options.force:
        best = record.get("best_verdict")
        raise JudgeError(tr("solution_locked", id=problem_id,
                            best=best if best else tr("solution_not_judged")),
                         exit_code=1, as_is=True)
    reference = ws.path("reference", f"{problem_id}.cu")
    try:
        with open(reference, encoding="utf-8", errors="replace") as source:
            text = source.read()
    except OSError:
        raise JudgeError(tr("reference_missing", file=ws.relative(reference)))
    style = Style(sys.stdout)
    say(style.bold(tr("solution_title", file=ws.relative(reference))))
    say(text.rstrip("\n"))
    return 0
