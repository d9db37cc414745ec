"""`judge.py` with no command: progress by chapter, then the next exercise to
do and the commands for it.

cli.py runs it when no command is given (it is not in the COMMANDS table).
"""

import os
import sys

from cudajudge_cli.learn.catalog import chapters_of
from cudajudge_cli.core.texts import localized, tr
from cudajudge_cli.learn.progress import as_count, exercise_record, exercise_status
from cudajudge_cli.learn.actions import left_for_gpu
from cudajudge_cli.learn.practice import Practice
from cudajudge_cli.view.model import all_solved_text
from cudajudge_cli.view.terminal import Style, format_table, say


def add_arguments(parser):
    pass


def progress_bar(done, total, width=10):
    filled = int(round(width * done / total)) if total else 0
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def render_next_exercise(style, ws, problem, progress):
    if problem is None:
        say(style.good(str(all_solved_text(left_for_gpu(ws, progress)))))
        return
    problem_id = problem["id"]
    record = exercise_record(progress, problem_id)
    line = tr("next_title", id=style.bold(problem_id), title=localized(problem.get("title")))
    if as_count(record.get("attempts")):
        line += tr("next_tried", n=record["attempts"], best=record.get("best_verdict") or "?")
    say(line)
    exercise = ws.exercise_path(problem)
    rows = [[tr("step_read"), f"python3 judge.py show {problem_id}"]]
    if os.path.isfile(exercise):
        rows.append([tr("step_edit"), ws.relative(exercise)])
    else:
        rows.append([tr("step_create"), f"python3 judge.py reset {problem_id}"])
    rows += [[tr("step_judge"), f"python3 judge.py {problem_id}"],
             [tr("step_watch"), "python3 judge.py watch --next"],
             [tr("step_hint"), f"python3 judge.py hint {problem_id}"]]
    for text in format_table(rows):
        say("  " + text)


def run(options):
    ws = Practice()
    problems = ws.catalog()
    progress = ws.progress().read()
    style = Style(sys.stdout)
    statuses = {p["id"]: exercise_status(progress, p["id"]) for p in problems}
    solved = sum(1 for s in statuses.values() if s == "solved")
    say(style.bold(tr("overview_title", solved=solved, total=len(problems))))
    say()
    rows = [[tr(c) for c in ("col_chapter", "col_progress", "col_solved", "col_attempted",
                             "col_untouched")]]
    for chapter, members in chapters_of(problems):
        counts = [statuses[p["id"]] for p in members]
        done = counts.count("solved")
        rows.append([chapter, progress_bar(done, len(members)), f"{done}/{len(members)}",
                     str(counts.count("attempted")), str(counts.count("untouched"))])
    lines = format_table(rows, right_aligned=(2, 3, 4))
    say(style.bold(lines[0]))
    for line in lines[1:]:
        say(line)
    say()
    render_next_exercise(style, ws, ws.next_exercise(progress), progress)
    say()
    say(style.dim(tr("overview_more")))
    return 0
