"""cudajudge_cli.core.errors: JudgeError, the exception raised for a problem the
user can fix (a missing file, a tool to install, an engine that cannot start).
cli.main prints it as a short message without a traceback and exits with its
status; the web server answers it to the page in both languages.

Raised by every part of the driver; grading/ catches it too.
"""

from cudajudge_cli.core.texts import Text


class JudgeError(Exception):
    """A problem the user can fix: printed as a short message, no traceback.

    message: a Text (said in the language in use, or in both for the page) or a
    string already worded (an engine's or a tool's own output)."""

    def __init__(self, message, exit_code=2, as_is=False):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.as_is = as_is  # print without the "error: " prefix

    def __str__(self):
        return str(self.message)

    def pair(self):
        """{"en": ..., "zh": ...}: the message in both languages where it is a Text."""
        if isinstance(self.message, Text):
            return self.message.pair()
        return {"en": str(self.message), "zh": str(self.message)}
