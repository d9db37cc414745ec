"""The README keeps its promises to a learner: its prefix example names one
exercise, its chapters come in the order of the progress table, every page it
links exists and every page of docs/ is linked, the counts of exercises per
backend are problems.yaml's, and the browser page and the platforms' commands
are there.
"""

import os
import re
import unittest

from support import REAL_ROOT, SCRIPT_ROOT, read
from cudajudge_cli.learn import catalog

README = os.path.join(SCRIPT_ROOT, "README.md")


def backends_of_problems_yaml():
    """{id: [backends]} of every exercise of problems.yaml."""
    text = read(os.path.join(REAL_ROOT, "problems.yaml"))
    entries = re.split(r"^(?=- id: )", text, flags=re.MULTILINE)[1:]
    found = {}
    for entry in entries:
        backends = re.search(r"^  backends: \[([^\]]*)\]", entry, re.MULTILINE)
        found[entry.split()[2]] = [b.strip() for b in backends.group(1).split(",")]
    return found


def catalog_of_problems_yaml():
    """(id, chapter) of every exercise, in problems.yaml's order (the catalog's)."""
    text = read(os.path.join(REAL_ROOT, "problems.yaml"))
    return re.findall(r"^- id: (\S+)\n(?:  .*\n)*?  chapter: (\S+)", text, re.MULTILINE)


class ReadmeTest(unittest.TestCase):
    def setUp(self):
        self.readme = read(README)
        self.problems = [{"id": pid, "chapter": chapter, "aliases": []}
                         for pid, chapter in catalog_of_problems_yaml()]
        self.assertGreater(len(self.problems), 20)

    def test_the_prefix_example_names_one_exercise(self):
        found = re.search(r"unambiguous prefixes\s+\(`(\w+)` for `(\w+)`", self.readme)
        self.assertIsNotNone(found)
        prefix, meant = found.groups()
        self.assertEqual(catalog.resolve_problem(self.problems, prefix)["id"], meant)

    def test_chapters_in_the_order_of_the_progress_table(self):
        paragraph = self.readme[self.readme.index("The exercises follow"):
                                self.readme.index("## Install")]
        chapters = [name for name, _ in catalog.chapters_of(self.problems)]
        named = [name for name in re.findall(r"`([a-z-]+)`,", paragraph) if name in chapters]
        self.assertEqual(named, chapters)
        ids = [p["id"] for p in self.problems]
        listed = [name for name in re.findall(r"`(\w+)`", paragraph) if name in ids]
        self.assertEqual(listed[:len(ids)], ids)  # every exercise, in the table's order

    def test_linked_pages_exist(self):
        links = re.findall(r"\]\((docs/[^)]+)\)", self.readme)
        self.assertIn("docs/driver-layout.md", links)
        for link in links:
            with self.subTest(link=link):
                self.assertTrue(os.path.isfile(os.path.join(SCRIPT_ROOT, link)))

    def test_every_docs_page_is_linked(self):
        links = set(re.findall(r"\]\((docs/[^)#]+)\)", self.readme))
        for name in sorted(os.listdir(os.path.join(SCRIPT_ROOT, "docs"))):
            if name.endswith(".md"):
                with self.subTest(page=name):
                    self.assertIn("docs/" + name, links)

    def test_the_counts_per_backend_are_problems_yamls(self):
        backends = backends_of_problems_yaml()
        emu = sum("emu" in b for b in backends.values())
        sanitize = sum("sanitize" in b for b in backends.values())
        self.assertEqual(sanitize, 21)  # issue 17 point 11 raised it from 13
        found = re.search(r"(\d+) of the (\d+) exercises can be judged on the emulator and "
                          r"(\d+) under compute-sanitizer", " ".join(self.readme.split()))
        self.assertIsNotNone(found, "the Backends section counts the exercises")
        self.assertEqual(tuple(int(n) for n in found.groups()), (emu, len(backends), sanitize))
        gpu_testing = " ".join(read(os.path.join(SCRIPT_ROOT, "docs", "gpu-testing.md")).split())
        found = re.search(r"now (\d+) of the (\d+) exercises declare it", gpu_testing)
        self.assertIsNotNone(found, "docs/gpu-testing.md counts the sanitizer's exercises")
        self.assertEqual(tuple(int(n) for n in found.groups()), (sanitize, len(backends)))

    def test_the_browser_and_the_platforms(self):
        self.assertIn("\n### Practice in the browser\n", self.readme)
        self.assertIn("python3 judge.py web", self.readme)
        self.assertIn("python3 judge.py grade-bundle gradescope --policy", self.readme)

    def test_internals_live_in_docs(self):
        for heading in ("## JSON output", "## Adding an exercise", "## Testing on a GPU machine"):
            self.assertNotIn("\n" + heading + "\n", self.readme)


if __name__ == "__main__":
    unittest.main()
