"""cudajudge_cli.grading.platforms.prairielearn: grading one submission as a
PrairieLearn external grader.

The grader image's entrypoint (the bundle's run_prairielearn) runs `judge.py grade
--prairielearn --policy FILE`. It reads the student's files from ROOT/student and
ROOT/data/data.json, and writes ROOT/results/results.json, where ROOT is /grade unless
CUDAJUDGE_PRAIRIELEARN_ROOT moves it (to try it out of PrairieLearn).

data.json may name the policy and the exercises in the question's params:
`"params": {"cudajudge": {"policy": {...}, "exercises": ["warp_scan"]}}` (an
inline policy, as the YAML file would say it, in JSON), which wins over `--policy FILE`
(the image's policy): one image serves every question.
Lateness is PrairieLearn's (its access rules give the credit): the policy's deadline
is not used here, since the files' times in /grade/student mean nothing.

What PrairieLearn is told: `gradable: true` with a score in 0..1 whenever the
student's code was judged, a compile error included (score 0, the compiler's
message); `gradable: false` (the student is not charged an attempt) when the
judge itself failed (JE, an exception); the file is written before judging and
replaced at the end, so it exists whatever happens.
"""

import json
import os
import shutil
import sys

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import in_language, tr
from cudajudge_cli.view.model import graded

from . import base

ROOT_ENV = "CUDAJUDGE_PRAIRIELEARN_ROOT"
MAX_BYTES = 1000000  # PrairieLearn refuses results over 1 MB


def not_gradable(message):
    return {"gradable": False, "score": 0.0, "message": message, "output": "", "tests": []}


def results_from_records(records, lang="en"):
    """PrairieLearn's results.json for one submission's records."""
    tests = []
    points = 0.0
    max_points = 0.0
    verdicts = []
    messages = []
    emulated = False
    for record in records:
        shown = graded(record, "student")
        got = float(shown["score"]["points"])
        most = float(shown["score"]["max"])
        points += got
        max_points += most
        verdict = shown["verdict"]
        verdicts.append("%s %s" % (shown["exercise"], verdict or tr("pl_not_judged", lang)))
        emulated = emulated or shown["backend"] == "emu"
        message = in_language(shown["message"], lang)
        if verdict == "JE":
            return not_gradable(tr("pl_judge_error", lang, exercise=shown["exercise"],
                                   message=message or "JE"))
        if verdict == "CE":
            log = (shown["compile_log"] or message).rstrip()[-20000:]
            message = tr("pl_compile_error", lang, exercise=shown["exercise"], log=log)
            messages.append(message)
        lines = [base.exercise_output(shown, lang)]
        for case in shown["cases"]:
            if case["hidden"]:
                lines.append(tr("pl_hidden_line", lang, index=case["index"],
                                hidden=case["name"], verdict=case["verdict"]))
            else:
                lines.append(base.case_output(case, lang))
        tests.append({"name": "%s: %s" % (shown["exercise"], shown["title"]),
                      "description": shown["file"] or "",
                      "points": round(got, 2), "max_points": round(most, 2),
                      "message": message, "output": "\n".join(lines)})
    summary = tr("pl_summary", lang, points=base.fmt(points), max=base.fmt(max_points),
                 verdicts=", ".join(verdicts))
    if emulated:
        summary += " " + tr("pl_no_gpu", lang)
    checks = base.checks_note(records, lang)
    if checks:
        summary += " " + checks
    score = points / max_points if max_points > 0 else 0.0
    return {"gradable": True, "score": round(min(1.0, max(0.0, score)), 4),
            "message": "\n\n".join([summary] + messages), "output": "", "tests": tests}


def fit(results):
    """Shortens outputs until the file is under PrairieLearn's 1 MB."""
    while len(json.dumps(results).encode("utf-8")) > MAX_BYTES:
        longest = max(results["tests"] or [{}], key=lambda t: len(t.get("output", "")))
        if not longest.get("output"):
            results["message"] = results["message"][:20000]
            break
        longest["output"] = longest["output"][:len(longest["output"]) // 2] + "\n[...]"
    return results


def run(options):
    """Grades ROOT/student into ROOT/results/results.json; 0 when a results file was
    written (gradable or not)."""
    pl_root = os.environ.get(ROOT_ENV, "/grade")
    results_path = os.path.join(pl_root, "results", "results.json")
    lang = getattr(options, "lang", None) or "en"
    base.write_results(results_path, not_gradable(tr("pl_not_finished", lang)))
    work = None
    try:
        root, build = base.where()
        work = base.make_work_folder("cudajudge-prairielearn-")
        data = {}
        data_path = os.path.join(pl_root, "data", "data.json")
        if os.path.exists(data_path):
            with open(data_path, encoding="utf-8") as f:
                data = json.load(f)
        params = ((data.get("params") or {}).get("cudajudge") or {})
        policy_path = options.policy
        if isinstance(params.get("policy"), dict):  # the question's own wins
            policy_path = os.path.join(work, "question-policy.json")  # JSON is YAML too
            with open(policy_path, "w", encoding="utf-8") as f:
                json.dump(params["policy"], f)
        policy = base.load_policy(policy_path, lang)
        lang = getattr(options, "lang", None) or (policy or {}).get("language") or "en"
        wanted = params.get("exercises") or None
        records = base.judge_submission(root, build, os.path.join(pl_root, "student"),
                                        policy_path, work,
                                        ignore_deadline=True, exercises=wanted,
                                        reference_cases=getattr(options, "reference_cases",
                                                                None))
        results = fit(results_from_records(records, lang))
    except Exception as err:  # whatever failed, PrairieLearn gets a file saying so
        shown = str(err) if isinstance(err, JudgeError) else "%s: %s" % (
            type(err).__name__, err)
        results = not_gradable(tr("pl_internal", lang, error=shown))
        print(tr("platform_failed_log", lang, error=repr(err)), file=sys.stderr)
    finally:
        if work:
            shutil.rmtree(work, ignore_errors=True)
    base.write_results(results_path, results)
    print(tr("pl_written", lang, path=results_path, gradable=results["gradable"],
             score=results["score"]))
    return 0
