"""cudajudge_cli.catalog: the exercises of the engine's catalog as the learner
names them: by id, alias or unambiguous prefix, with the closest names
suggested for an unknown one; the chapters in catalog order; the hints in the
learner's language.

Used by learn/practice.py (Practice.problem), learn/actions.py (hints), the
commands that list exercises, and the web server.
"""

import difflib

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text


def resolve_problem(problems, name):
    """Exact id, then alias, then an unambiguous prefix of ids and aliases."""
    wanted = name.strip().lower()
    for problem in problems:
        if problem["id"].lower() == wanted:
            return problem
    for problem in problems:
        if wanted in (a.lower() for a in problem.get("aliases") or []):
            return problem
    matches = [p for p in problems
               if any(n.lower().startswith(wanted) for n in names_of(p))] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        ids = ", ".join(p["id"] for p in matches)
        raise JudgeError(Text("ambiguous_id", name=name, ids=ids))
    raise JudgeError(unknown_problem_message(problems, name))


def names_of(problem):
    return [problem["id"]] + list(problem.get("aliases") or [])


def unknown_problem_message(problems, name):
    every_name = [n for p in problems for n in names_of(p)]
    close = difflib.get_close_matches(name.lower(), every_name, n=3, cutoff=0.6)
    if close:
        return Text("unknown_id_close", name=name, close=", ".join(close))
    return Text("unknown_id", name=name)


def chapters_of(problems):
    """Chapter names in catalog order, each with its problems."""
    chapters = {}
    for problem in problems:
        chapters.setdefault(str(problem.get("chapter") or "-"), []).append(problem)
    return list(chapters.items())


def exercise_rules(problem):
    """(required, forbidden): the rules of problems.yaml's `rules:`, with the
    libraries forbidden everywhere whether listed or not."""
    rules = problem.get("rules") if isinstance(problem.get("rules"), dict) else {}
    required = [str(name) for name in rules.get("require") or []]
    forbidden = [str(name) for name in rules.get("forbid") or []]
    if "libraries" not in forbidden:
        forbidden.append("libraries")
    return required, forbidden


def hint_count(problem):
    """How many hints the exercise has (in the language that has the most)."""
    hints = problem.get("hints") if isinstance(problem.get("hints"), dict) else {}
    return max((len(v) for v in hints.values() if isinstance(v, list)), default=0)


def hint_pair(problem, number):
    """Hint `number` (from 1) as {"en": ..., "zh": ...}, each falling back to the other."""
    hints = problem.get("hints") if isinstance(problem.get("hints"), dict) else {}
    pair = {}
    for lang in ("en", "zh"):
        items = hints.get(lang) if isinstance(hints.get(lang), list) else []
        pair[lang] = str(items[number - 1]) if number <= len(items) else None
    return {"en": pair["en"] or pair["zh"] or "", "zh": pair["zh"] or pair["en"] or ""}
