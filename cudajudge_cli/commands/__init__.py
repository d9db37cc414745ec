"""cudajudge_cli.commands: one module per command of judge.py, each with
add_arguments(parser) and run(options) -> exit status, registered in
COMMANDS below (in the order `judge.py --help` lists them).

`judge.py` with no command runs overview.run; `judge.py ID` means
`judge.py judge ID` (cli.with_default_command). To add a command, write
commands/<name>.py with those two functions, give it a help_cmd_<name> text
in messages.py, and add its line here (a dashed command, grade-bundle, is the
module and text with underscores: commands/grade_bundle.py, help_cmd_grade_bundle).
"""

from cudajudge_cli.commands import (check, doctor, editor, grade, grade_bundle, hint, judge, list,
                                    overview, reset, selftest, show, solution, watch, web)

# name -> (module, key of its one-line summary in messages.MESSAGES)
COMMANDS = {
    "judge": (judge, "help_cmd_judge"),
    "watch": (watch, "help_cmd_watch"),
    "list": (list, "help_cmd_list"),
    "show": (show, "help_cmd_show"),
    "hint": (hint, "help_cmd_hint"),
    "solution": (solution, "help_cmd_solution"),
    "reset": (reset, "help_cmd_reset"),
    "editor": (editor, "help_cmd_editor"),
    "web": (web, "help_cmd_web"),
    "check": (check, "help_cmd_check"),
    "doctor": (doctor, "help_cmd_doctor"),
    "selftest": (selftest, "help_cmd_selftest"),
    "grade": (grade, "help_cmd_grade"),
    "grade-bundle": (grade_bundle, "help_cmd_grade_bundle"),
}

__all__ = ["COMMANDS", "overview"]
