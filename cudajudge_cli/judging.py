"""cudajudge_cli.judging: judging one file for people: the file to judge, the
engine run with a status line while it works, the attempt saved, the report
and what to do next.

Used by commands/judge.py and commands/watch.py.
"""

import os
import sys

from cudajudge_cli.engine import run_judge
from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import MESSAGES, tr
from cudajudge_cli.progress import record_attempt
from cudajudge_cli.report import render_malfunction, render_next_steps, render_summary
from cudajudge_cli.terminal import StatusLine, Style, shown_path, warn


def file_to_judge(ws, problem, file_option):
    """The path handed to the engine (relative to the root when inside it)."""
    if file_option is None:
        path = ws.exercise_path(problem)
    else:
        path = os.path.abspath(file_option)
    if not os.path.isfile(path):
        template = ws.path("templates", problem["id"] + ".cu")
        if file_option is None and not os.path.isfile(template):
            raise JudgeError(tr("template_missing", file=ws.relative(template)))
        raise JudgeError(tr("file_missing", file=shown_path(path), id=problem["id"],
                            template=f"templates/{problem['id']}.cu"))
    return ws.relative(path)


def judge_and_render(ws, problem, file_arg, shown_file, seed=None, perf=True, verbose=False,
                     backend=None):
    """Judges one file, saves the attempt and shows it; returns (run, exit status)."""
    style = Style(sys.stdout)
    status = StatusLine()
    run = run_judge(ws, problem["id"], file_arg, seed, perf,
                    on_event=lambda event, line: show_progress(status, event), backend=backend)
    status.clear()
    if run.summary is None or run.malfunction:
        if run.malfunction:
            render_malfunction(style, run)
        else:
            warn(run.problem_message())
        return run, 2
    progress = record_attempt(ws, problem["id"], file_arg, run.summary)
    default_file = f"exercises/{problem['id']}.cu"
    render_summary(style, run, problem["id"], shown_file, default_file, verbose)
    render_next_steps(style, ws, problem, run, shown_file, default_file, progress)
    return run, run.exit_code


def show_progress(status, event):
    if event.get("type") == "phase" and event.get("state") == "start":
        phase = str(event.get("phase"))
        key = "running_" + phase
        status.show(tr(key) if key in MESSAGES else phase + "...")
