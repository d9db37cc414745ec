"""cudajudge_cli.view.report: a judgement's report on a terminal, and the cells
of the progress tables.

It renders the model of view/model.py line by line (a header line, one line
per case, the opened case in full, the compiler's and the program's output,
time and bandwidth, the verdict with the rules it broke, where the time goes with
--profile, what to do next),
with colour and marks from view/terminal.Style; it decides nothing the model
has not decided.

Used by commands/judge.py and watch.py (a judgement), and by commands/list.py,
overview.py and show.py (status marks, best times).
"""

from cudajudge_cli.core.texts import tr, verdict_name
from cudajudge_cli.view.model import best_time
from cudajudge_cli.view.terminal import format_table, indent, say, warn

BAR_WIDTH = 20

CASE_INDENT = "      "


def header_line(style, head):
    parts = [style.bold(head["id"]), head["file"]]
    if head["seed"] is not None:
        parts.append(str(head["seed"]))
    parts.append(str(head["device"]))
    return style.dot.join(parts)


def case_line(style, case):
    if case["kind"] == "pass":
        return f"  {style.good(style.tick)} {case['name']}"
    if case["kind"] == "skip":
        return f"  {style.odd('-')} {case['name']}  {style.odd('SKIP')}"
    return f"  {style.bad(style.cross)} {case['name']}  {style.verdict(case['verdict'])}"


def mismatch_lines(table):
    rows = [[str(c) for c in table["columns"]]]
    width = len(table["columns"])
    for row in table["rows"]:
        rows.append(["..."] + [""] * (width - 1) if row is None else row["cells"])
    first_number_column = 1 if table["buffer_column"] else 0
    return format_table(rows, right_aligned=range(first_number_column, width))


def case_details(style, case):
    """The lines under an opened failed case: mismatch table, counts, diagnosis, detail."""
    lines = mismatch_lines(case["mismatches"]) if case["mismatches"] else []
    if case["counts"]:
        lines.append(str(case["counts"]))
    if case["diagnosis"]:
        lines.append(style.odd(str(case["diagnosis"])))
    lines += case["detail"]
    return [CASE_INDENT + line if line else line for line in lines]


def case_lines(style, case):
    if case["kind"] == "skip" and case.get("brief"):  # why it was not run
        return [case_line(style, case) + "  " + style.dim(str(case["brief"][0]))]
    if case["kind"] != "fail":
        return [case_line(style, case)]
    if case["opened"]:
        return [case_line(style, case)] + case_details(style, case)
    brief = [str(line) for line in case["brief"]]
    if len(brief) == 1:  # one note: on the case's own line
        return [case_line(style, case) + "  " + brief[0].strip()]
    return [case_line(style, case)] + [CASE_INDENT + line if line else line for line in brief]


def bandwidth_bar(style, pct, tier):
    """[#######-------]: the share of the device's copy bandwidth reached."""
    filled = max(0, min(BAR_WIDTH, int(round(pct / 100 * BAR_WIDTH))))
    hashes = "#" * filled
    hashes = style.good(hashes) if tier else style.odd(hashes)
    return "[" + hashes + "-" * (BAR_WIDTH - filled) + "]"


def timing_lines(style, timing):
    """The time and bandwidth, then a bar against copy bandwidth and the reference."""
    if timing is None:
        return []
    lines = [style.dot.join(str(part) for part in timing["parts"])]
    second = []
    bandwidth = timing["bandwidth"]
    if bandwidth:
        second.append(bandwidth_bar(style, bandwidth["pct"], bandwidth["tier"]) + " "
                      + str(bandwidth["text"]))
    if timing["ratio"]:
        second.append(str(timing["ratio"]))
    if second:
        lines.append(style.dot.join(second))
    if timing["noisy"]:
        lines.append(style.odd(str(timing["noisy"])))
    return lines


def rule_line(style, line):
    text = str(line["text"])
    if line["kind"] == "item":
        return f"  {style.cross} {text}"
    return style.dim(text) if line["kind"] == "dim" else text


def profile_lines(style, view):
    """Where the time goes (view/profile.py): a table of your figures beside the
    reference's, then the findings; or the one line that says why there is none."""
    if view is None:
        return []
    lines = ["", style.bold(str(view["heading"]))]
    if view["why_not"] is not None:
        return lines + [style.odd(str(view["why_not"]))]
    rows = [[tr("profile_col_figure"), tr("profile_col_yours"), tr("profile_col_reference")]]
    rows += [[str(r["label"]), str(r["mine"]), str(r["reference"])] for r in view["rows"]]
    lines += ["  " + line for line in format_table(rows)]
    if view["reference_why_not"] is not None:
        lines.append(style.dim(str(view["reference_why_not"])))
    lines += [f"  {style.bad(style.cross)} {finding}" for finding in view["findings"]]
    if view["quiet"] is not None:
        lines.append(f"  {style.good(style.tick)} {view['quiet']}")
    return lines


def render_report(style, model):
    """The report of one judgement (view/model.report)."""
    say(header_line(style, model["header"]))
    if model["note"]:
        say(style.odd(model["note"]))
    for case in model["cases"]:
        for line in case_lines(style, case):
            say(line)
    if model["more_details"]:
        say(style.dim(str(model["more_details"])))
    if model["left_out"]:
        say(style.dim(str(model["left_out"])))
    if model["compile_log"] is not None:
        say()
        say(style.bold(tr("compile_log")))
        say(indent(model["compile_log"]))
    if model["program_output"] is not None:
        say()
        say(style.bold(tr("program_output")))
        say(indent(model["program_output"]))
    say()
    for line in timing_lines(style, model["timing"]):
        say(line)
    if model["phases"]:
        say(style.dot.join(str(p) for p in model["phases"]))
    say(f"{style.bold(style.verdict(model['verdict']))}  {model['verdict_name']}")
    if model["message"]:
        say(model["message"])
    for line in model["rules"]:
        say(rule_line(style, line))
    for line in profile_lines(style, model.get("profile")):
        say(line)


def render_next_steps(style, steps):
    """After the verdict: what to do now (view/model.next_steps)."""
    if steps["following"]:
        say(str(steps["following"]["text"]))
    elif steps["all_solved"]:
        say(style.good(str(steps["all_solved"])))
    elif steps["hint"]:
        say(str(steps["hint"]["text"]))
    if steps["reproduce"]:
        say(str(steps["reproduce"]["text"]))


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
    best = best_time(record)
    return str(best) if best else ""
