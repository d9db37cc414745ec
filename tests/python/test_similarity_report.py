"""report.html after `judge.py grade ROSTER --similarity` (cudajudge_cli/grading/
similarity_report.py and exporters.py), without a browser or Dolos: the similarity
section lists the flagged pairs and the submissions close to the reference, escaped;
report.html is written again from DIR's last run with it; without DIR/similarity.json
the report has no such section. tests/grading/test_report_chromium.py renders the same
section in Chromium.
"""

import json
import os
import tempfile
import unittest

import support  # noqa: F401  (puts the checkout's package on the path)
from cudajudge_cli.grading import exporters, similarity_report

RESULT = {
    "threshold": 0.8, "reference_threshold": 0.9, "tool": "dolos", "exercises": {
        "warp_scan": {"compared": 3, "pairs": [
            {"students": ["ana", "b<e>n"], "similarity": 0.9412, "longest": 30}],
            "near_reference": [{"student": "cat", "similarity": 0.95}], "per_student": {}},
        "block_reduce_sum": {"compared": 2, "pairs": [], "near_reference": [],
                             "per_student": {}},
        "transpose": {"compared": 0, "pairs": [], "near_reference": [], "per_student": {}}}}


def record(student, exercise, verdict="AC", points=10):
    return {"schema": "cudajudge-grade/1", "student": student, "exercise": exercise,
            "verdict": verdict, "message": "", "cases": [], "file": f"{student}/{exercise}.cu",
            "score": {"points": points, "max": 10, "explain": "all cases right"},
            "seed": 1, "backend": "emu", "late": {"days": 0, "source": "mtime"}}


INFO = {"policy": {"language": "en", "course": "Similarity"}, "policy_sha256": "0" * 64,
        "engine": {"version": "test"}, "students": ["ana", "b<e>n", "cat"],
        "exercises": [{"id": "block_reduce_sum", "points": 10, "performance": 0},
                      {"id": "warp_scan", "points": 10, "performance": 0}],
        "ignored": [], "backend": "emu"}


class SimilaritySectionTest(unittest.TestCase):
    def test_pairs_and_the_reference(self):
        page = exporters.report_html([record("ana", "warp_scan")], INFO, "en", RESULT)
        self.assertIn('<h2 id="similarity-title">Similarity (Dolos)</h2>', page)
        self.assertIn('<tr class="sim-pair" data-exercise="warp_scan" '
                      'data-students="ana b&lt;e&gt;n" data-similarity="0.94">', page)
        self.assertIn("<td>ana &amp; b&lt;e&gt;n</td><td>0.94</td><td>30</td>", page)
        self.assertIn('<tr class="sim-reference" data-exercise="warp_scan" data-student="cat" '
                      'data-similarity="0.95">', page)
        self.assertIn('<p class="sim-none" data-exercise="block_reduce_sum">', page)
        self.assertNotIn("<h3>transpose", page)  # nothing compared: not listed
        # the exercises in the report's order
        self.assertLess(page.index("<h3>block_reduce_sum"), page.index("<h3>warp_scan"))

    def test_in_chinese(self):
        page = exporters.report_html([], INFO, "zh", RESULT)
        self.assertIn("相似度（Dolos）", page)
        self.assertIn("与参考解接近", page)

    def test_no_section_without_a_similarity_run(self):
        self.assertEqual(similarity_report.section_html(None, "en"), "")
        self.assertNotIn("similarity-title", exporters.report_html([], INFO, "en"))

    def test_report_written_again_from_the_last_run(self):
        with tempfile.TemporaryDirectory(prefix="cudajudge-simreport-") as out:
            self.assertFalse(exporters.refresh_report(out))  # no run in DIR
            with open(os.path.join(out, "run.json"), "w", encoding="utf-8") as f:
                json.dump(INFO, f)
            with open(os.path.join(out, "results.jsonl"), "w", encoding="utf-8") as f:
                for student in INFO["students"]:
                    f.write(json.dumps(record(student, "warp_scan")) + "\n")
            self.assertTrue(exporters.refresh_report(out))
            with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
                self.assertNotIn("similarity-title", f.read())
            with open(os.path.join(out, "similarity.json"), "w", encoding="utf-8") as f:
                json.dump(RESULT, f)
            self.assertTrue(exporters.refresh_report(out))
            with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
                page = f.read()
            self.assertIn('class="sim-pair"', page)
            self.assertIn('data-student="cat"', page)
            self.assertEqual(page.count('<tr data-student="'), 3)


if __name__ == "__main__":
    unittest.main()
