"""Points from a judgement, as docs/grading.md ("score") says, in its order: correctness,
penalties for the way it passed (RULE, RACE, a missed speed rule), performance (GPU
only), lateness, rounding. Pure functions of the record's fields and the policy, so a
regrade with the same policy gives identical scores. Used by batch.py and the tests.
"""

from cudajudge_cli.core.texts import tr


def annotate_cases(cases, exercise_policy):
    """The record's cases[]: the engine's cases with the policy's weight and hidden."""
    by_index = {c["case"]: c for c in exercise_policy.get("cases", [])}
    out = []
    for index, case in enumerate(cases, 1):
        rule = by_index.get(index, {})
        out.append({
            "index": index,
            "name": case.get("name") or f"case {index}",
            "verdict": case.get("verdict") or "JE",
            "weight": float(rule.get("weight", 1)),
            "hidden": bool(rule.get("hidden", False)),
            "detail": case.get("detail"),
            "diagnosis": case.get("diagnosis"),
            "time_ms": case.get("time_ms"),
            "speed": case.get("speed"),
        })
    return out


def missed_speed(case):
    speed = case.get("speed")
    if case["verdict"] != "TLE" or not isinstance(speed, dict):
        return None
    got, needs = speed.get("speedup"), speed.get("needs")
    if isinstance(got, (int, float)) and isinstance(needs, (int, float)) and got < needs:
        return speed
    return None


def total_weight_of(cases, record, exercise_policy):
    """The weight of every case of the exercise, also of those a crash did not reach
    (record cases_total: how many the reference's run had)."""
    weights = {c["case"]: float(c.get("weight", 1)) for c in exercise_policy.get("cases", [])}
    count = max(len(cases), int(record.get("cases_total") or 0))
    return sum(weights.get(i, 1.0) for i in range(1, count + 1))


def _num(value, decimals):
    value = round(float(value) + 0.0, decimals)
    return int(value) if value == int(value) else value


def perf_points(policy, exercise_policy, record, lang):
    """(points, method, why) of the performance part."""
    top = float(exercise_policy.get("performance", 0))
    perf = policy["performance"]
    method = perf["method"] if top > 0 else "none"
    if top <= 0:
        return 0.0, method, ""
    if record["backend"] != "gpu":
        return 0.0, method, tr("grade_perf_emulator", lang)
    if record["verdict"] != "AC":
        return 0.0, method, tr("grade_perf_not_ac", lang)
    timing = record.get("timing")
    if not timing:
        return 0.0, method, tr("grade_perf_no_timing", lang)
    if method == "tier" and "gbps" in timing and timing["gbps"] is None:
        # perf.bandwidth: false (a speed rule, a latency): no tier to give, so the
        # ratio to the reference decides, as under method: ratio
        method = "ratio"
    if method == "tier":
        tier = timing.get("tier")
        share = float(perf["tiers"].get(tier, 0)) if tier else 0.0
        if not tier:
            return 0.0, method, tr("grade_perf_no_tier", lang)
        return top * share, method, tr("grade_perf_tier", lang, tier=tier, share=share)
    ratio = timing.get("ratio_to_ref")
    if not isinstance(ratio, (int, float)) or ratio <= 0:
        return 0.0, method, tr("grade_perf_no_timing", lang)
    full, none = float(perf["full_at"]), float(perf["none_beyond"])
    if ratio <= full:
        return top, method, tr("grade_perf_ratio_full", lang, ratio=ratio, full=full)
    if ratio > none:
        return 0.0, method, tr("grade_perf_ratio_none", lang, ratio=ratio, none=none)
    return top * full / ratio, method, tr("grade_perf_ratio_part", lang, ratio=ratio, full=full)


def score(policy, exercise_policy, record, lang="en"):
    """The record's score object; record needs verdict, cases, backend, timing, late,
    rules and status."""
    decimals = int(policy.get("round", 2))
    top = float(exercise_policy.get("points", 10))
    perf_top = float(exercise_policy.get("performance", 0))
    maximum = top + perf_top
    verdict = record.get("verdict")
    cases = record.get("cases") or []
    mode = exercise_policy.get("correctness", "all")
    penalties = []
    passed_weight = total_weight = 0.0

    if record.get("status") != "judged" or verdict in (None, "CE", "JE", "SKIP"):
        correct = 0.0
        total_weight = total_weight_of(cases, record, exercise_policy)
    else:
        speeds = [missed_speed(c) for c in cases]
        race = verdict == "RACE"

        def passed(case, speed):
            return case["verdict"] == "AC" or speed is not None or (
                race and case["verdict"] == "RACE")

        total_weight = total_weight_of(cases, record, exercise_policy)
        passed_weight = sum(c["weight"] for c, s in zip(cases, speeds) if passed(c, s))
        rules = record.get("rules") or {}
        if verdict == "RULE":
            ok_cases = rules.get("output_verdict") == "AC"
        elif verdict in ("AC", "RACE") or (verdict == "TLE" and any(speeds)):
            ok_cases = bool(cases) and all(passed(c, s) for c, s in zip(cases, speeds))
        else:
            ok_cases = False
        if mode == "per_case":
            if ok_cases:  # RULE, RACE, a missed speed rule: as if the cases had passed
                passed_weight = total_weight
            correct = top * passed_weight / total_weight if total_weight > 0 else 0.0
        else:
            correct = top if ok_cases else 0.0
        pens = policy["penalties"]
        if correct > 0 and verdict == "RULE":
            names = ", ".join(sorted({v.get("rule", "?") for v in rules.get("violations", [])}))
            cut = min(correct, top * float(pens["RULE"]) / 100)
            penalties.append({"kind": "RULE", "points": -cut,
                              "why": tr("grade_pen_rule", lang, rules=names or "?",
                                        pct=float(pens["RULE"]))})
        if correct > 0 and race:
            cut = min(correct, top * float(pens["RACE"]) / 100)
            penalties.append({"kind": "RACE", "points": -cut,
                              "why": tr("grade_pen_race", lang, pct=float(pens["RACE"]))})
        missed = [s for s in speeds if s]
        if correct > 0 and missed:
            cut = min(correct, top * float(pens["speed"]) / 100)
            penalties.append({"kind": "speed", "points": -cut,
                              "why": tr("grade_pen_speed", lang, got=float(missed[0]["speedup"]),
                                        needs=float(missed[0]["needs"]),
                                        pct=float(pens["speed"]))})
    after = max(0.0, correct + sum(p["points"] for p in penalties))
    perf, method, why = perf_points(policy, exercise_policy, record, lang)
    points = after + perf

    late = record.get("late") or {}
    days = int(late.get("days") or 0)
    if days > 0 and points > 0:
        rule = policy["late"]
        source = tr("grade_late_git" if late.get("source") == "git" else "grade_late_mtime", lang)
        max_days = rule.get("max_days")
        if max_days is not None and days > int(max_days):
            penalties.append({"kind": "late", "points": -points,
                              "why": tr("grade_pen_too_late", lang, days=days, max=max_days)})
            points = 0.0
        else:
            pct = min(100.0, float(rule["penalty_per_day"]) * days)
            cut = points * pct / 100
            penalties.append({"kind": "late", "points": -cut,
                              "why": tr("grade_pen_late", lang, days=days, source=source, pct=pct)})
            points -= cut

    for p in penalties:
        p["points"] = _num(p["points"], decimals)
    result = {
        "points": _num(max(0.0, points), decimals),
        "max": _num(maximum, decimals),
        "correctness": {"points": _num(correct, decimals), "max": _num(top, decimals),
                        "mode": mode, "passed_weight": _num(passed_weight, 6),
                        "total_weight": _num(total_weight, 6)},
        "performance": {"points": _num(perf, decimals), "max": _num(perf_top, decimals),
                        "method": method, "why": why},
        "penalties": penalties,
    }
    result["explain"] = explain(result, verdict or tr("grade_not_judged", lang), lang)
    return result


def explain(s, verdict, lang):
    c = s["correctness"]
    if c["mode"] == "per_case":
        parts = [tr("grade_ex_correct_cases", lang, got=c["points"], max=c["max"],
                    passed=c["passed_weight"], total=c["total_weight"])]
    else:
        parts = [tr("grade_ex_correct_all", lang, got=c["points"], max=c["max"], verdict=verdict)]
    for p in s["penalties"]:
        parts.append(tr("grade_ex_penalty", lang, kind=p["kind"], points=p["points"]))
    perf = s["performance"]
    if perf["max"]:
        parts.append(tr("grade_ex_perf", lang, got=perf["points"], max=perf["max"],
                        why=perf["why"]))
    return ", ".join(parts) + " " + tr("grade_ex_total", lang, got=s["points"], max=s["max"])
