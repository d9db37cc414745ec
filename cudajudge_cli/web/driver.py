"""cudajudge_cli.web.driver: the driver's functions the web server uses, in one place.

The server judges, reads the catalog and keeps progress exactly as the
terminal does, by calling the driver's own functions (the workspace, the
engine's judge run, the progress store); nothing here decides a verdict or
writes progress in its own way. Only this module knows where those functions
live (the modules of cudajudge_cli where they exist, else judge.py itself), so
the rest of cudajudge_cli/web/ does not change when the driver moves code.
"""

import importlib
import importlib.util
import os
import sys

# What the server needs from the driver.
NEEDED = ("Workspace", "JudgeError", "resolve_problem", "run_judge", "record_attempt",
          "exercise_record", "exercise_status", "next_exercise", "chapters_of",
          "file_to_judge", "refresh_compile_commands", "file_stamp", "best_time_text",
          "state_folder", "as_count")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


def _load_judge_py():
    """judge.py as a module (it runs nothing on import)."""
    name = "cudajudge_judge_py"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "judge.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _modules():
    """The places to look, in order: the driver package's modules, then judge.py."""
    found = []
    for name in ("cudajudge_cli.workspace", "cudajudge_cli.errors", "cudajudge_cli.catalog",
                 "cudajudge_cli.engine", "cudajudge_cli.progress", "cudajudge_cli.judging",
                 "cudajudge_cli.clangd", "cudajudge_cli.report"):
        try:
            found.append(importlib.import_module(name))
        except ImportError:
            pass
    if not found:  # judge.py before the driver became a package
        found.append(_load_judge_py())
    return found


class Driver:
    """Attribute access to the driver's functions, wherever they live."""

    def __init__(self):
        self._modules = _modules()
        missing = [name for name in NEEDED if self._find(name) is None]
        if missing:
            raise ImportError("the driver lacks " + ", ".join(missing))

    def _find(self, name):
        for module in self._modules:
            value = getattr(module, name, None)
            if value is not None:
                return value
        return None

    def __getattr__(self, name):
        value = self._find(name)
        if value is None:
            raise AttributeError(name)
        return value


_driver = None


def driver():
    global _driver
    if _driver is None:
        _driver = Driver()
    return _driver
