"""cudajudge_cli.messages: the old name of core/texts.py's language functions,
kept only for cudajudge_cli/grading/cli.py and texts.py (`from ..messages import
...`) until grading moves onto core/ when the branches merge; then this file
goes. tests/python/test_layout.py checks that nothing else imports it.
"""

from cudajudge_cli.core.texts import current_language, language_from_environment, set_language

__all__ = ["current_language", "language_from_environment", "set_language"]
