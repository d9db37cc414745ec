"""cudajudge_cli.errors: the old name of core/errors.py, kept only for
cudajudge_cli/grading/engine.py (`from ..errors import JudgeError`) until
grading moves onto core/ when the branches merge; then this file goes.
tests/python/test_layout.py checks that nothing else imports it.
"""

from cudajudge_cli.core.errors import JudgeError

__all__ = ["JudgeError"]
