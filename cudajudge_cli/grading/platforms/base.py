"""cudajudge_cli.grading.platforms.base: what the platform modes of `judge.py grade`
share. Gradescope and PrairieLearn grade one submission folder each; both copy it into a
one-student roster, run `judge.py grade` on it (as the unprivileged user `cudajudge`
where the image has one, so that the learner's program cannot read what root keeps from
it), read the records back, and turn them into the platform's results file, written
first as "did not finish" and replaced at the end, so that it exists whatever happens.

Here: where the judge is (core/workspace.py), the policy (through the driver's engine
client, grading/grader.py), judging a submission folder, the results writer,
and what a student may read of a record (no hidden case's name, the checks that did
not run), and --prepare: when a grading image is built, the policy's references
judged there as grading will judge. Called by platforms/gradescope.py,
prairielearn.py, slurm.py, bundle.py and platforms/__init__.py.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import Text, in_language, tr
from cudajudge_cli.core.workspace import build_folder, repo_root

from .. import grader
from ..exporters import checks_not_run, checks_text
from ..store import safe_name, write_atomically

GRADER_USER = "cudajudge"


def fmt(value):
    return "%g" % round(float(value or 0), 2)


# ---------------------------------------------------------------------------
# Where the judge is, the policy, the platform settings
# ---------------------------------------------------------------------------


def where():
    """(root, build): the repository and its build folder, as every command finds them."""
    root = repo_root()
    return root, build_folder(root)[0]


def load_policy(policy_path, lang="en", engine=None):
    """The policy as the engine validated it (its JSON form), None without a policy;
    JudgeError with file:line:column when it is wrong. engine: one opened already."""
    if not policy_path:
        return None
    if not os.path.isfile(policy_path):
        raise JudgeError(Text("platform_no_policy_file", path=policy_path).in_both())
    return (engine or grader.open_engine(lang)).policy(policy_path)


def platform_settings(policy, overrides=None):
    """The Gradescope settings: the policy's `gradescope:` keys where present, then
    the command line's."""
    gs = dict((policy or {}).get("gradescope") or {})
    settings = {
        "hidden_visibility": gs.get("hidden_visibility", "after_due_date"),
        "leaderboard": bool(gs.get("leaderboard", False)),
        "stdout_visibility": gs.get("stdout_visibility", "hidden"),
        "time_budget_s": float(os.environ.get("CUDAJUDGE_GRADESCOPE_BUDGET_S") or
                               gs.get("time_budget_s", 540)),
    }
    for key, value in (overrides or {}).items():
        if value is not None:
            settings[key] = value
    if settings["hidden_visibility"] not in ("hidden", "after_due_date", "after_published"):
        raise JudgeError(Text("platform_bad_visibility",
                              value=settings["hidden_visibility"]).in_both())
    return settings


def write_results(path, value):
    """A platform's results file, whole or not at all, readable by the platform."""
    write_atomically(path, json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False)
                     + "\n")
    os.chmod(path, 0o644)


# ---------------------------------------------------------------------------
# Judging one submission folder with `judge.py grade`
# ---------------------------------------------------------------------------


def grade_argv(root):
    """The grade command of the checkout at root, run by this python."""
    return [sys.executable, os.path.join(root, "judge.py"), "grade"]


def judge_env(root, build, state):
    """The environment of a grade run started here: this checkout, its build, a state
    folder of its own, and the engine as built (a platform image or a cluster node does
    not rebuild it: the build happened once, when the image was made)."""
    env = dict(os.environ, CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build, CUDAJUDGE_STATE=state,
               PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1")
    engine = os.path.join(build, "cudajudge")
    if not env.get("CUDAJUDGE_ENGINE") and os.access(engine, os.X_OK):
        env["CUDAJUDGE_ENGINE"] = engine
    return env


def grader_user():
    """The user that grades when this runs as root (created by the image's setup.sh),
    or None: then grading runs as whoever runs this."""
    if os.geteuid() != 0 or os.environ.get("CUDAJUDGE_GRADE_AS_ROOT"):
        return None
    try:
        import pwd
        pwd.getpwnam(GRADER_USER)
    except (ImportError, KeyError):
        return None
    return GRADER_USER if shutil.which("runuser") else None


def as_grader_user(argv):
    user = grader_user()
    return [shutil.which("runuser"), "-u", user, "--"] + argv if user else argv


def make_work_folder(prefix):
    """A temporary folder for one grading, which the grader user can enter: mkdtemp
    makes it 0700, and its parents must let others through."""
    work = tempfile.mkdtemp(prefix=prefix)
    if grader_user():
        os.chmod(work, 0o755)
        folder = os.path.dirname(work)
        while folder and folder != os.path.dirname(folder):
            mode = os.stat(folder).st_mode & 0o777
            if not mode & 0o001:
                shutil.rmtree(work, ignore_errors=True)
                raise JudgeError(Text("platform_unreachable", folder=folder, mode=mode).in_both())
            folder = os.path.dirname(folder)
    return work


def copy_submission(source, student_dir):
    """Copies the regular files of a submission (folders kept, links and dot files left
    out)."""
    os.makedirs(student_dir, exist_ok=True)
    for dirpath, dirnames, filenames in os.walk(source):
        rel = os.path.relpath(dirpath, source)
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))
                       and not d.startswith(".")]
        target = os.path.normpath(os.path.join(student_dir, rel))
        os.makedirs(target, exist_ok=True)
        for name in filenames:
            path = os.path.join(dirpath, name)
            if os.path.isfile(path) and not os.path.islink(path):
                shutil.copyfile(path, os.path.join(target, name))


def open_to_grader(work):
    """Lets the grader user read the roster and write the outputs."""
    if not grader_user():
        return
    for dirpath, dirnames, filenames in os.walk(work):
        for name in dirnames:
            os.chmod(os.path.join(dirpath, name), 0o777)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), 0o666)


class OutOfTime(Exception):
    """The grade run passed its time budget; records holds what it finished."""

    def __init__(self, records, seconds):
        super().__init__("out of time after %d s" % seconds)
        self.records = records
        self.seconds = seconds


def judge_submission(root, build, submission, policy_path, work, student="submission",
                     ignore_deadline=False, exercises=None, budget_s=None,
                     reference_cases=None, env_extra=None):
    """Grades one submission folder in work (make_work_folder's); returns its records,
    one per exercise of the policy, in the policy's order, with the grader's folders
    taken out of every text. ignore_deadline: lateness is the platform's to judge;
    exercises: only these ids of the policy. OutOfTime after budget_s seconds."""
    roster = os.path.join(work, "roster")
    copy_submission(submission, os.path.join(roster, student))
    out, state = os.path.join(work, "out"), os.path.join(work, "state")
    for folder in (out, state):
        os.makedirs(folder, exist_ok=True)
    argv = grade_argv(root) + [roster, "--out", out, "--lines"]
    if policy_path:
        # a copy the grader user can read, wherever the platform keeps the policy
        copy = os.path.join(work, "policy" + (os.path.splitext(policy_path)[1] or ".yaml"))
        shutil.copyfile(policy_path, copy)
        argv += ["--policy", copy]
    if ignore_deadline:
        argv.append("--ignore-deadline")
    if exercises:
        argv += ["--only-exercises"] + list(exercises)
    if reference_cases and os.path.exists(reference_cases):
        # the references' case counts, judged when the image was built (--prepare):
        # the references themselves are out of reach at run time
        shutil.copyfile(reference_cases, os.path.join(out, "reference-cases.json"))
    open_to_grader(work)
    env = dict(judge_env(root, build, state), **(env_extra or {}))
    folder = os.path.join(out, "records", safe_name(student))
    prefixes = [os.path.join(roster, student) + os.sep, roster + os.sep, student + os.sep]
    child = subprocess.Popen(as_grader_user(argv), cwd=root, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, errors="replace",
                             start_new_session=True)
    try:
        output, errors = child.communicate(timeout=budget_s)
    except subprocess.TimeoutExpired:
        # every judgement it finished is in the store: keep those, stop the rest
        os.killpg(child.pid, 9)
        child.communicate()
        raise OutOfTime(scrub_paths(read_records(folder), prefixes), budget_s)
    sys.stdout.write(output)  # the grade run's log, for the platform's instructors
    sys.stderr.write(errors)
    records = read_records(folder)
    if not records:
        raise JudgeError(tr("platform_grade_failed", code=child.returncode,
                            error=(errors.strip() or output.strip())[-2000:]))
    try:  # in the policy's order, as the grade run lists the exercises
        with open(os.path.join(out, "run.json"), encoding="utf-8") as f:
            order = [e["id"] for e in json.load(f)["exercises"]]
        records.sort(key=lambda r: order.index(r["exercise"]) if r["exercise"] in order
                     else len(order))
    except (OSError, ValueError, KeyError):
        pass
    return scrub_paths(records, prefixes)


def scrub_paths(value, prefixes):
    """value with every prefix removed from its strings (records, lists, texts); a
    prefix without a leading / only where a path starts (grade's records name files
    relative to the roster: submission/warp_scan.cu)."""
    if isinstance(value, str):
        for prefix in prefixes:
            if prefix.startswith(os.sep):
                value = value.replace(prefix, "")
            else:
                value = re.sub(r"(?<![\w./-])" + re.escape(prefix), "", value)
        return value
    if isinstance(value, list):
        return [scrub_paths(v, prefixes) for v in value]
    if isinstance(value, dict):
        return {k: scrub_paths(v, prefixes) for k, v in value.items()}
    return value


def read_records(folder):
    """The records of one student's folder of a record store, by exercise."""
    records = []
    if not os.path.isdir(folder):
        return records
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                records.append(json.load(f))
    return records


# ---------------------------------------------------------------------------
# What the student reads of a record
# ---------------------------------------------------------------------------


def exercise_output(graded, lang):
    """An exercise as the platforms show it, from view/model.graded()'s model: its
    verdict, points and how they were computed; the engine's message as the model
    words it (no hidden case's name; for a CE, that the compiler's messages follow);
    then those messages."""
    score = graded["score"]
    lines = [tr("platform_exercise_line", lang, exercise=graded["exercise"],
                verdict=graded["verdict"] or "-", points=fmt(score["points"]),
                max=fmt(score["max"]), message=graded["message"])]
    if score["explain"]:
        lines.append(score["explain"])
    for p in score["penalties"]:
        lines.append("%s %s: %s" % (p.get("kind"), fmt(p.get("points")), p.get("why")))
    if graded["compile_log"]:
        lines += ["", tr("platform_compile_log", lang), graded["compile_log"][-8000:]]
    return "\n".join(lines)


def case_output(case, lang):
    """One case of the model (view/model.graded_case): its name (a hidden one's left
    out), verdict, and what it found as the terminal says it (detail, diagnosis)."""
    lines = ["%s: %s" % (in_language(case["name"], lang), case["verdict"])]
    lines += case.get("detail") or []
    if case.get("diagnosis"):
        lines.append(in_language(case["diagnosis"], lang))
    return "\n".join(lines)


def checks_note(records, lang):
    """The sentence saying which checks did not run (records' checks.not_run), or None."""
    missing = checks_not_run(records)
    if not missing:
        return None
    return tr("platform_checks_not_run", lang, checks=checks_text(missing, lang))


# ---------------------------------------------------------------------------
# When the grading image is built (--prepare)
# ---------------------------------------------------------------------------


def reference_passed(record):
    """AC; or RULE only because the file is the reference itself (the rule
    'reference-copy' that a student's copy of it breaks), with every case right."""
    if record.get("verdict") == "AC":
        return True
    rules = record.get("rules") if isinstance(record.get("rules"), dict) else {}
    broken = {v.get("rule") for v in rules.get("violations") or [] if isinstance(v, dict)}
    return (record.get("verdict") == "RULE" and broken == {"reference-copy"}
            and rules.get("output_verdict") == "AC")


def prepare(policy_path, target, lang="en"):
    """When the image is built (setup.sh): judges the reference of every exercise of the
    policy here, as grading will (the grader user, this machine's checks), fails unless
    each is AC, and keeps grade's reference-cases.json (case counts only) in target for
    the runs to come, when the references are out of reach."""
    root, build = where()
    engine = grader.open_engine(lang)
    policy = load_policy(policy_path, lang, engine)
    grader.require_nvcc_or_consent(engine, policy, policy_path, lang)
    work = make_work_folder("cudajudge-prepare-")
    try:
        student = os.path.join(work, "given")
        os.makedirs(student)
        ids = [e["id"] for e in (policy or {}).get("exercises") or []] or ["warp_scan"]
        for pid in ids:
            shutil.copyfile(os.path.join(root, "reference", pid + ".cu"),
                            os.path.join(student, pid + ".cu"))
        # the engine keeps the hash of each reference's code here: at run time the
        # references are out of reach, and a copy of one is still caught by its hash
        hashes = os.path.join(work, "hashes")
        os.makedirs(hashes)
        if grader_user():
            os.chmod(hashes, 0o777)
        records = judge_submission(root, build, student, policy_path, work,
                                   student="references",
                                   env_extra={"CUDAJUDGE_CODE_HASH_DIR": hashes})
        bad = ["%s: %s" % (r.get("exercise"), r.get("verdict")) for r in records
               if not reference_passed(r)]
        for pid in ids:
            kept = os.path.join(hashes, pid + ".cu.code-hash")
            if not os.path.exists(kept):
                bad.append(tr("platform_no_code_hash", lang, exercise=pid))
            else:
                shutil.copyfile(kept, os.path.join(root, "reference", pid + ".cu.code-hash"))
        if bad:
            print(tr("platform_prepare_failed", lang, bad=", ".join(bad)), file=sys.stderr)
            return 2
        counts = os.path.join(work, "out", "reference-cases.json")
        if os.path.exists(counts):
            shutil.copyfile(counts, target)
            os.chmod(target, 0o644)
        print(tr("platform_prepared", lang, n=len(records), path=target))
        note = checks_note(records, lang)
        if note:
            print(note)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)
