"""Tests of cudajudge_cli/messages.py: every text in English and Chinese with the
same placeholders, every key used and none missing, no text for people printed
outside the table, argparse's messages translated, the language chosen from the
environment.
"""

import ast
import os
import re
import string
import unittest

from support import JUDGE, SCRIPT_ROOT, read
from cudajudge_cli import messages



def driver_sources():
    """judge.py and the modules of the package cudajudge_cli/, commands/ included."""
    found = [JUDGE]
    for folder, subfolders, names in os.walk(os.path.join(SCRIPT_ROOT, "cudajudge_cli")):
        subfolders.sort()
        found += [os.path.join(folder, name) for name in sorted(names) if name.endswith(".py")]
    return found


def placeholders(text):
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})


class MessageTableTest(unittest.TestCase):
    def test_every_message_has_english_and_chinese_with_the_same_placeholders(self):
        tables = {"MESSAGES": messages.MESSAGES, "VERDICT_NAMES": messages.VERDICT_NAMES,
                  "TIER_NAMES": messages.TIER_NAMES}
        for table_name, table in tables.items():
            for key, pair in table.items():
                with self.subTest(table=table_name, key=key):
                    self.assertEqual(len(pair), 2)
                    english, chinese = pair
                    self.assertTrue(english.strip() and chinese.strip())
                    self.assertEqual(placeholders(english), placeholders(chinese))

    def test_every_key_used_exists_and_every_message_is_used(self):
        source = "\n".join(read(path) for path in driver_sources())
        used = set(re.findall(r'\btr\(["\']([a-z0-9_]*[a-z0-9])["\']', source))
        used |= set(re.findall(r'"(help_cmd_[a-z_]+|col_[a-z_]+)"', source))
        used |= {"running_" + p
                 for p in ("compile", "link", "device", "run", "reference", "rules")}
        used |= {"phase_" + p for p in ("compile", "link", "cases", "wait", "run", "reference")}
        used |= set(messages.ARGPARSE_MESSAGES)
        self.assertEqual(sorted(used - set(messages.MESSAGES)), [])
        self.assertEqual(sorted(set(messages.MESSAGES) - used), [])

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
        messages.set_language("zh")
        try:
            self.assertEqual(messages.translate_argparse(
                "the following arguments are required: ID"), "缺少以下参数：ID")
            self.assertEqual(messages.translate_argparse(
                "argument --lang: invalid choice: 'fr' (choose from 'en', 'zh')"),
                "参数 --lang：无效的选择 'fr'（可选：'en', 'zh'）")
            self.assertEqual(messages.translate_argparse(
                "argument --seed: invalid int value: 'x'"), "参数 --seed：'x' 不是有效的 int 值")
        finally:
            messages.set_language("en")
        self.assertEqual(messages.translate_argparse("unrecognized arguments: -x"),
                         "unrecognized arguments: -x")


class LanguageChoiceTest(unittest.TestCase):
    def test_environment_order(self):
        choose = messages.language_from_environment
        self.assertEqual(choose({}), "en")
        self.assertEqual(choose({"LANG": "zh_CN.UTF-8"}), "zh")
        self.assertEqual(choose({"LC_MESSAGES": "zh_TW", "LANG": "en_US"}), "zh")
        self.assertEqual(choose({"LC_ALL": "C", "LC_MESSAGES": "zh_CN"}), "en")
        self.assertEqual(choose({"LC_ALL": "", "LANG": "zh_CN"}), "zh")
        self.assertEqual(choose({"LANG": "de_DE.UTF-8"}), "en")


if __name__ == "__main__":
    unittest.main()
