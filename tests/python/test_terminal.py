"""Tests of cudajudge_cli/view/terminal.py: lines folded to the terminal's width in
English and Chinese.
"""

import unittest

import support  # noqa: F401 (puts this checkout's package on the path)
from cudajudge_cli.view import terminal


class FoldTest(unittest.TestCase):
    def test_english_breaks_between_words_and_list_items_hang(self):
        line = "- " + " ".join(["word"] * 12)
        self.assertEqual(terminal.fold(line, 24), ["- word word word word", "  word word word word",
                                                "  word word word word"])

    def test_chinese_breaks_between_characters_by_display_width(self):
        lines = terminal.fold("一二三四五六七八九十，甲乙丙", 10)
        self.assertEqual(lines, ["一二三四五", "六七八九十，", "甲乙丙"])  # no line starts with ，
        self.assertTrue(all(terminal.display_width(line) <= 12 for line in lines))

    def test_short_and_empty_lines_stay(self):
        self.assertEqual(terminal.fold("  short", 80), ["  short"])
        self.assertEqual(terminal.fold("", 80), [""])


if __name__ == "__main__":
    unittest.main()
