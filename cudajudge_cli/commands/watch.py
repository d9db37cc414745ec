"""`judge.py watch [ID] [--next]`: judges the file again on every save; with
--next, moves on to the next unsolved exercise after an AC. It polls the
file's mtime, size and content (no inotify: it works on WSL and network file
systems too).

Registered in commands/__init__.py.
"""

import argparse
import contextlib
import datetime
import os
import signal
import sys
import time

from cudajudge_cli.commands.judge import judge_and_show
from cudajudge_cli.commands.options import (add_emulate_argument, add_id_argument,
                                            add_profile_argument, chosen_backend)
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import localized, tr
from cudajudge_cli.learn import actions
from cudajudge_cli.learn.clangd import refresh_compile_commands
from cudajudge_cli.learn.practice import Practice
from cudajudge_cli.view.model import all_solved_text
from cudajudge_cli.view.terminal import StatusLine, Style, say, stream_is_tty


WATCH_INTERVAL_S = 0.1


def add_arguments(parser):
    add_id_argument(parser, optional=True)
    parser.add_argument("--next", action="store_true", help=tr("help_watch_next"))
    parser.add_argument("--no-perf", action="store_true", help=tr("help_no_perf"))
    parser.add_argument("--every-case", action="store_true", help=tr("help_every_case"))
    add_profile_argument(parser)
    parser.add_argument("--interval", type=poll_interval, default=WATCH_INTERVAL_S,
                        metavar="SECONDS", help=tr("help_interval"))
    add_emulate_argument(parser)


def poll_interval(text):
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(tr("bad_interval", value=text))
    return value


def file_signature(path):
    """What changes when the file is saved: mtime and size, plus its content,
    for file systems whose mtime is coarse (network mounts, WSL)."""
    try:
        info = os.stat(path)
        with open(path, "rb") as source:
            content = source.read()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, hash(content))


def wait_for_change(path, seen, interval):
    """Polls until the file differs from `seen`, then until it settles (an
    editor may write it in several steps)."""
    current = seen
    while current == seen:
        time.sleep(interval)
        current = file_signature(path)
    while True:
        time.sleep(interval / 2)
        again = file_signature(path)
        if again == current:
            return
        current = again


@contextlib.contextmanager
def stop_on_signals():
    """Ctrl-C and SIGTERM end watch with KeyboardInterrupt, even where the
    shell started us with SIGINT ignored."""

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def clear_screen():
    if stream_is_tty(sys.stdout):
        sys.stdout.write("\033[H\033[2J\033[3J")
    else:
        say()  # a log of rounds: one blank line between them


def start_exercise_file(ws, problem):
    """exercises/<id>.cu from its template when it does not exist yet (said); without
    a template, watch waits for the file instead."""
    try:
        created = actions.start_exercise_file(ws, problem)
    except JudgeError:
        return
    if created:
        say(tr("created_from_template", file=ws.relative(ws.exercise_path(problem)),
               template=ws.relative(ws.template_path(problem))))
        refresh_compile_commands(ws)


def run(options):
    ws = Practice()
    ws.progress()  # a misplaced CUDAJUDGE_STATE is refused before judging
    if options.id:
        problem = ws.problem(options.id)
    else:
        progress = ws.progress().read()
        problem = ws.next_exercise(progress)
        if problem is None:
            say(str(all_solved_text(actions.left_for_gpu(ws, progress))))
            return 0
    ws.engine_command()  # build before the first screen
    refresh_compile_commands(ws)
    style = Style(sys.stdout)
    banner = None
    starting = True  # a new exercise: its file may have to be made from the template
    with stop_on_signals():
        try:
            while True:
                if banner is None:
                    clear_screen()
                else:  # moving on: keep the accepted report on the screen
                    say()
                    say(style.good(banner))
                    banner = None
                if starting:
                    # Only here: a file that vanishes while an editor saves it
                    # must never be replaced by the template.
                    start_exercise_file(ws, problem)
                    starting = False
                path = ws.exercise_path(problem)
                file_arg = ws.relative(path)
                seen = file_signature(path)
                say(style.dim(tr("watch_header", file=file_arg,
                                 time=datetime.datetime.now().strftime("%H:%M:%S"))))
                if seen is None:
                    say(tr("watch_waiting_file", file=file_arg))
                else:
                    run = judge_and_show(ws, problem, file_arg, file_arg,
                                         perf=not options.no_perf,
                                         backend=chosen_backend(options),
                                         profile=options.profile,
                                         every_case=options.every_case).run
                    if run.verdict == "AC" and options.next:
                        progress = ws.progress().read()
                        following = ws.next_exercise(progress, after=problem)
                        if following is None:
                            left = actions.left_for_gpu(ws, progress)
                            say(style.good(str(all_solved_text(left))))
                            return 0
                        banner = tr("watch_moved_on", done=problem["id"], next=following["id"],
                                    title=localized(following.get("title")))
                        problem, starting = following, True
                        continue
                    say()
                    if run.verdict == "AC":
                        say(style.dim(tr("watch_tip_next")))
                    say(style.dim(tr("watch_waiting", file=file_arg)))
                sys.stdout.flush()
                wait_for_change(path, seen, options.interval)
        except KeyboardInterrupt:
            StatusLine().clear()
            say()
            say(tr("watch_stopped"))
            return 0
