"""cudajudge_cli.engine: the client of the C engine (build/cudajudge).

The one-shot commands `catalog` and `device` answer one JSON object. `judge`
writes JSON lines as it works (phase events, one line per case, a summary
last): run_judge reads them as they come, hands each to a callback (a status
line, or --json passing them through) and gathers them into a JudgeRun. What
makes the engine's answer untrustworthy (a crash, a line that is not JSON, no
summary) is a malfunction: the verdict is JE and problem_message() says why.
The engine decides every verdict; nothing here changes one.

Used by workspace.py (the catalog), judging.py and commands/judge.py,
commands/check.py (judging) and commands/doctor.py (the device).
"""

import json
import signal
import subprocess
import threading
import time

from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import current_language, tr
from cudajudge_cli.terminal import indent, tail


STDERR_TAIL_LINES = 20


def describe_exit(returncode):
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return tr("exit_crashed", signal=name)
    return tr("exit_status", status=returncode)


def engine_failure(what, stderr):
    message = tr("engine_failed", what=what)
    if stderr and stderr.strip():
        message += "\n" + tr("engine_last_messages") + "\n" + indent(tail(stderr,
                                                                          STDERR_TAIL_LINES))
    return message


def run_engine_once(ws, args):
    """Runs a one-shot engine command; returns (exit code, stdout, stderr)."""
    argv = ws.engine() + args
    try:
        done = ws.run_tool(argv)
    except OSError as err:
        raise JudgeError(tr("engine_cannot_start", engine=argv[0], error=err))
    return done.returncode, done.stdout, done.stderr


def parse_single_object(stdout, stderr, what):
    try:
        value = json.loads(stdout)
    except ValueError:
        raise JudgeError(engine_failure(tr("engine_not_json_for", what=what), stderr))
    if not isinstance(value, dict):
        raise JudgeError(engine_failure(tr("engine_unexpected_for", what=what), stderr))
    return value


def load_catalog(ws):
    code, stdout, stderr = run_engine_once(ws, ["catalog", "--root", ws.root])
    if code == 2 and stderr.strip():
        # problems.yaml is invalid: the engine's message says where.
        raise JudgeError(stderr.rstrip("\n") + "\n" + tr("catalog_restore"), as_is=True)
    if code != 0:
        raise JudgeError(engine_failure(tr("engine_while_catalog", how=describe_exit(code)),
                                        stderr))
    catalog = parse_single_object(stdout, stderr, "catalog")
    problems = catalog.get("problems")
    if not isinstance(problems, list):
        raise JudgeError(engine_failure(tr("engine_no_problem_list"), stderr))
    return [p for p in problems if isinstance(p, dict) and p.get("id")]


def query_device(ws, fresh=False):
    args = ["device", "--build", ws.build] + (["--fresh"] if fresh else [])
    code, stdout, stderr = run_engine_once(ws, args)
    if code != 0 and not stdout.strip():
        raise JudgeError(engine_failure(tr("engine_while_device", how=describe_exit(code)),
                                        stderr))
    return parse_single_object(stdout, stderr, "device")


class JudgeRun:
    """What one `cudajudge judge` run gave back."""

    def __init__(self):
        self.cases = []
        self.summary = None
        self.exit_code = 2
        self.stderr = ""
        self.malfunction = None  # why the engine's answer cannot be trusted
        self.seconds = 0.0

    @property
    def verdict(self):
        if self.malfunction or not self.summary:
            return "JE"
        return self.summary.get("verdict") or "JE"

    @property
    def backend(self):
        return (self.summary or {}).get("backend") or "none"

    @property
    def no_device(self):
        """JE because there is no GPU here (the code itself may be fine)."""
        return self.verdict == "JE" and self.summary is not None and self.backend == "none"

    def problem_message(self):
        """Why there is no usable summary, for the user."""
        if self.malfunction:
            return engine_failure(self.malfunction, self.stderr)
        return self.stderr.strip() or engine_failure(tr("engine_no_result"), self.stderr)


def judge_args(ws, problem_id, file_arg, seed=None, perf=True, backend=None):
    """The engine's judge command line; backend "sanitize:TOOL" runs TOOL. --lang: the
    engine's case names, diagnoses and details in the learner's language."""
    args = ["judge", "--root", ws.root, "--build", ws.build, "--id", problem_id,
            "--file", file_arg, "--lang", current_language()]
    if backend and backend.startswith("sanitize:"):
        args += ["--backend", "sanitize", "--tool", backend.split(":", 1)[1]]
    elif backend:
        args += ["--backend", backend]
    if seed is not None:
        args += ["--seed", str(seed)]
    if not perf:
        args.append("--no-perf")
    return args


def drain(stream, sink):
    for chunk in iter(lambda: stream.read(8192), ""):
        sink.append(chunk)


def run_judge(ws, problem_id, file_arg, seed=None, perf=True, on_event=None, backend=None,
              alone=False):
    """Runs the engine's judge command, reading its JSON lines as they come.
    alone: the run may not share the device even under the sanitizer."""
    run = JudgeRun()
    argv = ws.engine() + judge_args(ws, problem_id, file_arg, seed, perf, backend)
    env = dict(ws.env, CUDAJUDGE_DEVICE_ALONE="1") if alone else ws.env
    started = time.monotonic()
    try:
        child = subprocess.Popen(argv, cwd=ws.root, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                 errors="replace")
    except OSError as err:
        raise JudgeError(tr("engine_cannot_start", engine=argv[0], error=err))
    try:
        stderr_chunks = []
        reader = threading.Thread(target=drain, args=(child.stderr, stderr_chunks), daemon=True)
        reader.start()
        for line in child.stdout:
            read_engine_line(run, line, on_event)
        run.exit_code = child.wait()
        reader.join()
    finally:
        stop_child(child)  # Ctrl-C in watch: the engine must not outlive us
    run.stderr = "".join(stderr_chunks)
    run.seconds = time.monotonic() - started
    run.malfunction = run.malfunction or find_malfunction(run)
    return run


def stop_child(child):
    if child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def parse_engine_line(line):
    """One line of `cudajudge judge`: (event, None) for a JSON object, (None, None)
    for a blank line, (None, the line cut to 120 characters) for anything else.
    Also read by grading/engine.py."""
    line = line.strip()
    if not line:
        return None, None
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    if not isinstance(event, dict):
        return None, line if len(line) <= 120 else line[:117] + "..."
    return event, None


def read_engine_line(run, line, on_event):
    if run.malfunction:
        return
    event, not_json = parse_engine_line(line)
    if not_json is not None:
        run.malfunction = tr("engine_printed_not_json", line=repr(not_json))
        return
    if event is None:
        return
    kind = event.get("type")
    if kind == "case":
        run.cases.append(event)
    elif kind == "summary":
        run.summary = event
    if on_event:
        on_event(event, line.strip())


def find_malfunction(run):
    code = run.exit_code
    if code not in (0, 1, 2):
        return describe_exit(code)
    if run.summary is None and code in (0, 1):
        return tr("engine_no_summary")
    return None


def judge_error_summary(problem_id, file_arg, run):
    return {"type": "summary", "id": problem_id, "file": file_arg, "verdict": "JE",
            "backend": "none", "seed": None, "message": run.problem_message(),
            "compile_log": "", "program_output": "", "cases": run.cases, "timing": None,
            "phases_s": None, "device": None}
