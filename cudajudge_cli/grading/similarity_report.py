"""The similarity part of report.html: after `judge.py grade ROSTER --similarity`
(similarity.py, Dolos), DIR/similarity.json lists per exercise the pairs of
submissions at or above the threshold and the submissions close to the reference
solution; section_html() turns it into the report's "Similarity" section. Used by
exporters.py (every report.html written while DIR holds a similarity.json) and by
similarity.py (which rewrites report.html once it has compared the class).
"""

import html
import json
import os

from cudajudge_cli.core.texts import tr


FILE = "similarity.json"


def load(out):
    """DIR/similarity.json as similarity.analyze wrote it, or None (none, or unreadable)."""
    try:
        with open(os.path.join(out, FILE), encoding="utf-8") as handle:
            value = json.load(handle)
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) and isinstance(value.get("exercises"), dict) \
        else None


def esc(value):
    return html.escape("" if value is None else str(value), quote=True)


def score(value):
    return "%.2f" % value if isinstance(value, (int, float)) else "?"


def section_html(result, lang, order=()):
    """The report's section for a similarity result, its exercises in the report's
    order (the ids in order first); "" without a result."""
    if not result:
        return ""
    parts = [f'<h2 id="similarity-title">{esc(tr("grade_rp_similarity", lang))}</h2>',
             f'<section id="similarity"><p class="note">'
             f'{esc(tr("grade_rp_sim_about", lang, threshold=score(result.get("threshold")), reference=score(result.get("reference_threshold"))))}'
             f"</p>"]
    order = list(order)
    ranked = sorted(result["exercises"].items(), key=lambda item: (
        order.index(item[0]) if item[0] in order else len(order), item[0]))
    for exercise, found in ranked:
        if not isinstance(found, dict) or not found.get("compared"):
            continue
        pairs = [p for p in found.get("pairs") or [] if isinstance(p, dict)]
        near = [p for p in found.get("near_reference") or [] if isinstance(p, dict)]
        parts.append(f'<h3>{esc(exercise)} <small>'
                     f'{esc(tr("grade_rp_sim_compared", lang, n=found["compared"]))}</small></h3>')
        if not pairs and not near:
            parts.append(f'<p class="sim-none" data-exercise="{esc(exercise)}">'
                         f'{esc(tr("grade_rp_sim_none", lang))}</p>')
        if pairs:
            rows = "".join(
                f'<tr class="sim-pair" data-exercise="{esc(exercise)}" '
                f'data-students="{esc(" ".join(p.get("students") or []))}" '
                f'data-similarity="{score(p.get("similarity"))}"><td>'
                f'{" &amp; ".join(esc(s) for s in p.get("students") or [])}</td>'
                f'<td>{score(p.get("similarity"))}</td><td>{esc(p.get("longest"))}</td></tr>'
                for p in pairs)
            parts.append(f'<table class="sim"><tr><th>{esc(tr("grade_rp_sim_pair", lang))}</th>'
                         f'<th>{esc(tr("grade_rp_sim_score", lang))}</th>'
                         f'<th>{esc(tr("grade_rp_sim_longest", lang))}</th></tr>{rows}</table>')
        if near:
            rows = "".join(
                f'<tr class="sim-reference" data-exercise="{esc(exercise)}" '
                f'data-student="{esc(p.get("student"))}" '
                f'data-similarity="{score(p.get("similarity"))}"><td>{esc(p.get("student"))}'
                f'</td><td>{score(p.get("similarity"))}</td></tr>' for p in near)
            parts.append(f'<table class="sim"><tr><th>{esc(tr("grade_rp_sim_near", lang))}</th>'
                         f'<th>{esc(tr("grade_rp_sim_score", lang))}</th></tr>{rows}</table>')
    parts.append("</section>")
    return "\n".join(parts)
