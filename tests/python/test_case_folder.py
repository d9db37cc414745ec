"""The folder where a grade run keeps its exercises' cases (grading/case_folder.py): made
only for a GPU run with one seed per exercise, handed to every judgement as
`--cases-dir`, removed at the run's end; a folder left by a run that was killed is removed
by the next run once that process is gone, and never one of a run still going."""

import os
import subprocess
import sys
import tempfile
import unittest

import support  # noqa: F401 (puts the repository on sys.path)
from cudajudge_cli.grading.case_folder import PREFIX, CaseFolder


class CaseFolderTest(unittest.TestCase):
    def setUp(self):
        self.build = tempfile.mkdtemp(prefix="cj-case-folder-")
        self.cache = os.path.join(self.build, "cache")

    def tearDown(self):
        subprocess.run(["rm", "-rf", self.build], check=False)

    def test_not_wanted_makes_nothing(self):
        folder = CaseFolder(self.build, False)
        self.assertEqual(folder.args, [])
        self.assertFalse(os.path.exists(self.cache))
        folder.remove()

    def test_made_handed_over_and_removed(self):
        folder = CaseFolder(self.build, True)
        self.assertEqual(folder.args[0], "--cases-dir")
        path = folder.args[1]
        self.assertTrue(os.path.isdir(path))
        self.assertEqual(os.path.dirname(path), self.cache)
        self.assertTrue(os.path.basename(path).startswith(f"{PREFIX}{os.getpid()}-"))
        with open(os.path.join(path, "warp_scan.cases"), "wb") as f:
            f.write(b"x" * 100)
        folder.remove()
        self.assertFalse(os.path.exists(path))
        self.assertEqual(folder.args, [])

    def test_a_killed_runs_folder_removed_a_live_ones_kept(self):
        os.makedirs(self.cache)
        dead = subprocess.Popen([sys.executable, "-c", "pass"])
        dead.wait()  # its number is free now (and not taken again this soon)
        stale = os.path.join(self.cache, f"{PREFIX}{dead.pid}-abc")
        live = os.path.join(self.cache, f"{PREFIX}{os.getppid()}-def")
        other = os.path.join(self.cache, "modules")
        for path in (stale, live, other):
            os.makedirs(path)
        folder = CaseFolder(self.build, True)
        self.assertFalse(os.path.exists(stale))
        self.assertTrue(os.path.isdir(live))
        self.assertTrue(os.path.isdir(other))
        folder.remove()


if __name__ == "__main__":
    unittest.main()
