"""cudajudge_cli.workspace: the old name of core/workspace.py, kept only for
cudajudge_cli/grading/engine.py (`from ..workspace import Workspace`, whose
engine() was the engine's command line) until grading moves onto core/ when the
branches merge; then this file goes. tests/python/test_layout.py checks that
nothing else imports it.
"""

from cudajudge_cli.core import workspace


class Workspace(workspace.Workspace):
    """core's Workspace with grading's old engine(): the command line, built first."""

    def engine(self):
        return self.engine_command()


__all__ = ["Workspace"]
