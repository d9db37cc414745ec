"""cudajudge_cli.options: command-line options that several commands share
(an exercise id, with the yes/no option of a command that takes one; the judging
options --seed, --json, --no-perf, --verbose, --emulate, --sanitize, --tool), the
backend they choose and the exercise the id names.

Used by the commands that take an exercise (judge.py, watch.py, check.py, show.py,
hint.py, solution.py, reset.py), and by cli.py, which lists the judging options in
`judge.py --help` too.
"""

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.learn.practice import Practice


def add_id_argument(parser, optional=False, switch=None):
    """The exercise's ID; switch: (option, help) of a yes/no option that goes with
    it, as hint's --all."""
    if optional:
        parser.add_argument("id", metavar="ID", nargs="?", help=tr("help_id_optional"))
    else:
        parser.add_argument("id", metavar="ID", help=tr("help_id"))
    if switch:
        option, help_text = switch
        parser.add_argument(option, action="store_true", help=help_text)


def chosen_exercise(options):
    """The learner's workspace and the exercise that options.id names."""
    ws = Practice()
    return ws, ws.problem(options.id)


def add_judging_options(parser):
    """The options of `judge.py ID [FILE]`; cli.py lists them in `judge.py --help` too."""
    parser.add_argument("--seed", type=int, help=tr("help_seed"))
    parser.add_argument("--json", action="store_true", help=tr("help_json"))
    parser.add_argument("--no-perf", action="store_true", help=tr("help_no_perf"))
    parser.add_argument("--every-case", action="store_true", help=tr("help_every_case"))
    parser.add_argument("--verbose", action="store_true", help=tr("help_judge_verbose"))
    add_profile_argument(parser)
    add_emulate_argument(parser)
    add_sanitize_arguments(parser)


def add_profile_argument(parser):
    parser.add_argument("--profile", action="store_true", help=tr("help_profile"))


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
