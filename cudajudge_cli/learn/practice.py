"""cudajudge_cli.learn.practice: Practice, the workspace as a learner uses it:
exercises by the name typed (id, alias, prefix), the learner's progress store,
what to do next, and which exercises this machine cannot judge.

Every learner's command and the web server start with Practice(); grading/ uses
the plain core.workspace.Workspace.
"""

from cudajudge_cli.core.texts import tr
from cudajudge_cli.core.workspace import Workspace
from cudajudge_cli.learn.catalog import resolve_problem
from cudajudge_cli.learn.progress import ProgressStore, next_exercise
from cudajudge_cli.view.terminal import say


class Practice(Workspace):
    """A Workspace with the learner's exercises and progress."""

    def __init__(self, root=None, build=None):
        super().__init__(root, build)
        self._progress = None
        self._cannot_judge = None

    def problem(self, name):
        """The catalog's exercise for a name the learner typed (catalog.resolve_problem)."""
        return resolve_problem(self.catalog(), name)

    def progress(self):
        """The learner's ProgressStore (a misplaced CUDAJUDGE_STATE is refused here)."""
        if self._progress is None:
            self._progress = ProgressStore(self.state_folder())
        return self._progress

    def exercise_path(self, problem):
        return self.path("exercises", f"{problem['id']}.cu")

    def template_path(self, problem):
        return self.path("templates", f"{problem['id']}.cu")

    def reference_path(self, problem):
        return self.path("reference", f"{problem['id']}.cu")

    def cannot_judge(self):
        """The ids of the exercises this machine cannot judge: without a GPU, those
        that the emulator cannot judge either (problems.yaml `backends`). Said once."""
        if self._cannot_judge is None:
            gpu_only = [p["id"] for p in self.catalog()
                        if "emu" not in (p.get("backends") or ["emu"])]
            self._cannot_judge = set()
            if gpu_only and not self.has_gpu():
                self._cannot_judge = set(gpu_only)
                say(tr("skipping_gpu_only", ids=", ".join(gpu_only)))
        return self._cannot_judge

    def next_exercise(self, progress, after=None):
        """progress.next_exercise over the catalog, passing over what this machine
        cannot judge."""
        return next_exercise(self.catalog(), progress, after, skip=self.cannot_judge())
