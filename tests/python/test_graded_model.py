"""One model of a judgement's report, grading's included (view/model.py, graded()): a
grade record's cases are the terminal's case views (case_view), with what grading adds
(a hidden case's name left out for the student, its detail too before the due date, the
points, the command that judges the file again); Gradescope's and PrairieLearn's
results, the feedback files, junit.xml and report.html all render that model, so each
says a case in the terminal's words and none names a hidden case to a student.
Records made here; no engine.
"""

import json
import unittest

import support  # noqa: F401  (puts the package on sys.path)
from cudajudge_cli.core.texts import in_language
from cudajudge_cli.grading import exporters, html_report
from cudajudge_cli.grading.platforms import gradescope, prairielearn
from cudajudge_cli.view import model

HIDDEN = "4 runs of 32 per warp"
SETTINGS = {"hidden_visibility": "after_due_date", "leaderboard": False,
            "stdout_visibility": "hidden"}


def record(verdict="WA", message=f"case '{HIDDEN}': 31 of 32 elements of 'out' differ",
           **more):
    r = {"schema": "cudajudge-grade/1", "student": "ada", "exercise": "warp_scan",
         "title": "Warp scan", "file": "ada/exercises/warp_scan.cu", "sha256": "ab" * 32,
         "status": "judged", "not_judged": None, "verdict": verdict, "message": message,
         "seed": 77, "backend": "emu", "seconds": 1.5, "compile_log": "",
         "late": {"days": 0}, "timing": None,
         "cases": [
             {"index": 1, "name": "one warp", "verdict": "AC", "weight": 1, "hidden": False,
              "detail": None, "diagnosis": None},
             {"index": 2, "name": "negatives", "verdict": "WA", "weight": 1, "hidden": False,
              "detail": "out[3] is 5, expected 6", "diagnosis": "the scan is exclusive"},
             {"index": 3, "name": HIDDEN, "verdict": "WA", "weight": 1, "hidden": True,
              "detail": "out[31] is 0, expected 32", "diagnosis": "lane 31 never written"}],
         "score": {"points": 3.33, "max": 10, "explain": "correctness 3.33/10",
                   "penalties": []}}
    r.update(more)
    return r


INFO = {"policy": {"language": "en"}, "backend": "emu", "students": ["ada"],
        "exercises": [{"id": "warp_scan", "title": "Warp scan", "points": 10,
                       "performance": 0, "canvas": None}],
        "policy_sha256": "p" * 64, "engine": {"version": "test"}, "ignored": []}


class GradedModelTest(unittest.TestCase):
    def test_the_cases_are_the_terminals_case_views(self):
        r = record()
        shown = model.graded(r, "instructor")
        for case, raw in zip(shown["cases"], r["cases"]):
            expected = dict(model.case_view(raw, opened=True), index=raw["index"],
                            hidden=raw["hidden"])
            self.assertEqual(case, expected)
        self.assertEqual(in_language(shown["cases"][1]["diagnosis"], "en"),
                         "diagnosis: the scan is exclusive")

    def test_who_reads_it_decides_what_a_hidden_case_shows(self):
        r = record()
        student, after, instructor = (model.graded(r, a) for a in model.AUDIENCES)
        hidden = [m["cases"][2] for m in (student, after, instructor)]
        self.assertEqual([in_language(c["name"], "en") for c in hidden],
                         ["(hidden case)", "(hidden case)", HIDDEN])
        self.assertEqual([c["detail"] for c in hidden],
                         [[], ["out[31] is 0, expected 32"], ["out[31] is 0, expected 32"]])
        self.assertIsNone(hidden[0]["diagnosis"])
        # the engine's message names the hidden case: the student gets the counts
        self.assertEqual(in_language(student["message"], "en"), "2 of 3 cases failed")
        self.assertEqual(instructor["message"], r["message"])
        self.assertEqual(student["hidden_cases"], {"count": 1, "passed": 0})
        self.assertIsNone(student["reproduce"], "the seed would give the hidden case away")

    def test_a_compile_error_and_the_command_that_judges_again(self):
        r = record("CE", "ada/exercises/warp_scan.cu does not compile", cases=[],
                   compile_log="warp_scan.cu:3: error: expected ';'\n")
        shown = model.graded(r)
        self.assertEqual(in_language(shown["message"], "en"),
                         "ada/exercises/warp_scan.cu does not compile; the compiler's "
                         "messages are below")
        self.assertEqual(shown["compile_log"], "warp_scan.cu:3: error: expected ';'")
        self.assertEqual(shown["reproduce"],
                         "python3 judge.py warp_scan exercises/warp_scan.cu --seed 77 --emulate")
        warned = model.graded(record("WA", "x", compile_log="warning: unused"))
        self.assertIsNone(warned["compile_log"], "the compiler's messages go with a CE only")
        self.assertEqual(model.graded(record("WA", "x", compile_log="warning: unused"),
                                      "instructor")["compile_log"], "warning: unused")


class EveryOutputRendersTheModelTest(unittest.TestCase):
    def outputs(self, r):
        """What each output says of one record, for the student and for the instructor."""
        student = {
            "gradescope": json.dumps(gradescope.results_from_records([r], SETTINGS)),
            "prairielearn": json.dumps(prairielearn.results_from_records([r])),
            "feedback": exporters.feedback_text("ada", [r], INFO, "en", md=False),
            "junit": exporters.junit_xml([r], INFO),
        }
        return student, html_report.report_html([r], INFO, "en")

    def test_a_case_in_the_terminals_words_everywhere(self):
        student, report = self.outputs(record())
        for name, text in dict(student, report=report).items():
            with self.subTest(output=name):
                self.assertIn("out[3] is 5, expected 6", text)
        for name in ("gradescope", "prairielearn", "feedback"):
            with self.subTest(output=name):
                self.assertIn("diagnosis: the scan is exclusive", student[name])

    def test_no_hidden_case_name_for_the_student(self):
        student, report = self.outputs(record())
        for name, text in student.items():
            with self.subTest(output=name):
                self.assertNotIn(HIDDEN, text)
                self.assertIn("1 hidden case(s): 0 passed" if name == "feedback"
                              else "(hidden case)", text)
        self.assertIn(HIDDEN, report, "the instructor's report names it")
        results = gradescope.results_from_records([record()], SETTINGS)
        hidden_test = results["tests"][-1]
        self.assertEqual((hidden_test["visibility"], hidden_test["name"]),
                         ("after_due_date", "warp_scan: case 3 (hidden case)"))
        self.assertIn("out[31] is 0, expected 32", hidden_test["output"])
        self.assertNotIn("out[31]", student["prairielearn"] + student["feedback"]
                         + student["junit"], "before the due date: not what it found")


if __name__ == "__main__":
    unittest.main()
