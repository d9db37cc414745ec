"""`judge.py list`: every exercise with its chapter, title, the learner's best
verdict and time and the number of tries.

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.core.texts import localized, tr
from cudajudge_cli.learn.progress import as_count, exercise_record, exercise_status
from cudajudge_cli.view.report import best_time_text, status_mark
from cudajudge_cli.view.terminal import Style, format_table, say
from cudajudge_cli.learn.practice import Practice


def add_arguments(parser):
    pass


def run(options):
    ws = Practice()
    problems = ws.catalog()
    progress = ws.progress().read()
    style = Style(sys.stdout)
    rows = [[""] + [tr(c) for c in ("col_id", "col_chapter", "col_title", "col_best",
                                    "col_best_time", "col_tries")]]
    for problem in problems:
        record = exercise_record(progress, problem["id"])
        attempts = as_count(record.get("attempts"))
        rows.append([status_mark(style, exercise_status(progress, problem["id"])),
                     problem["id"], str(problem.get("chapter") or ""),
                     localized(problem.get("title")),
                     style.verdict(record["best_verdict"]) if record.get("best_verdict") else "",
                     best_time_text(record), str(attempts) if attempts else ""])
    lines = format_table(rows, right_aligned=(6,))
    say(style.bold(lines[0]))
    for line in lines[1:]:
        say(line)
    say()
    solved = sum(1 for p in problems if exercise_status(progress, p["id"]) == "solved")
    say(tr("list_footer", solved=solved, total=len(problems)))
    following = ws.next_exercise(progress)
    if following is not None:
        say(tr("list_next", id=following["id"]))
    return 0
