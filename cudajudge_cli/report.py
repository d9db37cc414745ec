"""cudajudge_cli.report: a judgement rendered for people, and the cells of
the progress tables.

The report: a header line, one line per case (the first failing case in full:
mismatch table, counts, diagnosis), the compiler's and the program's output,
time and bandwidth, the verdict with the rules it broke, and what to do next.
It reads the engine's summary (engine.JudgeRun) and never changes a verdict.

Used by judging.py (judge and watch), by commands/overview.py, list.py and
show.py (status marks, best times), and by clangd.py and commands/doctor.py
(sm_name).
"""

import re
import shlex

from cudajudge_cli.catalog import hints_of
from cudajudge_cli.messages import (TIER_NAMES, localized, rule_meaning, tier_name, tr,
                                    verdict_name)
from cudajudge_cli.progress import as_count, exercise_record, exercise_status, is_number
from cudajudge_cli.terminal import format_table, indent, say, warn


BAR_WIDTH = 20


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


def device_label(summary):
    backend = summary.get("backend") or "none"
    device = summary.get("device")
    if backend == "none" or not isinstance(device, dict):
        return f"{backend} ({tr('no_device')})" if backend == "none" else backend
    details = [str(device.get("name") or "GPU")]
    arch = sm_name(device.get("cc"))
    if arch:
        details.append(arch)
    return f"{backend} ({', '.join(details)})"


def sm_name(cc):
    """The compute capability as nvcc spells it: "9.0", 90 or [9, 0] -> sm_90."""
    if cc is None or cc == "" or cc == 0:
        return ""
    if isinstance(cc, (list, tuple)) and len(cc) == 2:
        return f"sm_{cc[0]}{cc[1]}"
    text = str(cc)
    if text.startswith("sm_"):
        return text
    if "." in text:
        major, minor = text.split(".", 1)
        return f"sm_{major}{minor[:1] or '0'}"
    return f"sm_{text}"


def header_line(style, summary, fallback_id, fallback_file):
    parts = [style.bold(str(summary.get("id") or fallback_id)),
             str(summary.get("file") or fallback_file)]
    if summary.get("seed") is not None:
        parts.append(tr("seed", seed=summary["seed"]))
    parts.append(device_label(summary))
    return style.dot.join(parts)


def case_line(style, case):
    verdict = case.get("verdict") or "JE"
    name = str(case.get("name") or "?")
    if verdict == "AC":
        return f"  {style.good(style.tick)} {name}"
    if verdict == "SKIP":
        return f"  {style.odd('-')} {name}  {style.odd('SKIP')}"
    return f"  {style.bad(style.cross)} {name}  {style.verdict(verdict)}"


def mismatch_cell(mismatch, key):
    value = mismatch.get(key, "")
    # The engine says -1 where an element has no one block, warp or lane
    # (e.g. an address that every thread updates).
    if key in ("block", "warp", "lane") and isinstance(value, int) and value < 0:
        return "-"
    return format_number(value)


def mismatch_table(mismatches, last):
    shown = [m for m in mismatches if isinstance(m, dict)][:5]
    if isinstance(last, dict) and last not in shown:
        tail_rows = [None, last]  # None: a "..." row
    else:
        tail_rows = []
    with_buffer = len({m.get("buffer") for m in shown + [r for r in tail_rows if r]}) > 1
    columns = (["col_buffer"] if with_buffer else []) + [
        "col_index", "col_block", "col_warp", "col_lane", "col_expected", "col_got"]
    keys = [c[len("col_"):] for c in columns]
    rows = [[tr(c) for c in columns]]
    for mismatch in shown + tail_rows:
        if mismatch is None:
            rows.append(["..."] + [""] * (len(columns) - 1))
        else:
            rows.append([mismatch_cell(mismatch, k) for k in keys])
    first_number_column = 1 if with_buffer else 0
    return format_table(rows, right_aligned=range(first_number_column, len(columns)))


def repeats_counts(detail, bad, total):
    """True when an engine's case detail says no more than the counts already
    shown: one line whose first two numbers are bad and total, in any order and
    in any language ("31 of 32 elements of 'out' differ", "31 / 32 个元素不一致")."""
    if not bad or "\n" in detail.strip():
        return False
    numbers = [int(n) for n in re.findall(r"\d+", detail)[:2]]
    return len(numbers) == 2 and sorted(numbers) == sorted([bad, total if total else -1])


def case_details(style, case, full=True):
    """Lines under a failed case: the mismatch table, the counts, the diagnosis.
    Not full: the counts (or the engine's detail) only."""
    lines = []
    mismatches = case.get("mismatches") or []
    if mismatches and full:
        lines += mismatch_table(mismatches, case.get("last"))
    bad, total, unwritten = case.get("bad"), case.get("total"), case.get("unwritten")
    if bad:
        counts = tr("differ", bad=bad, total=total if total is not None else "?")
        if unwritten:
            counts += tr("unwritten", n=unwritten)
        lines.append(counts)
    if case.get("diagnosis") and full:
        lines.append(style.odd(tr("diagnosis", text=case["diagnosis"])))
    detail = str(case.get("detail") or "")
    # A detail that only repeats the counts (older engines wrote one) is said once.
    if detail and not repeats_counts(detail, bad, total):
        if full or not bad:
            lines += detail.splitlines()
    return ["      " + line if line else line for line in lines]


def bandwidth_bar(style, pct, tier):
    """[#######-------]: the share of the device's copy bandwidth reached."""
    filled = max(0, min(BAR_WIDTH, int(round(pct / 100 * BAR_WIDTH))))
    hashes = "#" * filled
    hashes = style.good(hashes) if tier in TIER_NAMES else style.odd(hashes)
    return "[" + hashes + "-" * (BAR_WIDTH - filled) + "]"


# The slowest timed run this much slower than the fastest (0.10: 10 %) makes the
# report say the measurement was noisy. On a quiet H200 the references' runs
# stay within a few percent of each other.
NOISY_SPREAD = 0.10


def timing_lines(style, timing):
    """The time and bandwidth, then a bar against copy bandwidth and the reference."""
    if not isinstance(timing, dict) or not is_number(timing.get("median_ms")):
        return []
    median = timing["median_ms"]
    first = [tr("time", ms=f"{median:.3f}", reps=timing.get("reps") or "?")]
    lo, hi = timing.get("min_ms"), timing.get("max_ms")
    spread = is_number(lo) and is_number(hi) and 0 < lo <= median <= hi
    if spread:
        first.append(tr("time_spread", lo=f"{lo:.3f}", hi=f"{hi:.3f}"))
    if is_number(timing.get("gbps")):
        first.append(tr("gbps", gbps=f"{timing['gbps']:.1f}"))
    second = []
    pct = timing.get("pct_of_copy")
    if is_number(pct):
        text = tr("pct_of_copy", pct=f"{pct:.0f}")
        if timing.get("tier") in TIER_NAMES:
            text += tr("tier_suffix", tier=tier_name(timing["tier"]))
        second.append(bandwidth_bar(style, pct, timing.get("tier")) + " " + text)
    if is_number(timing.get("ratio_to_ref")):
        second.append(tr("ratio", ratio=f"{timing['ratio_to_ref']:.2f}"))
    lines = [style.dot.join(first)] + ([style.dot.join(second)] if second else [])
    if spread and (hi - lo) / lo > NOISY_SPREAD:
        lines.append(style.odd(tr("time_noisy", pct=f"{(hi - lo) / lo * 100:.0f}")))
    return lines


def phases_line(phases):
    if not isinstance(phases, dict):
        return None
    # Under 0.05 s: the step did not happen (nothing to link after a compile error, no
    # GPU, no timing) or took no time worth a word (no wait for the device).
    parts = [tr("phase_" + name, s=f"{phases[name]:.1f}")
             for name in ("compile", "link", "cases", "wait", "run", "reference")
             if is_number(phases.get(name)) and phases[name] >= 0.05]
    return parts or None


def reproduce_command(problem_id, file_arg, default_file, seed):
    argv = ["python3", "judge.py", problem_id]
    if file_arg != default_file:
        argv.append(file_arg)
    argv += ["--seed", str(seed)]
    return " ".join(shlex.quote(a) for a in argv)


def render_summary(style, run, problem_id, file_arg, default_file, verbose=False):
    """The report of one run. Only the first failing case is shown in full
    (the same mistake usually breaks them all) unless verbose."""
    summary = run.summary
    say(header_line(style, summary, problem_id, file_arg))
    if summary.get("note"):
        say(style.odd(str(summary["note"])))  # the engine's: why the emulator judged
    cases = summary.get("cases") if isinstance(summary.get("cases"), list) else run.cases
    failed, in_full = 0, set()
    for case in cases:
        if not isinstance(case, dict):
            continue
        if case.get("verdict") in ("AC", "SKIP"):
            say(case_line(style, case))
            continue
        full = verbose or failed == 0
        if full:
            in_full.add(str(case.get("name") or "?"))
        details = case_details(style, case, full)
        if not full and len(details) == 1:  # one note: on the case's own line
            say(case_line(style, case) + "  " + details[0].strip())
        else:
            say(case_line(style, case))
            for line in details:
                say(line)
        failed += 1
    if failed > 1 and not verbose:
        command = " ".join(shlex.quote(a) for a in ["python3", "judge.py", problem_id]
                           + ([file_arg] if file_arg != default_file else []) + ["--verbose"])
        say(style.dim(tr("more_details", command=command)))
    verdict = run.verdict
    if verdict == "CE" and summary.get("compile_log"):
        say()
        say(style.bold(tr("compile_log")))
        say(indent(str(summary["compile_log"]).rstrip("\n")))
    if summary.get("program_output"):
        say()
        say(style.bold(tr("program_output")))
        say(indent(str(summary["program_output"]).rstrip("\n")))
    say()
    for line in timing_lines(style, summary.get("timing")):
        say(line)
    phases = phases_line(summary.get("phases_s"))
    if phases:
        say(style.dot.join(phases))
    say(f"{style.bold(style.verdict(verdict))}  {verdict_name(verdict)}")
    # RULE: the engine's message in the learner's language; any other verdict
    # keeps the engine's message (unless the report above says it already) and
    # lists the broken rules after it.
    message = str(summary.get("message") or "").rstrip("\n")
    shown = bool(message) and verdict != "RULE" and not said_above(message, in_full,
                                                                  summary.get("rules"))
    if shown:
        say(message)
    for line in rules_report(style, summary.get("rules"), problem_id, verdict, message, shown):
        say(line)


# How the engine's message names the case it is about (harness/engine/judge.c),
# in English and in Chinese; and how it goes on to the broken rules.
CASE_PREFIXES = ("case '{}': ", "用例 '{}'：")
ALSO_BREAKS = ("; it also breaks ", "；另外还违反了")


def said_above(message, cases_in_full, rules):
    """True when the engine's one-line message only repeats a case shown in full
    above it ("case 'X': 31 of 32 elements of 'out' differ", what it says under
    the case) and the rules that rules_report lists: a paragraph is said once."""
    if "\n" in message:
        return False
    if not any(message.startswith(prefix.format(name)) for prefix in CASE_PREFIXES
               for name in cases_in_full):
        return False
    listed = isinstance(rules, dict) and any(isinstance(v, dict)
                                             for v in rules.get("violations") or [])
    return listed or not any(also in message for also in ALSO_BREAKS)


# How the engine's message says that the output was not checked (harness/engine/judge.c),
# in English and in Chinese.
UNCHECKED_WORDS = ("output was not checked", "输出没有检查")


def unchecked_reason(message):
    """The sentence of the engine's message that says why the output was not checked,
    when it gives a reason other than rule_output_unchecked's (no device): the
    emulator cannot compile a library, say. None otherwise."""
    generic = tr("rule_output_unchecked").lower()
    for sentence in re.split(r"(?<=\.)\s+|(?<=。)", message or ""):
        sentence = sentence.strip().rstrip(".。")
        if any(words in sentence.lower() for words in UNCHECKED_WORDS) \
                and sentence.lower() != generic:
            return sentence
    return None


def rules_report(style, rules, problem_id, verdict, message="", message_shown=None):
    """The broken rules in the learner's language, from the engine's "rules"
    object; [] when no rule was broken. message is the engine's (shown above the
    rules when message_shown; by default for every verdict but RULE): where it says
    why the output was not checked, its reason replaces "no device", or is not said
    again when it is shown already."""
    if message_shown is None:
        message_shown = verdict != "RULE"
    if not isinstance(rules, dict) or not isinstance(rules.get("violations"), list):
        return []
    violations = [v for v in rules["violations"] if isinstance(v, dict)]
    if not violations:  # kept, but the learner should know how weak the check was
        return [style.dim(tr("rules_source_only"))] if rules.get("method") == "source" else []
    lines = [tr("rules_broken") if verdict == "RULE" else tr("rules_broken_too")]
    file = str(rules.get("file") or "")
    for v in violations:
        rule = str(v.get("rule") or "?")
        if v.get("kind") == "require":
            text = tr("rule_required", rule=rule, meaning=rule_meaning(rule), file=file)
        else:
            line = v.get("line")
            where = f"{file}:{line}" if isinstance(line, int) and line > 0 else file
            text = tr("rule_forbidden", rule=rule, meaning=rule_meaning(rule), where=where,
                      found=str(v.get("found") or rule))
        lines.append(f"  {style.cross} {text}")
    output = rules.get("output_verdict")
    if output == "AC":
        lines.append(tr("rule_output_right"))
    elif not output:
        reason = unchecked_reason(message)
        if reason is None:
            lines.append(tr("rule_output_unchecked"))
        elif not message_shown:
            lines.append(reason)
    if rules.get("method") == "source":
        lines.append(style.dim(tr("rules_source_only")))
    lines.append(tr("rules_fix", id=problem_id))
    return lines


def render_next_steps(style, ws, problem, run, file_arg, default_file, progress):
    """After the verdict: what to do now (a hint, the next exercise, the seed)."""
    verdict = run.verdict
    if verdict == "AC" and progress is not None:
        following = ws.next_exercise(progress, after=problem)
        if following is None:
            say(style.good(all_solved_text(ws, progress)))
        else:
            say(tr("next_after_ac", id=following["id"],
                   title=localized(following.get("title"))))
    elif verdict not in ("AC", "JE", "SKIP") and progress is not None:
        seen = as_count(exercise_record(progress, problem["id"]).get("hints_shown"))
        if seen < len(hints_of(problem)):
            say(tr("stuck_hint", id=problem["id"], seen=seen, total=len(hints_of(problem))))
    # Without a GPU nothing ran, and a compile error needs no seed to repeat.
    summary = run.summary
    if verdict not in ("AC", "CE") and summary.get("seed") is not None and not run.no_device:
        say(tr("reproduce", command=reproduce_command(problem["id"], file_arg, default_file,
                                                      summary["seed"])))


def all_solved_text(ws, progress):
    """When nothing is left to do: every exercise solved, or every exercise this
    machine can judge (the rest need a GPU)."""
    left = sorted(i for i in ws.cannot_judge() if exercise_status(progress, i) != "solved")
    return tr("all_solved_here", ids=", ".join(left)) if left else tr("all_solved")


def render_malfunction(style, run):
    say(f"{style.bold(style.verdict('JE'))}  {verdict_name('JE')}")
    warn(run.problem_message())


def status_mark(style, status):
    if status == "solved":
        return style.good(style.tick if style.unicode else "+")
    if status == "attempted":
        return style.odd("~")
    return "·" if style.unicode else "-"


def best_time_text(record):
    best = record.get("best_ms")
    if not is_number(best):
        return ""
    text = tr("ms", ms=f"{best:.3f}")
    if record.get("best_tier") in TIER_NAMES:
        text += tr("tier_suffix", tier=tier_name(record["best_tier"]))
    return text
