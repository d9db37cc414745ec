"""cudajudge_cli.grading.gradescope: grading one submission inside a Gradescope
autograder, and the part shared with PrairieLearn (judging one submission
folder into grading records).

Called by the bundle's `run_autograder` (`python3 -m cudajudge_cli.grading.gradescope
--policy FILE`) and by `judge.py grade --gradescope`. Reads ROOT/submission and
ROOT/submission_metadata.json, writes ROOT/results/results.json, where ROOT is
/autograder unless CUDAJUDGE_GRADESCOPE_ROOT moves it (tests do).

Theory of operation. A results.json saying "grading did not finish" (score 0) is
written before anything is judged and replaced atomically at the end, so a crash,
an exception or Gradescope's global timeout still leaves a valid file. The
submission is copied into a one-student roster and graded by `judge.py grade`
(the records of docs/grading.md; `python3 -m cudajudge_cli.grading` where judge.py
does not list the command). Lateness comes from Gradescope's
metadata (created_at against assignment.due_date), not from file times, with the
policy's `late` rules. When run as root and the user `cudajudge` exists (the
bundle's setup.sh creates it), the judging runs as that user, so the learner's
program cannot read what root keeps from it (the reference solutions).

Longer than 500 lines because it holds, besides Gradescope's format, what the other
platform modules share (the policy and its platform settings, judging one
submission folder through grade, lateness from a platform's metadata, the results
file that is always valid); they import it from here.
"""

import argparse
import datetime
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from cudajudge_cli.grading.texts import interface_language

ROOT_ENV = "CUDAJUDGE_GRADESCOPE_ROOT"
GRADER_USER = "cudajudge"
SCHEMA = "cudajudge-grade/1"

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")

# Everything this module writes for people, in English and Chinese.
TEXT = {
    "not_finished": (
        "Grading did not finish (a crash or the time limit). Score 0 for now: submit again, "
        "and if this repeats tell the course staff.",
        "评分未能完成（程序崩溃或超时）。暂记 0 分：请重新提交；若再次出现，请联系课程教员。"),
    "internal": (
        "The autograder failed before it could grade your files: {error}. This is not your "
        "code's fault; tell the course staff.",
        "自动评分程序在评分之前出错：{error}。这不是你的代码的问题，请联系课程教员。"),
    "no_files": (
        "No exercise file was found in your submission (expected: {names}). Upload the .cu "
        "files with these names.",
        "在你的提交中没有找到练习文件（应为：{names}）。请上传这些名字的 .cu 文件。"),
    "late": (
        "Submitted {days} day(s) after the due date {due}: {pct}% taken off each exercise.",
        "在截止时间 {due} 之后 {days} 天提交：每道练习扣除 {pct}% 的分数。"),
    "late_zero": (
        "Submitted {days} day(s) after the due date {due}, more than the {max} days allowed: "
        "0 points.",
        "在截止时间 {due} 之后 {days} 天提交，超过允许的 {max} 天：0 分。"),
    "no_gpu": (
        "Judged on the CPU emulator (no GPU here): correctness only, no performance points.",
        "在 CPU 模拟器上评测（这里没有 GPU）：只评正确性，没有性能分。"),
    "case_hidden": ("(hidden case)", "（隐藏用例）"),
    "prepare_failed": ("the references are not all AC here ({bad}): the image cannot grade; "
                       "see the output above",
                       "这里的参考解并非全部 AC（{bad}）：该镜像无法评分；请看上面的输出"),
    "prepared": ("{n} references judged AC; their case counts are kept for grading",
                 "{n} 个参考解评测为 AC；已保存它们的用例数供评分使用"),
    "no_grade": ("{root} has no grade command (cudajudge_cli/grading/cli.py): this checkout "
                 "is older than the grading; use a newer one",
                 "{root} 中没有 grade 命令（cudajudge_cli/grading/cli.py）：这份代码早于评分功能，"
                 "请使用更新的版本"),
    "case_name": ("{exercise}: case {index} {name}", "{exercise}：用例 {index} {name}"),
    "missing": ("not judged: no {id}.cu in the submission (upload it with this name)",
                "未评测：提交中没有 {id}.cu（请用这个名字上传）"),
    "two_candidates": ("not judged: more than one file for {id} ({paths}); keep one",
                       "未评测：{id} 有不止一个文件（{paths}），请只保留一个"),
    "time_budget": ("not judged: the autograder ran out of time before this exercise",
                    "未评测：自动评分在这道练习之前就用完了时间"),
    "not_judged_explain": ("not judged: 0/{max}", "未评测：0/{max}"),
    "explain": ("correctness {got}/{max} ({verdict})", "正确性 {got}/{max}（{verdict}）"),
    "written": ("results written to {path}: score {score}", "结果已写入 {path}：得分 {score}"),
    "failed_log": ("grading failed: {error}", "评分失败：{error}"),
    "yaml_unreadable": (
        "{path}: this engine cannot read YAML policies (build/cudajudge policy is missing); "
        "write the policy as JSON (which is YAML too) or rebuild the judge",
        "{path}：这个引擎无法读取 YAML 策略（缺少 build/cudajudge policy）；请把策略写成 JSON"
        "（JSON 也是 YAML）或重新构建评测程序"),
    "policy_not_mapping": ("{path}: a policy is one mapping (course, seed, exercises, ...)",
                           "{path}：策略应是一个映射（course、seed、exercises 等）"),
    "no_policy_file": ("{path}: no such policy file; write one with `python3 judge.py grade "
                       "--init-policy FILE`",
                       "{path}：没有这个策略文件；可用 `python3 judge.py grade --init-policy FILE` "
                       "生成一个"),
    "bundle_written": ("{path}: {n} files; upload it as the autograder of a programming "
                       "assignment (docs/platforms.md)",
                       "{path}：{n} 个文件；请把它作为编程作业的自动评分程序上传（见 "
                       "docs/platforms.md）"),
    "bad_visibility": ("gradescope.hidden_visibility must be hidden, after_due_date or "
                       "after_published, not {value!r}: fix the policy",
                       "gradescope.hidden_visibility 必须是 hidden、after_due_date 或 "
                       "after_published，而不是 {value!r}：请修改策略"),
    "exercise_line": ("{exercise}: {verdict}, {points}/{max} points. {message}",
                      "{exercise}：{verdict}，{points}/{max} 分。{message}"),
    "compile_log": ("compiler output:", "编译器输出："),
    "total": ("Total: {points}/{max} points.", "总分：{points}/{max}。"),
    "timed_out": (
        "Grading stopped after {seconds} s, the time this autograder allows: the exercises "
        "not judged by then score 0 ({names}). Submit again; if it repeats, tell the course "
        "staff.",
        "评分在 {seconds} 秒后停止（本自动评分程序允许的时间）：届时尚未评测的练习记 0 分"
        "（{names}）。请重新提交；若再次出现，请联系课程教员。"),
}


def text(key, lang="en", **values):
    en, zh = TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def pick(en, zh):
    """A help text in the instructor's language."""
    return zh if interface_language() == "zh" else en


def both(key, **values):
    """English, then Chinese: for messages said before the language is known."""
    return text(key, "en", **values) + "\n" + text(key, "zh", **values)


# ---------------------------------------------------------------------------
# Writing a results file that is always valid
# ---------------------------------------------------------------------------


def write_json_atomically(path, value):
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".results-", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False, allow_nan=False)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def failure_results(message, elapsed=0.0):
    """A results.json for a run that graded nothing: score 0, saying why."""
    return {"score": 0.0, "execution_time": round(elapsed, 1), "output": message,
            "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden",
            "tests": []}


# ---------------------------------------------------------------------------
# The policy and the platform settings
# ---------------------------------------------------------------------------


def engine_path(root, build):
    override = os.environ.get("CUDAJUDGE_ENGINE")
    if override:
        return override
    return os.path.join(build, "cudajudge")


def load_policy(root, build, policy_path):
    """The policy as JSON: the engine's validated form (`cudajudge policy FILE`) where the
    engine knows that command, else the file itself when it is JSON (JSON is YAML too).
    None without a policy."""
    if not policy_path:
        return None
    engine = engine_path(root, build)
    if os.path.exists(engine):
        done = subprocess.run([engine, "policy", policy_path, "--root", root],
                              stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode == 0:
            try:
                value = json.loads(done.stdout)
                if isinstance(value, dict):
                    return value
            except ValueError:
                pass
        elif done.returncode == 2 and (policy_path + ":") in done.stderr:
            # The engine read it and found a mistake: say where, as the engine did.
            raise PolicyError(done.stderr.strip())
    with open(policy_path, encoding="utf-8") as f:
        body = f.read()
    try:
        value = json.loads(body)
    except ValueError:
        raise PolicyError(both("yaml_unreadable", path=policy_path))
    if not isinstance(value, dict):
        raise PolicyError(both("policy_not_mapping", path=policy_path))
    return value


class PolicyError(Exception):
    pass


def platform_settings(policy, overrides=None):
    """The Gradescope, PrairieLearn and similarity settings: the policy's `gradescope:`
    and `similarity:` keys where present, then command-line overrides."""
    policy = policy or {}
    gs = dict(policy.get("gradescope") or {})
    sim = dict(policy.get("similarity") or {})
    settings = {
        "hidden_visibility": gs.get("hidden_visibility", "after_due_date"),
        "leaderboard": bool(gs.get("leaderboard", False)),
        "stdout_visibility": gs.get("stdout_visibility", "hidden"),
        "time_budget_s": float(os.environ.get("CUDAJUDGE_GRADESCOPE_BUDGET_S") or
                               gs.get("time_budget_s", 540)),
        "similarity_threshold": float(sim.get("threshold", 0.8)),
        "reference_threshold": float(sim.get("reference_threshold", 0.8)),
    }
    for key, value in (overrides or {}).items():
        if value is not None:
            settings[key] = value
    if settings["hidden_visibility"] not in ("hidden", "after_due_date", "after_published"):
        raise PolicyError(both("bad_visibility", value=settings["hidden_visibility"]))
    return settings


# ---------------------------------------------------------------------------
# Judging one submission folder into records
# ---------------------------------------------------------------------------


def copy_submission(source, student_dir):
    """Copies the regular files of a submission (folders kept, links left out)."""
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


def grade_command(root, env):
    """How to run docs/grading.md's `grade` here: `judge.py grade` once the driver has it,
    else the grading package on its own (`python3 -m cudajudge_cli.grading`, run in
    root); None where neither exists."""
    done = subprocess.run([sys.executable, os.path.join(root, "judge.py"), "grade", "--help"],
                          cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if done.returncode == 0 and "--policy" in done.stdout:
        return [sys.executable, os.path.join(root, "judge.py"), "grade"]
    if os.path.exists(os.path.join(root, "cudajudge_cli", "grading", "cli.py")):
        return [sys.executable, "-m", "cudajudge_cli.grading"]
    return None


def grade_available(root, env):
    return grade_command(root, env) is not None


def judge_env(root, build, state):
    env = dict(os.environ, CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build, CUDAJUDGE_STATE=state,
               PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1")
    return env


def as_grader_user(argv):
    """Runs argv as the unprivileged grader user when we are root and it exists."""
    if os.geteuid() != 0 or os.environ.get("CUDAJUDGE_GRADE_AS_ROOT"):
        return argv
    try:
        import pwd
        pwd.getpwnam(GRADER_USER)
    except (ImportError, KeyError):
        return argv
    runuser = shutil.which("runuser") or shutil.which("setpriv")
    if not runuser:
        return argv
    if runuser.endswith("runuser"):
        return [runuser, "-u", GRADER_USER, "--"] + argv
    return argv


def judge_submission(root, build, submission, policy_path, policy, work, student="submission",
                     deadline_from_policy=True, lang="en", budget_s=None,
                     reference_cases=None):
    """Grades one submission folder; returns its records (one per exercise of the policy,
    or per exercise file found without a policy)."""
    roster = os.path.join(work, "roster")
    copy_submission(submission, os.path.join(roster, student))
    out = os.path.join(work, "out")
    state = os.path.join(work, "state")
    for folder in (out, state):
        os.makedirs(folder, exist_ok=True)
    if reference_cases and os.path.exists(reference_cases):
        # the case counts of the references, judged when the image was built (prepare):
        # the references themselves are out of reach at run time
        shutil.copyfile(reference_cases, os.path.join(out, "reference-cases.json"))
    if os.geteuid() == 0:
        # the grader user must be able to write its output and state
        for dirpath, dirnames, filenames in os.walk(work):
            for name in dirnames + filenames:
                os.chmod(os.path.join(dirpath, name), 0o777 if name in dirnames else 0o666)
        os.chmod(work, 0o777)
    env = judge_env(root, build, state)
    grade_policy = policy_path
    if policy is not None and not deadline_from_policy and policy.get("deadline"):
        # Lateness comes from the platform's metadata: the policy's deadline is left out.
        derived = dict(policy, deadline=None)
        derived.pop("sha256", None)
        grade_policy = os.path.join(work, "policy.json")
        with open(grade_policy, "w", encoding="utf-8") as f:
            json.dump(derived, f)
    prefixes = [os.path.join(roster, student) + os.sep, roster + os.sep, student + os.sep]
    if not grade_available(root, env):
        raise RuntimeError(both("no_grade", root=root))
    try:
        records = _grade_records(root, env, roster, out, student, grade_policy, budget_s)
    except OutOfTime as err:
        err.records = [scrub_paths(r, prefixes) for r in err.records]
        raise
    order = [e.get("id") for e in (policy or {}).get("exercises") or []]
    records.sort(key=lambda r: (order.index(r.get("exercise")) if r.get("exercise") in order
                                else len(order), r.get("exercise") or ""))
    # the learner reads their own file's name, not where the grader copied it
    return [scrub_paths(r, prefixes) for r in records]


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


class OutOfTime(Exception):
    """The grade run passed its time budget; records holds what it finished."""

    def __init__(self, records, seconds):
        super().__init__("out of time after %d s" % seconds)
        self.records = records
        self.seconds = seconds


def _grade_records(root, env, roster, out, student, grade_policy, budget_s):
    argv = grade_command(root, env) + [roster, "--out", out]
    if grade_policy:
        argv += ["--policy", grade_policy]
    child = subprocess.Popen(as_grader_user(argv), cwd=root, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, stderr = child.communicate(timeout=budget_s)
    except subprocess.TimeoutExpired:
        # every judgement it finished is in the store: keep those, stop the rest
        os.killpg(child.pid, 9)
        child.communicate()
        raise OutOfTime(read_records(os.path.join(out, "records", student)), budget_s)
    records = read_records(os.path.join(out, "records", student))
    if not records and child.returncode != 0:
        raise RuntimeError("judge.py grade exited %d: %s" % (child.returncode,
                                                             stderr.strip()[-2000:]))
    return records


def read_records(folder):
    records = []
    if not os.path.isdir(folder):
        return records
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                records.append(json.load(f))
    return records


# -- the catalog and the roster rule, also used by similarity.py ---------------


def catalog_ids(root, env):
    engine = engine_path(root, env["CUDAJUDGE_BUILD"])
    done = subprocess.run([engine, "catalog", "--root", root], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        return {}
    ids = {}
    for p in json.loads(done.stdout).get("problems", []):
        if isinstance(p, dict) and p.get("id"):
            ids[p["id"]] = p
    return ids


def candidates(student_dir, problem):
    names = [problem["id"]] + list(problem.get("aliases") or [])
    found = []
    for folder in (student_dir, os.path.join(student_dir, "exercises")):
        for name in names:
            path = os.path.join(folder, name + ".cu")
            if os.path.isfile(path):
                found.append(path)
    return found



# ---------------------------------------------------------------------------
# Lateness from the platform's metadata
# ---------------------------------------------------------------------------


def parse_instant(value):
    if not value:
        return None
    text_value = str(value).strip().replace("Z", "+00:00")
    try:
        instant = datetime.datetime.fromisoformat(text_value)
    except ValueError:
        # Gradescope writes fractional seconds with up to 6 digits and an offset
        try:
            instant = datetime.datetime.strptime(text_value, "%Y-%m-%dT%H:%M:%S.%f%z")
        except ValueError:
            return None
    if instant.tzinfo is None:
        instant = instant.replace(tzinfo=datetime.timezone.utc)
    return instant


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
    """Takes the policy's late penalty off each record (as docs/grading.md step 4 does);
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
                         deadline=due.isoformat())
    due_text = due.strftime("%Y-%m-%d %H:%M UTC")
    if zero:
        return text("late_zero", lang, days=days, due=due_text, max=max_days)
    return text("late", lang, days=days, due=due_text, pct="%g" % pct)


# ---------------------------------------------------------------------------
# Records -> Gradescope's results.json
# ---------------------------------------------------------------------------


def fmt(value):
    return "%g" % round(float(value or 0), 2)


def exercise_output(record, lang, show_log=True):
    score = record.get("score") or {}
    lines = [text("exercise_line", lang, exercise=record.get("exercise"),
                  verdict=record.get("verdict") or "-", points=fmt(score.get("points")),
                  max=fmt(score.get("max")), message=record.get("message") or "")]
    if score.get("explain"):
        lines.append(score["explain"])
    for p in score.get("penalties") or []:
        lines.append("%s %s: %s" % (p.get("kind"), fmt(p.get("points")), p.get("why")))
    if show_log and record.get("verdict") == "CE" and record.get("compile_log"):
        lines += ["", text("compile_log", lang), record["compile_log"].rstrip()[-8000:]]
    return "\n".join(lines)


def case_output(case):
    lines = ["%s: %s" % (case.get("name"), case.get("verdict"))]
    for key in ("detail", "diagnosis"):
        if case.get(key):
            lines.append(str(case[key]))
    return "\n".join(lines)


def results_from_records(records, settings, lang="en", elapsed=0.0, notes=()):
    """Gradescope's results.json for one submission's records.

    One test per exercise holds its points (score and max_score from the record); one
    test per case, worth no points, says its verdict: a hidden case's test has the
    policy's hidden visibility, so the student sees it only when the course allows."""
    tests = []
    total = 0.0
    leaderboard = []
    emulated = False
    for n, record in enumerate(records, 1):
        score = record.get("score") or {}
        points = float(score.get("points") or 0)
        total += points
        emulated = emulated or record.get("backend") == "emu"
        verdict = record.get("verdict")
        tests.append({
            "name": "%s: %s" % (record.get("exercise"), record.get("title") or ""),
            "number": str(n), "score": round(points, 2),
            "max_score": round(float(score.get("max") or 0), 2),
            "status": "passed" if verdict == "AC" else "failed",
            "output": exercise_output(record, lang), "output_format": "text",
            "tags": [record.get("exercise"), verdict or "not_judged"],
            "visibility": "visible"})
        for case in record.get("cases") or []:
            hidden = bool(case.get("hidden"))
            tests.append({
                "name": text("case_name", lang, exercise=record.get("exercise"),
                             index=case.get("index"), name=case.get("name") if not hidden
                             else text("case_hidden", lang)),
                "number": "%d.%s" % (n, case.get("index")), "score": 0.0, "max_score": 0.0,
                "status": "passed" if case.get("verdict") == "AC" else "failed",
                "output": case_output(case), "output_format": "text",
                "tags": [record.get("exercise"), "case", case.get("verdict") or "JE"],
                "visibility": settings["hidden_visibility"] if hidden else "visible"})
        timing = record.get("timing") or {}
        if settings.get("leaderboard") and timing.get("median_ms") is not None:
            leaderboard.append({"name": "%s median ms" % record.get("exercise"),
                                "value": round(float(timing["median_ms"]), 4), "order": "asc"})
    max_total = sum(float((r.get("score") or {}).get("max") or 0) for r in records)
    output = list(notes)
    if emulated:
        output.append(text("no_gpu", lang))
    output.append(text("total", lang, points=fmt(total), max=fmt(max_total)))
    results = {"score": round(total, 2), "execution_time": round(elapsed, 1),
               "output": "\n".join(output), "output_format": "text",
               "test_output_format": "text", "visibility": "visible",
               "stdout_visibility": settings.get("stdout_visibility", "hidden"), "tests": tests}
    if settings.get("leaderboard"):
        results["leaderboard"] = leaderboard
    return results


# ---------------------------------------------------------------------------
# The command
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


def prepare(root, build, policy_path, target, lang="en"):
    """At image build time (setup.sh): judges the reference of every exercise of the
    policy on this machine, fails unless each is AC, and keeps grade's
    reference-cases.json (case counts only) in target for the runs to come."""
    policy = load_policy(root, build, policy_path)
    work = tempfile.mkdtemp(prefix="cudajudge-prepare-")
    try:
        student = os.path.join(work, "references")
        os.makedirs(student)
        ids = [e["id"] for e in (policy or {}).get("exercises") or []] or ["warp_scan"]
        for pid in ids:
            shutil.copyfile(os.path.join(root, "reference", pid + ".cu"),
                            os.path.join(student, pid + ".cu"))
        records = judge_submission(root, build, student, policy_path, policy,
                                   os.path.join(work, "grade"), student="references", lang=lang)
        bad = ["%s: %s" % (r.get("exercise"), r.get("verdict")) for r in records
               if not reference_passed(r)]
        if bad:
            print(text("prepare_failed", lang, bad=", ".join(bad)), file=sys.stderr)
            return 2
        counts = os.path.join(work, "grade", "out", "reference-cases.json")
        if os.path.exists(counts):
            shutil.copyfile(counts, target)
            os.chmod(target, 0o644)
        print(text("prepared", lang, n=len(records)))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def add_arguments(parser):
    parser.add_argument("--policy", metavar="FILE", help=pick("the course policy (docs/grading.md)",
                                  "课程的评分策略（见 docs/grading.md）"))
    parser.add_argument("--reference-cases", metavar="FILE",
                        help=pick("grade's reference-cases.json made by --prepare",
                                  "由 --prepare 生成的参考解用例数文件 reference-cases.json"))
    parser.add_argument("--prepare", metavar="FILE",
                        help=pick("judge the references now and write their case counts to "
                                  "FILE (setup.sh does this once)",
                                  "现在评测参考解并把它们的用例数写入 FILE（setup.sh 会做一次）"))
    parser.add_argument("--hidden-visibility", choices=("hidden", "after_due_date",
                                                        "after_published"),
                        help=pick("how hidden cases are shown (default: the policy's "
                                  "gradescope.hidden_visibility, else after_due_date)",
                                  "隐藏用例如何显示（默认取策略的 gradescope.hidden_visibility，"
                                  "否则 after_due_date）"))
    parser.add_argument("--leaderboard", action="store_true", default=None,
                        help=pick("add the median times to Gradescope's leaderboard (default: "
                                  "the policy's gradescope.leaderboard)",
                                  "把中位耗时放上 Gradescope 排行榜（默认取策略的 "
                                  "gradescope.leaderboard）"))
    parser.add_argument("--lang", choices=("en", "zh"), default=None)


def run(options):
    """Grades /autograder/submission into /autograder/results/results.json; 0 when a
    results file was written (whatever the score), 2 when even that failed."""
    started = time.monotonic()
    gs_root = os.environ.get(ROOT_ENV, "/autograder")
    results_path = os.path.join(gs_root, "results", "results.json")
    lang = getattr(options, "lang", None) or "en"
    root = os.environ.get("CUDAJUDGE_ROOT") or repo_root()
    build = os.environ.get("CUDAJUDGE_BUILD") or os.path.join(root, "build")
    if getattr(options, "prepare", None):
        return prepare(root, build, options.policy, options.prepare, lang)
    write_json_atomically(results_path, failure_results(text("not_finished", lang)))
    policy, settings = None, platform_settings(None)
    try:
        policy = load_policy(root, build, options.policy)
        lang = getattr(options, "lang", None) or (policy or {}).get("language") or "en"
        settings = platform_settings(policy, {
            "hidden_visibility": getattr(options, "hidden_visibility", None),
            "leaderboard": getattr(options, "leaderboard", None)})
        metadata = {}
        meta_path = os.path.join(gs_root, "submission_metadata.json")
        if os.path.exists(meta_path):
            with open(meta_path, encoding="utf-8") as f:
                metadata = json.load(f)
        work = tempfile.mkdtemp(prefix="cudajudge-gradescope-")
        try:
            budget = settings["time_budget_s"]
            records = judge_submission(root, build, os.path.join(gs_root, "submission"),
                                       options.policy, policy, work,
                                       deadline_from_policy=False, lang=lang, budget_s=budget,
                                       reference_cases=getattr(options, "reference_cases",
                                                               None))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        notes = []
        judged = [r for r in records if r.get("status") == "judged"]
        if not judged:
            names = ", ".join(r.get("exercise", "?") + ".cu" for r in records) or "*.cu"
            notes.append(text("no_files", lang, names=names))
        days, _, due = lateness(metadata, policy)
        late_note = apply_lateness(records, days, due, policy, lang)
        if late_note:
            notes.append(late_note)
        results = results_from_records(records, settings, lang, time.monotonic() - started,
                                       notes)
    except OutOfTime as err:
        done = {r.get("exercise") for r in err.records}
        missing = [e.get("id") for e in (policy or {}).get("exercises") or []
                   if e.get("id") not in done]
        results = results_from_records(err.records, settings, lang,
                                       time.monotonic() - started,
                                       [text("timed_out", lang, seconds=int(err.seconds),
                                             names=", ".join(missing) or "-")])
    except Exception as err:  # the results file must say what happened, whatever it was
        results = failure_results(text("internal", lang, error="%s: %s" % (
            type(err).__name__, err)), time.monotonic() - started)
        print(text("failed_log", lang, error=repr(err)), file=sys.stderr)
    write_json_atomically(results_path, results)
    print(text("written", lang, path=results_path, score=results["score"]))
    return 0


def repo_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


def module_main(name, add_arguments, run, argv=None, description=None):
    """`python3 -m cudajudge_cli.grading.NAME`: a platform module's own entry."""
    parser = argparse.ArgumentParser(prog="python3 -m cudajudge_cli.grading." + name,
                                     description=description)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def main(argv=None):
    return module_main("gradescope", add_arguments, run, argv, "grade a Gradescope submission")


if __name__ == "__main__":
    sys.exit(main())
