"""Tests of cudajudge_cli/core/texts/, the one table of texts (one data file per area,
read into TEXTS): every text in English and Chinese with the same placeholders, the
files' format read as documented, every key used (by the driver, grading, the web
server or the page, web/src/main.js) and none missing, no text for people printed
outside the table, one lookup, argparse's messages translated, the language chosen from
the environment.
"""

import ast
import os
import re
import string
import tempfile
import unittest

from support import JUDGE, SCRIPT_ROOT, read
from cudajudge_cli import cli
from cudajudge_cli.core import texts

PAGE = os.path.join(SCRIPT_ROOT, "web", "src", "main.js")
TABLES = os.path.join(SCRIPT_ROOT, "cudajudge_cli", "core", "texts")


def driver_sources():
    """judge.py and the modules of the package cudajudge_cli/, grading/ included."""
    found = [JUDGE]
    for folder, subfolders, names in os.walk(os.path.join(SCRIPT_ROOT, "cudajudge_cli")):
        subfolders[:] = sorted(s for s in subfolders if s != "__pycache__")
        found += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".py")]
    return found


def placeholders(text):
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})


class MessageTableTest(unittest.TestCase):
    def test_every_text_has_english_and_chinese_with_the_same_placeholders(self):
        for key, pair in texts.TEXTS.items():
            with self.subTest(key=key):
                self.assertEqual(len(pair), 2)
                english, chinese = pair
                self.assertTrue(english.strip() and chinese.strip())
                self.assertEqual(placeholders(english), placeholders(chinese))

    def test_every_key_used_exists_and_every_text_is_used(self):
        from cudajudge_cli.view import model
        source = "\n".join(read(path) for path in driver_sources())
        key = r'["\']([a-z0-9_]*[a-z0-9])["\']'
        used = set(re.findall(r'\b(?:tr|Text|pair)\(\s*' + key, source))
        # a key chosen by a condition: Text("rules_broken" if ... else "rules_broken_too")
        used |= set(re.findall(r'\belse ' + key, source)) & set(texts.TEXTS)
        used |= set(re.findall(r'"(help_cmd_[a-z_]+|col_[a-z_]+)"', source))
        used |= {"running_" + p for p in model.RUNNING_PHASES}
        used |= {"phase_" + p for p in model.PHASES}
        used |= set(model.UNCHECKED_REASONS.values())
        used |= {"col_" + c for c in model.MISMATCH_COLUMNS + ("buffer",)}
        used |= set(cli.ARGPARSE_MESSAGES)
        # grading's keys chosen by a record's code: why not judged, the checks not run,
        # the source of a time, the platform of a bundle
        from cudajudge_cli.grading import batch
        used |= {"grade_nj_" + reason for reason in ("missing", "two_candidates",
                                                     "symlink_out", "too_large", "binary",
                                                     "undecodable", "unreadable")}
        used |= {"grade_check_" + check for check in batch.CHECKS_WITHOUT_NVCC}
        used |= {"bundle_next_" + platform for platform in ("gradescope", "prairielearn")}
        page = set(re.findall(r'\bt\(' + key, read(PAGE)))
        used |= page
        # families named by the engine's answers: every verdict, tier and rule it knows
        family = {k for k in texts.TEXTS if k.split(":")[0] in ("verdict", "tier", "rule")}
        self.assertEqual(sorted(used - set(texts.TEXTS)), [])
        self.assertEqual(sorted(set(texts.TEXTS) - used - family), [])
        self.assertTrue({"page_judge", "compile_log", "building_first"} <= page)

    def test_one_lookup(self):
        """No other table of texts and no other lookup function in the driver or the page."""
        lookups = []
        for path in driver_sources():
            for node in ast.walk(ast.parse(read(path))):
                if isinstance(node, ast.FunctionDef) and node.name in (
                        "t", "text", "both", "pick", "ui") and path.endswith(".py"):
                    lookups.append(f"{path}: {node.name}")
                if isinstance(node, ast.Dict) and len(node.values) > 3 and all(
                        isinstance(v, ast.Tuple) and len(v.elts) == 2
                        and all(isinstance(e, (ast.Constant, ast.JoinedStr)) for e in v.elts)
                        for v in node.values) and os.path.dirname(path) != TABLES:
                    lookups.append(f"{path}: a table at line {node.lineno}")
        page = read(PAGE)
        self.assertEqual(re.findall(r"^function (ui|tr|tableName)\b", page, re.M), [])
        self.assertNotIn("const UI", page)
        self.assertEqual(lookups, [])

    def test_one_table_per_area_and_a_key_in_one_only(self):
        areas = sorted(name[:-4] for name in os.listdir(TABLES) if name.endswith(".txt"))
        self.assertEqual(sorted(texts.AREAS), areas)
        self.assertEqual(sorted(texts.TABLES), areas)
        self.assertEqual(len(texts.TEXTS), sum(len(t) for t in texts.TABLES.values()))
        self.assertEqual([n for n in os.listdir(TABLES) if n.endswith(".py")], ["__init__.py"])
        with self.assertRaises(ValueError):
            texts.joined([{"seed": ("a", "b")}, {"seed": ("c", "d")}])


class TableFormatTest(unittest.TestCase):
    """An area's file as core/texts/__init__.py documents it."""

    def read(self, content):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "area.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(content)
            return texts.read_table(path)

    def refused(self, content, line, words):
        with self.assertRaises(ValueError) as caught:
            self.read(content)
        self.assertIn(f"area.txt:{line}:" if line else "area.txt: ", str(caught.exception))
        self.assertIn(words, str(caught.exception))

    def test_pieces_are_joined_as_they_are(self):
        table = self.read('# a comment\n\nfirst\n  en "it failed: "\n     "{tail}\\n  {retry}"\n'
                          '  zh "失败：{tail}"\n  # a comment inside\n'
                          'quoted\n  en " [y/N] \\"x\\" "\n  zh "好"\n')
        self.assertEqual(table, {"first": ("it failed: {tail}\n  {retry}", "失败：{tail}"),
                                 "quoted": (' [y/N] "x" ', "好")})

    def test_a_broken_file_names_its_line(self):
        self.refused('k\n  en "a"\n', 0, "k has no text in zh")
        self.refused('k\n  zh "a"\n', 2, "expected `en then zh`")
        self.refused('k\n  en "a"\nj\n  en "b"\n  zh "c"\n', 3, "k has no text in zh")
        self.refused('k\n  en "a"\n  zh "b"\n  zh "c"\n', 4, "expected")
        self.refused('k\n  en "a"\n  zh "b"\nk\n', 4, "'k' is not a key of its own")
        self.refused('two words\n', 1, "is not a key of its own")
        self.refused('  en "a"\n', 1, "a text before its key")
        self.refused('k\n  en a\n', 2, "Expecting value")
        self.refused('k\n  en 5\n', 2, "5 is not a JSON string")
        self.refused('k\n  "a"\n', 2, "expected")

    def test_the_areas_files_are_read_whole(self):
        """Each file's keys, counted by their lines, are the keys read from it: no entry
        of an area is lost to the format."""
        for area in texts.AREAS:
            with open(os.path.join(TABLES, area + ".txt"), encoding="utf-8") as f:
                keys = [line.strip() for line in f if line.strip() and not line[0].isspace()
                        and not line.startswith("#")]
            self.assertEqual(keys, list(texts.TABLES[area]))


    def test_a_text_is_said_in_either_language(self):
        said = texts.Text("solution_locked", id="warp_scan",
                          best=texts.Text("solution_not_judged"))
        self.assertIn("not judged yet", said.pair()["en"])
        self.assertIn("还没有评测过", said.pair()["zh"])
        title = {"en": "Warp reduce", "zh": "warp 归约"}
        self.assertEqual(texts.tr("next_title", "zh", id="x", title=title), "下一题：x · warp 归约")

    def test_no_text_for_people_outside_the_table(self):
        """Calls that put text in front of the learner get it from tr()."""
        tree = ast.Module(body=[node for path in driver_sources()
                                for node in ast.parse(read(path)).body], type_ignores=[])
        outputs = {"say", "warn", "print", "JudgeError", "doctor_line", "ArgumentTypeError"}
        wrappers = {"good", "bad", "odd", "dim", "bold", "paint", "verdict", "pad", "indent",
                    "str", "join", "check_mark"}
        found = []

        def prose(node, where):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "tr" or name not in wrappers:
                    return
                for arg in node.args:
                    prose(arg, where)
            elif isinstance(node, (ast.Subscript, ast.Compare)):
                return
            elif isinstance(node, ast.IfExp):
                prose(node.body, where)
                prose(node.orelse, where)
            elif isinstance(node, ast.Constant):
                if isinstance(node.value, str) and re.search(r"[a-z]{2,}", node.value):
                    found.append(f"line {where}: {node.value!r}")
            else:
                for child in ast.iter_child_nodes(node):
                    prose(child, where)

        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in outputs:
                for arg in node.args:
                    prose(arg, node.lineno)
            if name in ("add_argument", "add_parser", "Parser") or name in outputs:
                for keyword in node.keywords:
                    if keyword.arg in ("help", "description", "epilog"):
                        prose(keyword.value, node.lineno)
        self.assertEqual(found, [])

    def test_argparse_messages_are_recognised(self):
        texts.set_language("zh")
        try:
            self.assertEqual(cli.translate_argparse(
                "the following arguments are required: ID"), "缺少以下参数：ID")
            self.assertEqual(cli.translate_argparse(
                "argument --lang: invalid choice: 'fr' (choose from 'en', 'zh')"),
                "参数 --lang：无效的选择 'fr'（可选：'en', 'zh'）")
            self.assertEqual(cli.translate_argparse(
                "argument --seed: invalid int value: 'x'"), "参数 --seed：'x' 不是有效的 int 值")
        finally:
            texts.set_language("en")
        self.assertEqual(cli.translate_argparse("unrecognized arguments: -x"),
                         "unrecognized arguments: -x")


class LanguageChoiceTest(unittest.TestCase):
    def test_environment_order(self):
        choose = texts.language_from_environment
        self.assertEqual(choose({}), "en")
        self.assertEqual(choose({"LANG": "zh_CN.UTF-8"}), "zh")
        self.assertEqual(choose({"LC_MESSAGES": "zh_TW", "LANG": "en_US"}), "zh")
        self.assertEqual(choose({"LC_ALL": "C", "LC_MESSAGES": "zh_CN"}), "en")
        self.assertEqual(choose({"LC_ALL": "", "LANG": "zh_CN"}), "zh")
        self.assertEqual(choose({"LANG": "de_DE.UTF-8"}), "en")


if __name__ == "__main__":
    unittest.main()
