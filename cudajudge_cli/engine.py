"""cudajudge_cli.engine: the old name of core/engine.py, kept only for
cudajudge_cli/grading/engine.py (`from ..engine import parse_engine_line`) until
grading moves onto core/ when the branches merge; then this file goes.
tests/python/test_layout.py checks that nothing else imports it.
"""

from cudajudge_cli.core.engine import parse_engine_line

__all__ = ["parse_engine_line"]
