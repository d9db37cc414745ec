"""A grade record's timing: the best of K (docs/grading.md, `timing`).

An accepted submission with performance points is timed in K rounds of its timed case in
the one engine run that decides its verdict (`cudajudge judge --timing-rounds K`), the
engine choosing the round with the smallest ratio to the reference's time; a host-driven
exercise, whose test program cannot time rounds, is judged K times and the best run is
chosen here. And how many judgements share a GPU by default, which timing decides. Used
by batch.py."""


def rounds_of(run):
    """The rounds of the timed case of a run asked for --timing-rounds, each with its
    medians, when it timed them with the reference's and chose the best: else []."""
    timing = (run.summary or {}).get("timing")
    if not isinstance(timing, dict) or not isinstance(timing.get("ratio_to_ref"), (int, float)):
        return []
    rounds = timing.get("rounds")
    return rounds if isinstance(rounds, list) and len(rounds) > 1 else []


def best_timing(runs):
    """The record's timing of a submission's runs (the first decided its verdict), or
    None when it was not timed on a GPU with the reference."""
    if runs[0].verdict != "AC" or (runs[0].summary or {}).get("backend") != "gpu":
        return None
    rounds = rounds_of(runs[0])
    if rounds:  # the best of K rounds of one run: the engine chose it
        best = runs[0].summary["timing"]
        best_index = best["best_round"]
        ratios = [round(x["median_ms"] / x["ref_median_ms"], 3) if x.get("ref_median_ms")
                  else None for x in rounds]
    else:  # the best of K runs
        timed = [(i, r.summary["timing"]) for i, r in enumerate(runs, 1)
                 if r.summary and isinstance(r.summary.get("timing"), dict)
                 and isinstance(r.summary["timing"].get("ratio_to_ref"), (int, float))]
        if not timed:
            return None
        best_index, best = min(timed, key=lambda item: item[1]["ratio_to_ref"])
        rounds = [x for _, x in timed]
        ratios = [x["ratio_to_ref"] for x in rounds]
    return {
        "runs": len(rounds), "best_run": best_index,
        "medians_ms": [x["median_ms"] for x in rounds],
        "ref_medians_ms": [x.get("ref_median_ms") for x in rounds],
        "ratios": ratios,
        "median_ms": best.get("median_ms"), "ref_median_ms": best.get("ref_median_ms"),
        "ratio_to_ref": best["ratio_to_ref"], "gbps": best.get("gbps"),
        "pct_of_copy": best.get("pct_of_copy"), "tier": best.get("tier"),
    }


def is_timed(exercise):
    """Whether the policy's exercise is timed: only one with performance points is."""
    return float(exercise.get("performance", 0)) > 0


def jobs_per_gpu(exercises, cores):
    """Judgements at once on one GPU by default. When an exercise is timed, more at once
    queue for the device alone (6 graded fastest, docs/latency.md); when none is, only
    the compiles share the cores, and 10 at a time graded faster than 6."""
    return max(1, min(6 if any(map(is_timed, exercises)) else 10, cores))
