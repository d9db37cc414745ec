"""`judge.py show ID`: an exercise's statement, signature, launch
configuration, check, what its timed case is set against, backends (with the reason a backend cannot judge it),
rules and the learner's progress on it.

Registered in commands/__init__.py.
"""

import sys

from cudajudge_cli.learn.catalog import exercise_rules, hint_count
from cudajudge_cli.core.texts import current_language, localized, rule_meaning, tr
from cudajudge_cli.commands.options import add_id_argument, chosen_exercise
from cudajudge_cli.learn.progress import as_count, exercise_record
from cudajudge_cli.view.report import best_time_text
from cudajudge_cli.view.terminal import Style, indent, say, wrap


def add_arguments(parser):
    add_id_argument(parser)


def describe_check(check):
    if not isinstance(check, dict) or check.get("exact", True):
        return tr("show_exact")
    return tr("show_tolerance", rtol=check.get("rtol"), atol=check.get("atol"))


def skip_lines(problem):
    """Why a backend cannot judge the exercise, for each backend it lacks whose reason
    problems.yaml gives (`skip.emu`, `skip.sanitize` of the engine's catalog; `skip.emu_zh`,
    `skip.sanitize_zh` for a learner reading Chinese)."""
    skip = problem.get("skip") if isinstance(problem.get("skip"), dict) else {}
    backends = problem.get("backends") or []
    reasons = {}
    for backend in ("emu", "sanitize"):
        reason = (current_language() == "zh" and skip.get(backend + "_zh")) or skip.get(backend)
        if backend not in backends and isinstance(reason, str) and reason.strip():
            reasons[backend] = reason.strip()
    lines = []
    if "emu" in reasons:
        lines.append(tr("show_skip_emu", reason=reasons["emu"]))
    if "sanitize" in reasons:
        lines.append(tr("show_skip_sanitize", reason=reasons["sanitize"]))
    return lines


def timed_line(problem):
    """What the timed case is set against (the engine's catalog perf): the copy
    bandwidth, the exercise's own ceiling, or nothing; None without a timed case."""
    perf = problem.get("perf") if isinstance(problem.get("perf"), dict) else {}
    n = perf.get("n")
    if not isinstance(n, int) or n <= 0:
        return None
    count = f"{n:,}"
    if perf.get("bandwidth") is False:
        return tr("show_timed_alone", n=count)
    ceiling = perf.get("ceiling") if isinstance(perf.get("ceiling"), dict) else None
    if ceiling and isinstance(ceiling.get("pct_of_copy"), (int, float)):
        return tr("show_timed_ceiling", n=count, pct=f"{ceiling['pct_of_copy']:g}",
                  why=ceiling)
    return tr("show_timed_copy", n=count)


def rule_list(names):
    return "; ".join(f"{name} ({rule_meaning(name)})" for name in names)


def run(options):
    ws, problem = chosen_exercise(options)
    progress = ws.progress().read()
    style = Style(sys.stdout)
    problem_id = problem["id"]
    say(style.bold(f"{problem_id}{style.dot}{localized(problem.get('title'))}"))
    say(tr("show_chapter", chapter=problem.get("chapter") or ""))
    if problem.get("aliases"):
        say(tr("show_aliases", aliases=", ".join(problem["aliases"])))
    say()
    say(style.bold(tr("show_signature")))
    say(indent(str(problem.get("signature") or "")))
    say()
    say(style.bold(tr("show_statement")))
    say(wrap(localized(problem.get("statement")).rstrip("\n")))
    launch = localized(problem.get("launch"))
    if launch:
        say()
        say(style.bold(tr("show_launch")))
        say(wrap(launch.rstrip("\n")))
    say()
    say(tr("show_check", check=describe_check(problem.get("check"))))
    timed = timed_line(problem)
    if timed:
        say(wrap(timed))
    say(tr("show_backends", backends=", ".join(problem.get("backends") or [])))
    for line in skip_lines(problem):
        say(wrap(line))
    required, forbidden = exercise_rules(problem)
    if required:
        say(tr("show_rules_require", rules=rule_list(required)))
    say(tr("show_rules_forbid", rules=rule_list(forbidden)))
    record = exercise_record(progress, problem_id)
    total = hint_count(problem)
    seen = min(as_count(record.get("hints_shown")), total)
    say(tr("show_hints", n=total, seen=seen, id=problem_id))
    if as_count(record.get("attempts")):
        best = record.get("best_verdict") or "?"
        timing = best_time_text(record)
        say(tr("show_progress", n=record["attempts"], best=best)
            + (style.dot + timing if timing else ""))
    exercise = problem.get("exercise") or f"exercises/{problem_id}.cu"
    say(tr("show_file", file=exercise))
    say(tr("show_judge", id=problem_id))
    return 0
