"""cudajudge_cli.options: command-line options that several commands share
(an exercise id; the judging options --seed, --json, --no-perf, --verbose,
--emulate, --sanitize, --tool) and the backend they choose.

Used by commands/judge.py, watch.py and check.py, and by cli.py, which lists
the judging options in `judge.py --help` too.
"""

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr


def add_id_argument(parser, optional=False):
    if optional:
        parser.add_argument("id", metavar="ID", nargs="?", help=tr("help_id_optional"))
    else:
        parser.add_argument("id", metavar="ID", help=tr("help_id"))


def add_judging_options(parser):
    """The options of `judge.py ID [FILE]`; cli.py lists them in `judge.py --help` too."""
    parser.add_argument("--seed", type=int, help=tr("help_seed"))
    parser.add_argument("--json", action="store_true", help=tr("help_json"))
    parser.add_argument("--no-perf", action="store_true", help=tr("help_no_perf"))
    parser.add_argument("--verbose", action="store_true", help=tr("help_judge_verbose"))
    add_emulate_argument(parser)
    add_sanitize_arguments(parser)


def add_emulate_argument(parser):
    parser.add_argument("--emulate", action="store_true", help=tr("help_emulate"))


SANITIZER_TOOLS = ("memcheck", "racecheck", "synccheck", "initcheck", "all")


def add_sanitize_arguments(parser):
    parser.add_argument("--sanitize", action="store_true", help=tr("help_sanitize"))
    parser.add_argument("--tool", choices=SANITIZER_TOOLS, default=None, help=tr("help_tool"))


def chosen_backend(options):
    """None (the engine chooses), "emu", or "sanitize:TOOL"."""
    sanitize = getattr(options, "sanitize", False)
    if sanitize and getattr(options, "emulate", False):
        raise JudgeError(tr("sanitize_and_emulate"))
    if getattr(options, "tool", None) and not sanitize:
        raise JudgeError(tr("tool_without_sanitize"))
    if sanitize:
        return "sanitize:" + (options.tool or "memcheck")
    return "emu" if getattr(options, "emulate", False) else None
