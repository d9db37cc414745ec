"""cudajudge_cli.view.model: what the report of a judgement shows, decided once.

report(run, ...) turns the engine's summary (core/engine.JudgeRun) into a plain
model: the header, each case (passed, skipped or failed; which failed case is
opened; its mismatch table, counts, diagnosis and the detail that is not a
repeat of the counts), the compiler's and the program's output, the timing
(the bandwidth, the tier, a noisy measurement), the phases, the verdict, the
engine's message where the report has not said it already, the broken rules,
where the time goes (view/profile.py, with --profile);
next_steps(...) adds what to do now (the next exercise, a hint, the seed to
reproduce). Texts of the driver are Text objects (core/texts/); the engine's
own words are strings, in the language it judged in.

The terminal renders the model (view/report.py); the web server sends the same
model as JSON (as_json: each Text as {"en", "zh"}) and web/src/main.js renders
it without deciding anything again. A grade record (docs/grading.md) gets the
same model of its cases, with what grading adds (graded(): hidden cases, the
points, lateness, who reads it), which Gradescope's and PrairieLearn's results,
the feedback files, junit.xml and report.html render (grading/). Nothing here
changes a verdict.
"""

import os
import re
import shlex

from cudajudge_cli.core.engine import sm_name
from cudajudge_cli.core.texts import TEXTS, Text, is_tier
from cudajudge_cli.learn.progress import is_number
from cudajudge_cli.view.profile import profile_view

# The slowest timed run this much slower than the fastest (0.10: 10 %) makes the
# report say the measurement was noisy. On a quiet H200 the references' runs
# stay within a few percent of each other.
NOISY_SPREAD = 0.10

# Rows of a failed case's mismatch table before the "..." and the last mismatch.
MISMATCH_ROWS = 5

MISMATCH_COLUMNS = ("index", "block", "warp", "lane", "expected", "got")

PHASES = ("compile", "link", "cases", "wait", "run", "reference")

# The phases a status line names while the engine works (running_<phase>).
RUNNING_PHASES = ("compile", "link", "device", "run", "check", "reference", "rules", "profile")


def format_number(value):
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value == int(value) and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.9g}"
    return str(value)


# -- the header ---------------------------------------------------------------------------
def device_label(summary):
    """gpu (NVIDIA H200, sm_90), emu, or none (no CUDA device)."""
    backend = summary.get("backend") or "none"
    device = summary.get("device")
    if backend == "none":
        return Text("device_label", backend=backend, detail=Text("no_device"))
    if not isinstance(device, dict):
        return backend
    details = [str(device.get("name") or "GPU")]
    arch = sm_name(device.get("cc"))
    if arch:
        details.append(arch)
    return Text("device_label", backend=backend, detail=", ".join(details))


def header(summary, problem_id, shown_file):
    seed = summary.get("seed")
    return {"id": str(summary.get("id") or problem_id),
            "file": str(summary.get("file") or shown_file),
            "seed": Text("seed", seed=seed) if seed is not None else None,
            "device": device_label(summary)}


# -- a case ---------------------------------------------------------------------------------
def mismatch_cell(mismatch, key):
    value = mismatch.get(key, "")
    # The engine says -1 where an element has no one block, warp or lane
    # (e.g. an address that every thread updates).
    if key in ("block", "warp", "lane") and isinstance(value, int) and value < 0:
        return "-"
    return format_number(value)


def mismatch_table(mismatches, last):
    """The first mismatches, then "..." (a row None) and the last one; a buffer
    column when they are in more than one buffer."""
    shown = [m for m in mismatches if isinstance(m, dict)][:MISMATCH_ROWS]
    tail_rows = [None, last] if isinstance(last, dict) and last not in shown else []
    with_buffer = len({m.get("buffer") for m in shown + [r for r in tail_rows if r]}) > 1
    keys = (["buffer"] if with_buffer else []) + list(MISMATCH_COLUMNS)
    rows = [None if m is None else {"cells": [mismatch_cell(m, k) for k in keys],
                                    "unwritten": bool(m.get("unwritten"))}
            for m in shown + tail_rows]
    return {"columns": [Text("col_" + k) for k in keys], "buffer_column": with_buffer,
            "rows": rows}


def repeats_counts(detail, bad, total):
    """True when an engine's case detail says no more than the counts already
    shown: one line whose first two numbers are bad and total, in any order and
    in any language ("31 of 32 elements of 'out' differ", "31 / 32 个元素不一致")."""
    if not bad or "\n" in detail.strip():
        return False
    numbers = [int(n) for n in re.findall(r"\d+", detail)[:2]]
    return len(numbers) == 2 and sorted(numbers) == sorted([bad, total if total else -1])


def case_view(case, opened=False):
    """One case: kind pass, skip or fail; a failed one opened in full (the mismatch
    table, the counts, the diagnosis, the detail) or, closed, its brief: the counts,
    or the engine's detail where there are none."""
    verdict = case.get("verdict") or "JE"
    view = {"name": str(case.get("name") or "?"), "verdict": verdict,
            "kind": "pass" if verdict == "AC" else "skip" if verdict == "SKIP" else "fail"}
    if view["kind"] == "skip" and case.get("detail_code") == "case_left_out":
        view["brief"] = [Text("case_left_out")]
    if view["kind"] != "fail":
        return view
    bad, total, unwritten = case.get("bad"), case.get("total"), case.get("unwritten")
    mismatches = case.get("mismatches") or []
    counts = None
    if bad:
        total_text = total if total is not None else "?"
        counts = (Text("differ_unwritten", bad=bad, total=total_text, n=unwritten) if unwritten
                  else Text("differ", bad=bad, total=total_text))
    detail = str(case.get("detail") or "")
    # A detail that only repeats the counts (older engines wrote one) is said once.
    detail_lines = detail.splitlines() if detail and not repeats_counts(detail, bad, total) \
        else []
    view.update(
        opened=opened,
        mismatches=mismatch_table(mismatches, case.get("last")) if mismatches else None,
        counts=counts,
        diagnosis=Text("diagnosis", text=case["diagnosis"]) if case.get("diagnosis") else None,
        detail=detail_lines,
        brief=[counts] if counts else detail_lines)
    return view


# -- timing and phases -------------------------------------------------------------------------
def timing_view(timing, speed=None):
    """The time, the spread and the bandwidth; then the share of the copy bandwidth, or
    of the exercise's own ceiling where it has one (with the tier reached), and the
    ratio to the reference; a noisy measurement. A time that is not about bandwidth
    (no pct_of_copy) has no share and no tier; an exercise with a speed rule shows
    its speed-up over the baseline (speed: the measuring case's)."""
    if not isinstance(timing, dict) or not is_number(timing.get("median_ms")):
        return None
    median = timing["median_ms"]
    parts = [Text("time", ms=f"{median:.3f}", reps=timing.get("reps") or "?")]
    lo, hi = timing.get("min_ms"), timing.get("max_ms")
    spread = is_number(lo) and is_number(hi) and 0 < lo <= median <= hi
    if spread:
        parts.append(Text("time_spread", lo=f"{lo:.3f}", hi=f"{hi:.3f}"))
    if is_number(timing.get("gbps")):
        parts.append(Text("gbps", gbps=f"{timing['gbps']:.1f}"))
    bandwidth = None
    tier = timing.get("tier") if is_tier(timing.get("tier")) else None
    ceiling = timing.get("ceiling") if isinstance(timing.get("ceiling"), dict) else None
    pct = timing.get("pct_of_copy")
    if ceiling and is_number(timing.get("pct_of_ceiling")) and is_number(ceiling.get("gbps")):
        pct = timing["pct_of_ceiling"]
        fields = dict(pct=f"{pct:.0f}", gbps=f"{ceiling['gbps']:.0f}",
                      why=ceiling.get("why") or "")
        text = (Text("pct_of_ceiling_tier", tier=Text("tier:" + tier), **fields) if tier
                else Text("pct_of_ceiling", **fields))
        bandwidth = {"pct": pct, "tier": tier, "text": text}
    elif is_number(pct):
        text = (Text("pct_of_copy_tier", pct=f"{pct:.0f}", tier=Text("tier:" + tier)) if tier
                else Text("pct_of_copy", pct=f"{pct:.0f}"))
        bandwidth = {"pct": pct, "tier": tier, "text": text}
    if isinstance(speed, dict) and is_number(speed.get("speedup")) \
            and is_number(speed.get("needs")):
        parts.append(Text("speedup", speedup=f"{speed['speedup']:.2f}",
                          needs=f"{speed['needs']:.2f}"))
    ratio = timing.get("ratio_to_ref")
    noisy = None
    if spread and (hi - lo) / lo > NOISY_SPREAD:
        noisy = Text("time_noisy", pct=f"{(hi - lo) / lo * 100:.0f}")
    kept = timing.get("ref_age_s") if timing.get("ref_from") == "kept" else None  # an old median
    ratio_text = (Text("ratio_kept", ratio=f"{ratio:.2f}", age=f"{kept:.0f}") if is_number(kept)
                  else Text("ratio", ratio=f"{ratio:.2f}")) if is_number(ratio) else None
    return {"parts": parts, "bandwidth": bandwidth, "ratio": ratio_text, "noisy": noisy}


def phases_view(phases):
    """The phases' seconds worth a word."""
    if not isinstance(phases, dict):
        return []
    # Under 0.05 s: the step did not happen (nothing to link after a compile error, no
    # GPU, no timing) or took no time worth a word (no wait for the device).
    return [Text("phase_" + name, s=f"{phases[name]:.1f}") for name in PHASES
            if is_number(phases.get(name)) and phases[name] >= 0.05]


def progress_text(event):
    """What a status line says for one of the engine's events while it works:
    a phase started (None for anything else)."""
    if event.get("type") != "phase" or event.get("state") != "start":
        return None
    phase = str(event.get("phase"))
    return Text("running_" + phase) if phase in RUNNING_PHASES else phase + "..."


def phase_done_text(event):
    """A finished phase with its seconds, where the engine timed it."""
    phase = str(event.get("phase"))
    if phase in PHASES and is_number(event.get("seconds")):
        return Text("phase_" + phase, s=f"{event['seconds']:.1f}")
    return progress_text(dict(event, state="start"))


# -- the engine's message and the rules -------------------------------------------------------------
# The engine's message codes (harness/engine/report/texts.def, docs/json.md "Message
# codes") that name the case a message is about, in their field "case".
CASE_CODES = ("case_failed", "case_mismatch")


def said_above(summary, cases_in_full):
    """True when the engine's message only repeats a case shown in full above it
    ("case 'X': 31 of 32 elements of 'out' differ", what it says under the case) and
    the rules that the rules lines list: a paragraph is said once. Decided by the
    message's code and fields, never by its words."""
    code = summary.get("code")
    fields = summary.get("fields") if isinstance(summary.get("fields"), dict) else {}
    if code in CASE_CODES:
        return fields.get("case") in cases_in_full
    if code == "rules_and_output_wrong":
        # the output's part is the first failed case's message (shown in full when a
        # case failed), the rules' part is what the rules lines list
        rules = summary.get("rules")
        listed = isinstance(rules, dict) and any(isinstance(v, dict)
                                                 for v in rules.get("violations") or [])
        return listed and bool(cases_in_full)
    return False


# Why the output was not checked, by the engine's message code, where the reason is
# not rule_output_unchecked's (no device): the emulator cannot compile a library.
UNCHECKED_REASONS = {"rule_library_on_emulator": "rule_output_unchecked_library"}


def rules_lines(rules, problem_id, verdict, message_code=None, message_shown=None):
    """The broken rules, from the engine's "rules" object: lines of kind heading,
    item (a broken rule), plain or dim; [] when no rule was broken. message_code is
    the code of the engine's message (shown above the rules when message_shown; by
    default for every verdict but RULE): where it says why the output was not
    checked, that reason replaces "no device", or is not said again when the message
    is shown already."""
    if message_shown is None:
        message_shown = verdict != "RULE"
    if not isinstance(rules, dict) or not isinstance(rules.get("violations"), list):
        return []
    source_only = {"kind": "dim", "text": Text("rules_source_only")}
    violations = [v for v in rules["violations"] if isinstance(v, dict)]
    if not violations:  # kept, but the learner should know how weak the check was
        return [source_only] if rules.get("method") == "source" else []
    lines = [{"kind": "heading",
              "text": Text("rules_broken" if verdict == "RULE" else "rules_broken_too")}]
    file = str(rules.get("file") or "")
    for v in violations:
        rule = str(v.get("rule") or "?")
        meaning = Text("rule:" + rule) if f"rule:{rule}" in TEXTS else rule
        if v.get("kind") == "require":
            text = Text("rule_required", rule=rule, meaning=meaning, file=file)
        else:
            line = v.get("line")
            where = f"{file}:{line}" if isinstance(line, int) and line > 0 else file
            text = Text("rule_forbidden", rule=rule, meaning=meaning, where=where,
                        found=str(v.get("found") or rule))
        lines.append({"kind": "item", "text": text})
    output = rules.get("output_verdict")
    if output == "AC":
        lines.append({"kind": "plain", "text": Text("rule_output_right")})
    elif not output:
        reason = UNCHECKED_REASONS.get(message_code)
        if reason is None:
            lines.append({"kind": "plain", "text": Text("rule_output_unchecked")})
        elif not message_shown:
            lines.append({"kind": "plain", "text": Text(reason)})
    if rules.get("method") == "source":
        lines.append(source_only)
    lines.append({"kind": "plain", "text": Text("rules_fix", id=problem_id)})
    return lines


# -- the report --------------------------------------------------------------------------------------
def judge_command(problem_id, file_arg, default_file, *options):
    argv = ["python3", "judge.py", problem_id]
    if file_arg != default_file:
        argv.append(file_arg)
    return " ".join(shlex.quote(a) for a in argv + list(options))


def report(run, problem_id, shown_file, default_file, verbose=False):
    """The model of one judgement's report. Only the first failing case is opened
    (the same mistake usually breaks them all) unless verbose."""
    summary = run.summary
    raw_cases = run.all_cases
    cases, failed, in_full = [], 0, set()
    for case in raw_cases:
        if not isinstance(case, dict):
            continue
        failing = case.get("verdict") not in ("AC", "SKIP")
        opened = failing and (verbose or failed == 0)
        view = case_view(case, opened)
        if opened:
            in_full.add(view["name"])
        failed += failing
        cases.append(view)
    verdict = run.verdict
    message = str(summary.get("message") or "").rstrip("\n")
    shown = bool(message) and verdict != "RULE" and not said_above(summary, in_full)
    compile_log = str(summary.get("compile_log") or "").rstrip("\n")
    output = str(summary.get("program_output") or "").rstrip("\n")
    return {
        "header": header(summary, problem_id, shown_file),
        "note": str(summary["note"]) if summary.get("note") else None,  # why the emulator
        "cases": cases,
        "more_details": (Text("more_details", command=judge_command(
            problem_id, shown_file, default_file, "--verbose"))
            if failed > 1 and not verbose else None),
        "left_out": (Text("left_out_cases", command=judge_command(
            problem_id, shown_file, default_file, "--every-case"))
            if any(c.get("brief") and c["kind"] == "skip" for c in cases) else None),
        "compile_log": compile_log if verdict == "CE" and summary.get("compile_log") else None,
        "program_output": output if summary.get("program_output") else None,
        "timing": timing_view(summary.get("timing"), next(
            (c["speed"] for c in summary.get("cases") or []
             if isinstance(c, dict) and isinstance(c.get("speed"), dict)), None)),
        "phases": phases_view(summary.get("phases_s")),
        "verdict": verdict,
        "verdict_name": Text("verdict:" + verdict if f"verdict:{verdict}" in TEXTS
                             else "verdict_unknown"),
        "message": message if shown else None,
        "rules": rules_lines(summary.get("rules"), problem_id, verdict, summary.get("code"),
                             shown),
        # after the verdict, where the time goes (--profile; None when not asked)
        "profile": profile_view(summary.get("profile")),
    }


# -- a graded record ---------------------------------------------------------------------------------
# Who reads a graded record's report: the student before the due date (a hidden case by
# its number and verdict only), the student after it (a hidden case's detail too, never
# its name: Gradescope's hidden tests), the instructor (everything).
AUDIENCES = ("student", "after_due_date", "instructor")


def graded_case(case, audience):
    """One case of a grade record (docs/grading.md, cases[]) as case_view() shows it,
    with its number and whether the policy hides it; a hidden case's name (and, before
    the due date, what it found) left out unless the instructor reads it."""
    hidden = bool(case.get("hidden"))
    view = dict(case_view(case, opened=True), index=case.get("index"), hidden=hidden)
    if hidden and audience != "instructor":
        view["name"] = Text("grade_case_hidden_paren")
        if audience == "student":
            view.update(detail=[], diagnosis=None, brief=[])
    return view


def graded_message(record, audience):
    """The engine's message as this audience may read it: for a CE, that the compiler's
    messages follow (every output puts them after it); one that names a hidden case
    becomes the counts of failed cases."""
    message = record.get("message") or ""
    if audience == "instructor":
        return message
    cases = record.get("cases") or []
    if record.get("verdict") == "CE" and (record.get("compile_log") or "").strip():
        return Text("grade_ce_below", file=record.get("file") or record.get("exercise"))
    if any(c.get("hidden") and c.get("name") and c["name"] in message for c in cases):
        failed = sum(1 for c in cases if c.get("verdict") != "AC")
        return Text("grade_fb_failed_count", failed=failed, total=len(cases))
    return message


def graded(record, audience="student"):
    """The model of a grade record's report (docs/grading.md, "The record"), for
    Gradescope's and PrairieLearn's results, the feedback files, junit.xml and
    report.html (grading/): the cases as the terminal shows them (graded_case), the
    message (graded_message), the compiler's messages (with a CE, as on the terminal;
    the instructor's whenever there are any), the points and how they were computed,
    lateness, the timing, and the command that judges the file again with the same
    cases (only where no case is hidden: the seed gives them all away)."""
    assert audience in AUDIENCES, audience
    raw_cases = [c for c in record.get("cases") or [] if isinstance(c, dict)]
    cases = [graded_case(c, audience) for c in raw_cases]
    hidden = [c for c in raw_cases if c.get("hidden")]
    verdict = record.get("verdict")
    log = (record.get("compile_log") or "").strip()
    score = record.get("score") or {}
    late = record.get("late") or {}
    timing = record.get("timing") or {}
    judged = record.get("status") == "judged"
    reproduce = None
    if judged and record.get("file") and not hidden:
        options = ["--seed", str(record.get("seed"))]
        if record.get("backend") == "emu":  # the emulator sizes its cases itself
            options.append("--emulate")
        # run from the root of the student's clone, with the file in exercises/
        reproduce = judge_command(record.get("exercise"), "exercises/" + os.path.basename(
            record["file"]), None, *options)
    return {
        "exercise": record.get("exercise"),
        "title": record.get("title") or "",
        "file": record.get("file"),
        "sha256": record.get("sha256"),
        "judged": judged,
        "not_judged": (record.get("not_judged") or {}).get("reason"),
        "verdict": verdict,
        "message": graded_message(record, audience),
        "cases": cases,
        "hidden_cases": {"count": len(hidden), "passed": sum(
            1 for c in hidden if c.get("verdict") == "AC")} if hidden else None,
        "compile_log": log if log and (verdict == "CE" or audience == "instructor") else None,
        "score": {"points": score.get("points") or 0, "max": score.get("max") or 0,
                  "explain": score.get("explain") or "",
                  "penalties": [p for p in score.get("penalties") or [] if isinstance(p, dict)]},
        "late": {"days": late.get("days"), "submitted_at": late.get("submitted_at"),
                 "deadline": late.get("deadline"), "source": late.get("source")}
        if late.get("days") else None,
        "timing": {"median_ms": timing.get("median_ms"), "ratio": float(timing["ratio_to_ref"]),
                   "runs": timing.get("runs")}
        if is_number(timing.get("ratio_to_ref")) else None,
        "seed": record.get("seed"),
        "backend": record.get("backend"),
        "reproduce": reproduce,
    }


def all_solved_text(left_for_gpu):
    """When nothing is left to do: every exercise solved, or every exercise this
    machine can judge (left_for_gpu: the rest, which need a GPU)."""
    if left_for_gpu:
        return Text("all_solved_here", ids=", ".join(left_for_gpu))
    return Text("all_solved")


def next_steps(facts, run, problem_id, shown_file, default_file):
    """What to do now, from learn/actions.what_next's facts: after an AC the next
    exercise (or that all are solved); after a failure a hint while some are unseen;
    the seed to reproduce the run (not after an AC or a compile error, which need
    none, nor where nothing ran for want of a GPU)."""
    steps = {"following": None, "all_solved": None, "hint": None, "reproduce": None}
    verdict = run.verdict
    if verdict == "AC" and facts.get("saved"):
        following = facts.get("following")
        if following:
            steps["following"] = dict(following, text=Text(
                "next_after_ac", id=following["id"], title=following.get("title") or ""))
        else:
            steps["all_solved"] = all_solved_text(facts.get("left_for_gpu") or [])
    elif verdict not in ("AC", "JE", "SKIP") and facts.get("saved"):
        seen, total = facts.get("hints_seen", 0), facts.get("hints_total", 0)
        if seen < total:
            steps["hint"] = {"seen": seen, "total": total,
                             "text": Text("stuck_hint", id=problem_id, seen=seen, total=total)}
    seed = (run.summary or {}).get("seed")
    if verdict not in ("AC", "CE") and seed is not None and not run.no_device:
        command = judge_command(problem_id, shown_file, default_file, "--seed", str(seed))
        steps["reproduce"] = {"seed": seed, "command": command,
                              "text": Text("reproduce", command=command)}
    return steps


def best_time(record):
    """An exercise's best time (and tier) from its progress record, or None."""
    best = record.get("best_ms")
    if not is_number(best):
        return None
    tier = record.get("best_tier")
    if is_tier(tier):
        return Text("ms_tier", ms=f"{best:.3f}", tier=Text("tier:" + tier))
    return Text("ms", ms=f"{best:.3f}")


def as_json(value):
    """The model for the page: each Text as {"en": ..., "zh": ...}."""
    if isinstance(value, Text):
        return value.pair()
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    return value
