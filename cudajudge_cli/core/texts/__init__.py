"""cudajudge_cli.core.texts: every text the driver, the web server, the page and
grading show people, in English and Chinese, and the one lookup: tr(key, **fields).

The texts are data, kept in one file per area beside this module, so that a translator
reads an area's texts side by side: report.txt (a judgement's report), learner.txt (the
learner's commands), build.txt (building the judge, its engine), command_line.txt
(judge.py's options), web.txt (the web server and the page), grading.txt (grade, the
platforms). They are read when the package is imported and joined into TEXTS, where a
key belongs to one area only. They travel with the package wherever it is copied (the
platforms' bundle takes every tracked file).

Used by every module that shows text: the commands, the report (view/), the web
server (its answers carry both languages, Text.pair()), grading/, and the page
itself, which gets the whole table from GET /api/texts. To change or add a text,
edit its area's file: tests/python/test_texts.py checks that both languages have
the same placeholders, that every key used exists and every key exists for a use,
and that the driver prints no text for people that is not in the table.

The format of an area's file, one entry per text (key -> (English, Chinese)):

    # a comment; comments and blank lines are passed over
    build_failed
      en "building the judge failed: `{command}` exited with status {status}. "
         "Its last lines:\n{tail}"
      zh "构建评测程序失败：`{command}` 以状态 {status} 退出。最后几行：\n{tail}"

The key stands at the start of its line (no spaces in it); the lines below it are
indented: `en`, then `zh`, each followed by its text as a JSON string, continued by
further JSON strings on the lines after it, joined as they are (so a space that
ends a piece is inside its quotes, and a new line is \n). Placeholders are str.format
fields and must be the same in both languages. The engine's own texts (case names,
diagnoses, compiler output) are shown as the engine wrote them.
"""

import json
import os

AREAS = ("report", "learner", "build", "command_line", "web", "grading")
FOLDER = os.path.dirname(os.path.abspath(__file__))
LANGUAGES = ("en", "zh")


def read_table(path):
    """The texts of one area's file, key -> (English, Chinese); a file that breaks the
    format is a ValueError that names its line."""
    table, key = {}, None
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            try:
                if not line[0].isspace():
                    _complete(table, key)
                    key = stripped
                    if " " in key or key in table:
                        raise ValueError(f"{key!r} is not a key of its own")
                    table[key] = []
                    continue
                texts = table.get(key)
                lang, _, rest = stripped.partition(" ")
                if texts is None:
                    raise ValueError("a text before its key")
                if stripped.startswith('"') and texts:
                    texts[-1] += _json_string(stripped)
                elif len(texts) < len(LANGUAGES) and lang == LANGUAGES[len(texts)]:
                    texts.append(_json_string(rest))
                else:
                    raise ValueError(f"{key}: expected `{' then '.join(LANGUAGES)}` "
                                     "each followed by a JSON string")
            except ValueError as error:
                raise ValueError(f"{path}:{number}: {error}") from None
    try:
        _complete(table, key)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return {key: tuple(texts) for key, texts in table.items()}


def _json_string(piece):
    value = json.loads(piece)
    if not isinstance(value, str):
        raise ValueError(f"{piece} is not a JSON string")
    return value


def _complete(table, key):
    if key is not None and len(table[key]) != len(LANGUAGES):
        raise ValueError(f"{key} has no text in {LANGUAGES[len(table[key])]}")


def joined(tables):
    """The tables as one; a key in two tables is an error (one would hide the other)."""
    texts = {}
    for table in tables:
        twice = sorted(set(texts) & set(table))
        if twice:
            raise ValueError("texts in two tables: " + ", ".join(twice))
        texts.update(table)
    return texts


TABLES = {area: read_table(os.path.join(FOLDER, area + ".txt")) for area in AREAS}
TEXTS = joined(TABLES.values())

# ---------------------------------------------------------------------------
# The language in use, and the one lookup
# ---------------------------------------------------------------------------

_language = "en"


def set_language(lang):
    global _language
    _language = lang if lang in LANGUAGES else "en"


def current_language():
    return _language


def tr(key, lang=None, **fields):
    """The text for key in lang (default: the language in use), its fields filled in.
    A field that is a Text, or a catalog's {"en", "zh"} pair, is said in the same
    language."""
    lang = lang if lang in LANGUAGES else _language
    text = TEXTS[key][1 if lang == "zh" else 0]
    if not fields:
        return text
    return text.format(**{name: in_language(value, lang) for name, value in fields.items()})


def in_language(value, lang):
    """A field's value in lang: a Text said in it, a catalog's {"en", "zh"} pair picked."""
    if isinstance(value, Text):
        return value.say(lang)
    if isinstance(value, dict) and ("en" in value or "zh" in value):
        return value.get(lang) or value.get("en") or ""
    return value


class Text:
    """A text not yet said in a language: a key and its fields. str() says it in
    the language in use; pair() in both, for the web page ({"en": ..., "zh": ...})."""

    def __init__(self, key, **fields):
        self.key, self.fields = key, fields

    def say(self, lang=None):
        return tr(self.key, lang, **self.fields)

    def pair(self):
        return {lang: self.say(lang) for lang in LANGUAGES}

    def in_both(self):
        """English, then Chinese, on two lines: for a message said before its reader's
        language is known (a platform's policy that cannot be read)."""
        return "\n".join(self.say(lang) for lang in LANGUAGES)

    def __str__(self):
        return self.say()

    def __eq__(self, other):
        return isinstance(other, Text) and (self.key, self.fields) == (other.key, other.fields)

    def __repr__(self):
        return f"Text({self.key!r}, {self.fields!r})"


def language_from_environment(env=None):
    """zh when the first of LC_ALL, LC_MESSAGES, LANG that is set starts with zh."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def verdict_name(verdict, lang=None):
    key = f"verdict:{verdict}"
    return tr(key if key in TEXTS else "verdict_unknown", lang)


def rule_meaning(rule, lang=None):
    key = f"rule:{rule}"
    return tr(key, lang) if key in TEXTS else str(rule)


def is_tier(tier):
    return isinstance(tier, str) and f"tier:{tier}" in TEXTS


def localized(pair):
    """The text of an {"en": ..., "zh": ...} pair, falling back to English."""
    if isinstance(pair, str):
        return pair
    if not isinstance(pair, dict):
        return ""
    return pair.get(_language) or pair.get("en") or ""
