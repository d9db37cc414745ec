#!/usr/bin/env python3
"""judge.py: the learner's entry point to cudajudge.

    python3 judge.py                    your progress and the next exercise
    python3 judge.py warp_scan          judge exercises/warp_scan.cu
    python3 judge.py watch [ID]         judge again on every save (--next moves on after AC)
    python3 judge.py list | show ID | hint ID | solution ID | reset ID
    python3 judge.py editor | check | doctor | selftest

This file is a driver around the C engine (build/cudajudge). It makes sure the
engine is built, turns the name the learner typed into an exercise id, runs
the engine and renders the engine's JSON for people. It never decides a
verdict: the engine does, and judge.py exits with the engine's status
(0 accepted, 1 the learner's code failed, 2 usage or environment error).

Theory of operation. Every command is `add_<name>_arguments(parser)` plus
`run_<name>_command(options) -> exit status`. What the learner sees comes from
MESSAGES in cudajudge_cli/messages.py, one table with an English and a Chinese
text per key; the language is chosen once (--lang, else LC_ALL, LC_MESSAGES,
LANG) before the command line is parsed, so that usage errors are translated
too. The learner's progress (attempts, best verdicts, hints seen) lives in
STATE/progress.json; every change is a read-modify-write under an advisory
lock, written to a temporary file and renamed over the old one, so two judges
at once neither corrupt it nor lose an attempt. A file that cannot be read is
set aside and judging goes on. `watch` polls the file's mtime, size and
content (no inotify: it works on WSL and network file systems too).

Environment:
    CUDAJUDGE_ROOT    the repository (default: the folder of this file)
    CUDAJUDGE_BUILD   the build folder (default: ROOT/build)
    CUDAJUDGE_ENGINE  an engine executable to use as is; skips building
    CUDAJUDGE_STATE   where progress is kept (default: ROOT/.cudajudge)
    CUDAJUDGE_DEBUG=1 show a traceback on internal errors
    CUDAJUDGE_SHARE_DEVICE=1  on a GPU, runs that measure nothing share the
                      device (check is faster; a file whose verdict is not the
                      expected one is judged again alone)
    NO_COLOR          no colour unless --color always
    LC_ALL, LC_MESSAGES, LANG   zh... selects Chinese

Python 3.9 or newer, standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import difflib
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata

try:
    import fcntl  # advisory lock around progress.json (POSIX)
except ImportError:  # Windows: the atomic rename still keeps the file whole
    fcntl = None

# The message table and the language choice live next to this file.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from cudajudge_cli.messages import (  # noqa: E402
    LANGUAGES, MESSAGES, TIER_NAMES, current_language, language_from_environment, localized,
    localized_list, rule_meaning, set_language, tier_name, tr, translate_argparse, verdict_name)

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

APT_FIX = "sudo apt-get install -y meson ninja-build libyaml-dev"
PKG_CONFIG_FIX = "sudo apt-get install -y pkg-config libyaml-dev"
CLANGD_FIX = "sudo apt-get install -y clangd"
GXX_FIX = "sudo apt-get install -y g++"

# Kattis-style corpus folders of tests/submissions/<id>/<folder>/*.cu
FOLDER_VERDICTS = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "time_limit_exceeded": "TLE",
    "run_time_error": "RE",
    "compile_error": "CE",
    "rule_violation": "RULE",
    "race": "RACE",
}

# Best first: the verdict closest to a working solution is an exercise's "best".
VERDICT_ORDER = ("AC", "WA", "RULE", "RACE", "RE", "TLE", "CE", "SKIP", "JE")

DEVICE_JOBS = 6  # check on a GPU: files judged side by side unless --jobs says
EXPECT_COMMENT = re.compile(r"//\s*expect-([A-Za-z0-9_]+)\s*:\s*([A-Za-z]+(?:\|[A-Za-z]+)*)")

# Results of meson's testlog.json, by what they mean for selftest.
TEST_PASSED = ("OK", "EXPECTEDFAIL")
TEST_SKIPPED = ("SKIP",)

STDERR_TAIL_LINES = 20
BUILD_TAIL_LINES = 30

PROGRESS_FILE = "progress.json"
PROGRESS_VERSION = 1
HISTORY_LIMIT = 10000  # attempts kept in progress.json; totals are kept apart
# Judging these files is maintenance (check, GPU host script), not practice.
NOT_PRACTICE = ("reference", "templates", "tests")

WATCH_INTERVAL_S = 0.2
BAR_WIDTH = 20
COMPILE_COMMANDS = "compile_commands.json"
# The newest GPU architecture each clang release understands; the editor's
# view of the code is close enough on any of them.
CLANG_CUDA_ARCHS = ((16, 90), (13, 86), (11, 80))
FALLBACK_CUDA_ARCH = 80

# ---------------------------------------------------------------------------
# Errors and terminal output
# ---------------------------------------------------------------------------


class JudgeError(Exception):
    """A problem the user can fix: printed as a short message, no traceback."""

    def __init__(self, message, exit_code=2, as_is=False):
        super().__init__(message)
        self.exit_code = exit_code
        self.as_is = as_is  # print without the "error: " prefix


def say(text=""):
    print(text)


def warn(text):
    print(text, file=sys.stderr, flush=True)


def tail(text, lines):
    kept = (text or "").rstrip("\n").splitlines()[-lines:]
    return "\n".join(kept)


def indent(text, prefix="    "):
    return "\n".join(prefix + line if line else line for line in text.splitlines())


# A word of Latin script, a run of spaces, or one CJK character (lines of
# Chinese may break between any two characters).
WRAP_TOKEN = re.compile(r"\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|"
                        r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+")
NO_BREAK_BEFORE = "，。、；：？！）」』,.;:?!)"


def fold(line, width):
    """A line as lines of at most width columns; a list item ("- ...") goes on
    under its first word, other lines under their first character."""
    if display_width(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip())
    hang = " " * (lead + 2 if line.lstrip().startswith(("- ", "* ")) else lead)
    lines, current = [], ""
    for token in WRAP_TOKEN.findall(line):
        if token.isspace() and current.strip() and display_width(current) >= width:
            continue  # a space at a break is dropped
        too_wide = display_width(current.rstrip() + token) > width
        if too_wide and current.strip() and not token.isspace() and token not in NO_BREAK_BEFORE:
            lines.append(current.rstrip())
            current = hang
        if not (token.isspace() and current == hang):
            current += token
    lines.append(current.rstrip())
    return lines


def wrap(text, prefix="    "):
    """indent(), with lines longer than the terminal (at most 100 columns) folded."""
    width = max(40, min(shutil.get_terminal_size((80, 24)).columns, 100)) - len(prefix)
    return indent("\n".join(part for line in text.splitlines() for part in fold(line, width)),
                  prefix)


COLOR_MODES = ("auto", "always", "never")
_color_mode = "auto"


def set_color_mode(mode):
    global _color_mode
    _color_mode = mode if mode in COLOR_MODES else "auto"


def colour_wanted(stream, mode=None):
    """--color always|never wins; auto: a terminal, NO_COLOR unset, TERM not dumb."""
    mode = mode or _color_mode
    if mode != "auto":
        return mode == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return stream_is_tty(stream)


class Style:
    """ANSI colour (see colour_wanted) and marks the stream can encode."""

    def __init__(self, stream, mode=None):
        self.enabled = colour_wanted(stream, mode)
        self.unicode = can_encode(stream, "✓✗·")

    def paint(self, text, code):
        return f"\033[{code}m{text}\033[0m" if self.enabled and text else text

    def good(self, text):
        return self.paint(text, "32")

    def bad(self, text):
        return self.paint(text, "31")

    def odd(self, text):
        return self.paint(text, "33")

    def dim(self, text):
        return self.paint(text, "2")

    def bold(self, text):
        return self.paint(text, "1")

    @property
    def tick(self):
        return "✓" if self.unicode else "ok"

    @property
    def cross(self):
        return "✗" if self.unicode else "FAIL"

    @property
    def dot(self):
        return " · " if self.unicode else " | "

    def verdict(self, verdict):
        if verdict == "AC":
            return self.good(verdict)
        if verdict in ("JE", "SKIP"):
            return self.odd(verdict)
        return self.bad(verdict)


def stream_is_tty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def can_encode(stream, text):
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


ANSI_ESCAPE = re.compile(r"\033\[[0-9;]*m")


def display_width(text):
    """Columns a string takes on a terminal: CJK characters take two, colour none."""
    text = ANSI_ESCAPE.sub("", text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text, width, right=False):
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def format_table(rows, right_aligned=()):
    """Rows of strings as aligned lines; the first row is the heading."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right_aligned) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


class StatusLine:
    """A one-line progress note on stderr, only when stderr is a terminal."""

    def __init__(self):
        self.enabled = stream_is_tty(sys.stderr)
        self.shown = False

    def show(self, text):
        if self.enabled:
            sys.stderr.write("\r\033[K" + text)
            sys.stderr.flush()
            self.shown = True

    def clear(self):
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


def seconds_text(seconds):
    return tr("unit_seconds", s=f"{seconds:.1f}")


def now_stamp():
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def file_stamp():
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S")


# ---------------------------------------------------------------------------
# The workspace: repository, build folder, tools and the engine
# ---------------------------------------------------------------------------


def repo_root():
    root = os.environ.get("CUDAJUDGE_ROOT") or os.path.dirname(os.path.abspath(__file__))
    return os.path.abspath(root)


def shown_path(path, base=None):
    """A path as the user should read it: relative when under base (cwd)."""
    base = base or os.getcwd()
    path = os.path.abspath(path)
    try:
        relative = os.path.relpath(path, base)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def is_inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def find_nvcc_dir(env):
    if shutil.which("nvcc", path=env.get("PATH", "")):
        return None
    for base in (env.get("CUDA_PATH"), env.get("CUDA_HOME"), "/usr/local/cuda"):
        if base:
            candidate = os.path.join(base, "bin")
            if os.access(os.path.join(candidate, "nvcc"), os.X_OK):
                return candidate
    return None


def tool_environment(root):
    """The environment for meson, ninja and the engine, and what was changed.

    nvcc is often installed but not on PATH; GPU hosts without libyaml-dev
    can carry a static libyaml in .devkit/.
    """
    env = dict(os.environ)
    changes = {}  # variable -> the folder put in front of it
    nvcc_dir = find_nvcc_dir(env)
    if nvcc_dir:
        prepend_path(env, "PATH", nvcc_dir)
        changes["PATH"] = nvcc_dir
    devkit = os.path.join(root, ".devkit", "libyaml", "lib", "pkgconfig")
    if os.path.isdir(devkit):
        prepend_path(env, "PKG_CONFIG_PATH", devkit)
        changes["PKG_CONFIG_PATH"] = devkit
    return env, changes


def prepend_path(env, name, folder):
    old = env.get(name)
    env[name] = folder + (os.pathsep + old if old else "")


def writable(folder):
    return os.access(folder, os.W_OK | os.X_OK)


def user_cache():
    """cudajudge's folder in the user's cache (XDG_CACHE_HOME or ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(os.path.abspath(base), "cudajudge")


def folder_tag(folder):
    """A short name for a checkout, stable across runs: its last folder name and a hash."""
    digest = hashlib.sha1(os.path.realpath(folder).encode("utf-8", "replace")).hexdigest()
    return f"{os.path.basename(os.path.normpath(folder)) or 'root'}-{digest[:10]}"


class Workspace:
    """Where things are, and the engine once it is known to be built."""

    def __init__(self):
        self.root = repo_root()
        self.build = os.path.abspath(os.environ.get("CUDAJUDGE_BUILD")
                                     or os.path.join(self.root, "build"))
        self.read_only = not os.environ.get("CUDAJUDGE_BUILD") and not writable(
            self.build if os.path.isdir(self.build) else self.root)
        if self.read_only:  # a read-only checkout: build and keep progress elsewhere
            self.build = os.path.join(user_cache(), "build-" + folder_tag(self.root))
        self.env, self.env_changes = tool_environment(self.root)
        self.engine_override = os.environ.get("CUDAJUDGE_ENGINE") or None
        self._engine = None
        self._catalog = None
        self._progress = None

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def relative(self, path):
        """A path relative to the repository when inside it, else absolute."""
        return shown_path(path, self.root)

    def which(self, tool):
        return shutil.which(tool, path=self.env.get("PATH", ""))

    def engine(self):
        """The command that runs the engine, building it first if needed."""
        if self._engine is None:
            if self.engine_override:
                self._engine = engine_override_command(self.engine_override)
            else:
                ensure_build(self)
                self._engine = [os.path.join(self.build, "cudajudge")]
        return self._engine

    def catalog(self):
        if self._catalog is None:
            self._catalog = load_catalog(self)
        return self._catalog

    def progress(self):
        if self._progress is None:
            self._progress = ProgressStore(state_folder(self))
        return self._progress

    def exercise_path(self, problem):
        return self.path("exercises", f"{problem['id']}.cu")

    def retry_command(self, argv):
        prefix = "".join(f"{name}={shlex.quote(folder)}{os.pathsep}\"${name}\" "
                         for name, folder in sorted(self.env_changes.items()))
        return f"cd {shlex.quote(self.root)} && {prefix}{' '.join(map(shlex.quote, argv))}"


def engine_override_command(path):
    if not os.path.isfile(path):
        raise JudgeError(tr("engine_override_missing", path=path))
    if path.endswith(".py"):
        return [sys.executable, path]
    return [path]


# ---------------------------------------------------------------------------
# Build management
# ---------------------------------------------------------------------------


def missing_tools(ws, first_build):
    """Messages for tools the build needs and this machine lacks."""
    problems = []
    for tool in ("meson", "ninja"):
        if not ws.which(tool):
            problems.append(tr("missing_tool", tool=tool, fix=APT_FIX))
    if not ws.which("nvcc"):
        problems.append(tr("missing_nvcc", fix=tr("cuda_fix")))
    if first_build:
        yaml_problem = libyaml_problem(ws)
        if yaml_problem:
            problems.append(yaml_problem)
    return problems


def libyaml_problem(ws):
    if not ws.which("pkg-config"):
        return tr("missing_pkg_config", fix=PKG_CONFIG_FIX)
    found = subprocess.run(["pkg-config", "--exists", "yaml-0.1"], env=ws.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if found.returncode != 0:
        return tr("missing_libyaml", fix=APT_FIX)
    return None


def run_build_step(ws, argv):
    try:
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace")
    except OSError as err:
        raise JudgeError(tr("cannot_run", tool=argv[0], error=err))
    if done.returncode != 0:
        raise JudgeError(tr("build_failed", command=" ".join(argv), status=done.returncode,
                            tail=indent(tail(done.stdout, BUILD_TAIL_LINES)),
                            retry=ws.retry_command(argv)))


@contextlib.contextmanager
def build_lock(ws):
    """One judge at a time sets up or updates build/: a second one waits here
    (and says so) rather than running meson or ninja on the same folder. Where
    no lock file can be made (a read-only checkout), it goes on without one."""
    try:
        folder = state_folder(ws)
        os.makedirs(folder, exist_ok=True)
        handle = open(os.path.join(folder, "build.lock"), "a")
    except (OSError, JudgeError):
        handle = None
    if handle is None or fcntl is None:
        yield
        return
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            warn(tr("build_busy", build=ws.relative(ws.build)))
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def ensure_build(ws):
    """meson setup once, then ninja every time (a no-op when up to date)."""
    if ws.read_only:
        warn(tr("read_only_checkout", build=ws.build, state=state_folder(ws)))
    with build_lock(ws):
        build_unlocked(ws)


def build_unlocked(ws):
    build_ninja = os.path.join(ws.build, "build.ninja")
    first_build = not os.path.exists(build_ninja)
    problems = missing_tools(ws, first_build)
    if problems:
        raise JudgeError(tr("cannot_build") + "\n" + "\n".join("  " + p for p in problems))
    build_arg = ws.relative(ws.build)
    if first_build:
        warn(tr("building_first"))
        setup = ["meson", "setup", build_arg]
        if os.path.exists(os.path.join(ws.build, "meson-private", "coredata.dat")):
            setup.insert(2, "--wipe")  # a setup that stopped half-way
        run_build_step(ws, setup)
    # An incremental rebuild (after an update) can take a while: say so if it does.
    note = threading.Timer(2.0, warn, args=(tr("building_update"),))
    note.daemon = True
    if not first_build:
        note.start()
    try:
        run_build_step(ws, ["ninja", "-C", build_arg])
    finally:
        note.cancel()
    engine = os.path.join(ws.build, "cudajudge")
    if not os.access(engine, os.X_OK):
        raise JudgeError(tr("engine_not_built", engine=ws.relative(engine),
                            retry=ws.retry_command(["ninja", "-C", build_arg])))


# ---------------------------------------------------------------------------
# Talking to the engine
# ---------------------------------------------------------------------------


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
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, encoding="utf-8",
                              errors="replace")
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


def read_engine_line(run, line, on_event):
    line = line.strip()
    if not line or run.malfunction:
        return
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    if not isinstance(event, dict):
        shown = line if len(line) <= 120 else line[:117] + "..."
        run.malfunction = tr("engine_printed_not_json", line=repr(shown))
        return
    kind = event.get("type")
    if kind == "case":
        run.cases.append(event)
    elif kind == "summary":
        run.summary = event
    if on_event:
        on_event(event, line)


def find_malfunction(run):
    code = run.exit_code
    if code not in (0, 1, 2):
        return describe_exit(code)
    if run.summary is None and code in (0, 1):
        return tr("engine_no_summary")
    return None


# ---------------------------------------------------------------------------
# Exercise ids
# ---------------------------------------------------------------------------


def resolve_problem(problems, name):
    """Exact id, then alias, then an unambiguous prefix of ids and aliases."""
    wanted = name.strip().lower()
    for problem in problems:
        if problem["id"].lower() == wanted:
            return problem
    for problem in problems:
        if wanted in (a.lower() for a in problem.get("aliases") or []):
            return problem
    matches = [p for p in problems
               if any(n.lower().startswith(wanted) for n in names_of(p))] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        ids = ", ".join(p["id"] for p in matches)
        raise JudgeError(tr("ambiguous_id", name=name, ids=ids))
    raise JudgeError(unknown_problem_message(problems, name))


def names_of(problem):
    return [problem["id"]] + list(problem.get("aliases") or [])


def unknown_problem_message(problems, name):
    every_name = [n for p in problems for n in names_of(p)]
    close = difflib.get_close_matches(name.lower(), every_name, n=3, cutoff=0.6)
    if close:
        return tr("unknown_id_close", name=name, close=", ".join(close))
    return tr("unknown_id", name=name)


def chapters_of(problems):
    """Chapter names in catalog order, each with its problems."""
    chapters = {}
    for problem in problems:
        chapters.setdefault(str(problem.get("chapter") or "-"), []).append(problem)
    return list(chapters.items())

# ---------------------------------------------------------------------------
# Progress: STATE/progress.json
#
#   {"version": 1,
#    "exercises": {"warp_scan": {"attempts": 3, "best_verdict": "AC", "best_ms": 0.1476,
#                                "best_pct": 86.2, "best_tier": "silver", "best_ratio": 1.0,
#                                "solved_at": "...", "last_verdict": "AC", "last_at": "...",
#                                "hints_shown": 1}},
#    "last": "warp_scan",                          the exercise judged last
#    "device": {"name": "NVIDIA H200", "cc": 90},  the GPU seen last (for `editor`)
#    "history": [{"id", "file", "verdict", "seed", "median_ms", "pct_of_copy", "tier",
#                 "backend", "at"}, ...]}          one per attempt, oldest first
# ---------------------------------------------------------------------------


def state_folder(ws):
    configured = os.environ.get("CUDAJUDGE_STATE")
    folder = os.path.abspath(configured) if configured else ws.path(".cudajudge")
    if not configured and getattr(ws, "read_only", False):
        folder = os.path.join(user_cache(), "state-" + folder_tag(ws.root))
    if is_inside(folder, ws.path("exercises")):
        raise JudgeError(tr("state_in_exercises", folder=folder))
    return folder


def empty_progress():
    return {"version": PROGRESS_VERSION, "exercises": {}, "history": []}


def progress_is_valid(data):
    if not isinstance(data, dict):
        return False
    exercises, history = data.get("exercises", {}), data.get("history", [])
    return (isinstance(exercises, dict) and isinstance(history, list)
            and all(isinstance(record, dict) for record in exercises.values()))


def progress_text(data):
    """progress.json's text: readable, with one line per attempt."""
    head = {key: value for key, value in data.items() if key != "history"}
    attempts = ",\n  ".join(json.dumps(a, ensure_ascii=False, sort_keys=True)
                            for a in data.get("history", []))
    text = json.dumps(head, ensure_ascii=False, indent=1, sort_keys=True)
    return text[:-1].rstrip() + ',\n "history": [\n  ' + attempts + "\n ]\n}\n"


class ProgressStore:
    """The learner's progress file: read at will, changed under a lock."""

    def __init__(self, folder):
        self.folder = folder
        self.path = os.path.join(folder, PROGRESS_FILE)
        self.warned = False

    def read(self, quiet=False):
        try:
            data, readable = self._load()
            if readable:
                return data
            os.makedirs(self.folder, exist_ok=True)
            with self._lock():
                data, readable = self._load()  # another judge may have fixed it
                if not readable:
                    self._set_aside()
            return data
        except OSError as err:
            if not quiet:
                self._warn_once(tr("progress_unreadable", file=self.path, error=err))
            return empty_progress()

    def update(self, change):
        """Applies change(progress), saves it and returns it. Saving is best
        effort: when it fails, one warning, and the change is only in memory."""
        data = None
        try:
            os.makedirs(self.folder, exist_ok=True)
            with self._lock():
                data, readable = self._load()
                if not readable:
                    self._set_aside()
                change(data)
                self._write(data)
        except OSError as err:
            self._warn_once(tr("progress_not_saved", folder=self.folder, error=err))
            if data is None:
                data = empty_progress()
                change(data)
        return data

    def _load(self):
        """(progress, readable); a missing file is a fresh start."""
        try:
            with open(self.path, encoding="utf-8") as source:
                data = json.load(source)
        except FileNotFoundError:
            return empty_progress(), True
        except ValueError:  # not JSON, or not UTF-8
            return empty_progress(), False
        if not progress_is_valid(data):
            return empty_progress(), False
        data.setdefault("exercises", {})
        data.setdefault("history", [])
        return data, True

    @contextlib.contextmanager
    def _lock(self):
        if fcntl is None:
            yield
            return
        with open(os.path.join(self.folder, "progress.lock"), "a") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            yield  # closing the file releases the lock

    def _write(self, data):
        handle, temporary = tempfile.mkstemp(prefix=PROGRESS_FILE + ".", suffix=".tmp",
                                             dir=self.folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(progress_text(data))
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _set_aside(self):
        if not os.path.exists(self.path):
            return
        target = f"{self.path}.corrupt-{file_stamp()}"
        number = 1
        while os.path.exists(target):
            target = f"{self.path}.corrupt-{file_stamp()}-{number}"
            number += 1
        os.replace(self.path, target)
        warn(tr("progress_corrupt", file=shown_path(self.path),
                kept=os.path.basename(target)))

    def _warn_once(self, text):
        if not self.warned:
            warn(text)
            self.warned = True


def as_count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def verdict_rank(verdict):
    return VERDICT_ORDER.index(verdict) if verdict in VERDICT_ORDER else len(VERDICT_ORDER)


def is_practice(ws, file_arg):
    """Judging the learner's own files counts; references, templates and the
    corpus are the judge's own material."""
    relative = os.path.relpath(ws.path(file_arg), ws.root).replace(os.sep, "/")
    return relative.split("/")[0] not in NOT_PRACTICE


def add_attempt(data, problem_id, file_arg, summary):
    timing = summary.get("timing") if isinstance(summary.get("timing"), dict) else {}
    verdict = str(summary.get("verdict") or "JE")
    median = timing.get("median_ms") if is_number(timing.get("median_ms")) else None
    at = now_stamp()
    data["history"].append({
        "id": problem_id, "file": file_arg, "verdict": verdict, "seed": summary.get("seed"),
        "median_ms": median, "pct_of_copy": timing.get("pct_of_copy"),
        "tier": timing.get("tier"), "backend": summary.get("backend"), "at": at})
    del data["history"][:-HISTORY_LIMIT]
    record = clean_record(data["exercises"].get(problem_id) or {})
    data["exercises"][problem_id] = record
    record["attempts"] = as_count(record.get("attempts")) + 1
    record.update(last_verdict=verdict, last_at=at)
    if verdict_rank(verdict) < verdict_rank(record.get("best_verdict")):
        record["best_verdict"] = verdict
    if verdict == "AC":
        record.setdefault("solved_at", at)
        best = record.get("best_ms")
        if median is not None and (not is_number(best) or median < best):
            record.update(best_ms=median, best_pct=timing.get("pct_of_copy"),
                          best_tier=timing.get("tier"), best_ratio=timing.get("ratio_to_ref"))
    device = summary.get("device")
    if isinstance(device, dict) and device.get("cc"):
        data["device"] = {"name": device.get("name"), "cc": device.get("cc")}
    data["last"] = problem_id


def record_attempt(ws, problem_id, file_arg, summary):
    """Saves one judged attempt; returns the progress after it (or None)."""
    if not is_practice(ws, file_arg):
        return None
    return ws.progress().update(lambda data: add_attempt(data, problem_id, file_arg, summary))


def exercise_record(data, problem_id):
    """An exercise's saved record, with any value of the wrong type dropped
    (the file is the learner's, and may have been edited by hand)."""
    record = data.get("exercises", {}).get(problem_id)
    return clean_record(record) if isinstance(record, dict) else {}


def clean_record(record):
    checks = {"attempts": lambda v: as_count(v) > 0, "hints_shown": lambda v: as_count(v) > 0,
              "best_verdict": lambda v: v in VERDICT_ORDER,
              "last_verdict": lambda v: v in VERDICT_ORDER,
              "best_ms": is_number, "best_pct": is_number, "best_ratio": is_number,
              "best_tier": lambda v: v in TIER_NAMES}
    return {key: value for key, value in record.items()
            if key not in checks or checks[key](value)}


def exercise_status(data, problem_id):
    """solved, attempted or untouched."""
    record = exercise_record(data, problem_id)
    if record.get("best_verdict") == "AC":
        return "solved"
    return "attempted" if as_count(record.get("attempts")) else "untouched"


def next_exercise(problems, data, after=None):
    """What to do next: without `after`, the exercise worked on last if still
    unsolved, else the first unsolved one; with it, the first unsolved one
    after it in catalog order. None when everything is solved."""
    unsolved = [p for p in problems if exercise_status(data, p["id"]) != "solved"]
    if not unsolved:
        return None
    if after is None:
        last = data.get("last")
        return next((p for p in unsolved if p["id"] == last), unsolved[0])
    ids = [p["id"] for p in problems]
    start = ids.index(after["id"]) + 1 if after["id"] in ids else 0
    for problem in problems[start:] + problems[:start]:
        if problem in unsolved:
            return problem
    return None


def best_time_text(record):
    best = record.get("best_ms")
    if not is_number(best):
        return ""
    text = tr("ms", ms=f"{best:.3f}")
    if record.get("best_tier") in TIER_NAMES:
        text += tr("tier_suffix", tier=tier_name(record["best_tier"]))
    return text


def hints_of(problem):
    return localized_list(problem.get("hints"))


# ---------------------------------------------------------------------------
# Rendering a judge run for people
# ---------------------------------------------------------------------------


def format_number(value):
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value == int(value) and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.9g}"
    return str(value)


def device_label(summary):
    backend = summary.get("backend") or "none"
    device = summary.get("device")
    if backend == "none" or not isinstance(device, dict):
        return f"{backend} ({tr('no_device')})" if backend == "none" else backend
    details = [str(device.get("name") or "GPU")]
    arch = sm_name(device.get("cc"))
    if arch:
        details.append(arch)
    return f"{backend} ({', '.join(details)})"


def sm_name(cc):
    """The compute capability as nvcc spells it: "9.0", 90 or [9, 0] -> sm_90."""
    if cc is None or cc == "" or cc == 0:
        return ""
    if isinstance(cc, (list, tuple)) and len(cc) == 2:
        return f"sm_{cc[0]}{cc[1]}"
    text = str(cc)
    if text.startswith("sm_"):
        return text
    if "." in text:
        major, minor = text.split(".", 1)
        return f"sm_{major}{minor[:1] or '0'}"
    return f"sm_{text}"


def header_line(style, summary, fallback_id, fallback_file):
    parts = [style.bold(str(summary.get("id") or fallback_id)),
             str(summary.get("file") or fallback_file)]
    if summary.get("seed") is not None:
        parts.append(tr("seed", seed=summary["seed"]))
    parts.append(device_label(summary))
    return style.dot.join(parts)


def case_line(style, case):
    verdict = case.get("verdict") or "JE"
    name = str(case.get("name") or "?")
    if verdict == "AC":
        return f"  {style.good(style.tick)} {name}"
    if verdict == "SKIP":
        return f"  {style.odd('-')} {name}  {style.odd('SKIP')}"
    return f"  {style.bad(style.cross)} {name}  {style.verdict(verdict)}"


def mismatch_cell(mismatch, key):
    value = mismatch.get(key, "")
    # The engine says -1 where an element has no one block, warp or lane
    # (e.g. an address that every thread updates).
    if key in ("block", "warp", "lane") and isinstance(value, int) and value < 0:
        return "-"
    return format_number(value)


def mismatch_table(mismatches, last):
    shown = [m for m in mismatches if isinstance(m, dict)][:5]
    if isinstance(last, dict) and last not in shown:
        tail_rows = [None, last]  # None: a "..." row
    else:
        tail_rows = []
    with_buffer = len({m.get("buffer") for m in shown + [r for r in tail_rows if r]}) > 1
    columns = (["col_buffer"] if with_buffer else []) + [
        "col_index", "col_block", "col_warp", "col_lane", "col_expected", "col_got"]
    keys = [c[len("col_"):] for c in columns]
    rows = [[tr(c) for c in columns]]
    for mismatch in shown + tail_rows:
        if mismatch is None:
            rows.append(["..."] + [""] * (len(columns) - 1))
        else:
            rows.append([mismatch_cell(mismatch, k) for k in keys])
    first_number_column = 1 if with_buffer else 0
    return format_table(rows, right_aligned=range(first_number_column, len(columns)))


def repeats_counts(detail, bad, total):
    """True when an engine's case detail says no more than the counts already
    shown: one line whose first two numbers are bad and total, in any order and
    in any language ("31 of 32 elements of 'out' differ", "31 / 32 个元素不一致")."""
    if not bad or "\n" in detail.strip():
        return False
    numbers = [int(n) for n in re.findall(r"\d+", detail)[:2]]
    return len(numbers) == 2 and sorted(numbers) == sorted([bad, total if total else -1])


def case_details(style, case, full=True):
    """Lines under a failed case: the mismatch table, the counts, the diagnosis.
    Not full: the counts (or the engine's detail) only."""
    lines = []
    mismatches = case.get("mismatches") or []
    if mismatches and full:
        lines += mismatch_table(mismatches, case.get("last"))
    bad, total, unwritten = case.get("bad"), case.get("total"), case.get("unwritten")
    if bad:
        counts = tr("differ", bad=bad, total=total if total is not None else "?")
        if unwritten:
            counts += tr("unwritten", n=unwritten)
        lines.append(counts)
    if case.get("diagnosis") and full:
        lines.append(style.odd(tr("diagnosis", text=case["diagnosis"])))
    detail = str(case.get("detail") or "")
    # A detail that only repeats the counts (older engines wrote one) is said once.
    if detail and not repeats_counts(detail, bad, total):
        if full or not bad:
            lines += detail.splitlines()
    return ["      " + line if line else line for line in lines]


def bandwidth_bar(style, pct, tier):
    """[#######-------]: the share of the device's copy bandwidth reached."""
    filled = max(0, min(BAR_WIDTH, int(round(pct / 100 * BAR_WIDTH))))
    hashes = "#" * filled
    hashes = style.good(hashes) if tier in TIER_NAMES else style.odd(hashes)
    return "[" + hashes + "-" * (BAR_WIDTH - filled) + "]"


def timing_lines(style, timing):
    """The time and bandwidth, then a bar against copy bandwidth and the reference."""
    if not isinstance(timing, dict) or not is_number(timing.get("median_ms")):
        return []
    first = [tr("time", ms=f"{timing['median_ms']:.3f}", reps=timing.get("reps") or "?")]
    if is_number(timing.get("gbps")):
        first.append(tr("gbps", gbps=f"{timing['gbps']:.1f}"))
    second = []
    pct = timing.get("pct_of_copy")
    if is_number(pct):
        text = tr("pct_of_copy", pct=f"{pct:.0f}")
        if timing.get("tier") in TIER_NAMES:
            text += tr("tier_suffix", tier=tier_name(timing["tier"]))
        second.append(bandwidth_bar(style, pct, timing.get("tier")) + " " + text)
    if is_number(timing.get("ratio_to_ref")):
        second.append(tr("ratio", ratio=f"{timing['ratio_to_ref']:.2f}"))
    return [style.dot.join(first)] + ([style.dot.join(second)] if second else [])


def phases_line(phases):
    if not isinstance(phases, dict):
        return None
    # Under 0.05 s: the step did not happen (nothing to link after a compile error, no
    # GPU, no timing) or took no time worth a word (no wait for the device).
    parts = [tr("phase_" + name, s=f"{phases[name]:.1f}")
             for name in ("compile", "link", "cases", "wait", "run", "reference")
             if is_number(phases.get(name)) and phases[name] >= 0.05]
    return parts or None


def reproduce_command(problem_id, file_arg, default_file, seed):
    argv = ["python3", "judge.py", problem_id]
    if file_arg != default_file:
        argv.append(file_arg)
    argv += ["--seed", str(seed)]
    return " ".join(shlex.quote(a) for a in argv)


def render_summary(style, run, problem_id, file_arg, default_file, verbose=False):
    """The report of one run. Only the first failing case is shown in full
    (the same mistake usually breaks them all) unless verbose."""
    summary = run.summary
    say(header_line(style, summary, problem_id, file_arg))
    if summary.get("note"):
        say(style.odd(str(summary["note"])))  # the engine's: why the emulator judged
    cases = summary.get("cases") if isinstance(summary.get("cases"), list) else run.cases
    failed = 0
    for case in cases:
        if not isinstance(case, dict):
            continue
        if case.get("verdict") in ("AC", "SKIP"):
            say(case_line(style, case))
            continue
        full = verbose or failed == 0
        details = case_details(style, case, full)
        if not full and len(details) == 1:  # one note: on the case's own line
            say(case_line(style, case) + "  " + details[0].strip())
        else:
            say(case_line(style, case))
            for line in details:
                say(line)
        failed += 1
    if failed > 1 and not verbose:
        command = " ".join(shlex.quote(a) for a in ["python3", "judge.py", problem_id]
                           + ([file_arg] if file_arg != default_file else []) + ["--verbose"])
        say(style.dim(tr("more_details", command=command)))
    verdict = run.verdict
    if verdict == "CE" and summary.get("compile_log"):
        say()
        say(style.bold(tr("compile_log")))
        say(indent(str(summary["compile_log"]).rstrip("\n")))
    if summary.get("program_output"):
        say()
        say(style.bold(tr("program_output")))
        say(indent(str(summary["program_output"]).rstrip("\n")))
    say()
    for line in timing_lines(style, summary.get("timing")):
        say(line)
    phases = phases_line(summary.get("phases_s"))
    if phases:
        say(style.dot.join(phases))
    say(f"{style.bold(style.verdict(verdict))}  {verdict_name(verdict)}")
    # RULE: the engine's message in the learner's language; any other verdict
    # keeps the engine's message and lists the broken rules after it.
    if summary.get("message") and verdict != "RULE":
        say(str(summary["message"]).rstrip("\n"))
    for line in rules_report(style, summary.get("rules"), problem_id, verdict):
        say(line)


def rules_report(style, rules, problem_id, verdict):
    """The broken rules in the learner's language, from the engine's "rules"
    object; [] when no rule was broken."""
    if not isinstance(rules, dict) or not isinstance(rules.get("violations"), list):
        return []
    violations = [v for v in rules["violations"] if isinstance(v, dict)]
    if not violations:  # kept, but the learner should know how weak the check was
        return [style.dim(tr("rules_source_only"))] if rules.get("method") == "source" else []
    lines = [tr("rules_broken") if verdict == "RULE" else tr("rules_broken_too")]
    file = str(rules.get("file") or "")
    for v in violations:
        rule = str(v.get("rule") or "?")
        if v.get("kind") == "require":
            text = tr("rule_required", rule=rule, meaning=rule_meaning(rule), file=file)
        else:
            line = v.get("line")
            where = f"{file}:{line}" if isinstance(line, int) and line > 0 else file
            text = tr("rule_forbidden", rule=rule, meaning=rule_meaning(rule), where=where,
                      found=str(v.get("found") or rule))
        lines.append(f"  {style.cross} {text}")
    output = rules.get("output_verdict")
    if output == "AC":
        lines.append(tr("rule_output_right"))
    elif not output:
        lines.append(tr("rule_output_unchecked"))
    if rules.get("method") == "source":
        lines.append(style.dim(tr("rules_source_only")))
    lines.append(tr("rules_fix", id=problem_id))
    return lines


def render_next_steps(style, ws, problem, run, file_arg, default_file, progress):
    """After the verdict: what to do now (a hint, the next exercise, the seed)."""
    verdict = run.verdict
    if verdict == "AC" and progress is not None:
        following = next_exercise(ws.catalog(), progress, after=problem)
        if following is None:
            say(style.good(tr("all_solved")))
        else:
            say(tr("next_after_ac", id=following["id"],
                   title=localized(following.get("title"))))
    elif verdict not in ("AC", "JE", "SKIP") and progress is not None:
        seen = as_count(exercise_record(progress, problem["id"]).get("hints_shown"))
        if seen < len(hints_of(problem)):
            say(tr("stuck_hint", id=problem["id"], seen=seen, total=len(hints_of(problem))))
    # Without a GPU nothing ran, and a compile error needs no seed to repeat.
    summary = run.summary
    if verdict not in ("AC", "CE") and summary.get("seed") is not None and not run.no_device:
        say(tr("reproduce", command=reproduce_command(problem["id"], file_arg, default_file,
                                                      summary["seed"])))


def render_malfunction(style, run):
    say(f"{style.bold(style.verdict('JE'))}  {verdict_name('JE')}")
    warn(run.problem_message())


# ---------------------------------------------------------------------------
# Command: judge ID [FILE]
# ---------------------------------------------------------------------------


def add_id_argument(parser, optional=False):
    if optional:
        parser.add_argument("id", metavar="ID", nargs="?", help=tr("help_id_optional"))
    else:
        parser.add_argument("id", metavar="ID", help=tr("help_id"))


def add_judge_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("file", metavar="FILE", nargs="?", help=tr("help_file"))
    parser.add_argument("--seed", type=int, help=tr("help_seed"))
    parser.add_argument("--json", action="store_true", help=tr("help_json"))
    parser.add_argument("--no-perf", action="store_true", help=tr("help_no_perf"))
    parser.add_argument("--verbose", action="store_true", help=tr("help_judge_verbose"))
    add_emulate_argument(parser)
    add_sanitize_arguments(parser)


def add_emulate_argument(parser):
    parser.add_argument("--emulate", action="store_true", help=tr("help_emulate"))


SANITIZER_TOOLS = ("memcheck", "racecheck", "synccheck", "initcheck", "all")


def add_sanitize_arguments(parser):
    parser.add_argument("--sanitize", action="store_true", help=tr("help_sanitize"))
    parser.add_argument("--tool", choices=SANITIZER_TOOLS, default=None, help=tr("help_tool"))


def chosen_backend(options):
    """None (the engine chooses), "emu", or "sanitize:TOOL"."""
    sanitize = getattr(options, "sanitize", False)
    if sanitize and getattr(options, "emulate", False):
        raise JudgeError(tr("sanitize_and_emulate"))
    if getattr(options, "tool", None) and not sanitize:
        raise JudgeError(tr("tool_without_sanitize"))
    if sanitize:
        return "sanitize:" + (options.tool or "memcheck")
    return "emu" if getattr(options, "emulate", False) else None


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


def run_judge_command(options):
    ws = Workspace()
    ws.progress()  # a misplaced CUDAJUDGE_STATE is refused before judging
    problem = resolve_problem(ws.catalog(), options.id)
    file_arg = file_to_judge(ws, problem, options.file)
    if is_inside(ws.path(file_arg), ws.path("exercises")):
        refresh_compile_commands(ws)  # the learner's own work: keep clangd in step
    if options.json:
        return judge_as_json(ws, problem, file_arg, options)
    shown_file = shown_path(ws.path(file_arg)) if options.file else file_arg
    _, status = judge_and_render(ws, problem, file_arg, shown_file, options.seed,
                                 not options.no_perf, options.verbose, chosen_backend(options))
    return status


def show_progress(status, event):
    if event.get("type") == "phase" and event.get("state") == "start":
        phase = str(event.get("phase"))
        key = "running_" + phase
        status.show(tr(key) if key in MESSAGES else phase + "...")


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


def judge_error_summary(problem_id, file_arg, run):
    return {"type": "summary", "id": problem_id, "file": file_arg, "verdict": "JE",
            "backend": "none", "seed": None, "message": run.problem_message(),
            "compile_log": "", "program_output": "", "cases": run.cases, "timing": None,
            "phases_s": None, "device": None}


# ---------------------------------------------------------------------------
# Command: watch [ID]
# ---------------------------------------------------------------------------


def add_watch_arguments(parser):
    add_id_argument(parser, optional=True)
    parser.add_argument("--next", action="store_true", help=tr("help_watch_next"))
    parser.add_argument("--no-perf", action="store_true", help=tr("help_no_perf"))
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
        time.sleep(interval)
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
    """True when exercises/<id>.cu exists, copying the template there if needed."""
    exercise = ws.exercise_path(problem)
    if os.path.isfile(exercise):
        return True
    template = ws.path("templates", f"{problem['id']}.cu")
    if not os.path.isfile(template):
        return False
    os.makedirs(os.path.dirname(exercise), exist_ok=True)
    shutil.copyfile(template, exercise)
    say(tr("created_from_template", file=ws.relative(exercise),
           template=ws.relative(template)))
    refresh_compile_commands(ws)
    return True


def run_watch_command(options):
    ws = Workspace()
    ws.progress()  # a misplaced CUDAJUDGE_STATE is refused before judging
    problems = ws.catalog()
    if options.id:
        problem = resolve_problem(problems, options.id)
    else:
        problem = next_exercise(problems, ws.progress().read())
        if problem is None:
            say(tr("all_solved"))
            return 0
    ws.engine()  # build before the first screen
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
                    run, _ = judge_and_render(ws, problem, file_arg, file_arg,
                                              perf=not options.no_perf,
                                              backend=chosen_backend(options))
                    if run.verdict == "AC" and options.next:
                        following = next_exercise(problems, ws.progress().read(), after=problem)
                        if following is None:
                            say(style.good(tr("all_solved")))
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


# ---------------------------------------------------------------------------
# No command: progress by chapter and what to do next
# ---------------------------------------------------------------------------


def add_overview_arguments(parser):
    pass


def progress_bar(done, total, width=10):
    filled = int(round(width * done / total)) if total else 0
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def status_mark(style, status):
    if status == "solved":
        return style.good(style.tick if style.unicode else "+")
    if status == "attempted":
        return style.odd("~")
    return "·" if style.unicode else "-"


def render_next_exercise(style, ws, problem, progress):
    if problem is None:
        say(style.good(tr("all_solved")))
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


def run_overview_command(options):
    ws = Workspace()
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
    render_next_exercise(style, ws, next_exercise(problems, progress), progress)
    say()
    say(style.dim(tr("overview_more")))
    return 0


# ---------------------------------------------------------------------------
# Command: list
# ---------------------------------------------------------------------------


def add_list_arguments(parser):
    pass


def run_list_command(options):
    ws = Workspace()
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
    following = next_exercise(problems, progress)
    if following is not None:
        say(tr("list_next", id=following["id"]))
    return 0


# ---------------------------------------------------------------------------
# Command: show ID
# ---------------------------------------------------------------------------


def add_show_arguments(parser):
    add_id_argument(parser)


def describe_check(check):
    if not isinstance(check, dict) or check.get("exact", True):
        return tr("show_exact")
    return tr("show_tolerance", rtol=check.get("rtol"), atol=check.get("atol"))


def rule_list(names):
    return "; ".join(f"{name} ({rule_meaning(name)})" for name in names)


def run_show_command(options):
    ws = Workspace()
    problem = resolve_problem(ws.catalog(), options.id)
    progress = ws.progress().read()
    style = Style(sys.stdout)
    problem_id = problem["id"]
    say(style.bold(f"{problem_id}{style.dot}{localized(problem.get('title'))}"))
    say(tr("show_chapter", chapter=problem.get("chapter") or ""))
    if problem.get("aliases"):
        say(tr("show_aliases", aliases=", ".join(problem["aliases"])))
    say()
    say(style.bold(tr("show_signature")))
    say(indent(str(problem.get("signature") or "")))
    say()
    say(style.bold(tr("show_statement")))
    say(wrap(localized(problem.get("statement")).rstrip("\n")))
    launch = localized(problem.get("launch"))
    if launch:
        say()
        say(style.bold(tr("show_launch")))
        say(wrap(launch.rstrip("\n")))
    say()
    say(tr("show_check", check=describe_check(problem.get("check"))))
    say(tr("show_backends", backends=", ".join(problem.get("backends") or [])))
    rules = problem.get("rules") if isinstance(problem.get("rules"), dict) else {}
    required = [str(name) for name in rules.get("require") or []]
    forbidden = [str(name) for name in rules.get("forbid") or []]
    if "libraries" not in forbidden:
        forbidden.append("libraries")  # forbidden everywhere, listed or not
    if required:
        say(tr("show_rules_require", rules=rule_list(required)))
    say(tr("show_rules_forbid", rules=rule_list(forbidden)))
    record = exercise_record(progress, problem_id)
    hints = hints_of(problem)
    seen = min(as_count(record.get("hints_shown")), len(hints))
    say(tr("show_hints", n=len(hints), seen=seen, id=problem_id))
    if as_count(record.get("attempts")):
        best = record.get("best_verdict") or "?"
        timing = best_time_text(record)
        say(tr("show_progress", n=record["attempts"], best=best)
            + (style.dot + timing if timing else ""))
    exercise = problem.get("exercise") or f"exercises/{problem_id}.cu"
    say(tr("show_file", file=exercise))
    say(tr("show_judge", id=problem_id))
    return 0


# ---------------------------------------------------------------------------
# Command: hint ID
# ---------------------------------------------------------------------------


def add_hint_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("--all", action="store_true", help=tr("help_hint_all"))


def run_hint_command(options):
    ws = Workspace()
    problem = resolve_problem(ws.catalog(), options.id)
    problem_id = problem["id"]
    hints = hints_of(problem)
    style = Style(sys.stdout)
    if not hints:
        say(tr("hint_none", id=problem_id))
        return 0
    chosen = {}

    def take_hint(data):
        record = data["exercises"].setdefault(problem_id, {})
        seen = min(as_count(record.get("hints_shown")), len(hints))
        chosen["number"] = len(hints) if options.all else min(seen + 1, len(hints))
        record["hints_shown"] = max(seen, chosen["number"])

    ws.progress().update(take_hint)
    shown = range(1, len(hints) + 1) if options.all else [chosen["number"]]
    for number in shown:
        say(style.bold(tr("hint_title", n=number, total=len(hints), id=problem_id)))
        say(wrap(hints[number - 1].rstrip("\n")))
    if chosen["number"] < len(hints):
        say(style.dim(tr("hint_more", id=problem_id, left=len(hints) - chosen["number"])))
    else:
        say(style.dim(tr("hint_last", id=problem_id)))
    return 0


# ---------------------------------------------------------------------------
# Command: solution ID
# ---------------------------------------------------------------------------


def add_solution_arguments(parser):
    add_id_argument(parser)
    parser.add_argument("--force", action="store_true", help=tr("help_force"))


def run_solution_command(options):
    ws = Workspace()
    problem = resolve_problem(ws.catalog(), options.id)
    problem_id = problem["id"]
    record = exercise_record(ws.progress().read(), problem_id)
    solved = record.get("best_verdict") == "AC"
    if not solved and not options.force:
        best = record.get("best_verdict")
        raise JudgeError(tr("solution_locked", id=problem_id,
                            best=best if best else tr("solution_not_judged")),
                         exit_code=1, as_is=True)
    reference = ws.path("reference", f"{problem_id}.cu")
    try:
        with open(reference, encoding="utf-8", errors="replace") as source:
            text = source.read()
    except OSError:
        raise JudgeError(tr("reference_missing", file=ws.relative(reference)))
    style = Style(sys.stdout)
    say(style.bold(tr("solution_title", file=ws.relative(reference))))
    say(text.rstrip("\n"))
    return 0


# ---------------------------------------------------------------------------
# Command: reset ID
# ---------------------------------------------------------------------------


def add_reset_arguments(parser):
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


def run_reset_command(options):
    ws = Workspace()
    problem = resolve_problem(ws.catalog(), options.id)
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


# ---------------------------------------------------------------------------
# Command: editor (compile_commands.json for clangd)
# ---------------------------------------------------------------------------


def add_editor_arguments(parser):
    pass


def is_cuda_install(folder):
    """True when clang would accept FOLDER as --cuda-path: headers, bin and libdevice."""
    return bool(folder) and os.path.isfile(os.path.join(folder, "include", "cuda.h")) and \
        os.path.isdir(os.path.join(folder, "bin")) and \
        os.path.isdir(os.path.join(folder, "nvvm", "libdevice"))


def nvcc_top(ws, nvcc):
    """The toolkit folder nvcc itself reports (TOP in a dry run); wrappers and
    symbolic links in front of the real nvcc do not mislead it."""
    try:
        done = subprocess.run([nvcc, "--dryrun", "-E", "-x", "cu", os.devnull], cwd=ws.root,
                              env=ws.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, encoding="utf-8", errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"^#\$ TOP=(.+)$", done.stdout, re.MULTILINE)
    return os.path.realpath(found.group(1).strip()) if found else None


def cuda_install(ws):
    """The CUDA toolkit folder of the nvcc the judge uses, as clang wants it, or None."""
    nvcc = ws.which("nvcc")
    candidates = [ws.env.get("CUDA_PATH"), ws.env.get("CUDA_HOME")]
    if nvcc:
        candidates += [nvcc_top(ws, nvcc),
                       os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))]
    candidates += ["/usr/local/cuda", "/usr/lib/cuda", "/opt/cuda"]
    return next((os.path.realpath(c) for c in candidates if is_cuda_install(c)), None)


def clangd_major(ws):
    clangd = ws.which("clangd")
    version = clangd and tool_version(ws, [clangd, "--version"], r"clangd version (\d+)")
    return int(version) if version and version.isdigit() else None


def arch_number(cc):
    name = sm_name(cc)
    digits = name[len("sm_"):] if name else ""
    return int(digits) if digits.isdigit() else None


def editor_arch(clang_major, device_cc):
    """The GPU architecture clangd checks for: the device's (sm_90 when unknown),
    capped at the newest this clangd understands."""
    wanted = arch_number(device_cc) or 90
    if clang_major is None:
        return min(wanted, FALLBACK_CUDA_ARCH)
    newest = next((arch for major, arch in CLANG_CUDA_ARCHS if clang_major >= major), 75)
    return min(wanted, newest)


def exercise_sources(ws):
    return sorted(glob.glob(os.path.join(ws.path("exercises"), "*.cu")))


def compile_commands(ws, arch, cuda):
    """One entry per exercises/*.cu: the learner's translation unit as the
    engine builds it (glue.h first, the problem headers on the path), as clang
    understands CUDA."""
    runtime, problems = ws.path("harness", "runtime"), ws.path("harness", "problems")
    common = ["clang++", "-x", "cuda"] + ([f"--cuda-path={cuda}"] if cuda else []) + [
        f"--cuda-gpu-arch=sm_{arch}", "-std=c++17", f"-I{runtime}", f"-I{problems}",
        "-include", os.path.join(runtime, "glue.h")]
    return [{"directory": ws.root, "file": source, "arguments": common + ["-c", source]}
            for source in exercise_sources(ws)]


def last_device_cc(ws):
    """The compute capability of the GPU the last judged attempt ran on."""
    device = ws.progress().read(quiet=True).get("device")
    return device.get("cc") if isinstance(device, dict) else None


def write_compile_commands(ws):
    """Writes ROOT/compile_commands.json; returns what the editor will use."""
    clang = clangd_major(ws)
    device_arch = arch_number(last_device_cc(ws))
    arch = editor_arch(clang, device_arch)
    cuda = cuda_install(ws)
    entries = compile_commands(ws, arch, cuda)
    write_text_atomically(ws.path(COMPILE_COMMANDS), json.dumps(entries, indent=2) + "\n")
    return {"entries": entries, "arch": arch, "device_arch": device_arch or 90,
            "clangd": clang, "cuda": cuda}


def write_text_atomically(path, text):
    folder = os.path.dirname(path)
    handle, temporary = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp",
                                         dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def refresh_compile_commands(ws):
    """On judge runs: rewrite compile_commands.json when it is missing, or does
    not cover exactly the exercises/*.cu of this repository. Quiet."""
    try:
        with open(ws.path(COMPILE_COMMANDS), encoding="utf-8") as source:
            entries = json.load(source)
        covered = {e.get("file") for e in entries if e.get("directory") == ws.root}
    except (OSError, ValueError, AttributeError, TypeError):
        covered = None
    if covered != set(exercise_sources(ws)):
        with contextlib.suppress(OSError, JudgeError):
            write_compile_commands(ws)


def run_editor_command(options):
    ws = Workspace()
    try:
        made = write_compile_commands(ws)
    except OSError as err:
        raise JudgeError(tr("editor_write_failed", file=COMPILE_COMMANDS, error=err))
    say(tr("editor_wrote", file=COMPILE_COMMANDS, n=len(made["entries"]), arch=made["arch"]))
    if made["cuda"]:
        say(tr("editor_cuda", cuda=made["cuda"]))
    else:
        warn(tr("editor_no_cuda", fix=tr("cuda_fix")))
    if made["clangd"] is None:
        warn(tr("editor_no_clangd", fix=CLANGD_FIX))
    elif made["arch"] < made["device_arch"]:
        say(tr("editor_old_clangd", major=made["clangd"], arch=made["arch"]))
    if made["entries"]:
        first = ws.relative(made["entries"][0]["file"])
        say(tr("editor_next", check=f"clangd --check={first}"))
    else:
        say(tr("editor_no_exercises"))
    return 0


# ---------------------------------------------------------------------------
# Command: check
# ---------------------------------------------------------------------------


def add_check_arguments(parser):
    parser.add_argument("ids", metavar="ID", nargs="*", help=tr("help_check_ids"))
    parser.add_argument("--verbose", action="store_true", help=tr("help_verbose"))
    parser.add_argument("--jobs", type=int, default=None, help=tr("help_jobs"))
    add_emulate_argument(parser)
    add_sanitize_arguments(parser)


def expectation_overrides(path):
    """`// expect-<backend>: VERDICT` comments in the first ten lines of a file."""
    overrides = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as source:
            for _, line in zip(range(10), source):
                for backend, verdict in EXPECT_COMMENT.findall(line):
                    overrides[backend.lower()] = verdict.upper()
    except OSError:
        pass
    return overrides


def expectation_on(path, backend, expected):
    """The verdict expected of a file on a backend: its `// expect-<backend>:`
    line, else the folder's. Under the sanitizer (the GPU build, run by the
    tool) an `expect-<tool>:` line wins (e.g. expect-racecheck), then, for
    `--tool all`, an `expect-sanitize:` line, then an `expect-gpu:` one."""
    overrides = expectation_overrides(path)
    if backend.startswith("sanitize"):
        tool = backend.partition(":")[2] or "all"
        if tool in overrides:
            return overrides[tool]
        if tool == "all" and "sanitize" in overrides:
            return overrides["sanitize"]
        return overrides.get("gpu", expected)
    return overrides.get(backend, expected)


def files_to_check(ws, problem):
    """(path relative to root, expected verdict) pairs; "!AC" means "anything but AC"."""
    problem_id = problem["id"]
    entries = [(f"reference/{problem_id}.cu", "AC"), (f"templates/{problem_id}.cu", "!AC")]
    corpus = ws.path("tests", "submissions", problem_id)
    if os.path.isdir(corpus):
        for folder in sorted(os.listdir(corpus)):
            folder_path = os.path.join(corpus, folder)
            if not os.path.isdir(folder_path):
                continue
            expected = FOLDER_VERDICTS.get(folder, f"?{folder}")
            for name in sorted(os.listdir(folder_path)):
                if name.endswith(".cu"):
                    entries.append((f"tests/submissions/{problem_id}/{folder}/{name}", expected))
    return entries


def describe_expected(expected):
    if expected.startswith("!"):
        return tr("expected_not", verdict=expected[1:])
    if expected.startswith("?"):
        return tr("expected_unknown_folder", folder=expected[1:],
                  folders=", ".join(FOLDER_VERDICTS))
    return expected


def verdict_meets(verdict, expected):
    """expected: a verdict, "!V" (anything but V, and not JE), or "A|B" (either,
    for a mistake that one version of a tool reports and another does not)."""
    if expected.startswith("!"):
        return verdict != expected[1:] and verdict != "JE"
    return verdict in expected.split("|")


class CheckTally:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0
        self.ran_on_device = False
        self.no_device = 0

    def closing_line(self):
        line = tr("check_line", passed=self.passed, failed=self.failed)
        if self.skipped:
            line += tr("check_line_skipped", skipped=self.skipped)
        return line


def check_mark(paint, text):
    return paint(pad(text, 4))


def check_backend(ws, options):
    """The backend every file of a check is judged on: the emulator when asked
    for or when there is no GPU, else the GPU; the sanitizer when asked for."""
    chosen = chosen_backend(options)
    if chosen:
        return chosen
    try:
        return "gpu" if query_device(ws, fresh=False).get("found") else "emu"
    except JudgeError:
        return "emu"


def out_of_device_memory(run):
    return "out of memory" in ((run.summary or {}).get("message") or "")


def work_seconds(run):
    """The time a judgement worked: its total less the wait for the device,
    which runs judged side by side take in turn."""
    phases = (run.summary or {}).get("phases_s") or {}
    total, wait = phases.get("total"), phases.get("wait")
    if is_number(total) and is_number(wait):
        return total - wait
    return run.seconds


def check_one_file(ws, style, problem_id, relative, expected, verbose, tally, backend,
                   judged=None):
    """Judges one file (or takes `judged`, a run made ahead) and prints its line."""
    path = ws.path(relative)
    if not os.path.isfile(path):
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} {tr('check_missing', file=relative)}")
        return
    if expected.startswith("?"):
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} "
            + tr("check_no_verdict", file=relative, expected=describe_expected(expected)))
        return
    # `// expect-emu: RACE` changes the expectation on one backend;
    # `// expect-gpu: SKIP` says that backend cannot show the mistake at all.
    expected = expectation_on(path, backend, expected)
    if expected == "SKIP":
        tally.skipped += 1
        say(f"{check_mark(style.odd, tr('check_skip'))}      "
            + tr("check_not_on_backend", file=relative, backend=backend))
        return
    run = judged or run_judge(ws, problem_id, relative, perf=False, backend=backend)
    shared_verdict = None
    if (judged and backend != "emu" and ws.env.get("CUDAJUDGE_SHARE_DEVICE")
            and not run.no_device
            and (out_of_device_memory(run) or not verdict_meets(run.verdict, expected))):
        # Runs that shared the device: another file may have taken its memory,
        # or run on an SM between the runtime's fill of shared memory and this
        # file's launch. What counts is the verdict of a run that had it alone
        # (without sharing, every run had it alone already).
        shared_verdict = run.verdict
        run = run_judge(ws, problem_id, relative, perf=False, backend=backend, alone=True)
    verdict = run.verdict
    took = seconds_text(work_seconds(run))
    message = (run.summary or {}).get("message") or ""
    if run.backend != "none":
        tally.ran_on_device = True
    if run.no_device:
        tally.skipped += 1
        tally.no_device += 1
        say(f"{check_mark(style.odd, tr('check_skip'))} {verdict:<4} {relative}  {took}  "
            + tr("check_no_device_note"))
        return
    if verdict == "SKIP" and expected != "SKIP":
        tally.skipped += 1
        say(f"{check_mark(style.odd, tr('check_skip'))} {verdict:<4} {relative}  {took}")
    elif verdict_meets(verdict, expected):
        tally.passed += 1
        again = (" " + tr("check_judged_alone", verdict=shared_verdict)
                 if shared_verdict and shared_verdict != verdict else "")
        say(f"{check_mark(style.good, tr('check_ok'))} {verdict:<4} {relative}  {took}{again}")
        if verbose and message:
            say(indent(message, "     "))
    else:
        tally.failed += 1
        say(f"{check_mark(style.bad, tr('check_fail'))} "
            + tr("check_wrong", got=verdict, expected=describe_expected(expected),
                 file=relative, took=took))
        explain = message if run.summary and not run.malfunction else run.problem_message()
        if explain:
            say(indent(explain.rstrip("\n"), "     "))
        if verdict == "CE" and run.summary and run.summary.get("compile_log"):
            say(indent(tail(run.summary["compile_log"], 10), "     "))
    if verbose and run.summary and run.summary.get("seed") is not None:
        say("     " + tr("seed", seed=run.summary["seed"]))


def judge_ahead(ws, work, backend, jobs):
    """Starts judging the files that will be judged, `jobs` at a time, and
    returns futures by file, printed in order as they finish. On a GPU the
    engine's device lock runs the test programs one at a time (or, with
    CUDAJUDGE_SHARE_DEVICE, lets those that measure nothing share it)."""
    import concurrent.futures
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    ahead = {}
    for problem_id, relative, expected in work:
        path = ws.path(relative)
        if (not os.path.isfile(path) or expected.startswith("?")
                or expectation_on(path, backend, "") == "SKIP"):
            continue
        ahead[relative] = pool.submit(run_judge, ws, problem_id, relative, perf=False,
                                      backend=backend)
    pool.shutdown(wait=False)
    return ahead


def run_check_command(options):
    ws = Workspace()
    problems = ws.catalog()
    if options.ids:
        chosen = [resolve_problem(problems, name) for name in options.ids]
    else:
        chosen = problems
    style = Style(sys.stdout)
    tally = CheckTally()
    backend = check_backend(ws, options)
    if backend.startswith("sanitize:"):
        say(tr("check_on_sanitize", tool=backend.split(":", 1)[1]))
    else:
        say(tr("check_on_emu", backend=backend) if backend == "emu"
            else tr("check_on_gpu", backend=backend))
    work = [(problem["id"], relative, expected) for problem in chosen
            for relative, expected in files_to_check(ws, problem)]
    jobs = options.jobs or (os.cpu_count() or 1)
    if backend != "emu" and not options.jobs:
        jobs = min(jobs, DEVICE_JOBS)  # each run holds a CUDA context of its own
    ahead = judge_ahead(ws, work, backend, jobs) if jobs > 1 else {}
    for problem_id, relative, expected in work:
        judged = ahead.get(relative)
        check_one_file(ws, style, problem_id, relative, expected, options.verbose, tally,
                       backend, judged.result() if judged else None)
        sys.stdout.flush()
    if tally.no_device and not tally.ran_on_device:
        say(tr("check_nothing_ran"))
        say(tally.closing_line())
        return 2
    say(tally.closing_line())
    return 0 if tally.failed == 0 else 1


# ---------------------------------------------------------------------------
# Command: doctor
# ---------------------------------------------------------------------------


def add_doctor_arguments(parser):
    pass


def tool_version(ws, argv, pattern=None):
    """The first line (or the regex group) of a tool's version output, or None."""
    try:
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    lines = done.stdout.strip().splitlines()
    found = re.search(pattern, done.stdout) if pattern else None
    if found:
        return found.group(1)
    return lines[0] if lines else tr("version_unknown")


def doctor_line(good, text):
    say(f"{pad(tr('doctor_ok') if good else tr('doctor_missing'), 8)} {text}")


def doctor_tools(ws):
    """Prints one line per required tool; returns True when all are there."""
    all_found = True
    version = ".".join(map(str, sys.version_info[:3]))
    python_ok = sys.version_info >= (3, 9)
    doctor_line(python_ok, tr("doctor_python", version=version)
                + ("" if python_ok else tr("doctor_python_old")))
    all_found &= python_ok
    for tool in ("meson", "ninja"):
        found = ws.which(tool) and tool_version(ws, [tool, "--version"])
        doctor_line(bool(found), tr("doctor_tool", tool=tool, version=found) if found
                    else tr("doctor_fix", what=tool, fix=APT_FIX))
        all_found &= bool(found)
    if not ws.which("pkg-config"):
        doctor_line(False, tr("doctor_fix", what="pkg-config + libyaml", fix=PKG_CONFIG_FIX))
        all_found = False
    else:
        yaml_version = tool_version(ws, ["pkg-config", "--modversion", "yaml-0.1"])
        doctor_line(bool(yaml_version),
                    tr("doctor_tool", tool="pkg-config + libyaml", version=yaml_version)
                    if yaml_version
                    else tr("doctor_fix", what="libyaml (pkg-config yaml-0.1)", fix=APT_FIX))
        all_found &= bool(yaml_version)
    nvcc = ws.which("nvcc")
    nvcc_version = nvcc and tool_version(ws, ["nvcc", "--version"], r"release ([0-9.]+)")
    doctor_line(bool(nvcc_version),
                tr("doctor_tool", tool="nvcc", version=f"{nvcc_version} ({nvcc})")
                if nvcc_version else tr("doctor_fix", what="nvcc", fix=tr("cuda_fix")))
    all_found &= bool(nvcc_version)
    return all_found


def doctor_build(ws, tools_ok):
    """Prints the build's state, building it when possible; True when usable."""
    build = ws.relative(ws.build)
    if ws.engine_override:
        doctor_line(True, tr("doctor_engine_override", engine=ws.engine_override))
        return True
    if not tools_ok:
        configured = os.path.exists(os.path.join(ws.build, "build.ninja"))
        doctor_line(False, tr("doctor_build_configured", build=build) if configured
                    else tr("doctor_build_not_set_up", build=build))
        return False
    try:
        ws.engine()
    except JudgeError as err:
        doctor_line(False, tr("doctor_build_failed", build=build))
        say(indent(str(err)))
        return False
    doctor_line(True, tr("doctor_build_ok", build=build))
    return True


def doctor_device(ws):
    """Prints the GPU line; returns the backend judging will use."""
    try:
        device = query_device(ws, fresh=True)
    except JudgeError as err:
        doctor_line(False, tr("doctor_gpu_unknown"))
        say(indent(str(err)))
        return "none"
    if not device.get("found"):
        reason = f" ({device['error']})" if device.get("error") else ""
        doctor_line(False, tr("doctor_no_gpu", reason=reason))
        return "emu"
    bandwidth = device.get("copy_gbps")
    copy = tr("doctor_copy", gbps=f"{bandwidth:.1f}") if is_number(bandwidth) else ""
    doctor_line(True, tr("doctor_gpu", name=device.get("name"), arch=sm_name(device.get("cc")),
                         copy=copy))
    return "gpu"


def doctor_emulator(ws):
    """Prints the emulator's line: a C++ compiler with ThreadSanitizer."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if not cxx:
        doctor_line(False, tr("doctor_no_cxx", fix=GXX_FIX))
        return False
    probe = subprocess.run([cxx, "-fsanitize=thread", "-x", "c++", "-", "-o", os.devnull],
                           input="int main() { return 0; }\n", text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if probe.returncode != 0:
        doctor_line(False, tr("doctor_no_tsan", cxx=cxx, fix=GXX_FIX))
        return False
    doctor_line(True, tr("doctor_emulator", cxx=cxx))
    return True


def find_sanitizer(ws):
    """compute-sanitizer where the engine looks for it (harness/engine/sanitize.c)."""
    env = ws.env
    candidates = []
    if env.get("COMPUTE_SANITIZER"):
        candidates.append(env["COMPUTE_SANITIZER"])
    nvcc = ws.which("nvcc")
    if nvcc:
        folder = os.path.dirname(os.path.realpath(nvcc))
        candidates += [os.path.join(folder, "compute-sanitizer"),
                       os.path.join(folder, "..", "compute-sanitizer", "compute-sanitizer")]
    for name in ("CUDA_PATH", "CUDA_HOME"):
        if env.get(name):
            candidates.append(os.path.join(env[name], "bin", "compute-sanitizer"))
    found = shutil.which("compute-sanitizer", path=env.get("PATH"))
    if found:
        candidates.append(found)
    candidates.append("/usr/local/cuda/bin/compute-sanitizer")
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    return None


def doctor_sanitizer(ws):
    """Prints the compute-sanitizer line (an optional tool: never fails doctor)."""
    path = find_sanitizer(ws)
    if not path:
        doctor_line(False, tr("doctor_no_sanitizer"))
        return False
    try:
        done = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace", timeout=60)
        why = None if done.returncode == 0 else f"exit status {done.returncode}"
    except (OSError, subprocess.TimeoutExpired) as err:
        done, why = None, str(err)
    if why:
        doctor_line(False, tr("doctor_sanitizer_broken", path=path, why=why))
        return False
    found = re.search(r"[Vv]ersion\s+([0-9][0-9.]*)", done.stdout)
    version = found.group(1) if found else tr("version_unknown")
    doctor_line(True, tr("doctor_sanitizer", version=version, path=path))
    return True


def doctor_state(ws):
    """Prints where progress is kept and whether it can be read."""
    try:
        store = ws.progress()
    except JudgeError as err:
        doctor_line(False, str(err))
        return
    data = store.read()
    solved = sum(1 for record in data["exercises"].values()
                 if record.get("best_verdict") == "AC")
    doctor_line(True, tr("doctor_state", folder=shown_path(store.folder),
                         n=len(data["history"]), solved=solved))


def run_doctor_command(options):
    ws = Workspace()
    tools_ok = doctor_tools(ws)
    build_ok = doctor_build(ws, tools_ok)
    backend = doctor_device(ws) if build_ok else "none"
    emulator_ok = doctor_emulator(ws) if build_ok else False
    doctor_sanitizer(ws)
    doctor_state(ws)
    if backend == "gpu":
        say(tr("doctor_backend_gpu"))
    elif backend == "emu" and emulator_ok:
        say(tr("doctor_backend_emu"))
    else:
        say(tr("doctor_backend_none"))
    return 0 if tools_ok and build_ok else 2


# ---------------------------------------------------------------------------
# Command: selftest
# ---------------------------------------------------------------------------


def add_selftest_arguments(parser):
    pass


def count_test_results(testlog_lines):
    """(passed, failed, skipped) from the JSON lines of meson's testlog.json."""
    passed = failed = skipped = 0
    for line in testlog_lines:
        line = line.strip()
        if not line:
            continue
        try:
            result = json.loads(line).get("result")
        except (ValueError, AttributeError):
            continue
        if result in TEST_PASSED:
            passed += 1
        elif result in TEST_SKIPPED:
            skipped += 1
        elif result is not None:
            failed += 1
    return passed, failed, skipped


def selftest_line(passed, failed, skipped):
    return tr("selftest_line", passed=passed, failed=failed, skipped=skipped)


def run_selftest_command(options):
    ws = Workspace()
    if ws.engine_override:
        warn(tr("selftest_override", build=ws.relative(ws.build)))
    else:
        ws.engine()
    testlog = os.path.join(ws.build, "meson-logs", "testlog.json")
    if os.path.exists(testlog):
        os.remove(testlog)  # never report a previous run's results
    argv = ["meson", "test", "-C", ws.relative(ws.build), "--print-errorlogs"]
    sys.stdout.flush()
    try:
        status = subprocess.run(argv, cwd=ws.root, env=ws.env).returncode
    except OSError as err:
        raise JudgeError(tr("cannot_run_fix", tool="meson", error=err, fix=APT_FIX))
    try:
        with open(testlog, encoding="utf-8", errors="replace") as log:
            passed, failed, skipped = count_test_results(log)
    except OSError:
        passed = failed = skipped = 0
    if status != 0 and failed == 0:
        say(tr("selftest_status", status=status, retry=ws.retry_command(argv)))
        failed = 1
    say(selftest_line(passed, failed, skipped))
    return 0 if failed == 0 else 1


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

COMMANDS = {
    "judge": (add_judge_arguments, run_judge_command, "help_cmd_judge"),
    "watch": (add_watch_arguments, run_watch_command, "help_cmd_watch"),
    "list": (add_list_arguments, run_list_command, "help_cmd_list"),
    "show": (add_show_arguments, run_show_command, "help_cmd_show"),
    "hint": (add_hint_arguments, run_hint_command, "help_cmd_hint"),
    "solution": (add_solution_arguments, run_solution_command, "help_cmd_solution"),
    "reset": (add_reset_arguments, run_reset_command, "help_cmd_reset"),
    "editor": (add_editor_arguments, run_editor_command, "help_cmd_editor"),
    "check": (add_check_arguments, run_check_command, "help_cmd_check"),
    "doctor": (add_doctor_arguments, run_doctor_command, "help_cmd_doctor"),
    "selftest": (add_selftest_arguments, run_selftest_command, "help_cmd_selftest"),
}

GLOBAL_OPTIONS = ("--lang", "--color")

class HelpFormatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, tr("help_usage") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """argparse in the learner's language, with a next step after a usage error."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = tr("help_positionals")
        self._optionals.title = tr("help_options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=tr("help_help"))
        add_common_options(self)

    def error(self, message):
        self.print_usage(sys.stderr)
        warn(tr("usage_error", prog=self.prog, message=translate_argparse(message)))
        warn(tr("usage_see_help", command=f"python3 {self.prog} --help"))
        sys.exit(2)


def add_common_options(parser):
    # SUPPRESS: a subcommand's copy must not overwrite what was given before it.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=tr("help_lang"))
    parser.add_argument("--color", choices=COLOR_MODES, default=argparse.SUPPRESS,
                        help=tr("help_color"))


def build_parser():
    parser = Parser(prog="judge.py", description=tr("help_description"),
                    epilog=tr("help_epilog"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (add_arguments, run, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=tr(summary), description=tr(summary))
        add_arguments(sub)
        sub.set_defaults(run=run)
    return parser


def early_option(argv, name, allowed):
    """The value of --lang or --color, read before argparse so that argparse's
    own messages come out in the right language and colour."""
    value = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == name and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith(name + "="):
            value = arg.split("=", 1)[1]
    return value if value in allowed else None


def with_default_command(argv):
    """`judge.py warp_scan` means `judge.py judge warp_scan`; nothing but
    global options means the overview."""
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg in ("-h", "--help") or arg in COMMANDS:
            return argv
        if arg in GLOBAL_OPTIONS:
            index += 2
        elif arg.startswith(tuple(option + "=" for option in GLOBAL_OPTIONS)):
            index += 1
        else:
            return argv[:index] + ["judge"] + argv[index:]
    return argv


def prepare_streams():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


def main(argv=None):
    prepare_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    set_language(early_option(argv, "--lang", LANGUAGES) or language_from_environment())
    set_color_mode(early_option(argv, "--color", COLOR_MODES) or "auto")
    options = build_parser().parse_args(with_default_command(argv))
    try:
        return getattr(options, "run", run_overview_command)(options)
    except JudgeError as err:
        sys.stdout.flush()
        warn(str(err) if err.as_is else tr("error_prefix", message=err))
        return err.exit_code
    except KeyboardInterrupt:
        warn(tr("interrupted"))
        return 130
    except BrokenPipeError:
        # The output was piped into something that stopped reading (| head).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # anything else is a bug in this file
        if os.environ.get("CUDAJUDGE_DEBUG") == "1":
            raise
        warn(tr("internal_error", kind=type(err).__name__, error=err))
        return 2


if __name__ == "__main__":
    sys.exit(main())
