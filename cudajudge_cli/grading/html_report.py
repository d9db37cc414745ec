"""report.html, the instructors' page of a grade run (docs/grading.md, "The files in
DIR"): self-contained (no scripts, no network), the verdicts per exercise, the score
distribution and the time against the reference as inline SVG, a row per student with
each submission's details a click away, the checks that did not run, and the similarity
section of similarity_report.py when DIR holds a similarity.json. Written by
exporters.write_all at the end of every run, and again by similarity.py
(refresh_report).
"""

import html
import json
import math
import os
import time

from cudajudge_cli.core.texts import in_language, tr
from cudajudge_cli.view.model import graded

from . import similarity_report
from .exporters import checks_not_run, checks_text, number, points_table
from .store import write_atomically

VERDICT_COLOURS = {
    "AC": "#2e7d32", "WA": "#c62828", "CE": "#6d4c41", "RE": "#ad1457", "TLE": "#ef6c00",
    "RULE": "#6a1b9a", "RACE": "#00838f", "JE": "#546e7a", "SKIP": "#9e9e9e",
    "not judged": "#bdbdbd",
}


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
             f"<title>{esc(tr('grade_rp_verdicts', lang))}</title>"]
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
             f"<title>{esc(tr('grade_rp_scores', lang))}</title>",
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
        return f'<p id="no-times">{esc(tr("grade_rp_no_times", lang))}</p>'
    ids = [e["id"] for e in info["exercises"]]
    width, row_h, left = 640, 26, 170
    height = len(ids) * row_h + 40
    lo, hi = math.log10(0.25), math.log10(20)

    def xpos(ratio):
        v = min(hi, max(lo, math.log10(max(ratio, 1e-6))))
        return left + (width - left - 20) * (v - lo) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" id="chart-times" role="img" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{esc(tr('grade_rp_times', lang))}</title>"]
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
    """One submission as the instructor reads it, from view/model.graded()'s model:
    the message, how the points were computed, the file, seed and lateness, every
    case (a hidden one marked) and the compiler's messages."""
    shown = graded(r, "instructor")
    rows = []
    for c in shown["cases"]:
        hidden = f" ({tr('grade_case_hidden', lang)})" if c["hidden"] else ""
        rows.append(f"<tr><td>{c['index']}</td><td>{esc(c['name'])}{esc(hidden)}</td>"
                    f"<td class=\"v-{esc(c['verdict'])}\">{esc(c['verdict'])}</td>"
                    f"<td>{esc(chr(10).join(c.get('detail') or []))}</td></tr>")
    late = r.get("late") or {}
    parts = [f"<p>{esc(in_language(shown['message'], lang))}</p>",
             f"<p>{esc(shown['score']['explain'])}</p>",
             "<p>%s</p>" % esc(tr("grade_rp_submission", lang, file=shown["file"],
                                  sha=(shown["sha256"] or "")[:16], seed=shown["seed"],
                                  backend=shown["backend"], days=late.get("days", 0),
                                  source=late.get("source")))]
    if rows:
        parts.append(f"<table class=\"cases\"><tr><th>#</th><th>{esc(tr('grade_rp_case', lang))}"
                     f"</th><th>{esc(tr('grade_rp_verdict', lang))}</th>"
                     f"<th>{esc(tr('grade_rp_detail', lang))}</th></tr>" + "".join(rows)
                     + "</table>")
    if shown["compile_log"]:
        parts.append(f"<pre>{esc(shown['compile_log'][-4000:])}</pre>")
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
    head = [f"<th>{esc(tr('grade_rp_student', lang))}</th>"] + [
        f"<th>{esc(e['id'])}<br><small>/{number(maxima[e['id']])}</small></th>"
        for e in info["exercises"]] + [f"<th>{esc(tr('grade_rp_total', lang))}</th>"]
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
    emulated = (f"<p id=\"emulated\" class=\"note\">{esc(tr('grade_rp_emulated', lang))}</p>"
                if info.get("backend") != "gpu" else "")
    not_run = checks_not_run(records)
    if not_run:
        emulated += (f"<p id=\"checks-not-run\" class=\"note\">"
                     f"{esc(tr('grade_rp_checks_not_run', lang, checks=checks_text(not_run, lang)))}"
                     "</p>")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return f"""<!DOCTYPE html>
<html lang="{esc(lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{esc(tr('grade_rp_title', lang))} {esc(course)}</title>
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
<h1>{esc(tr('grade_rp_title', lang))}{': ' + esc(course) if course else ''}</h1>
<p>{esc(tr('grade_rp_backend', lang, backend=info.get('backend'), device=device_text, policy=info['policy_sha256'][:12], engine=info['engine']['version']))}</p>
{emulated}
<h2>{esc(tr('grade_rp_glance', lang))}</h2>
<div class="charts">
<section><h3>{esc(tr('grade_rp_verdicts', lang))}</h3>{svg_verdicts(records, info, lang)}</section>
<section><h3>{esc(tr('grade_rp_scores', lang))}</h3>{svg_scores(records, info, lang)}</section>
<section><h3>{esc(tr('grade_rp_times', lang))}</h3>{svg_times(records, info, lang)}</section>
</div>
<h2>{esc(tr('grade_rp_students', lang))} ({len(info['students'])})</h2>
<table class="grades" id="grades"><thead><tr>{''.join(head)}</tr></thead>
<tbody>{''.join(body)}</tbody></table>
{similarity_report.section_html(similarity, lang, [e['id'] for e in info['exercises']])}
<h2>{esc(tr('grade_rp_ignored', lang))}</h2><ul id="ignored">{ignored}</ul>
<p><small>{esc(tr('grade_rp_generated', lang, when=when, count=len(records)))}</small></p>
</body></html>
"""
