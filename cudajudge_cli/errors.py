"""cudajudge_cli.errors: JudgeError, the exception a command raises for a
problem the user can fix; cli.main prints it as a short message, without a
traceback, and exits with its status.

Used by every module of the driver.
"""


class JudgeError(Exception):
    """A problem the user can fix: printed as a short message, no traceback."""

    def __init__(self, message, exit_code=2, as_is=False):
        super().__init__(message)
        self.exit_code = exit_code
        self.as_is = as_is  # print without the "error: " prefix
