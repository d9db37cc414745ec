#!/usr/bin/env python3
"""`judge.py ID FILE --profile` on the GPU (Nsight Compute), over tests/profile/corpus.txt
(docs/profile.md): each corpus file is judged with --profile --json; its profile must be
made by ncu, for it and for the reference, and its findings must name the costs its line
lists that a GPU measures (not `barriers`: ncu counts no barrier waits); each exercise's
reference judged the same way must name none of them. One line per file, pass or fail,
with the figures beside the reference's, the DRAM throughput against the copy bandwidth
among them; a reference's share of the copy bandwidth outside 0 to 150 % is noted (`~`),
not failed: the profile case is small, and its bytes may stay in L2.

    python3 tests/gpu/profile_corpus.py [--jobs 3] [--seed 7]

Exit status: 0 all passed, 1 a failure, 77 no GPU here (the judge ran on the emulator).
The emulator's half of the same corpus is tests/unit/test_profile.py (meson test profile).
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOT_ON_A_GPU = {"barriers"}  # ncu counts no barrier waits (docs/profile.md)


def corpus():
    """The corpus lines, read the way the emulator's test reads them."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "unit"))
    import test_profile  # noqa: E402 (tests/unit is not a package)
    return test_profile.corpus(ROOT)


def judge(problem, path, seed):
    """The summary of `judge.py problem path --profile --json`, and the seconds it took."""
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "judge.py"), problem, path,
                           "--profile", "--json", "--no-perf", "--seed", str(seed)],
                          capture_output=True, text=True, errors="replace", cwd=ROOT,
                          timeout=600)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    try:
        summary = json.loads(lines[-1])
    except (IndexError, ValueError):
        summary = {"verdict": "?", "message": (proc.stdout + proc.stderr)[-400:]}
    return summary, time.monotonic() - t0


def figures(side):
    """One kernel's figures in a few words."""
    if not isinstance(side, dict) or not side.get("made"):
        why = ((side or {}).get("why_not") or {}).get("text", {}).get("en", "?")
        return f"none ({why})"
    sh, gl = side.get("shared") or {}, side.get("global") or {}
    dv, at, oc = side.get("divergence") or {}, side.get("atomics") or {}, side.get("occupancy") or {}
    return (f"shared {sh.get('wavefronts_per_access')} passes/access, "
            f"global {gl.get('sectors_per_access')} sectors/access, "
            f"divergent branches {dv.get('pct')} %, "
            f"atomics {at.get('global')} global {at.get('shared')} shared "
            f"(L2 {at.get('l2_requests')}), "
            f"occupancy {oc.get('pct')} % by {oc.get('limited_by')} "
            f"(achieved {oc.get('achieved_pct')} %), "
            f"{(side.get('gpu') or {}).get('time_ns')} ns, {dram(side)}")


def dram(side):
    """The DRAM throughput and its share of the copy bandwidth, in a few words."""
    gpu = side.get("gpu") or {}
    gbps, pct = gpu.get("dram_gbps"), gpu.get("dram_pct_of_copy")
    if not isinstance(gbps, (int, float)):
        return "DRAM ?"
    share = f" = {pct} % of copy" if isinstance(pct, (int, float)) else " (copy unknown)"
    return f"DRAM {gbps} GB/s{share}"


def dram_notes(profile):
    """A soft check: the reference's DRAM throughput is a plausible share of the copy
    bandwidth (0 < pct < 150); [] when it is, or when there is none to check."""
    ref = profile.get("reference") or {}
    if not ref.get("made"):
        return []
    pct = (ref.get("gpu") or {}).get("dram_pct_of_copy")
    if isinstance(pct, (int, float)) and 0 < pct < 150:
        return []
    return [f"the reference's DRAM throughput is {pct} % of the copy bandwidth "
            f"({profile.get('copy_gbps')} GB/s): not within 0 to 150 %"]


def costs(summary):
    return [f.get("cost") for f in (summary.get("profile") or {}).get("findings") or []]


def check(path, problem, wanted, summary, ref_summary):
    """The failures of one corpus line, as sentences; [] when it passes."""
    bad = []
    profile = summary.get("profile") or {}
    if summary.get("verdict") not in ("AC", "TLE"):
        bad.append(f"verdict {summary.get('verdict')}: {summary.get('message')}")
    if profile.get("backend") != "gpu":
        bad.append(f"backend {profile.get('backend')}")
    if not profile.get("made"):
        bad.append(f"no profile: {(profile.get('why_not') or {}).get('text', {}).get('en')}")
    elif not (profile.get("reference") or {}).get("made"):
        bad.append("no profile of the reference")
    for cost in wanted:
        if cost not in NOT_ON_A_GPU and cost not in costs(summary):
            bad.append(f"{cost} not named")
    named = [c for c in costs(ref_summary) if c in wanted]
    if named:
        bad.append(f"the reference's profile names {', '.join(named)}")
    if not (ref_summary.get("profile") or {}).get("made"):
        bad.append("the reference judged alone has no profile")
    return bad


def report(path, problem, wanted, done):
    """Prints one corpus file's line and figures; 1 when it failed, else 0."""
    summary, seconds = done[path]
    ref_summary, ref_seconds = done[f"reference/{problem}.cu"]
    bad = check(path, problem, wanted, summary, ref_summary)
    profile = summary.get("profile") or {}
    print(f"{'PASS' if not bad else 'FAIL'} {path} ({problem}): wanted "
          f"{' '.join(wanted)}; named {' '.join(costs(summary)) or 'nothing'}; "
          f"the reference names {' '.join(costs(ref_summary)) or 'nothing'} "
          f"({seconds:.1f} s, reference {ref_seconds:.1f} s, profile "
          f"{profile.get('seconds')} s, case '{(profile.get('case') or {}).get('name')}', "
          f"{profile.get('device')}, copy {profile.get('copy_gbps')} GB/s)")
    for sentence in bad:
        print(f"    ! {sentence}")
    for sentence in dram_notes(profile):
        print(f"    ~ {sentence}")
    print(f"    yours:     {figures(profile.get('learner'))}")
    print(f"    reference: {figures(profile.get('reference'))}")
    for finding in profile.get("findings") or []:
        print(f"    finding:   {finding.get('text', {}).get('en')}")
    sys.stdout.flush()
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rows = corpus()
    # the first file alone: where the judge runs on the emulator, there is no GPU here
    first_path, first_problem, _ = rows[0]
    done = {first_path: judge(first_problem, first_path, args.seed)}
    first = done[first_path][0]
    if first.get("backend") == "emu" or (first.get("profile") or {}).get("backend") == "emu":
        print("profile: no GPU here (the judge ran on the emulator): skipped")
        return 77
    jobs = {}
    for path, problem, _ in rows:
        jobs[path] = problem
        jobs[f"reference/{problem}.cu"] = problem
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {path: pool.submit(judge, problem, path, args.seed)
                   for path, problem in jobs.items() if path not in done}
        for path, problem, wanted in rows:  # in order, each as soon as it is judged
            for key in (path, f"reference/{problem}.cu"):
                if key not in done:
                    done[key] = futures[key].result()
            failed += report(path, problem, wanted, done)
    print(f"profile: {len(rows) - failed} of {len(rows)} corpus files passed on the GPU")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
