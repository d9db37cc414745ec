"""cudajudge_cli.terminal: writing for people on a terminal: stdout and stderr
lines, colour and marks (Style, NO_COLOR, --color), lines folded to the
terminal in English and Chinese, aligned tables, the one-line status note on
stderr while the engine works, and paths as the user reads them.

Used by every command and by report.py; it knows nothing of the engine.
"""

import os
import re
import shutil
import sys
import unicodedata

from cudajudge_cli.core.texts import tr


def say(text=""):
    print(text)


def warn(text):
    print(text, file=sys.stderr, flush=True)


def tail(text, lines):
    kept = (text or "").rstrip("\n").splitlines()[-lines:]
    return "\n".join(kept)


def indent(text, prefix="    "):
    return "\n".join(prefix + line if line else line for line in text.splitlines())


# A word of Latin script, a run of spaces, or one CJK character (lines of
# Chinese may break between any two characters).
WRAP_TOKEN = re.compile(r"\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|"
                        r"[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+")

NO_BREAK_BEFORE = "，。、；：？！）」』,.;:?!)"


def fold(line, width):
    """A line as lines of at most width columns; a list item ("- ...") goes on
    under its first word, other lines under their first character."""
    if display_width(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip())
    hang = " " * (lead + 2 if line.lstrip().startswith(("- ", "* ")) else lead)
    lines, current = [], ""
    for token in WRAP_TOKEN.findall(line):
        if token.isspace() and current.strip() and display_width(current) >= width:
            continue  # a space at a break is dropped
        too_wide = display_width(current.rstrip() + token) > width
        if too_wide and current.strip() and not token.isspace() and token not in NO_BREAK_BEFORE:
            lines.append(current.rstrip())
            current = hang
        if not (token.isspace() and current == hang):
            current += token
    lines.append(current.rstrip())
    return lines


def wrap(text, prefix="    "):
    """indent(), with lines longer than the terminal (at most 100 columns) folded."""
    width = max(40, min(shutil.get_terminal_size((80, 24)).columns, 100)) - len(prefix)
    return indent("\n".join(part for line in text.splitlines() for part in fold(line, width)),
                  prefix)


COLOR_MODES = ("auto", "always", "never")

_color_mode = "auto"


def set_color_mode(mode):
    global _color_mode
    _color_mode = mode if mode in COLOR_MODES else "auto"


def colour_wanted(stream, mode=None):
    """--color always|never wins; auto: a terminal, NO_COLOR unset, TERM not dumb."""
    mode = mode or _color_mode
    if mode != "auto":
        return mode == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return stream_is_tty(stream)


class Style:
    """ANSI colour (see colour_wanted) and marks the stream can encode."""

    def __init__(self, stream, mode=None):
        self.enabled = colour_wanted(stream, mode)
        self.unicode = can_encode(stream, "✓✗·")

    def paint(self, text, code):
        return f"\033[{code}m{text}\033[0m" if self.enabled and text else text

    def good(self, text):
        return self.paint(text, "32")

    def bad(self, text):
        return self.paint(text, "31")

    def odd(self, text):
        return self.paint(text, "33")

    def dim(self, text):
        return self.paint(text, "2")

    def bold(self, text):
        return self.paint(text, "1")

    @property
    def tick(self):
        return "✓" if self.unicode else "ok"

    @property
    def cross(self):
        return "✗" if self.unicode else "FAIL"

    @property
    def dot(self):
        return " · " if self.unicode else " | "

    def verdict(self, verdict):
        if verdict == "AC":
            return self.good(verdict)
        if verdict in ("JE", "SKIP"):
            return self.odd(verdict)
        return self.bad(verdict)


def stream_is_tty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def can_encode(stream, text):
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


ANSI_ESCAPE = re.compile(r"\033\[[0-9;]*m")


def display_width(text):
    """Columns a string takes on a terminal: CJK characters take two, colour none."""
    text = ANSI_ESCAPE.sub("", text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text, width, right=False):
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def format_table(rows, right_aligned=()):
    """Rows of strings as aligned lines; the first row is the heading."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right_aligned) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


class StatusLine:
    """A one-line progress note on stderr, only when stderr is a terminal."""

    def __init__(self):
        self.enabled = stream_is_tty(sys.stderr)
        self.shown = False

    def show(self, text):
        if self.enabled:
            sys.stderr.write("\r\033[K" + text)
            sys.stderr.flush()
            self.shown = True

    def clear(self):
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


def seconds_text(seconds):
    return tr("unit_seconds", s=f"{seconds:.1f}")


def shown_path(path, base=None):
    """A path as the user should read it: relative when under base (cwd)."""
    base = base or os.getcwd()
    path = os.path.abspath(path)
    try:
        relative = os.path.relpath(path, base)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative
