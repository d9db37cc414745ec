"""`judge.py web [--port N] [--host H] [--open]`: practise in the browser.

Starts the local server of cudajudge_cli/web/ (127.0.0.1 only unless --host says
otherwise), prints the address with its session key, and opens the browser with
--open. The page judges with the same engine and keeps the same progress as the
terminal. Registered in commands/__init__.py; see docs/web.md.
"""

from cudajudge_cli.web import cli


def add_arguments(parser):
    cli.add_arguments(parser)


def run(options):
    return cli.run(options)
