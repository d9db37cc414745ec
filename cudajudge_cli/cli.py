"""cudajudge_cli.cli: judge.py's command line: the parser (argparse in the
learner's language, with the next step after a usage error), the default
command, and main(), which turns JudgeError and interruptions into exit
statuses (0 accepted, 1 the learner's code failed, 2 usage or environment
error; 130 interrupted).

The language is chosen once (--lang, else LC_ALL, LC_MESSAGES, LANG) before
the command line is parsed, so that usage errors are translated too.

Used by judge.py only.
"""

import argparse
import os
import re
import sys

from cudajudge_cli.commands import COMMANDS, overview
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.commands.options import add_judging_options
from cudajudge_cli.core.texts import (LANGUAGES, TEXTS, current_language,
                                      language_from_environment, set_language, tr)
from cudajudge_cli.view.terminal import COLOR_MODES, set_color_mode, warn

GLOBAL_OPTIONS = ("--lang", "--color")


class HelpFormatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, tr("help_usage") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """argparse in the learner's language, with a next step after a usage error."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = tr("help_positionals")
        self._optionals.title = tr("help_options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=tr("help_help"))
        add_common_options(self)

    def parse_known_args(self, args=None, namespace=None):
        """A parser with `intermixed` set (judge's) also takes positionals after
        options: `judge.py ID --seed 5 FILE` as well as `judge.py ID FILE --seed 5`."""
        if not getattr(self, "intermixed", False) or getattr(self, "_intermixing", False):
            return super().parse_known_args(args, namespace)
        # argparse strips an English "usage: " (7 characters) from the usage it
        # keeps while intermixing; give it the usage without the prefix it has here.
        saved, self.usage = self.usage, self.usage or self.format_usage()[len(tr("help_usage")):]
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False
            self.usage = saved

    def error(self, message):
        self.print_usage(sys.stderr)
        warn(tr("usage_error", prog=self.prog, message=translate_argparse(message)))
        warn(tr("usage_see_help", command=f"python3 {self.prog} --help"))
        sys.exit(2)


def add_common_options(parser):
    # SUPPRESS: a subcommand's copy must not overwrite what was given before it.
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help=tr("help_lang"))
    parser.add_argument("--color", choices=COLOR_MODES, default=argparse.SUPPRESS,
                        help=tr("help_color"))


def build_parser():
    parser = Parser(prog="judge.py", description=tr("help_description"),
                    epilog=tr("help_epilog"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (command, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=tr(summary), description=tr(summary))
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    # The judging options are listed in --help too, for `judge.py ID`, but not in
    # the usage line (they belong to the judge command); SUPPRESS: only the judge
    # command's copy sets them.
    parser.usage = parser.format_usage()[len(tr("help_usage")):].rstrip("\n")
    add_judging_options(parser.add_argument_group(tr("help_judging_options"),
                                                  argument_default=argparse.SUPPRESS))
    return parser


# argparse's own messages (English, as argparse words them) with their
# translations; the English text doubles as the pattern that recognises them.
ARGPARSE_MESSAGES = ("argparse_required", "argparse_invalid_choice", "argparse_unrecognized",
                     "argparse_invalid_value", "argparse_expected_one",
                     "argparse_ignored_explicit", "argparse_argument")


def template_pattern(template):
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                              for i, part in enumerate(parts)), re.S)


def translate_argparse(message):
    if current_language() == "en":
        return message
    for key in ARGPARSE_MESSAGES:
        found = template_pattern(TEXTS[key][0]).fullmatch(message)
        if found:
            return tr(key, **found.groupdict())
    return message


def early_option(argv, name, allowed):
    """The value of --lang or --color, read before argparse so that argparse's
    own messages come out in the right language and colour."""
    value = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == name and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith(name + "="):
            value = arg.split("=", 1)[1]
    return value if value in allowed else None


def with_default_command(argv):
    """`judge.py warp_scan` means `judge.py judge warp_scan`; nothing but
    global options means the overview."""
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg in ("-h", "--help") or arg in COMMANDS:
            return argv
        if arg in GLOBAL_OPTIONS:
            index += 2
        elif arg.startswith(tuple(option + "=" for option in GLOBAL_OPTIONS)):
            index += 1
        else:
            return argv[:index] + ["judge"] + argv[index:]
    return argv


def prepare_streams():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


def main(argv=None):
    prepare_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    set_language(early_option(argv, "--lang", LANGUAGES) or language_from_environment())
    set_color_mode(early_option(argv, "--color", COLOR_MODES) or "auto")
    options = build_parser().parse_args(with_default_command(argv))
    try:
        return getattr(options, "run", overview.run)(options)
    except JudgeError as err:
        sys.stdout.flush()
        warn(str(err) if err.as_is else tr("error_prefix", message=err))
        return err.exit_code
    except KeyboardInterrupt:
        warn(tr("interrupted"))
        return 130
    except BrokenPipeError:
        # The output was piped into something that stopped reading (| head).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # anything else is a bug in the driver
        if os.environ.get("CUDAJUDGE_DEBUG") == "1":
            raise
        warn(tr("internal_error", kind=type(err).__name__, error=err))
        return 2
