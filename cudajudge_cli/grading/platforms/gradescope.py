"""cudajudge_cli.grading.platforms.gradescope: grading one submission inside a
Gradescope autograder.

`judge.py grade --gradescope --policy FILE` (the bundle's run_autograder runs it, from
/autograder, as Gradescope does) reads ROOT/submission and ROOT/submission_metadata.json
and writes ROOT/results/results.json, where ROOT is /autograder unless
CUDAJUDGE_GRADESCOPE_ROOT moves it (to try it out of Gradescope).

A results.json saying "grading did not finish" (score 0) is written before anything
is judged and replaced at the end, so that a crash, an exception or Gradescope's
global timeout still leaves a valid file. Lateness comes from Gradescope's metadata
(created_at against assignment.due_date) with the policy's `late` rules; the due date
is shown in the policy's time zone. One test per exercise holds its points; one test
per case, worth nothing, says its verdict (a hidden case without its name, with the
policy's hidden visibility).
"""

import datetime
import json
import math
import os
import shutil
import sys
import time

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.view.model import graded

from ..roster import local_time, parse_instant
from . import base

ROOT_ENV = "CUDAJUDGE_GRADESCOPE_ROOT"


def failure_results(message, elapsed=0.0):
    """A results.json for a run that graded nothing: score 0, saying why."""
    return {"score": 0.0, "execution_time": round(elapsed, 1), "output": message,
            "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden",
            "tests": []}


# ---------------------------------------------------------------------------
# Lateness from Gradescope's metadata
# ---------------------------------------------------------------------------


def lateness(metadata, policy):
    """(days late, submitted, due) from submission_metadata.json; days 0 when on time."""
    metadata = metadata or {}
    created = parse_instant(metadata.get("created_at"))
    due = parse_instant((metadata.get("assignment") or {}).get("due_date"))
    if not created or not due:
        return 0, created, due
    late = (policy or {}).get("late") or {}
    grace = float(late.get("grace_minutes") or 0) * 60
    seconds = (created - due).total_seconds() - grace
    return (max(0, math.ceil(seconds / 86400)) if seconds > 0 else 0), created, due


def apply_lateness(records, days, due, policy, lang):
    """Takes the policy's late penalty off each record (docs/grading.md step 4);
    returns the sentence that says so, or None when on time."""
    if days <= 0:
        return None
    late = (policy or {}).get("late") or {}
    per_day = float(late.get("penalty_per_day") or 0)
    max_days = late.get("max_days")
    zero = max_days is not None and days > float(max_days)
    pct = 100.0 if zero else min(100.0, per_day * days)
    if pct <= 0:
        return None  # the policy takes nothing off for lateness
    for r in records:
        score = r.get("score") or {}
        before = float(score.get("points") or 0)
        cut = round(before * pct / 100, 2)
        if cut:
            score["points"] = round(before - cut, 2)
            score.setdefault("penalties", []).append(
                {"kind": "late", "points": -cut, "why": "%d day(s) late: %g%%" % (days, pct)})
        r["late"] = dict(r.get("late") or {}, days=days, source="gradescope",
                         deadline=due.astimezone(datetime.timezone.utc).strftime(
                             "%Y-%m-%dT%H:%M:%SZ"))
    due_text = local_time(due, policy)
    if zero:
        return tr("gs_late_zero", lang, days=days, due=due_text, max=max_days)
    return tr("gs_late", lang, days=days, due=due_text, pct="%g" % pct)


# ---------------------------------------------------------------------------
# Records -> Gradescope's results.json
# ---------------------------------------------------------------------------


def results_from_records(records, settings, lang="en", elapsed=0.0, notes=()):
    """Gradescope's results.json for one submission's records.

    One test per exercise holds its points (score and max_score from the record); one
    test per case, worth no points, says its verdict: a hidden case's test has the
    policy's hidden visibility and no name, so that the student learns nothing of it
    before the course allows."""
    tests = []
    total = 0.0
    leaderboard = []
    emulated = False
    for n, record in enumerate(records, 1):
        # a hidden case's test is shown after the due date: what it found, not its name
        shown = graded(record, "after_due_date")
        points = float(shown["score"]["points"])
        total += points
        emulated = emulated or shown["backend"] == "emu"
        verdict = shown["verdict"]
        tests.append({
            "name": "%s: %s" % (shown["exercise"], shown["title"]),
            "number": str(n), "score": round(points, 2),
            "max_score": round(float(shown["score"]["max"]), 2),
            "status": "passed" if verdict == "AC" else "failed",
            "output": base.exercise_output(shown, lang), "output_format": "text",
            "tags": [shown["exercise"], verdict or "not_judged"],
            "visibility": "visible"})
        for case in shown["cases"]:
            tests.append({
                "name": tr("gs_case_name", lang, exercise=shown["exercise"],
                           index=case["index"], name=case["name"]),
                "number": "%d.%s" % (n, case["index"]), "score": 0.0, "max_score": 0.0,
                "status": "passed" if case["verdict"] == "AC" else "failed",
                "output": base.case_output(case, lang), "output_format": "text",
                "tags": [shown["exercise"], "case", case["verdict"]],
                "visibility": settings["hidden_visibility"] if case["hidden"] else "visible"})
        timing = record.get("timing") or {}
        if settings.get("leaderboard") and timing.get("median_ms") is not None:
            leaderboard.append({"name": "%s median ms" % record.get("exercise"),
                                "value": round(float(timing["median_ms"]), 4), "order": "asc"})
    max_total = sum(float((r.get("score") or {}).get("max") or 0) for r in records)
    output = list(notes)
    if emulated:
        output.append(tr("gs_no_gpu", lang))
    checks = base.checks_note(records, lang)
    if checks:
        output.append(checks)
    output.append(tr("gs_total", lang, points=base.fmt(total), max=base.fmt(max_total)))
    results = {"score": round(total, 2), "execution_time": round(elapsed, 1),
               "output": "\n".join(output), "output_format": "text",
               "test_output_format": "text", "visibility": "visible",
               "stdout_visibility": settings.get("stdout_visibility", "hidden"), "tests": tests}
    if settings.get("leaderboard"):
        results["leaderboard"] = leaderboard
    return results


# ---------------------------------------------------------------------------
# One submission
# ---------------------------------------------------------------------------


def run(options):
    """Grades ROOT/submission into ROOT/results/results.json; 0 when a results file was
    written (whatever the score)."""
    lang = getattr(options, "lang", None) or "en"
    started = time.monotonic()
    gs_root = os.environ.get(ROOT_ENV, "/autograder")
    results_path = os.path.join(gs_root, "results", "results.json")
    base.write_results(results_path, failure_results(tr("gs_not_finished", lang)))
    policy, settings = None, base.platform_settings(None)
    try:
        root, build = base.where()
        policy = base.load_policy(options.policy, lang)
        lang = getattr(options, "lang", None) or (policy or {}).get("language") or "en"
        settings = base.platform_settings(policy, {
            "hidden_visibility": getattr(options, "hidden_visibility", None),
            "leaderboard": getattr(options, "leaderboard", None)})
        metadata = {}
        meta_path = os.path.join(gs_root, "submission_metadata.json")
        if os.path.exists(meta_path):
            with open(meta_path, encoding="utf-8") as f:
                metadata = json.load(f)
        work = base.make_work_folder("cudajudge-gradescope-")
        try:
            records = base.judge_submission(
                root, build, os.path.join(gs_root, "submission"), options.policy, work,
                ignore_deadline=True, budget_s=settings["time_budget_s"],
                reference_cases=getattr(options, "reference_cases", None))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        notes = []
        if not [r for r in records if r.get("status") == "judged"]:
            names = ", ".join(r.get("exercise", "?") + ".cu" for r in records) or "*.cu"
            notes.append(tr("gs_no_files", lang, names=names))
        days, _, due = lateness(metadata, policy)
        late_note = apply_lateness(records, days, due, policy, lang)
        if late_note:
            notes.append(late_note)
        results = results_from_records(records, settings, lang, time.monotonic() - started,
                                       notes)
    except base.OutOfTime as err:
        done = {r.get("exercise") for r in err.records}
        missing = [e.get("id") for e in (policy or {}).get("exercises") or []
                   if e.get("id") not in done]
        results = results_from_records(err.records, settings, lang,
                                       time.monotonic() - started,
                                       [tr("gs_timed_out", lang, seconds=int(err.seconds),
                                           names=", ".join(missing) or "-")])
    except Exception as err:  # the results file must say what happened, whatever it was
        shown = str(err) if isinstance(err, JudgeError) else "%s: %s" % (
            type(err).__name__, err)
        results = failure_results(tr("gs_internal", lang, error=shown),
                                  time.monotonic() - started)
        print(tr("platform_failed_log", lang, error=repr(err)), file=sys.stderr)
    base.write_results(results_path, results)
    print(tr("gs_written", lang, path=results_path, score=results["score"]))
    return 0
