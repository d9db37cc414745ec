"""cudajudge_cli.web.driver: the driver's functions the web server uses, in one place.

The server judges, reads the catalog and keeps progress exactly as the
terminal does, by calling the driver's own modules (the workspace, the
engine's judge run, the progress store; see docs/driver-layout.md); nothing
here decides a verdict or writes progress in its own way. Only this module
names those modules, so the rest of cudajudge_cli/web/ reaches them as
driver().NAME (which also lets tests/web/ stand in for one of them).
"""

import types

from cudajudge_cli.catalog import chapters_of, resolve_problem
from cudajudge_cli.clangd import refresh_compile_commands
from cudajudge_cli.engine import run_judge
from cudajudge_cli.errors import JudgeError
from cudajudge_cli.judging import file_to_judge
from cudajudge_cli.progress import (as_count, exercise_record, exercise_status, file_stamp,
                                    next_exercise, record_attempt)
from cudajudge_cli.workspace import Workspace

_DRIVER = types.SimpleNamespace(
    Workspace=Workspace, JudgeError=JudgeError, resolve_problem=resolve_problem,
    chapters_of=chapters_of, run_judge=run_judge, record_attempt=record_attempt,
    exercise_record=exercise_record, exercise_status=exercise_status,
    next_exercise=next_exercise, file_to_judge=file_to_judge,
    refresh_compile_commands=refresh_compile_commands, file_stamp=file_stamp, as_count=as_count)


def driver():
    return _DRIVER
