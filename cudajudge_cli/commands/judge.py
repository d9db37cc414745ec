"""`judge.py ID [FILE]`: judges one file (exercises/ID.cu unless FILE
says otherwise) and shows the report, or with --json passes the engine's JSON
lines through unchanged. Options may come before or after FILE.

Registered in commands/__init__.py; cli.py also routes `judge.py ID` here.
"""

import json

from cudajudge_cli.clangd import refresh_compile_commands
from cudajudge_cli.engine import judge_error_summary, run_judge
from cudajudge_cli.judging import file_to_judge, judge_and_render, show_progress
from cudajudge_cli.messages import tr
from cudajudge_cli.options import add_id_argument, add_judging_options, chosen_backend
from cudajudge_cli.progress import record_attempt
from cudajudge_cli.terminal import StatusLine, shown_path, warn
from cudajudge_cli.workspace import Workspace, is_inside


def add_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("file", metavar="FILE", nargs="?", help=tr("help_file"))
    add_judging_options(parser)
    parser.intermixed = True  # options before or after FILE (cli.Parser)


def run(options):
    ws = Workspace()
    ws.progress()  # a misplaced CUDAJUDGE_STATE is refused before judging
    problem = ws.problem(options.id)
    file_arg = file_to_judge(ws, problem, options.file)
    if is_inside(ws.path(file_arg), ws.path("exercises")):
        refresh_compile_commands(ws)  # the learner's own work: keep clangd in step
    if options.json:
        return judge_as_json(ws, problem, file_arg, options)
    shown_file = shown_path(ws.path(file_arg)) if options.file else file_arg
    _, status = judge_and_render(ws, problem, file_arg, shown_file, options.seed,
                                 not options.no_perf, options.verbose, chosen_backend(options))
    return status


def judge_as_json(ws, problem, file_arg, options):
    status = StatusLine()

    def emit(event, line):
        if event.get("type") in ("case", "summary"):
            status.clear()
            print(line, flush=True)  # the engine's own line, unchanged
        else:
            show_progress(status, event)

    run = run_judge(ws, problem["id"], file_arg, options.seed, not options.no_perf, emit,
                    backend=chosen_backend(options))
    status.clear()
    if run.summary is None or run.malfunction:
        warn(run.problem_message())
        if run.summary is None:
            # Consumers can rely on the last line being a summary.
            print(json.dumps(judge_error_summary(problem["id"], file_arg, run)))
        return 2
    record_attempt(ws, problem["id"], file_arg, run.summary)
    return run.exit_code
