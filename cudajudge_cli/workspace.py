"""cudajudge_cli.workspace: where things are, and the build they need.

The repository (CUDAJUDGE_ROOT, else the folder above this package, where
judge.py is), the build folder (CUDAJUDGE_BUILD, else ROOT/build; in a
read-only checkout one in the user's cache), the state folder
(CUDAJUDGE_STATE, else ROOT/.cudajudge), the environment for meson, ninja and
the engine (nvcc put on PATH where it is installed but not found there), and
the build itself: `meson setup` the first time, `ninja` on every use (a no-op
when up to date), one judge at a time under build.lock.

Every command starts with Workspace(): ws.engine() builds when needed (or
takes CUDAJUDGE_ENGINE as is), ws.catalog() asks the engine for the
exercises, ws.progress() opens the learner's progress.json.
"""

import contextlib
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading

try:
    import fcntl  # advisory lock (POSIX)
except ImportError:  # Windows: the atomic rename still keeps the file whole
    fcntl = None

from cudajudge_cli.catalog import resolve_problem
from cudajudge_cli.engine import load_catalog
from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import tr
from cudajudge_cli.progress import ProgressStore
from cudajudge_cli.terminal import indent, shown_path, tail, warn


# judge.py lives in the folder above this package.
PACKAGE_FOLDER = os.path.dirname(os.path.abspath(__file__))

APT_FIX = "sudo apt-get install -y meson ninja-build libyaml-dev"

PKG_CONFIG_FIX = "sudo apt-get install -y pkg-config libyaml-dev"

CLANGD_FIX = "sudo apt-get install -y clangd"

GXX_FIX = "sudo apt-get install -y g++"

BUILD_TAIL_LINES = 30


def repo_root():
    root = os.environ.get("CUDAJUDGE_ROOT") or os.path.dirname(PACKAGE_FOLDER)
    return os.path.abspath(root)


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

    def run_tool(self, argv, stderr=subprocess.PIPE, timeout=None):
        """Runs a tool in the repository with the tools' environment, its output as
        text; stderr=subprocess.STDOUT merges the two. OSError when it cannot start."""
        return subprocess.run(argv, cwd=self.root, env=self.env, stdout=subprocess.PIPE,
                              stderr=stderr, text=True, encoding="utf-8", errors="replace",
                              timeout=timeout)

    def problem(self, name):
        """The catalog's exercise for a name the learner typed (catalog.resolve_problem)."""
        return resolve_problem(self.catalog(), name)

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


def state_folder(ws):
    configured = os.environ.get("CUDAJUDGE_STATE")
    folder = os.path.abspath(configured) if configured else ws.path(".cudajudge")
    if not configured and getattr(ws, "read_only", False):
        folder = os.path.join(user_cache(), "state-" + folder_tag(ws.root))
    if is_inside(folder, ws.path("exercises")):
        raise JudgeError(tr("state_in_exercises", folder=folder))
    return folder


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
    try:
        done = ws.run_tool(argv, stderr=subprocess.STDOUT)
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
