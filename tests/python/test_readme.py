"""The README keeps its promises to a learner: its prefix example names one
exercise, its chapters come in the order of the progress table, and every
page it links exists.
"""

import os
import re
import unittest

from support import REAL_ROOT, SCRIPT_ROOT, read
from cudajudge_cli import catalog

README = os.path.join(SCRIPT_ROOT, "README.md")


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

    def test_internals_live_in_docs(self):
        for heading in ("## JSON output", "## Adding an exercise", "## Testing on a GPU machine"):
            self.assertNotIn("\n" + heading + "\n", self.readme)


if __name__ == "__main__":
    unittest.main()
