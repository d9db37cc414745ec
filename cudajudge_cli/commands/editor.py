"""`judge.py editor`: writes compile_commands.json for clangd (see
clangd.py) and says what the editor will see.

Registered in commands/__init__.py.
"""

from cudajudge_cli.learn.clangd import COMPILE_COMMANDS, write_compile_commands
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.view.terminal import say, warn
from cudajudge_cli.core.build import CLANGD_FIX
from cudajudge_cli.learn.practice import Practice


def add_arguments(parser):
    pass


def run(options):
    ws = Practice()
    try:
        made = write_compile_commands(ws)
    except OSError as err:
        raise JudgeError(tr("editor_write_failed", file=COMPILE_COMMANDS, error=err))
    say(tr("editor_wrote", file=COMPILE_COMMANDS, n=len(made["entries"]), arch=made["arch"]))
    if made["cuda"]:
        say(tr("editor_cuda", cuda=made["cuda"]))
    else:
        warn(tr("editor_no_cuda", fix=tr("cuda_fix")))
    if made["clangd"] is None:
        warn(tr("editor_no_clangd", fix=CLANGD_FIX))
    elif made["arch"] < made["device_arch"]:
        say(tr("editor_old_clangd", major=made["clangd"], arch=made["arch"]))
    if made["entries"]:
        first = ws.relative(made["entries"][0]["file"])
        say(tr("editor_next", check=f"clangd --check={first}"))
    else:
        say(tr("editor_no_exercises"))
    return 0
