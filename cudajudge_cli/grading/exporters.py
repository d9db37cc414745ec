"""Every output of a grade run, written from the records alone (docs/grading.md, "The
files in DIR"): run.json, results.jsonl, grades.csv (Canvas), grades-moodle.csv, junit.xml,
report.html (html_report.py; its report_html and refresh_report are reached from here
too) and feedback/<student>.txt and .md (hidden cases left out). A judgement is
rendered from view/model.graded()'s model of its record, the one the platforms'
results (Gradescope, PrairieLearn) and report.html render too. Each file is written
atomically. Called by batch.py at the end of every run and by similarity.py
(refresh_report).
"""

import csv
import io
import json
import os
import xml.etree.ElementTree as ET

from cudajudge_cli.core.texts import in_language, tr
from cudajudge_cli.view.model import graded

from . import similarity_report
from .roster import local_time
from .store import safe_name, write_atomically


def __getattr__(name):
    """report_html and refresh_report, kept in html_report.py (which uses this module's
    tables), reached from here as before."""
    if name in ("report_html", "refresh_report"):
        from . import html_report
        return getattr(html_report, name)
    raise AttributeError(name)


def write_all(out, records, info, roster):
    from .html_report import report_html
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
            shown = graded(r, "student")
            message = in_language(shown["message"], lang)
            verdict = shown["verdict"]
            if not shown["judged"] or verdict == "SKIP":
                reason = shown["not_judged"] or "SKIP"
                ET.SubElement(case, "skipped", message=f"{reason}: {message}").text = message
                counts["skipped"] += 1
            elif verdict == "WA":
                ET.SubElement(case, "failure", type="WA",
                              message=f"WA: {message}").text = failure_text(shown, lang)
                counts["failures"] += 1
            elif verdict != "AC":
                ET.SubElement(case, "error", type=verdict,
                              message=f"{verdict}: {message}").text = failure_text(shown, lang)
                counts["errors"] += 1
            score = shown["score"]
            ET.SubElement(case, "system-out").text = (
                f"{shown['file'] or '-'}: {score['points']}/{score['max']} points: "
                f"{score['explain']}")
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


def failure_text(shown, lang):
    """A failed judgement in junit.xml, from view/model.graded()'s model: the message,
    each failing case (a hidden one without its name), then the compiler's messages."""
    lines = [f"{shown['verdict']}: {in_language(shown['message'], lang)}"]
    for case in shown["cases"]:
        if case["verdict"] != "AC":
            detail = "\n".join(case.get("detail") or [])
            lines.append(f"  case {case['index']} {in_language(case['name'], lang)}: "
                         f"{case['verdict']}" + (f" - {detail}" if detail else ""))
    if shown["compile_log"]:
        lines.append(shown["compile_log"][-4000:])
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
    return "; ".join(tr("grade_check_" + c, lang) for c in checks)


def feedback_text(student, records, info, lang, md):
    """A student's feedback (feedback/<student>.txt and .md) from view/model.graded()'s
    model of each record: the points and how they were computed, lateness, the time,
    the cases (a hidden one counted, not named), the compiler's messages with a CE,
    and the command that judges the file again with the same cases."""
    out = []
    head = tr("grade_fb_title", lang, student=student)
    course = info["policy"].get("course")
    total = sum(float(r["score"]["points"]) for r in records)
    maximum = sum(float(r["score"]["max"]) for r in records)
    out.append(f"# {head}" if md else head)
    if course:
        out.append(course)
    out.append("")
    out.append(("**%s**" if md else "%s") % tr("grade_fb_total", lang, points=number(total),
                                                max=number(maximum)))
    not_run = checks_not_run(records)
    if not_run:
        out.append(tr("grade_fb_checks_not_run", lang, checks=checks_text(not_run, lang)))
    bullet = "- " if md else "  "
    for shown in (graded(r, "student") for r in records):
        out.append("")
        score = shown["score"]
        line = tr("grade_fb_exercise", lang, title=shown["title"] or shown["exercise"],
                  exercise=shown["exercise"], points=score["points"], max=score["max"],
                  verdict=shown["verdict"] or tr("grade_not_judged", lang))
        out.append(f"## {line}" if md else line)
        if shown["file"]:
            out.append(bullet + tr("grade_fb_file", lang, file=shown["file"],
                                   sha=(shown["sha256"] or "")[:12]))
        out.append(bullet + tr("grade_fb_message", lang, message=shown["message"]))
        out.append(bullet + tr("grade_fb_how", lang, explain=score["explain"]))
        late = shown["late"]
        if late:
            policy = info["policy"]
            out.append(bullet + tr("grade_fb_late", lang,
                                   submitted=local_time(late["submitted_at"], policy),
                                   days=late["days"],
                                   deadline=local_time(late["deadline"], policy)))
        timing = shown["timing"]
        if timing:
            out.append(bullet + tr("grade_fb_timing", lang, median=timing["median_ms"],
                                   ratio=timing["ratio"], runs=timing["runs"]))
        visible = [c for c in shown["cases"] if not c["hidden"]]
        if visible:
            out.append(bullet + tr("grade_fb_cases", lang))
            for c in visible:
                text = f"{c['index']}. {c['name']}: {c['verdict']}"
                detail = "\n".join(c.get("detail") or [])
                if detail:
                    text += f" ({detail})"
                if c.get("diagnosis"):
                    text += " " + in_language(c["diagnosis"], lang)
                out.append(("    - " if md else "    ") + text)
        hidden = shown["hidden_cases"]
        if hidden:
            out.append(bullet + tr("grade_fb_hidden", lang, count=hidden["count"],
                                   passed=hidden["passed"]))
        if shown["compile_log"]:
            fence = ["```"] if md else []
            out += fence + shown["compile_log"][-4000:].splitlines() + fence
        if shown["reproduce"]:
            command = shown["reproduce"]
            out.append(bullet + tr("grade_fb_reproduce", lang,
                                   command=f"`{command}`" if md else command))
    return "\n".join(out).rstrip() + "\n"
