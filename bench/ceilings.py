#!/usr/bin/env python3
"""The ceilings behind problems.yaml `perf`: how close to copy bandwidth each
exercise's timed case can come at all, on one GPU, in one run.

    python3 bench/ceilings.py [--json] [EXERCISE ...]

The judge reports a timed kernel as a share of the device's copy bandwidth
(tiers: gold >= 90 %, silver >= 80 %, bronze >= 50 %). Some exercises cannot
get near it whatever the learner writes: the work itself has a lower ceiling
(atomics on few addresses, a grid-wide barrier, a dependency between
streams), or the glue's launch caps it (one element a thread, too few bytes
in flight, a launch shape the learner cannot change). bench/ceilings.cu
times, for each such exercise, its timed case (perf.n, the timed row of
cases.c, the glue's launch) the judge's way (warm-up, L2 flush before each
repetition, CUDA events, median) in three kinds of rows:

  reference  the reference solution in the glue's launch: agrees with the
             judge's own measurement of reference/<id>.cu;
  roofline   the glue's launch and access pattern, the learner's part reduced
             to the cheapest code that moves the same bytes and keeps the
             barriers, atomics and grid syncs the work needs: the ceiling to
             give tiers against (problems.yaml `perf.ceiling`);
  what-if    a changed shape (chunks, block size, elements a thread, grid,
             size) or a dropped synchronisation: where it is far above the
             roofline, the glue's shape is the cap and the timed case should
             change instead.

Every percentage is of the copy bandwidth measured first, the way cj-probe
measures the judge's copy_gbps (cudaMemcpyAsync of 1 GiB), over the bytes the
judge counts (perf.n * perf.bytes_per_elem), so they compare directly with the
judge's "X % of copy bandwidth".

The binary is built into build/bench/ceilings-sm<cc> (nvcc from PATH or
/usr/local/cuda/bin; cc from nvidia-smi, else from the binary's --cc).
--json prints its raw lines (one JSON object a row) instead of the table.
Exit status: 0 when everything was measured, 77 without a CUDA device (as
meson's test runner expects for a skip), 2 when something failed.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "bench", "ceilings.cu")
DEFAULT_CC = "90"
KINDS = ("reference", "roofline", "what-if")


def fail(message, status=2):
    print(f"ceilings: {message}", file=sys.stderr)
    sys.exit(status)


def find_nvcc():
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        fail("nvcc was not found: add the CUDA toolkit's bin folder to PATH")
    return nvcc


def smi_cc():
    """The first GPU's compute capability as digits ("90"), or None."""
    try:
        done = subprocess.run(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    first = done.stdout.strip().split("\n")[0].strip()
    return first.replace(".", "") if done.returncode == 0 and re.fullmatch(r"\d+\.\d+", first) \
        else None


def inputs():
    """What the binary is built from: it includes the glues and references."""
    files = [SOURCE, os.path.join(ROOT, "bench", "flushed_timer.cuh")]
    files += glob.glob(os.path.join(ROOT, "harness", "runtime", "*.h"))
    files += glob.glob(os.path.join(ROOT, "harness", "runtime", "*.cuh"))
    files += glob.glob(os.path.join(ROOT, "harness", "problems", "**", "*.*"), recursive=True)
    files += glob.glob(os.path.join(ROOT, "reference", "*.cu"))
    return files


def build(nvcc, cc):
    out = os.path.join(ROOT, "build", "bench", f"ceilings-sm{cc}")
    if os.path.exists(out) and os.path.getmtime(out) >= max(map(os.path.getmtime, inputs())):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    print(f"building {os.path.relpath(out, ROOT)}...", file=sys.stderr, flush=True)
    command = [nvcc, "-std=c++17", "-O3", f"-arch=sm_{cc}", "-Iharness/runtime",
               "-Iharness/problems", SOURCE, "-o", out]
    compiled = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    if compiled.returncode:
        fail(f"nvcc could not build bench/ceilings.cu:\n{compiled.stdout}")
    return out


def device_cc(binary):
    """The device's compute capability from the binary; exits 77 without one."""
    asked = subprocess.run([binary, "--cc"], capture_output=True, text=True)
    if asked.returncode == 77:
        print(f"{asked.stderr.strip() or 'ceilings: no CUDA device'}; skipped")
        sys.exit(77)
    if asked.returncode or not asked.stdout.strip().isdigit():
        fail(f"{os.path.basename(binary)} --cc failed ({asked.returncode}): "
             f"{asked.stderr.strip()}")
    return asked.stdout.strip()


def catalog_perf():
    """id -> (perf.n, perf.bytes_per_elem) from problems.yaml (stdlib: a regex)."""
    with open(os.path.join(ROOT, "problems.yaml"), encoding="utf-8") as f:
        text = f.read()
    perf = {}
    for entry in re.split(r"\n- id: ", text)[1:]:
        found = re.search(r"\n  perf: \{n: (\d+), bytes_per_elem: ([0-9.]+)", entry)
        if found:
            perf[entry.split()[0]] = (int(found.group(1)), float(found.group(2)))
    return perf


def kind_of(row):
    return row["variant"].split(":")[0]


def check_against_catalog(rows, perf):
    """Each exercise's bytes per element must be problems.yaml's, and its
    reference row must be at perf.n: the binary's constants are its own."""
    problems = []
    for row in rows:
        want = perf.get(row["exercise"])
        if want is None:
            continue
        if abs(row["bytes"] / row["n"] - want[1]) > 1e-9:
            problems.append(f"{row['exercise']}: {row['bytes'] / row['n']:g} bytes an element, "
                            f"problems.yaml says {want[1]:g}")
        if kind_of(row) == "reference" and row["n"] != want[0]:
            problems.append(f"{row['exercise']}: timed at n = {row['n']}, problems.yaml says "
                            f"perf.n = {want[0]}")
    return sorted(set(problems))


def print_table(rows):
    header = ("exercise", "variant", "ms", "GB/s", "% of copy")
    table = [header] + [(r["exercise"], r["variant"], f"{r['median_ms']:.4f}",
                         f"{r['gbps']:.0f}", f"{r['pct_of_copy']:.1f}") for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))))


def print_summary(rows):
    """Per exercise: the reference, the best roofline, the ceiling (the larger
    of the two: the reference reaches it), and the best what-if."""
    print()
    print("% of copy bandwidth: ceiling = max(reference, best roofline), what to grade "
          "against; a what-if far above it: the glue's shape is the cap")
    order = []
    for row in rows:
        if row["exercise"] != "copy" and row["exercise"] not in order:
            order.append(row["exercise"])
    table = [("exercise", "reference", "roofline", "ceiling", "what-if", "best what-if")]
    for exercise in order:
        best = {}
        for kind in KINDS:
            mine = [r for r in rows if r["exercise"] == exercise and kind_of(r) == kind]
            best[kind] = max(mine, key=lambda r: r["pct_of_copy"]) if mine else None
        pct = {k: r["pct_of_copy"] if r else None for k, r in best.items()}
        ceiling = max((p for p in (pct["reference"], pct["roofline"]) if p is not None),
                      default=None)
        table.append((exercise, *(f"{p:.1f}" if p is not None else "-" for p in
                                   (pct["reference"], pct["roofline"], ceiling, pct["what-if"])),
                      best["what-if"]["variant"].split(":", 1)[1].strip()
                      if best["what-if"] else ""))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        print("  ".join(cell.rjust(w) if 0 < i < 5 else cell.ljust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))).rstrip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the raw JSON lines")
    parser.add_argument("exercises", nargs="*", help="only these exercises (the copy always)")
    options = parser.parse_args()
    nvcc = find_nvcc()
    cc = smi_cc()
    binary = build(nvcc, cc or DEFAULT_CC)
    if cc is None:
        cc = device_cc(binary)
        if cc != DEFAULT_CC:
            binary = build(nvcc, cc)
    done = subprocess.run([binary, *options.exercises], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode == 77:
        print(f"{done.stderr.strip() or 'ceilings: no CUDA device'}; skipped")
        return 77
    if done.returncode != 0:
        fail(f"{os.path.basename(binary)} failed ({done.returncode}): {done.stderr.strip()}")
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    try:
        rows = [json.loads(line) for line in lines]
    except ValueError:
        fail(f"the binary printed what is not one JSON object a line:\n{done.stdout}")
    if options.json:
        print("\n".join(lines))
        return 0
    print_table(rows)
    print_summary(rows)
    for problem in check_against_catalog(rows, catalog_perf()):
        print(f"warning: {problem}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
