"""cudajudge_cli.learn.actions: what a learner does, written once for both doors
(the terminal's commands/ and the web page's web/app.py): judge a file and
record the attempt, start the exercise file from its template, reset it to the
template, take the next hint, open the solution.

An action decides and does; it says nothing. What it found is returned (or
raised as a JudgeError whose Text the door says in its own language), and each
door words it: the terminal in lines, the page in its panels.
"""

import os
import shutil

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text
from cudajudge_cli.learn.catalog import hint_count
from cudajudge_cli.learn.progress import (as_count, exercise_record, exercise_status,
                                          file_stamp, record_attempt)
from cudajudge_cli.view.terminal import shown_path


# -- the file to judge ------------------------------------------------------------------
def file_to_judge(ws, problem, file_option=None):
    """The path handed to the engine (relative to the root when inside it), for
    exercises/ID.cu or the file the learner named. A missing file is a JudgeError
    that says what is true of it: the exercise's own file can be started from the
    template (`reset`); any other path was mistyped or is elsewhere."""
    own = ws.exercise_path(problem)
    path = own if file_option is None else os.path.abspath(file_option)
    if os.path.isfile(path):
        return ws.relative(path)
    template = ws.template_path(problem)
    if file_option is None and not os.path.isfile(template):
        raise JudgeError(Text("template_missing", file=ws.relative(template)))
    if os.path.realpath(path) == os.path.realpath(own):
        raise JudgeError(Text("file_missing", file=shown_path(path), id=problem["id"],
                              template=f"templates/{problem['id']}.cu"))
    raise JudgeError(Text("named_file_missing", file=shown_path(path), folder=os.getcwd(),
                          id=problem["id"], own=ws.relative(own)))


def start_exercise_file(ws, problem):
    """exercises/ID.cu, copied from the template when there is none yet. True when it
    was made now; JudgeError when neither it nor the template exists."""
    exercise = ws.exercise_path(problem)
    if os.path.isfile(exercise):
        return False
    template = ws.template_path(problem)
    if not os.path.isfile(template):
        raise JudgeError(Text("template_missing", file=ws.relative(template)))
    os.makedirs(os.path.dirname(exercise), exist_ok=True)
    shutil.copyfile(template, exercise)
    return True


# -- judging ------------------------------------------------------------------------------
class Judgement:
    """One file judged for a learner: the engine's run, and the progress after the
    attempt was saved (None when nothing was saved: a JE, or a file that is not
    practice, such as a reference)."""

    def __init__(self, problem, file_arg, run, progress):
        self.problem, self.file_arg, self.run, self.progress = problem, file_arg, run, progress

    @property
    def status(self):
        """judge.py's exit status: the engine's, or 2 when its answer is unusable."""
        return self.run.exit_code if self.run.usable else 2


def judge(ws, problem, file_arg, seed=None, perf=True, backend=None, on_event=None,
          lang=None, profile=False, every_case=False):
    """Judges one file with the engine and saves the attempt in the learner's progress.
    lang: the engine's language for this judgement (default: the language in use);
    profile: after the verdict, where the time goes (the summary's "profile");
    every_case: run the big cases after a wrong one too (by default the engine leaves
    them out, SKIP, so that a wrong file's verdict comes sooner; grade and check run
    every case)."""
    extra = (["--profile"] if profile else []) + ([] if every_case else
                                                  ["--skip-big-after-wrong"])
    run = ws.engine.judge(problem["id"], file_arg, seed=seed, perf=perf, backend=backend,
                          on_event=on_event, lang=lang, extra_args=extra)
    progress = record_attempt(ws, problem["id"], file_arg, run.summary) if run.usable else None
    return Judgement(problem, file_arg, run, progress)


def what_next(ws, judgement):
    """The facts the report's next steps are decided from (view/model.next_steps):
    after an AC, the next exercise (None when all are solved) and what is left for a
    GPU; after a failure, how many hints were seen of how many."""
    problem, progress, verdict = judgement.problem, judgement.progress, judgement.run.verdict
    facts = {"verdict": verdict, "saved": progress is not None}
    if progress is None:
        return facts
    if verdict == "AC":
        following = ws.next_exercise(progress, after=problem)
        facts["following"] = following and {"id": following["id"],
                                            "title": following.get("title")}
        if following is None:
            facts["left_for_gpu"] = left_for_gpu(ws, progress)
    else:
        facts["hints_seen"] = as_count(exercise_record(progress, problem["id"]).get(
            "hints_shown"))
        facts["hints_total"] = hint_count(problem)
    return facts


def left_for_gpu(ws, progress):
    """The unsolved exercises that only a GPU can judge, when this machine has none."""
    return sorted(i for i in ws.cannot_judge() if exercise_status(progress, i) != "solved")


# -- hints and the solution -------------------------------------------------------------------
def take_hint(ws, problem, every=False):
    """Counts one more hint as seen (every: all of them); returns (the numbers to show,
    from 1, and how many there are). ([], 0) for an exercise without hints."""
    total = hint_count(problem)
    if not total:
        return [], 0
    problem_id, chosen = problem["id"], {}

    def count(data):
        record = data["exercises"].setdefault(problem_id, {})
        seen = min(as_count(record.get("hints_shown")), total)
        chosen["number"] = total if every else min(seen + 1, total)
        record["hints_shown"] = max(seen, chosen["number"])

    ws.progress().update(count)
    return (list(range(1, total + 1)) if every else [chosen["number"]]), total


def hints_seen(ws, problem, progress=None):
    """How many hints of the exercise the learner has seen (at most all of them)."""
    progress = ws.progress().read() if progress is None else progress
    seen = as_count(exercise_record(progress, problem["id"]).get("hints_shown"))
    return min(seen, hint_count(problem))


class SolutionLocked(JudgeError):
    """The solution stays closed until the learner's code is accepted."""

    def __init__(self, problem_id, best):
        super().__init__(Text("solution_locked", id=problem_id,
                              best=best or Text("solution_not_judged")),
                         exit_code=1, as_is=True)
        self.problem_id, self.best = problem_id, best


def solution(ws, problem, force=False):
    """(the reference's path, its text) once the exercise is AC (or with force);
    SolutionLocked before."""
    best = exercise_record(ws.progress().read(), problem["id"]).get("best_verdict")
    if best != "AC" and not force:
        raise SolutionLocked(problem["id"], best)
    reference = ws.reference_path(problem)
    try:
        with open(reference, encoding="utf-8", errors="replace") as source:
            return reference, source.read()
    except OSError:
        raise JudgeError(Text("reference_missing", file=ws.relative(reference)))


# -- reset --------------------------------------------------------------------------------------
class ResetPlan:
    """What a reset would do: exercise <- template, the learner's file kept as backup
    first (None when there is nothing to keep); unchanged: the file is the template."""

    def __init__(self, exercise, template, backup, unchanged):
        self.exercise, self.template = exercise, template
        self.backup, self.unchanged = backup, unchanged


def plan_reset(ws, problem):
    template, exercise = ws.template_path(problem), ws.exercise_path(problem)
    if not os.path.isfile(template):
        raise JudgeError(Text("template_missing", file=ws.relative(template)))
    if not os.path.isfile(exercise):
        return ResetPlan(exercise, template, None, False)
    with open(exercise, "rb") as mine, open(template, "rb") as pristine:
        if mine.read() == pristine.read():
            return ResetPlan(exercise, template, None, True)
    return ResetPlan(exercise, template, f"{exercise}.bak-{file_stamp()}", False)


def reset(plan):
    """Does what plan_reset planned: the backup, then a fresh copy of the template."""
    if plan.backup:
        shutil.copy2(plan.exercise, plan.backup)
    os.makedirs(os.path.dirname(plan.exercise), exist_ok=True)
    shutil.copyfile(plan.template, plan.exercise)
    return plan
