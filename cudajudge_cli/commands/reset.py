"""`judge.py reset ID [--yes]`: exercises/ID.cu back to its template, after
asking, with the learner's file kept as a backup (learn/actions.py resets; the
web page's Reset button does the same).

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.commands.options import add_id_argument, chosen_exercise
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text, tr
from cudajudge_cli.learn import actions
from cudajudge_cli.view.terminal import say, stream_is_tty


def add_arguments(parser):
    add_id_argument(parser, switch=("--yes", tr("help_yes")))


def confirm(question):
    if not stream_is_tty(sys.stdin):
        raise JudgeError(Text("reset_needs_yes"))
    try:
        answer = input(question + tr("confirm_suffix"))
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes", "是")


def run(options):
    ws, problem = chosen_exercise(options)
    plan = actions.plan_reset(ws, problem)
    exercise, template = ws.relative(plan.exercise), ws.relative(plan.template)
    if plan.unchanged:
        say(tr("reset_same", file=exercise))
        return 0
    question = tr("reset_question", file=exercise, template=template)
    if plan.backup:
        question += tr("reset_question_backup", backup=ws.relative(plan.backup))
    if not options.yes and not confirm(question):
        say(tr("nothing_changed"))
        return 0
    actions.reset(plan)
    if plan.backup:
        say(tr("reset_saved", backup=ws.relative(plan.backup)))
    say(tr("reset_done", file=exercise, template=template))
    return 0
