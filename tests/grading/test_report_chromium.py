#!/usr/bin/env python3
"""report.html as a browser shows it: headless Chromium (Debian's `chromium`) renders
a report written from hand-made records (a GPU class, so the time chart has points),
and the test checks the rendered DOM (one row per student, the verdict bars with their
counts, the score bins, a dot per timed submission, each submission's report inside its
cell, the similarity section of a `--similarity` run: its flagged pairs and the
submissions close to the reference, no network) and the screenshot's pixels (the
verdict colours are drawn).

Usage: test_report_chromium.py [--root SRC] [--keep DIR]   (DIR/report.png stays)
Exit 0 pass, 1 fail, 77 skip (no chromium).
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


def make_records():
    verdicts = ["AC", "AC", "AC", "WA", "CE", "RE", "TLE", "RULE", "RACE", None]
    records, students = [], []
    for n in range(1, 11):
        student = f"student{n:02d}"
        students.append(student)
        for exercise, top in (("warp_scan", 10), ("transpose", 10)):
            verdict = verdicts[(n + (exercise == "transpose")) % len(verdicts)]
            judged = verdict is not None
            points = top if verdict == "AC" else 0
            timing = None
            if verdict == "AC":
                ratio = 0.8 + 0.6 * n
                timing = {"runs": 3, "best_run": 1, "ratio_to_ref": ratio, "median_ms": 0.1 * ratio,
                          "ref_median_ms": 0.1, "tier": "bronze"}
            records.append({
                "schema": "cudajudge-grade/1", "student": student, "exercise": exercise,
                "title": exercise, "file": f"{student}/{exercise}.cu" if judged else None,
                "sha256": "ab" * 32 if judged else None,
                "status": "judged" if judged else "not_judged",
                "not_judged": None if judged else {"reason": "missing", "detail": "no file",
                                                   "paths": []},
                "verdict": verdict, "message": f"message of {student} {exercise} <b>&",
                "cases": [{"index": 1, "name": "case one", "verdict": verdict or "AC",
                           "weight": 1, "hidden": False, "detail": "3 of 32 differ"}],
                "score": {"points": points, "max": top, "explain": f"explained {points}/{top}"},
                "seed": 7, "backend": "gpu" if judged else "none", "timing": timing,
                "late": {"days": 0, "source": "git"}, "compile_log": "", "seconds": 1.5,
            })
    return records, students


# What `grade --similarity` leaves in DIR/similarity.json (similarity.analyze).
SIMILARITY = {
    "threshold": 0.75, "reference_threshold": 0.9, "tool": "dolos", "exercises": {
        "warp_scan": {"compared": 10, "pairs": [
            {"students": ["student02", "student05"], "similarity": 0.97, "longest": 41},
            {"students": ["student01", "student07"], "similarity": 0.81, "longest": 12}],
            "near_reference": [{"student": "student09", "similarity": 0.93}],
            "per_student": {}},
        "transpose": {"compared": 9, "pairs": [], "near_reference": [], "per_student": {}}}}


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG, with its filters undone."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def render_and_check(work, browser, exporters):
    """report.html of made-up records written in work, rendered by the browser and
    checked; returns the screenshot's path."""
    os.makedirs(work, exist_ok=True)
    records, students = make_records()
    info = {"policy": {"language": "en", "course": "Report test"}, "policy_sha256": "0" * 64,
            "engine": {"version": "test", "fingerprint": "1" * 64}, "students": students,
            "exercises": [{"id": "warp_scan", "title": "warp_scan", "points": 10,
                           "performance": 0}, {"id": "transpose", "title": "transpose",
                                               "points": 10, "performance": 0}],
            "ignored": [{"student": "student01", "path": "student01/old.cu"}],
            "backend": "gpu", "device": {"name": "NVIDIA H200"}}
    page = os.path.join(work, "report.html")
    with open(page, "w") as f:
        f.write(exporters.report_html(records, info, "en", SIMILARITY))
    profile = os.path.join(work, "profile")
    common = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
              "--hide-scrollbars", f"--user-data-dir={profile}", "--window-size=1300,1400"]
    dom = subprocess.run(common + ["--dump-dom", "file://" + page], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, timeout=120).stdout
    shot = os.path.join(work, "report.png")
    subprocess.run(common + [f"--screenshot={shot}", "file://" + page], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=120)

    check("<h1>Grades: Report test</h1>" in dom, "the title is shown")
    rows = re.findall(r'<tr data-student="(student\d+)"', dom)
    check(rows == students, f"a row per student in order: {rows}")
    bars = re.findall(r'<rect class="bar" data-exercise="(\w+)" data-verdict="([\w ]+)" '
                      r'data-count="(\d+)"', dom)
    counts = {}
    for exercise, verdict, n in bars:
        counts[(exercise, verdict)] = int(n)
    want = {}
    for r in records:
        key = (r["exercise"], r["verdict"] or "not judged")
        want[key] = want.get(key, 0) + 1
    check(counts == want, f"verdict bars {counts} against {want}")
    bins = [int(n) for n in re.findall(r'<rect class="bin" data-bin="[\d-]+" data-count="(\d+)"',
                                       dom)]
    check(len(bins) == 10 and sum(bins) == 10, f"score bins {bins}")
    ac = sum(1 for r in records if r["verdict"] == "AC")
    dots = re.findall(r'<circle class="time"', dom)
    check(len(dots) == ac, f"a dot per timed submission: {len(dots)} of {ac}")
    check('id="emulated"' not in dom, "no emulator note for a GPU class")
    cells = re.findall(r'<td class="cell" data-student="student03" data-exercise="warp_scan" '
                       r'data-verdict="(\w+)"', dom)
    check(cells == ["WA"], f"student03 warp_scan cell {cells}")
    check("message of student03 warp_scan &lt;b&gt;&amp;" in dom,
          "the submission's report is in its cell, escaped")
    check("student01/old.cu" in dom, "ignored files listed")
    pairs = re.findall(r'<tr class="sim-pair" data-exercise="(\w+)" data-students="([\w ]+)" '
                       r'data-similarity="([\d.]+)"', dom)
    check(pairs == [("warp_scan", "student02 student05", "0.97"),
                    ("warp_scan", "student01 student07", "0.81")],
          f"the flagged pairs of the similarity section: {pairs}")
    near = re.findall(r'<tr class="sim-reference" data-exercise="(\w+)" '
                      r'data-student="(\w+)" data-similarity="([\d.]+)"', dom)
    check(near == [("warp_scan", "student09", "0.93")], f"close to the reference: {near}")
    check('<p class="sim-none" data-exercise="transpose">' in dom,
          "an exercise without flagged pairs says so")
    check("at or above 0.75" in dom and "at or above 0.90" in dom,
          "the section names its thresholds")
    check(not re.search(r'(src|href)="(https?:)?//', dom), "nothing loaded from the network")

    check(os.path.isfile(shot) and os.path.getsize(shot) > 10000, "a screenshot was written")
    if os.path.isfile(shot):
        width, height, bpp, pixels = png_pixels(shot)
        seen = set()
        for row in pixels[::2]:
            for x in range(0, width * bpp, bpp * 2):
                seen.add(row[x:x + 3])
        for name, colour in (("AC", "2e7d32"), ("WA", "c62828"), ("bins", "1565c0")):
            check(bytes.fromhex(colour) in seen, f"the {name} colour #{colour} is drawn")
    return shot


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--keep")
    o = parser.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("SKIP: no chromium (apt-get install -y chromium)")
        return 77
    sys.path.insert(0, os.path.abspath(o.root))
    from cudajudge_cli.grading import exporters

    work = o.keep or tempfile.mkdtemp(prefix="cudajudge-report-")
    try:
        shot = render_and_check(work, browser, exporters)
    finally:
        if not o.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"report test: {len(failures)} failures; screenshot {shot}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
