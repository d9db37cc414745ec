"""`judge.py reset ID [--yes]`: exercises/ID.cu back to its template, after
asking, with the learner's file kept as a backup.

Registered in commands/__init__.py.
"""

import os
import shutil
import sys

from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import tr
from cudajudge_cli.options import add_id_argument
from cudajudge_cli.progress import file_stamp
from cudajudge_cli.terminal import say, stream_is_tty
from cudajudge_cli.workspace import Workspace


def add_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("--yes", action="store_true", help=tr("help_yes"))


def confirm(question):
    if not stream_is_tty(sys.stdin):
        raise JudgeError(tr("reset_needs_yes"))
    try:
        answer = input(question + tr("confirm_suffix"))
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes", "是")


def run(options):
    ws = Workspace()
    problem = ws.problem(options.id)
    template = ws.path("templates", f"{problem['id']}.cu")
    exercise = ws.exercise_path(problem)
    if not os.path.isfile(template):
        raise JudgeError(tr("template_missing", file=ws.relative(template)))
    backup = None
    if os.path.isfile(exercise):
        with open(exercise, "rb") as mine, open(template, "rb") as pristine:
            if mine.read() == pristine.read():
                say(tr("reset_same", file=ws.relative(exercise)))
                return 0
        backup = f"{exercise}.bak-{file_stamp()}"
    question = tr("reset_question", file=ws.relative(exercise), template=ws.relative(template))
    if backup:
        question += tr("reset_question_backup", backup=ws.relative(backup))
    if not options.yes and not confirm(question):
        say(tr("nothing_changed"))
        return 0
    if backup:
        shutil.copy2(exercise, backup)
        say(tr("reset_saved", backup=ws.relative(backup)))
    os.makedirs(os.path.dirname(exercise), exist_ok=True)
    shutil.copyfile(template, exercise)
    say(tr("reset_done", file=ws.relative(exercise), template=ws.relative(template)))
    return 0
