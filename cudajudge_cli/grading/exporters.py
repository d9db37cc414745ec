"""Every output of a grade run, written from the records alone (docs/grading.md, "The
files in DIR"): run.json, results.jsonl, grades.csv (Canvas), grades-moodle.csv, junit.xml,
report.html (self-contained, inline SVG, no scripts; with the similarity section of
similarity_report.py when DIR holds a similarity.json) and feedback/<student>.txt and .md
(hidden cases left out). Each file is written atomically. Called by batch.py at the end of
every run and by similarity.py (refresh_report); other exporters (Gradescope,
PrairieLearn) read the same records.
"""

import csv
import html
import io
import json
import os
import shlex
import time
import xml.etree.ElementTree as ET

from . import similarity_report
from .roster import local_time
from .store import safe_name, write_atomically
from .texts import t

VERDICT_COLOURS = {
    "AC": "#2e7d32", "WA": "#c62828", "CE": "#6d4c41", "RE": "#ad1457", "TLE": "#ef6c00",
    "RULE": "#6a1b9a", "RACE": "#00838f", "JE": "#546e7a", "SKIP": "#9e9e9e",
    "not judged": "#bdbdbd",
}


def write_all(out, records, info, roster):
    lang = info["policy"].get("language") or "en"
    people = read_students_csv(roster)
    write_atomically(os.path.join(out, "run.json"),
                     json.dumps(info, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    write_atomically(os.path.join(out, "results.jsonl"), "".join(
        json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records))
    write_atomically(os.path.join(out, "grades.csv"), canvas_csv(records, info, people))
    write_atomically(os.path.join(out, "grades-moodle.csv"), moodle_csv(records, info, people))
    write_atomically(os.path.join(out, "junit.xml"), junit_xml(records, info))
    write_atomically(os.path.join(out, "report.html"),
                     report_html(records, info, lang, similarity_report.load(out)))
    for student in info["students"]:
        mine = [r for r in records if r["student"] == student]
        base = os.path.join(out, "feedback", safe_name(student))
        write_atomically(base + ".txt", feedback_text(student, mine, info, lang, md=False))
        write_atomically(base + ".md", feedback_text(student, mine, info, lang, md=True))


# ---- gradebooks ----------------------------------------------------------------------------

def read_students_csv(roster):
    """ROSTER/students.csv: folder -> {name, id, sis_user_id, ...}; {} when absent."""
    path = os.path.join(roster, "students.csv")
    people = {}
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            for row in csv.DictReader(handle):
                folder = (row.get("folder") or "").strip()
                if folder:
                    people[folder] = {k: (v or "").strip() for k, v in row.items() if k}
    except OSError:
        pass
    return people


def points_table(records, info):
    """{student: {exercise: points}} and the per-exercise maximum: what the run's backend
    can give (on the emulator no performance points, so they are not possible)."""
    table = {s: {} for s in info["students"]}
    for r in records:
        table.setdefault(r["student"], {})[r["exercise"]] = r["score"]["points"]
    timed = info.get("backend") == "gpu"
    maxima = {e["id"]: e["points"] + (e["performance"] if timed else 0)
              for e in info["exercises"]}
    return table, maxima


# A spreadsheet reads a cell starting with one of these as a formula (=HYPERLINK(...)):
# a quote in front makes it text, as OWASP's CSV injection advice and Canvas's own
# exports do. Numbers are written as numbers.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_row(writer, texts, numbers=()):
    writer.writerow([cell(v) for v in texts] + list(numbers))


def number(value):
    value = round(float(value), 6)
    return str(int(value)) if value == int(value) else repr(value)


def canvas_column(exercise):
    name = exercise["title"]
    return f"{name} ({exercise['canvas']})" if exercise.get("canvas") else name


def canvas_csv(records, info, people):
    table, maxima = points_table(records, info)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    columns = [canvas_column(e) for e in info["exercises"]]
    csv_row(writer, ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] + columns
            + ["Total"])
    csv_row(writer, ["Points Possible", "", "", "", ""],
            [number(maxima[e["id"]]) for e in info["exercises"]]
            + [number(sum(maxima.values()))])
    for student in info["students"]:
        p = people.get(student, {})
        row = table.get(student, {})
        marks = [number(row.get(e["id"], 0)) for e in info["exercises"]]
        csv_row(writer, [p.get("name") or student, p.get("id", ""), p.get("sis_user_id", ""),
                         p.get("sis_login_id") or student, p.get("section", "")],
                marks + [number(sum(row.get(e["id"], 0) for e in info["exercises"]))])
    return buffer.getvalue()


def moodle_csv(records, info, people):
    table, _ = points_table(records, info)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    csv_row(writer, ["Email address", "ID number", "Student"]
            + [e["id"] for e in info["exercises"]] + ["Total"])
    for student in info["students"]:
        p = people.get(student, {})
        row = table.get(student, {})
        csv_row(writer, [p.get("email", ""), p.get("idnumber", ""), p.get("name") or student],
                [number(row.get(e["id"], 0)) for e in info["exercises"]]
                + [number(sum(row.get(e["id"], 0) for e in info["exercises"]))])
    return buffer.getvalue()


# ---- JUnit ---------------------------------------------------------------------------------

def junit_xml(records, info):
    """JUnit XML as Jenkins' junit-10.xsd has it (tests/grading/junit-10.xsd), which
    GitLab and dorny/test-reporter read too; no hidden case's name (a student may see
    a pipeline's report)."""
    lang = info["policy"].get("language") or "en"
    root = ET.Element("testsuites", name="cudajudge grade")
    total_time = 0.0
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for exercise in info["exercises"]:
        mine = [r for r in records if r["exercise"] == exercise["id"]]
        suite = ET.SubElement(root, "testsuite", name=exercise["id"])
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        suite_time = 0.0
        for r in mine:
            seconds = float(r.get("seconds") or 0)
            suite_time += seconds
            case = ET.SubElement(suite, "testcase", classname=r["student"], name=r["exercise"],
                                 time=f"{seconds:.3f}")
            counts["tests"] += 1
            message = visible_message(r, lang)
            verdict = r.get("verdict")
            if r["status"] != "judged" or verdict == "SKIP":
                reason = (r.get("not_judged") or {}).get("reason", "SKIP")
                ET.SubElement(case, "skipped", message=f"{reason}: {message}").text = message
                counts["skipped"] += 1
            elif verdict == "WA":
                ET.SubElement(case, "failure", type="WA",
                              message=f"WA: {message}").text = failure_text(r, lang)
                counts["failures"] += 1
            elif verdict != "AC":
                ET.SubElement(case, "error", type=verdict,
                              message=f"{verdict}: {message}").text = failure_text(r, lang)
                counts["errors"] += 1
            ET.SubElement(case, "system-out").text = (
                f"{r.get('file') or '-'}: {r['score']['points']}/{r['score']['max']} points: "
                f"{r['score']['explain']}")
        for key, value in counts.items():
            suite.set(key, str(value))
            if key in totals:  # testsuites has no skipped count in junit-10.xsd
                totals[key] += value
        suite.set("time", f"{suite_time:.3f}")
        total_time += suite_time
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{total_time:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") \
        + "\n"


def failure_text(record, lang):
    lines = [f"{record.get('verdict')}: {visible_message(record, lang)}"]
    for case in record.get("cases") or []:
        if case["verdict"] != "AC" and case["hidden"]:
            lines.append(f"  case {case['index']} ({t('case_hidden', lang)}): "
                         f"{case['verdict']}")
        elif case["verdict"] != "AC":
            lines.append(f"  case {case['index']} {case['name']}: {case['verdict']}"
                         + (f" - {case['detail']}" if case.get("detail") else ""))
    log = (record.get("compile_log") or "").strip()
    if log:
        lines.append(log[-4000:])
    return "\n".join(lines)


# ---- feedback ------------------------------------------------------------------------------

def checks_not_run(records):
    """The checks that did not run for some record (record checks.not_run: no nvcc), in
    the order first met."""
    found = []
    for record in records:
        for check in (record.get("checks") or {}).get("not_run") or []:
            if check not in found:
                found.append(check)
    return found


def checks_text(checks, lang):
    return "; ".join(t("check_" + c, lang) for c in checks)


def visible_message(record, lang):
    """The engine's message as a student may read it: for a CE, that the compiler's
    messages follow (every output puts them after it); one that names a hidden case
    becomes the counts."""
    message = record.get("message") or ""
    cases = record.get("cases") or []
    if record.get("verdict") == "CE" and (record.get("compile_log") or "").strip():
        return t("ce_below", lang, file=record.get("file") or record.get("exercise"))
    if any(c["hidden"] and c["name"] in message for c in cases):
        failed = sum(1 for c in cases if c["verdict"] != "AC")
        return t("fb_failed_count", lang, failed=failed, total=len(cases))
    return message


def reproduce_command(record):
    """The line that judges the file again with the same cases, run from the root of
    the student's clone with the file in exercises/ (the emulator sizes its cases
    itself: --emulate where the grade ran there)."""
    argv = ["python3", "judge.py", record["exercise"],
            "exercises/" + os.path.basename(record["file"]), "--seed", str(record["seed"])]
    if record.get("backend") == "emu":
        argv.append("--emulate")
    return " ".join(shlex.quote(a) for a in argv)


def feedback_text(student, records, info, lang, md):
    out = []
    head = t("fb_title", lang, student=student)
    course = info["policy"].get("course")
    total = sum(float(r["score"]["points"]) for r in records)
    maximum = sum(float(r["score"]["max"]) for r in records)
    out.append(f"# {head}" if md else head)
    if course:
        out.append(course)
    out.append("")
    out.append(("**%s**" if md else "%s") % t("fb_total", lang, points=number(total),
                                                max=number(maximum)))
    not_run = checks_not_run(records)
    if not_run:
        out.append(t("fb_checks_not_run", lang, checks=checks_text(not_run, lang)))
    for r in records:
        out.append("")
        line = t("fb_exercise", lang, title=r.get("title") or r["exercise"],
                 exercise=r["exercise"], points=r["score"]["points"], max=r["score"]["max"],
                 verdict=r.get("verdict") or t("not_judged", lang))
        out.append(f"## {line}" if md else line)
        bullet = "- " if md else "  "
        if r.get("file"):
            out.append(bullet + t("fb_file", lang, file=r["file"], sha=(r["sha256"] or "")[:12]))
        out.append(bullet + t("fb_message", lang, message=visible_message(r, lang)))
        out.append(bullet + t("fb_how", lang, explain=r["score"]["explain"]))
        late = r.get("late") or {}
        if late.get("days"):
            policy = info["policy"]
            out.append(bullet + t("fb_late", lang,
                                  submitted=local_time(late.get("submitted_at"), policy),
                                  days=late["days"], deadline=local_time(late.get("deadline"),
                                                                         policy)))
        timing = r.get("timing")
        if timing and timing.get("ratio_to_ref") is not None:
            out.append(bullet + t("fb_timing", lang, median=timing.get("median_ms"),
                                  ratio=float(timing["ratio_to_ref"]), runs=timing["runs"]))
        cases = r.get("cases") or []
        visible = [c for c in cases if not c["hidden"]]
        hidden = [c for c in cases if c["hidden"]]
        if visible:
            out.append(bullet + t("fb_cases", lang))
            for c in visible:
                text = f"{c['index']}. {c['name']}: {c['verdict']}"
                if c["verdict"] != "AC" and c.get("detail"):
                    text += f" ({c['detail']})"
                if c["verdict"] != "AC" and c.get("diagnosis"):
                    text += f" {c['diagnosis']}"
                out.append(("    - " if md else "    ") + text)
        if hidden:
            passed = sum(1 for c in hidden if c["verdict"] == "AC")
            out.append(bullet + t("fb_hidden", lang, count=len(hidden), passed=passed))
        log = (r.get("compile_log") or "").strip()
        if log and r.get("verdict") == "CE":
            fence = "```" if md else ""
            out += ([fence] if md else []) + log[-4000:].splitlines() + ([fence] if md else [])
        if r.get("status") == "judged" and r.get("file") and not hidden:
            # The seed reproduces every case: only offered when none is hidden.
            out.append(bullet + t("fb_reproduce", lang, command=(
                f"`{reproduce_command(r)}`" if md else reproduce_command(r))))
    return "\n".join(out).rstrip() + "\n"


# ---- the HTML report ----------------------------------------------------------------------

def esc(value):
    return html.escape("" if value is None else str(value), quote=True)


def verdict_of(r):
    return r.get("verdict") or "not judged"


def svg_verdicts(records, info, lang):
    exercises = info["exercises"]
    order = list(VERDICT_COLOURS)
    width, bar_h, gap, left = 640, 22, 8, 170
    height = len(exercises) * (bar_h + gap) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-verdicts" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{esc(t('rp_verdicts', lang))}</title>"]
    for row, e in enumerate(exercises):
        mine = [r for r in records if r["exercise"] == e["id"]]
        y = 10 + row * (bar_h + gap)
        parts.append(f'<text x="{left - 6}" y="{y + bar_h * 0.7:.1f}" text-anchor="end" '
                     f'font-size="12">{esc(e["id"])}</text>')
        x = float(left)
        for verdict in order:
            n = sum(1 for r in mine if verdict_of(r) == verdict)
            if not n:
                continue
            w = (width - left - 10) * n / max(1, len(mine))
            parts.append(f'<rect class="bar" data-exercise="{esc(e["id"])}" '
                         f'data-verdict="{esc(verdict)}" data-count="{n}" x="{x:.1f}" y="{y}" '
                         f'width="{w:.1f}" height="{bar_h}" fill="{VERDICT_COLOURS[verdict]}">'
                         f"<title>{esc(e['id'])} {esc(verdict)}: {n}</title></rect>")
            if w > 6.5 * len(f"{verdict} {n}") + 6:
                parts.append(f'<text x="{x + w / 2:.1f}" y="{y + bar_h * 0.7:.1f}" '
                             f'text-anchor="middle" font-size="11" fill="#fff">'
                             f"{esc(verdict)} {n}</text>")
            x += w
    y = height - 18
    x = left
    for verdict in order:
        parts.append(f'<rect x="{x}" y="{y}" width="10" height="10" '
                     f'fill="{VERDICT_COLOURS[verdict]}"/><text x="{x + 13}" y="{y + 9}" '
                     f'font-size="10">{esc(verdict)}</text>')
        x += 13 + 7 * len(verdict) + 12
    parts.append("</svg>")
    return "".join(parts)


def svg_scores(records, info, lang):
    table, maxima = points_table(records, info)
    top = sum(maxima.values()) or 1
    bins = [0] * 10
    for student in info["students"]:
        share = sum(table.get(student, {}).values()) / top
        bins[min(9, int(share * 10))] += 1
    width, height, left, bottom = 640, 200, 40, 30
    peak = max(bins) or 1
    bw = (width - left - 10) / 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-scores" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{esc(t('rp_scores', lang))}</title>",
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - 10}" '
             f'y2="{height - bottom}" stroke="#333"/>']
    for i, n in enumerate(bins):
        h = (height - bottom - 20) * n / peak
        x = left + i * bw
        parts.append(f'<rect class="bin" data-bin="{i * 10}-{i * 10 + 10}" data-count="{n}" '
                     f'x="{x + 2:.1f}" y="{height - bottom - h:.1f}" width="{bw - 4:.1f}" '
                     f'height="{h:.1f}" fill="#1565c0"><title>{i * 10}-{i * 10 + 10}%: {n}'
                     f"</title></rect>")
        parts.append(f'<text x="{x + bw / 2:.1f}" y="{height - bottom + 14}" font-size="10" '
                     f'text-anchor="middle">{i * 10}-{i * 10 + 10}%</text>')
        if n:
            parts.append(f'<text x="{x + bw / 2:.1f}" y="{height - bottom - h - 4:.1f}" '
                         f'font-size="10" text-anchor="middle">{n}</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_times(records, info, lang):
    points = [(r["exercise"], r["student"], r["timing"]["ratio_to_ref"]) for r in records
              if r.get("timing") and isinstance(r["timing"].get("ratio_to_ref"), (int, float))]
    if not points:
        return f'<p id="no-times">{esc(t("rp_no_times", lang))}</p>'
    import math
    ids = [e["id"] for e in info["exercises"]]
    width, row_h, left = 640, 26, 170
    height = len(ids) * row_h + 40
    lo, hi = math.log10(0.25), math.log10(20)

    def xpos(ratio):
        v = min(hi, max(lo, math.log10(max(ratio, 1e-6))))
        return left + (width - left - 20) * (v - lo) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-times" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{esc(t('rp_times', lang))}</title>"]
    for mark in (0.5, 1, 1.2, 2, 5, 10):
        x = xpos(mark)
        parts.append(f'<line x1="{x:.1f}" y1="5" x2="{x:.1f}" y2="{height - 25}" '
                     f'stroke="{"#333" if mark == 1 else "#ccc"}"/><text x="{x:.1f}" '
                     f'y="{height - 10}" font-size="10" text-anchor="middle">{mark:g}x</text>')
    for row, exercise in enumerate(ids):
        y = 15 + row * row_h
        parts.append(f'<text x="{left - 6}" y="{y + 4}" text-anchor="end" font-size="12">'
                     f"{esc(exercise)}</text>")
        for ex, student, ratio in points:
            if ex == exercise:
                parts.append(f'<circle class="time" cx="{xpos(ratio):.1f}" cy="{y}" r="4" '
                             f'fill="#ef6c00" fill-opacity="0.7"><title>{esc(student)}: '
                             f"{ratio:.2f}x</title></circle>")
    parts.append("</svg>")
    return "".join(parts)


def submission_details(r, lang):
    rows = []
    for c in r.get("cases") or []:
        rows.append(f"<tr><td>{c['index']}</td><td>{esc(c['name'])}"
                    f"{' (hidden)' if c['hidden'] else ''}</td><td class=\"v-{esc(c['verdict'])}\">"
                    f"{esc(c['verdict'])}</td><td>{esc(c.get('detail') or '')}</td></tr>")
    log = (r.get("compile_log") or "").strip()
    late = r.get("late") or {}
    parts = [f"<p>{esc(r.get('message'))}</p>",
             f"<p>{esc(r['score']['explain'])}</p>",
             f"<p>file {esc(r.get('file'))} sha256 {esc((r.get('sha256') or '')[:16])}, "
             f"seed {r.get('seed')}, {esc(r.get('backend'))}, late {late.get('days', 0)} "
             f"day(s) ({esc(late.get('source'))})</p>"]
    if rows:
        parts.append("<table class=\"cases\"><tr><th>#</th><th>case</th><th>verdict</th>"
                     "<th>detail</th></tr>" + "".join(rows) + "</table>")
    if log:
        parts.append(f"<pre>{esc(log[-4000:])}</pre>")
    return "".join(parts)


def refresh_report(out):
    """Writes DIR/report.html again from what the last run left (run.json, results.jsonl)
    and DIR/similarity.json; False when DIR holds no finished run."""
    try:
        with open(os.path.join(out, "run.json"), encoding="utf-8") as handle:
            info = json.load(handle)
        with open(os.path.join(out, "results.jsonl"), encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
    except (OSError, ValueError):
        return False
    lang = (info.get("policy") or {}).get("language") or "en"
    write_atomically(os.path.join(out, "report.html"),
                     report_html(records, info, lang, similarity_report.load(out)))
    return True


def report_html(records, info, lang, similarity=None):
    table, maxima = points_table(records, info)
    by_key = {(r["student"], r["exercise"]): r for r in records}
    policy = info["policy"]
    course = policy.get("course") or ""
    device = info.get("device") or {}
    device_text = f" ({device.get('name')})" if device.get("name") else ""
    head = [f"<th>{esc(t('rp_student', lang))}</th>"] + [
        f"<th>{esc(e['id'])}<br><small>/{number(maxima[e['id']])}</small></th>"
        for e in info["exercises"]] + [f"<th>{esc(t('rp_total', lang))}</th>"]
    body = []
    for student in info["students"]:
        cells = [f"<td class=\"student\">{esc(student)}</td>"]
        for e in info["exercises"]:
            r = by_key.get((student, e["id"]))
            if not r:
                cells.append("<td>-</td>")
                continue
            v = verdict_of(r)
            cells.append(
                f"<td class=\"cell\" data-student=\"{esc(student)}\" data-exercise=\"{esc(e['id'])}\" "
                f"data-verdict=\"{esc(v)}\" data-points=\"{esc(r['score']['points'])}\"><details>"
                f"<summary><span class=\"verdict\" style=\"background:{VERDICT_COLOURS.get(v, '#999')}\">"
                f"{esc(v)}</span> {esc(r['score']['points'])}</summary>"
                f"{submission_details(r, lang)}</details></td>")
        total = sum(table.get(student, {}).values())
        cells.append(f"<td class=\"total\">{number(total)}</td>")
        body.append(f"<tr data-student=\"{esc(student)}\">{''.join(cells)}</tr>")
    ignored = "".join(f"<li>{esc(i['path'])}</li>" for i in info.get("ignored", []))
    emulated = (f"<p id=\"emulated\" class=\"note\">{esc(t('rp_emulated', lang))}</p>"
                if info.get("backend") != "gpu" else "")
    not_run = checks_not_run(records)
    if not_run:
        emulated += (f"<p id=\"checks-not-run\" class=\"note\">"
                     f"{esc(t('rp_checks_not_run', lang, checks=checks_text(not_run, lang)))}"
                     "</p>")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return f"""<!DOCTYPE html>
<html lang="{esc(lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{esc(t('rp_title', lang))} {esc(course)}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
h1 {{ font-size: 1.5em; }} h2 {{ font-size: 1.15em; margin-top: 1.5em; }}
table.grades {{ border-collapse: collapse; }}
table.grades th, table.grades td {{ border: 1px solid #ccc; padding: 3px 6px; vertical-align: top; }}
td.total {{ font-weight: bold; text-align: right; }}
span.verdict {{ color: #fff; border-radius: 3px; padding: 0 4px; font-size: 0.85em; }}
details > summary {{ cursor: pointer; white-space: nowrap; }}
details[open] {{ min-width: 28em; }}
table.cases td, table.cases th {{ font-size: 0.85em; border: 0; padding: 1px 4px; }}
pre {{ background: #f5f5f5; padding: 4px; max-width: 60em; overflow-x: auto; font-size: 0.8em; }}
.note {{ background: #fff3e0; padding: 6px; border-left: 4px solid #ef6c00; }}
.charts {{ display: flex; flex-wrap: wrap; gap: 2em; }}
table.sim {{ border-collapse: collapse; margin-bottom: 0.8em; }}
table.sim th, table.sim td {{ border: 1px solid #ccc; padding: 2px 6px; }}
</style></head><body>
<h1>{esc(t('rp_title', lang))}{': ' + esc(course) if course else ''}</h1>
<p>{esc(t('rp_backend', lang, backend=info.get('backend'), device=device_text, policy=info['policy_sha256'][:12], engine=info['engine']['version']))}</p>
{emulated}
<h2>{esc(t('rp_glance', lang))}</h2>
<div class="charts">
<section><h3>{esc(t('rp_verdicts', lang))}</h3>{svg_verdicts(records, info, lang)}</section>
<section><h3>{esc(t('rp_scores', lang))}</h3>{svg_scores(records, info, lang)}</section>
<section><h3>{esc(t('rp_times', lang))}</h3>{svg_times(records, info, lang)}</section>
</div>
<h2>{esc(t('rp_students', lang))} ({len(info['students'])})</h2>
<table class="grades" id="grades"><thead><tr>{''.join(head)}</tr></thead>
<tbody>{''.join(body)}</tbody></table>
{similarity_report.section_html(similarity, lang, [e['id'] for e in info['exercises']])}
<h2>{esc(t('rp_ignored', lang))}</h2><ul id="ignored">{ignored}</ul>
<p><small>{esc(t('rp_generated', lang, when=when, count=len(records)))}</small></p>
</body></html>
"""
