"""`python3 -m cudajudge_cli.web [--port N] [--host H] [--open]`: the same as
`python3 judge.py web`, for running the server without the driver's command table."""

import argparse
import sys

from cudajudge_cli import messages
from cudajudge_cli.web import cli
from cudajudge_cli.web.texts import text

messages.set_language(messages.language_from_environment())
parser = argparse.ArgumentParser(prog="python3 -m cudajudge_cli.web",
                                 description=text("web_command", messages.current_language()))
cli.add_arguments(parser)
sys.exit(cli.run(parser.parse_args()))
