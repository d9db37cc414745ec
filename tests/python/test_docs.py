"""The pages under docs/ say what the code does: the phase states of the engine's
events (docs/driver-layout.md) are the ones harness/engine/ sends, and the page about
adding an exercise explains the problems.yaml and corpus conventions the judge reads
(`skip.emu`, `skip.sanitize`, `// report-says:`).
"""

import glob
import os
import re
import unittest

from support import SCRIPT_ROOT, read

DOCS = os.path.join(SCRIPT_ROOT, "docs")


def engine_phase_states():
    """Every state the engine's C sources pass to report_phase(phase, state, seconds)."""
    states = set()
    for path in glob.glob(os.path.join(SCRIPT_ROOT, "harness", "engine", "*.c")):
        states |= set(re.findall(r'report_phase\("[a-z_]+",\s*"([a-z_]+)"', read(path)))
    return states


class DocsTest(unittest.TestCase):
    def test_driver_layout_names_the_engines_phase_states(self):
        states = engine_phase_states()
        self.assertEqual(states, {"start", "done"})
        page = read(os.path.join(DOCS, "driver-layout.md"))
        found = re.search(r'`"phase"` \(`phase`, `state`: `(\w+)`/`(\w+)`', page)
        self.assertIsNotNone(found, "driver-layout.md describes the phase events")
        self.assertEqual(set(found.groups()), states)

    def test_adding_an_exercise_explains_the_conventions(self):
        page = read(os.path.join(DOCS, "adding-an-exercise.md"))
        for convention in ("skip.emu", "skip.sanitize", "sanitize_zh", "// report-says:",
                           "// expect-emu:"):
            with self.subTest(convention=convention):
                self.assertIn(convention, page)

    def test_report_says_is_the_convention_the_report_test_reads(self):
        reader = read(os.path.join(SCRIPT_ROOT, "tests", "unit", "test_reports.py"))
        self.assertIn("report-says:", reader)


if __name__ == "__main__":
    unittest.main()
