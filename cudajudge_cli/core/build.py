"""cudajudge_cli.core.build: the engine's build: `meson setup` the first time,
`ninja` on every use (a no-op when up to date), one judge at a time under
build.lock, a progress line while ninja works, and what to install when a
tool the build needs is missing.

Used by core/workspace.py (Workspace.engine_command builds on first use), and by
commands/doctor.py and learn/clangd.py (the tools' versions).
"""

import contextlib
import os
import re
import subprocess
import threading
import time

try:
    import fcntl  # advisory lock (POSIX)
except ImportError:  # Windows: the atomic rename still keeps the file whole
    fcntl = None

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.view.terminal import StatusLine, indent, tail, warn

APT_FIX = "sudo apt-get install -y meson ninja-build libyaml-dev"

PKG_CONFIG_FIX = "sudo apt-get install -y pkg-config libyaml-dev"

CLANGD_FIX = "sudo apt-get install -y clangd"

GXX_FIX = "sudo apt-get install -y g++"

BUILD_TAIL_LINES = 30


def tool_version(ws, argv, pattern=None):
    """The first line (or the regex group) of a tool's version output, or None."""
    try:
        done = ws.run_tool(argv, stderr=subprocess.STDOUT, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    lines = done.stdout.strip().splitlines()
    found = re.search(pattern, done.stdout) if pattern else None
    if found:
        return found.group(1)
    return lines[0] if lines else tr("version_unknown")


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
    """Runs meson or ninja, its output kept for the message if it fails; ninja's
    steps ("[143/305] Compiling ...") are shown as they come (BuildProgress)."""
    progress, output = BuildProgress(), []
    try:
        child = subprocess.Popen(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                                 errors="replace")
    except OSError as err:
        raise JudgeError(tr("cannot_run", tool=argv[0], error=err))
    with child:
        try:
            for line in child.stdout:
                output.append(line)
                progress.step(line)
        finally:
            progress.clear()
    if child.returncode != 0:
        raise JudgeError(tr("build_failed", command=" ".join(argv), status=child.returncode,
                            tail=indent(tail("".join(output), BUILD_TAIL_LINES)),
                            retry=ws.retry_command(argv)))


class BuildProgress:
    """`building the judge: 143/305 after 61 s` from ninja's step lines: a status line
    on a terminal, else a line at each quarter of the build."""

    STEP = re.compile(r"^\[(\d+)/(\d+)\]")

    def __init__(self):
        self.status = StatusLine()
        self.quarter = 0
        self.started = time.monotonic()

    def step(self, line):
        found = self.STEP.match(line)
        if not found:
            return
        done, total = int(found.group(1)), int(found.group(2))
        text = tr("building_progress", done=done, total=total,
                  s=f"{time.monotonic() - self.started:.0f}")
        if self.status.enabled:
            self.status.show(text)
        elif total and done * 4 // total > self.quarter:
            self.quarter = done * 4 // total
            warn(text)

    def clear(self):
        self.status.clear()


@contextlib.contextmanager
def build_lock(ws):
    """One judge at a time sets up or updates build/: a second one waits here
    (and says so) rather than running meson or ninja on the same folder. Where
    no lock file can be made (a read-only checkout), it goes on without one."""
    try:
        folder = ws.state_folder()
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
        warn(tr("read_only_checkout", build=ws.build, state=ws.state_folder()))
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
