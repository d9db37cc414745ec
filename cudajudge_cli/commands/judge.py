"""`judge.py ID [FILE]`: judges one file (exercises/ID.cu unless FILE
says otherwise) and shows the report, or with --json passes the engine's JSON
lines through unchanged. Options may come before or after FILE.

Registered in commands/__init__.py; cli.py also routes `judge.py ID` here, and
commands/watch.py judges each save with judge_and_show.
"""

import json
import sys

from cudajudge_cli.commands.options import add_id_argument, add_judging_options, chosen_backend
from cudajudge_cli.core.texts import tr
from cudajudge_cli.core.workspace import is_inside
from cudajudge_cli.learn import actions
from cudajudge_cli.learn.clangd import refresh_compile_commands
from cudajudge_cli.learn.practice import Practice
from cudajudge_cli.view import model
from cudajudge_cli.view.report import render_malfunction, render_next_steps, render_report
from cudajudge_cli.view.terminal import StatusLine, Style, shown_path, warn


def add_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("file", metavar="FILE", nargs="?", help=tr("help_file"))
    add_judging_options(parser)
    parser.intermixed = True  # options before or after FILE (cli.Parser)


def run(options):
    ws = Practice()
    ws.progress()  # a misplaced CUDAJUDGE_STATE is refused before judging
    problem = ws.problem(options.id)
    if options.file is None and actions.start_exercise_file(ws, problem):
        # a learner's file that is gone (deleted, or a checkout without it)
        # starts again from its template
        print(tr("created_from_template", file=ws.relative(ws.exercise_path(problem)),
                 template=ws.relative(ws.template_path(problem))),
              file=sys.stderr if options.json else sys.stdout, flush=True)
    file_arg = actions.file_to_judge(ws, problem, options.file)
    if is_inside(ws.path(file_arg), ws.path("exercises")):
        refresh_compile_commands(ws)  # the learner's own work: keep clangd in step
    if options.json:
        return judge_as_json(ws, problem, file_arg, options)
    shown_file = shown_path(ws.path(file_arg)) if options.file else file_arg
    judgement = judge_and_show(ws, problem, file_arg, shown_file, options.seed,
                               not options.no_perf, options.verbose, chosen_backend(options),
                               options.profile, options.every_case)
    return judgement.status


def show_progress(status, event):
    """The status line while the engine works."""
    text = model.progress_text(event)
    if text is not None:
        status.show(str(text))


def judge_and_show(ws, problem, file_arg, shown_file, seed=None, perf=True, verbose=False,
                   backend=None, profile=False, every_case=False):
    """Judges one file for people: a status line while it runs, the attempt saved,
    the report (with where the time goes, when profile) and what to do next. Returns
    the Judgement."""
    style = Style(sys.stdout)
    status = StatusLine()
    judgement = actions.judge(ws, problem, file_arg, seed, perf, backend,
                              on_event=lambda event, line: show_progress(status, event),
                              profile=profile, every_case=every_case)
    status.clear()
    run = judgement.run
    if not run.usable:
        if run.malfunction:
            render_malfunction(style, run)
        else:
            warn(run.problem_message())
        return judgement
    default_file = f"exercises/{problem['id']}.cu"
    render_report(style, model.report(run, problem["id"], shown_file, default_file, verbose))
    # After the report: finding the next exercise may say what this machine cannot judge.
    facts = actions.what_next(ws, judgement)
    render_next_steps(style, model.next_steps(facts, run, problem["id"], shown_file,
                                              default_file))
    return judgement


def judge_as_json(ws, problem, file_arg, options):
    status = StatusLine()

    def emit(event, line):
        if event.get("type") in ("case", "summary"):
            status.clear()
            print(line, flush=True)  # the engine's own line, unchanged
        else:
            show_progress(status, event)

    judgement = actions.judge(ws, problem, file_arg, options.seed, not options.no_perf,
                              chosen_backend(options), on_event=emit, profile=options.profile,
                              every_case=options.every_case)
    status.clear()
    run = judgement.run
    if not run.usable:
        warn(run.problem_message())
        if run.summary is None:
            # Consumers can rely on the last line being a summary.
            print(json.dumps(run.error_summary(problem["id"], file_arg)))
    return judgement.status
