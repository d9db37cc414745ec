#!/usr/bin/env python3
"""The exports of `judge.py grade` from records made here, without the engine (issue 25,
items 6 and 7; cudajudge_cli/grading/exporters.py):

- the Canvas and Moodle CSV files neutralise a cell that a spreadsheet would read as a
  formula (= + - @, tab, carriage return first), as OWASP and Canvas advise: a quote in
  front; numbers stay numbers;
- Canvas's Points Possible is what the run's backend can give: no performance points
  on the emulator;
- junit.xml is valid against Jenkins' junit-10.xsd (xmllint; tests/grading/junit-10.xsd)
  and names no hidden case; a CE says the compiler's messages are below, where they are;
- the feedback's reproduce line is a `judge.py ID FILE --seed N` command line (the
  grading tests run it: test_policy_use.py).

Run by meson (suite grading) in a second.
"""

import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

from cudajudge_cli.grading import exporters  # noqa: E402

XSD = os.path.join(HERE, "junit-10.xsd")
HIDDEN = "4 runs of 32 per warp"
STUDENTS = ["=HYPERLINK(\"http://x\",\"y\")", "+1 plus", "-dash", "@SUM(A1)", "\ttab",
            "\rcr", "ada"]


def record(student, exercise, verdict, points, cases=(), **more):
    r = {"schema": "cudajudge-grade/1", "student": student, "exercise": exercise,
         "title": exercise, "file": f"{student}/{exercise}.cu", "status": "judged",
         "not_judged": None, "verdict": verdict, "message": "", "cases": list(cases),
         "seed": 7, "backend": "emu", "seconds": 1.25, "compile_log": "", "sha256": "ab" * 32,
         "late": {"days": 0}, "timing": None,
         "score": {"points": points, "max": 15, "explain": "how", "penalties": []}}
    r.update(more)
    return r


def case(index, name, verdict, hidden=False):
    return {"index": index, "name": name, "verdict": verdict, "weight": 1, "hidden": hidden,
            "detail": "differs at 3" if verdict != "AC" else None, "diagnosis": None}


def info(backend="emu"):
    return {"policy": {"language": "en"}, "backend": backend, "students": STUDENTS,
            "exercises": [{"id": "warp_scan", "title": "=scan", "points": 10,
                           "performance": 5, "canvas": None}]}


RECORDS = [
    record("ada", "warp_scan", "WA", 3.33,
           [case(1, "sample", "AC"), case(2, "negatives", "WA"), case(9, HIDDEN, "WA", True)],
           message=f"case 9 ({HIDDEN}) differs"),
    record("-dash", "warp_scan", "CE", 0, compile_log="warp_scan.cu:3: error: expected ';'",
           message="-dash/warp_scan.cu does not compile; the compiler's messages are above"),
    record("+1 plus", "warp_scan", None, 0, status="not_judged", file=None,
           not_judged={"reason": "missing", "detail": "no file", "paths": []}),
    record("@SUM(A1)", "warp_scan", "AC", 10),
]


class Csv(unittest.TestCase):
    def rows(self, text):
        return list(csv.reader(io.StringIO(text)))

    def test_formula_cells_are_text(self):
        people = {"ada": {"name": "=cmd|' /C calc'!A0", "sis_login_id": "ada",
                          "section": "-L01"}}
        rows = self.rows(exporters.canvas_csv(RECORDS, info(), people))
        for row in rows:
            for value in row[:5]:
                self.assertFalse(value.startswith(exporters.FORMULA_STARTS), row)
        students = {row[3]: row for row in rows[2:]}
        self.assertIn("'=HYPERLINK(\"http://x\",\"y\")", students)
        self.assertEqual(students["ada"][0], "'=cmd|' /C calc'!A0")
        self.assertEqual(students["ada"][4], "'-L01")
        self.assertEqual(set(students), {"'" + s if s != "ada" else s for s in STUDENTS})
        self.assertEqual(rows[0][5], "'=scan")  # the exercise's column too
        self.assertEqual(students["ada"][5:], ["3.33", "3.33"])  # numbers stay numbers
        moodle = self.rows(exporters.moodle_csv(RECORDS, info(), people))
        self.assertEqual(moodle[1][2], "'=HYPERLINK(\"http://x\",\"y\")")
        self.assertTrue(all(not v.startswith(exporters.FORMULA_STARTS)
                            for row in moodle for v in row))

    def test_points_possible_is_what_the_backend_can_give(self):
        emu = self.rows(exporters.canvas_csv(RECORDS, info("emu"), {}))
        self.assertEqual(emu[1][5:], ["10", "10"])  # no performance points on the emulator
        gpu = self.rows(exporters.canvas_csv(RECORDS, info("gpu"), {}))
        self.assertEqual(gpu[1][5:], ["15", "15"])


class Junit(unittest.TestCase):
    def setUp(self):
        self.xml = exporters.junit_xml(RECORDS, info())

    @unittest.skipUnless(shutil.which("xmllint"), "xmllint is not installed (libxml2-utils)")
    def test_valid_against_jenkins_junit_10_xsd(self):
        with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as f:
            f.write(self.xml)
        try:
            done = subprocess.run(["xmllint", "--noout", "--schema", XSD, f.name],
                                  capture_output=True, text=True)
        finally:
            os.unlink(f.name)
        self.assertEqual(done.returncode, 0, done.stderr + self.xml)

    def test_no_hidden_case_and_the_compilers_messages_below(self):
        self.assertNotIn(HIDDEN, self.xml)
        self.assertIn("case 9 (hidden case): WA", self.xml)
        self.assertIn("case 2 negatives: WA", self.xml)
        self.assertIn("does not compile; the compiler&apos;s messages are below", self.xml
                      .replace("'", "&apos;"))
        self.assertNotIn("are above", self.xml)
        ce = self.xml.split('type="CE"')[1]
        self.assertLess(ce.index("messages are below"), ce.index("expected ';'"))


class Feedback(unittest.TestCase):
    def test_the_reproduce_line_is_a_judge_command(self):
        r = record("ada", "warp_scan", "WA", 3, [case(1, "sample", "WA")],
                   file="ada/exercises/warp_inclusive_scan.cu", seed=2103489246)
        text = exporters.feedback_text("ada", [r], info(), "en", md=False)
        self.assertIn("python3 judge.py warp_scan exercises/warp_inclusive_scan.cu "
                      "--seed 2103489246 --emulate", text)
        self.assertNotIn("--file", text)


if __name__ == "__main__":
    unittest.main()
