"""The shape of the driver (docs/driver-layout.md): judge.py only finds the
package and calls it; every module says at its top what it is for; no module is
over 500 lines without a written reason, none over 800; the modules import one
another without cycles; every command module has add_arguments and run and is
in the one COMMANDS table; the repository and the build folder are found in one
place, and the engine is started by one client, grading/ included.
"""

import ast
import os
import re
import unittest

from support import JUDGE, SCRIPT_ROOT, read
from cudajudge_cli import commands

PACKAGE = os.path.join(SCRIPT_ROOT, "cudajudge_cli")
LONG_REASON = "Longer than 500 lines because"
MOST_LINES = 800

def package_modules():
    """{dotted name: path} of every module of the package."""
    found = {}
    for folder, subfolders, names in os.walk(PACKAGE):
        subfolders[:] = sorted(s for s in subfolders if not s.startswith(("_", ".")))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, SCRIPT_ROOT)[:-len(".py")]
                dotted = relative.replace(os.sep, ".")
                found[dotted[:-len(".__init__")] if dotted.endswith(".__init__") else dotted] = path
    return found


def imported_modules(path, known):
    """The package's modules that the module at path imports."""
    found = set()
    for node in ast.walk(ast.parse(read(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module in known:
            found.add(node.module)
            # from package import module
            found |= {f"{node.module}.{alias.name}" for alias in node.names
                      if f"{node.module}.{alias.name}" in known}
    return found


PROCESS_CALLS = ("run", "Popen", "call", "check_call", "check_output", "run_tool")


def names_the_engine(node, tainted):
    """True when an expression holds the engine's options (--root, --build), its
    command line (a Workspace's engine_command(), an Engine's command()), or a name
    made from them."""
    for part in ast.walk(node):
        if isinstance(part, ast.Constant) and part.value in ("--root", "--build"):
            return True
        if isinstance(part, ast.Call) and isinstance(part.func, ast.Attribute) \
                and part.func.attr in ("engine_command", "command") and not part.args:
            return True
        if isinstance(part, ast.Name) and part.id in tainted:
            return True
    return False


def starts_the_engine(tree):
    """True when a function of the module (or its top level) runs a process (subprocess,
    os.exec*, a Workspace's run_tool) whose arguments name the engine, directly or
    through a name assigned from it in the same function."""
    scopes = [tree] + [n for n in ast.walk(tree)
                       if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        assigns = [n for n in ast.walk(scope) if isinstance(n, (ast.Assign, ast.AugAssign))]
        tainted, grew = set(), True
        while grew:
            grew = False
            for assign in assigns:
                if not names_the_engine(assign.value, tainted):
                    continue
                targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target]
                for name in (n.id for t in targets for n in ast.walk(t)
                             if isinstance(n, ast.Name)):
                    grew |= name not in tainted
                    tainted.add(name)
        for call in (n for n in ast.walk(scope) if isinstance(n, ast.Call)):
            func = call.func
            process = isinstance(func, ast.Attribute) and (
                func.attr in PROCESS_CALLS or func.attr.startswith("exec")
                and isinstance(func.value, ast.Name) and func.value.id == "os")
            arguments = list(call.args) + [k.value for k in call.keywords]
            if process and any(names_the_engine(a, tainted) for a in arguments):
                return True
    return False


class LayoutTest(unittest.TestCase):
    def test_judge_py_is_a_door(self):
        source = read(JUDGE)
        self.assertLess(len(source.splitlines()), 80)
        self.assertIn("from cudajudge_cli.cli import main", source)
        self.assertEqual([n.name for n in ast.parse(source).body
                          if isinstance(n, (ast.FunctionDef, ast.ClassDef))], [])

    def test_every_module_says_what_it_is_for(self):
        for name, path in package_modules().items():
            with self.subTest(module=name):
                docstring = ast.get_docstring(ast.parse(read(path)))
                self.assertTrue(docstring and len(docstring.split()) >= 8, docstring)

    def test_no_module_over_500_lines_without_a_reason(self):
        for name, path in package_modules().items():
            with self.subTest(module=name):
                source = read(path)
                if len(source.splitlines()) > 500:
                    self.assertIn(LONG_REASON, ast.get_docstring(ast.parse(source)) or "")

    def test_no_module_over_800_lines(self):
        for name, path in package_modules().items():
            with self.subTest(module=name):
                self.assertLessEqual(len(read(path).splitlines()), MOST_LINES)

    def test_where_things_are_is_found_in_one_place(self):
        """CUDAJUDGE_ROOT and CUDAJUDGE_BUILD are read by core/workspace.py alone, and
        only core/engine.py starts the engine: no other module, grading/ included,
        runs a command with the engine's options (--root, --build) or its command line
        (engine_command(), an Engine's command()), and no other module is a client of
        its own (a JudgeRun, a repo_root)."""
        readers, starters, clients = [], [], []
        for name, path in package_modules().items():
            source = read(path)
            if re.search(r'environ(?:\.get\(|\[)"CUDAJUDGE_(ROOT|BUILD)"', source):
                readers.append(name)
            if starts_the_engine(ast.parse(source)):
                starters.append(name)
            if re.search(r"^(class JudgeRun|def repo_root|def parse_engine_line)\b", source,
                         re.M):
                clients.append(name)
        self.assertEqual(readers, ["cudajudge_cli.core.workspace"])
        self.assertEqual(starters, ["cudajudge_cli.core.engine"])
        self.assertEqual(clients, ["cudajudge_cli.core.engine", "cudajudge_cli.core.workspace"])
        modules = package_modules()
        for old in ("engine", "errors", "messages", "workspace"):  # the names before core/
            self.assertNotIn(f"cudajudge_cli.{old}", modules)

    def test_no_import_cycles(self):
        modules = package_modules()
        graph = {name: imported_modules(path, modules) - {name}
                 for name, path in modules.items()}
        # A package's __init__ that imports its own modules is no cycle.
        for name in graph:
            graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
        state, path = {}, []

        def visit(name):
            state[name] = "open"
            path.append(name)
            for other in sorted(graph[name]):
                if state.get(other) == "open":
                    self.fail("import cycle: " + " -> ".join(path[path.index(other):] + [other]))
                if other not in state:
                    visit(other)
            path.pop()
            state[name] = "done"

        for name in sorted(graph):
            if name not in state:
                visit(name)

    def test_every_command_module_is_registered(self):
        folder = os.path.join(PACKAGE, "commands")
        files = {name[:-3] for name in os.listdir(folder)
                 if name.endswith(".py") and name != "__init__.py"}
        registered = {module.__name__.rsplit(".", 1)[1] for module, _ in
                      commands.COMMANDS.values()}
        # overview: the default, no name; options: the options several commands share
        self.assertEqual(sorted(files - registered), ["options", "overview"])
        for name, (module, summary) in commands.COMMANDS.items():
            with self.subTest(command=name):
                # a dashed command (grade-bundle) lives in an underscored module
                underscored = name.replace("-", "_")
                self.assertEqual(module.__name__, f"cudajudge_cli.commands.{underscored}")
                self.assertTrue(callable(module.add_arguments) and callable(module.run))
                self.assertEqual(summary, f"help_cmd_{underscored}")


if __name__ == "__main__":
    unittest.main()
