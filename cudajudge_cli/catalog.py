"""cudajudge_cli.catalog: the exercises of the engine's catalog as the learner
names them: by id, alias or unambiguous prefix, with the closest names
suggested for an unknown one; the chapters in catalog order; the hints in the
learner's language.

Used by the commands that take an exercise id and by report.py.
"""

import difflib

from cudajudge_cli.errors import JudgeError
from cudajudge_cli.messages import localized_list, tr


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
        raise JudgeError(tr("ambiguous_id", name=name, ids=ids))
    raise JudgeError(unknown_problem_message(problems, name))


def names_of(problem):
    return [problem["id"]] + list(problem.get("aliases") or [])


def unknown_problem_message(problems, name):
    every_name = [n for p in problems for n in names_of(p)]
    close = difflib.get_close_matches(name.lower(), every_name, n=3, cutoff=0.6)
    if close:
        return tr("unknown_id_close", name=name, close=", ".join(close))
    return tr("unknown_id", name=name)


def chapters_of(problems):
    """Chapter names in catalog order, each with its problems."""
    chapters = {}
    for problem in problems:
        chapters.setdefault(str(problem.get("chapter") or "-"), []).append(problem)
    return list(chapters.items())


def hints_of(problem):
    return localized_list(problem.get("hints"))
