"""cudajudge_cli.core.workspace: where things are, found in one place.

The repository (CUDAJUDGE_ROOT, else the folder above this package, where
judge.py is), the build folder (CUDAJUDGE_BUILD, else ROOT/build; in a
read-only checkout one in the user's cache), the state folder
(CUDAJUDGE_STATE, else ROOT/.cudajudge), the environment for meson, ninja and
the engine (nvcc put on PATH where it is installed but not found there), and
the engine: ws.engine is the one client of build/cudajudge (core/engine.py),
built on first use by core/build.py.

Every command and the web server start with a Workspace (learn.Practice, the
learner's side of one); grading/ makes one with its own root and build.
"""

import hashlib
import os
import shlex
import shutil
import subprocess
import sys

from cudajudge_cli.core.build import ensure_build
from cudajudge_cli.core.engine import Engine
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text
from cudajudge_cli.view.terminal import shown_path

# judge.py lives in the folder above this package.
PACKAGE_FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def repo_root():
    """The repository: CUDAJUDGE_ROOT, else the folder of judge.py."""
    root = os.environ.get("CUDAJUDGE_ROOT") or os.path.dirname(PACKAGE_FOLDER)
    return os.path.abspath(root)


def build_folder(root):
    """(the build folder, read_only): CUDAJUDGE_BUILD, else ROOT/build, else (a
    checkout that cannot be written) a folder in the user's cache."""
    configured = os.environ.get("CUDAJUDGE_BUILD")
    if configured:
        return os.path.abspath(configured), False
    build = os.path.join(root, "build")
    if writable(build if os.path.isdir(build) else root):
        return build, False
    return os.path.join(user_cache(), "build-" + folder_tag(root)), True


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
    """Where things are, and the engine once it is known to be built.

    root, build: given by grading/ for a grading run; by default repo_root() and
    build_folder(root)."""

    def __init__(self, root=None, build=None):
        self.root = os.path.abspath(root) if root else repo_root()
        if build:
            self.build, self.read_only = os.path.abspath(build), False
        else:
            self.build, self.read_only = build_folder(self.root)
        self.env, self.env_changes = tool_environment(self.root)
        self.engine_override = os.environ.get("CUDAJUDGE_ENGINE") or None
        self._client = Engine(self)
        self._command = None
        self._catalog = None
        self._has_gpu = None

    @property
    def engine(self):
        """The client of the engine (core/engine.py)."""
        return self._client

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

    def state_folder(self):
        """Where the learner's progress and the build lock are kept."""
        configured = os.environ.get("CUDAJUDGE_STATE")
        folder = os.path.abspath(configured) if configured else self.path(".cudajudge")
        if not configured and self.read_only:
            folder = os.path.join(user_cache(), "state-" + folder_tag(self.root))
        if is_inside(folder, self.path("exercises")):
            raise JudgeError(Text("state_in_exercises", folder=folder))
        return folder

    def engine_command(self):
        """The command that runs the engine, building it first if needed."""
        if self._command is None:
            if self.engine_override:
                self._command = engine_override_command(self.engine_override)
            else:
                ensure_build(self)
                self._command = [os.path.join(self.build, "cudajudge")]
        return self._command

    def first_build(self):
        """True when the engine has never been built here (a fresh clone)."""
        return not self.engine_override and not os.path.exists(
            os.path.join(self.build, "build.ninja"))

    def catalog(self):
        """The exercises as the engine reads problems.yaml (asked once)."""
        if self._catalog is None:
            self._catalog = self._client.catalog()
        return self._catalog

    def has_gpu(self):
        """True when the engine finds a CUDA device (or cannot tell); asked once."""
        if self._has_gpu is None:
            try:
                self._has_gpu = bool(self._client.device().get("found"))
            except JudgeError:
                self._has_gpu = True
        return self._has_gpu

    def retry_command(self, argv):
        prefix = "".join(f"{name}={shlex.quote(folder)}{os.pathsep}\"${name}\" "
                         for name, folder in sorted(self.env_changes.items()))
        return f"cd {shlex.quote(self.root)} && {prefix}{' '.join(map(shlex.quote, argv))}"


def engine_override_command(path):
    if not os.path.isfile(path):
        raise JudgeError(Text("engine_override_missing", path=path))
    if path.endswith(".py"):
        return [sys.executable, path]
    return [path]
