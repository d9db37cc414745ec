"""cudajudge_cli.view.profile: the model of the report's "where the time goes"
section (`judge.py ID --profile`), decided once from the engine's
summary["profile"] (docs/profile.md): a heading (the backend, the case and its
launch), one row per figure with your kernel's value beside the reference's (on a
GPU, the DRAM throughput against the device's copy bandwidth last), the
findings of the exercise's table in its own words, or the one line that says why
there is no profile.

view/model.report() puts it in the report's model as "profile"; view/report.py
lays it out on a terminal and web/src/main.js on the page. Nothing here changes a
verdict: the profile is made after it.
"""

from cudajudge_cli.core.texts import Text
from cudajudge_cli.learn.progress import is_number

def _limit(limit):
    """What holds the occupancy where it is, in words; None for an unknown limit."""
    return {"threads": Text("profile_limit_threads"),
            "shared_memory": Text("profile_limit_shared_memory"),
            "blocks": Text("profile_limit_blocks"),
            "registers": Text("profile_limit_registers")}.get(limit)


def _number(value, digits=1):
    return f"{value:.{digits}f}" if is_number(value) else "?"


def _part(figures, key):
    part = figures.get(key)
    return part if isinstance(part, dict) else {}


def _accesses(part):
    """How many loads, stores and atomics a part of the figures counts."""
    return sum(part.get(k) or 0 for k in ("loads", "stores", "atomics") if is_number(part.get(k)))


def _shared(figures):
    shared = _part(figures, "shared")
    if not _accesses(shared):
        return Text("profile_none_seen")
    worst = shared.get("worst") if isinstance(shared.get("worst"), dict) else {}
    ways = worst.get("ways")
    value = _number(shared.get("wavefronts_per_access"))
    return Text("profile_ways", value=value, ways=ways) if is_number(ways) and ways > 1 \
        else value


def _global(figures):
    part = _part(figures, "global")
    if not _accesses(part):
        return Text("profile_none_seen")
    return Text("profile_sectors", value=_number(part.get("sectors_per_access")),
                ideal=_number(part.get("ideal_per_access")))


def _divergence(figures):
    part = _part(figures, "divergence")
    lanes = _part(figures, "gpu").get("predicated_on_lanes")
    if is_number(lanes) and lanes > 0:  # a GPU: branches that split a warp, lanes at work
        pct = _number(part.get("pct"), 0) if part.get("warp_steps") else "0"
        return Text("profile_pct_lanes", pct=pct, lanes=_number(lanes))
    if not part.get("warp_steps"):
        return Text("profile_none_seen")
    return Text("profile_pct", pct=_number(part.get("pct"), 0))


def _barriers(figures):
    return _number(_part(figures, "barriers").get("per_warp"))


def _atomics(figures):
    part = _part(figures, "atomics")
    g, s = part.get("global") or 0, part.get("shared") or 0
    if not (g or s):
        return Text("profile_none_seen")
    if not is_number(part.get("most_on_one_address")):  # a GPU: warp-wide, no addresses
        return Text("profile_atomics_gpu", global_=g, shared=s)
    return Text("profile_atomics", global_=g, shared=s,
                most=part.get("most_on_one_address") or 0)


def _occupancy(figures):
    part = _part(figures, "occupancy")
    limit = _limit(part.get("limited_by"))
    if not is_number(part.get("pct")) or limit is None:
        return "?"
    if is_number(part.get("achieved_pct")):  # a GPU: theoretical and achieved
        return Text("profile_occupancy_gpu", pct=_number(part["pct"], 0), limit=limit,
                    achieved=_number(part["achieved_pct"], 0))
    return Text("profile_occupancy", pct=_number(part["pct"], 0), limit=limit)


def _dram(figures):
    """On a GPU: the achieved DRAM throughput, and its share of the device's copy
    bandwidth where the engine knew it; None when ncu gave no bytes at DRAM."""
    part = _part(figures, "gpu")
    gbps, pct = part.get("dram_gbps"), part.get("dram_pct_of_copy")
    if not is_number(gbps):
        return None
    if not is_number(pct):
        return Text("gbps", gbps=f"{gbps:,.0f}")
    return Text("profile_dram", gbps=f"{gbps:,.0f}", pct=_number(pct, 0))


def _dram_row(profile, learner, reference, ref_made):
    """The row of the DRAM throughput against the copy bandwidth (docs/profile.md), or
    None when neither kernel has the figure (an ncu that did not give the bytes)."""
    mine = _dram(learner)
    ref = _dram(reference) if ref_made else None
    if mine is None and ref is None:
        return None
    copy = profile.get("copy_gbps")
    label = (Text("profile_row_dram", copy=f"{copy:,.0f}") if is_number(copy) and copy > 0
             else Text("profile_row_dram_no_copy"))
    return {"label": label, "mine": "?" if mine is None else mine,
            "reference": "?" if ref is None else ref}


def _rows(gpu):
    """Each figure's label and how it is read from one kernel's figures; on a GPU the
    rows say what Nsight Compute measures instead (docs/profile.md)."""
    if gpu:
        return ((Text("profile_row_shared"), _shared), (Text("profile_row_global"), _global),
                (Text("profile_row_divergence_gpu"), _divergence),
                (Text("profile_row_atomics"), _atomics),
                (Text("profile_row_occupancy_gpu"), _occupancy))
    return ((Text("profile_row_shared"), _shared), (Text("profile_row_global"), _global),
            (Text("profile_row_divergence"), _divergence),
            (Text("profile_row_barriers"), _barriers), (Text("profile_row_atomics"), _atomics),
            (Text("profile_row_occupancy"), _occupancy))


def _made(side):
    return isinstance(side, dict) and bool(side.get("made"))


def _why(part):
    """The engine's reason, in both languages, as a Text; None when there is none."""
    why = part.get("why_not") if isinstance(part, dict) else None
    text = why.get("text") if isinstance(why, dict) else None
    return Text("profile_text", text=text) if isinstance(text, dict) else None


def heading(profile, learner):
    case = profile.get("case") if isinstance(profile.get("case"), dict) else {}
    launches = _part(learner, "launches")
    block = launches.get("block") if isinstance(launches.get("block"), list) else []
    shape = " x ".join(str(n) for n in block if n != 1) or "1"
    backend = (Text("profile_backend_emu") if profile.get("backend") == "emu"
               else Text("profile_backend_gpu", device=str(profile.get("device") or "GPU")))
    return Text("profile_heading", backend=backend, case=str(case.get("name") or "?"),
                blocks=launches.get("blocks") or "?", shape=shape)


def profile_view(profile):
    """The section's model, or None when the summary has no profile (not asked)."""
    if not isinstance(profile, dict):
        return None
    if not profile.get("made"):
        return {"heading": Text("profile_heading_none"), "why_not": _why(profile),
                "rows": [], "findings": [], "quiet": None, "reference_why_not": None}
    learner, reference = profile.get("learner"), profile.get("reference")
    ref_made = _made(reference)
    gpu = profile.get("backend") != "emu"
    rows = [{"label": label, "mine": figure(learner),
             "reference": figure(reference) if ref_made else "?"}
            for label, figure in _rows(gpu)]
    dram = _dram_row(profile, learner, reference, ref_made) if gpu else None
    if dram is not None:
        rows.append(dram)
    findings = [Text("profile_text", text=f["text"]) for f in profile.get("findings") or []
                if isinstance(f, dict) and isinstance(f.get("text"), dict)]
    quiet = profile.get("quiet")
    return {"heading": heading(profile, learner), "why_not": None, "rows": rows,
            "findings": findings,
            "quiet": _why({"why_not": quiet}) if isinstance(quiet, dict) else None,
            "reference_why_not": None if ref_made else _why(reference)}
