"""tests/web/test_bundle.py: web/static/editor.js, the one built file of the page, is
the build of the web/src/editor.js and web/package-lock.json in this checkout.

The page itself (web/src/index.html, main.js, style.css) is served as it is; only the
code editor (web/src/editor.js with the CodeMirror packages) is bundled, by
`cd web && npm ci && npm run build`, and committed so that `judge.py web` needs no
Node. The bundle's first line records the SHA-256 of the files it was built from:
this test fails when either changed without a rebuild. Where web/node_modules is
installed, it also builds the bundle again and compares it byte for byte.

Run: python3 tests/web/test_bundle.py (meson test --suite web).
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.join(os.path.dirname(os.path.dirname(HERE)), "web")
BUNDLE = os.path.join(WEB, "static", "editor.js")


def sha256(path):
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


class BundleTest(unittest.TestCase):
    def test_the_bundle_was_built_from_these_sources(self):
        with open(BUNDLE, encoding="utf-8") as source:
            first = source.readline()
        recorded = dict(re.findall(r"(\S+) sha256:([0-9a-f]{64})", first))
        self.assertEqual(sorted(recorded), ["package-lock.json", "src/editor.js"], first)
        for name, digest in recorded.items():
            with self.subTest(file=name):
                self.assertEqual(sha256(os.path.join(WEB, name)), digest,
                                 f"web/{name} changed since web/static/editor.js was built: "
                                 "cd web && npm ci && npm run build")

    def test_the_bundle_exports_the_editor_the_page_imports(self):
        with open(BUNDLE, encoding="utf-8") as source:
            self.assertRegex(source.read(), r"export\s*\{[^}]*\bas createEditor\b")
        with open(os.path.join(WEB, "src", "main.js"), encoding="utf-8") as source:
            self.assertIn('import { createEditor } from "../static/editor.js";', source.read())

    def test_nothing_else_is_built(self):
        self.assertEqual(sorted(os.listdir(os.path.join(WEB, "static"))),
                         ["THIRD_PARTY.txt", "editor.js"])

    @unittest.skipUnless(os.path.isdir(os.path.join(WEB, "node_modules", "esbuild"))
                         and shutil.which("node"), "web/node_modules not installed")
    def test_building_again_gives_the_same_bundle(self):
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, "web")
            shutil.copytree(WEB, copy, symlinks=True,
                            ignore=shutil.ignore_patterns("node_modules", "static"))
            os.symlink(os.path.join(WEB, "node_modules"), os.path.join(copy, "node_modules"))
            subprocess.run(["node", "build.mjs"], cwd=copy, check=True, capture_output=True)
            self.assertEqual(sha256(os.path.join(copy, "static", "editor.js")), sha256(BUNDLE))


if __name__ == "__main__":
    sys.exit(unittest.main())
