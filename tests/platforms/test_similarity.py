"""Similarity with Dolos (meson suite `platforms`): planted near-copies are flagged
(in similarity.json, the records and report.html's similarity section),
independent solutions are not.

A class of six: for block_reduce_sum, ana's accepted file, ben's copy of it with
every name changed, the comments rewritten and the lines re-indented, and cat's
independent solution; dan's file is the reference solution with its names
changed (close to the reference). For warp_scan, eve and fay hand in a renamed
pair and gus an independent scan. Expected: exactly the pairs ana-ben and eve-fay
flagged, dan (and no one else) near the reference, and grading records annotated.
Exits 77 (skip) without Node 18+ and @dodona/dolos-lib (see docs/platforms.md);
then it also checks that --similarity says how to install them.

    python3 tests/platforms/test_similarity.py --root SRC --build BUILD
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import checkout

ARGS = None


def renamed(source, names):
    """The source with identifiers renamed, comments replaced and tabs made spaces."""
    body = re.sub(r"//[^\n]*", "// my own work", source)
    body = re.sub(r"/\*.*?\*/", "/* written by me */", body, flags=re.S)
    for old, new in names.items():
        body = re.sub(r"\b%s\b" % re.escape(old), new, body)
    return body.replace("\t", "    ")


def identifiers(source):
    """Local names worth renaming: declared variables (not CUDA or C names)."""
    keep = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "int", "float",
            "unsigned", "const", "return", "for", "if", "else", "while", "void", "v",
            "__device__", "__shared__", "__syncthreads", "__shfl_up_sync", "__shfl_down_sync",
            "__shfl_xor_sync", "__shfl_sync", "block_reduce_sum", "warp_inclusive_scan"}
    found = re.findall(r"\b(?:int|float|unsigned)\s+(\w+)", source)
    return {n: "q_%s_renamed" % n for n in dict.fromkeys(found) if n not in keep}


def read(*parts):
    with open(os.path.join(ARGS.root, *parts), encoding="utf-8") as f:
        return f.read()


def write(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)


def make_class(roster):
    subs = ("tests", "submissions")
    brs = read(*subs, "block_reduce_sum", "accepted", "shared_tree.cu")
    write(os.path.join(roster, "ana", "block_reduce_sum.cu"), brs)
    write(os.path.join(roster, "ben", "block_reduce_sum.cu"), renamed(brs, identifiers(brs)))
    write(os.path.join(roster, "cat", "exercises", "block_reduce_sum.cu"),
          read(*subs, "block_reduce_sum", "accepted", "shuffle_slots.cu"))
    ref = read("reference", "block_reduce_sum.cu")
    write(os.path.join(roster, "dan", "block_reduce_sum.cu"), renamed(ref, identifiers(ref)))
    scan = read(*subs, "warp_scan", "accepted", "shfl_up_loop.cu")
    write(os.path.join(roster, "eve", "warp_scan.cu"), scan)
    write(os.path.join(roster, "fay", "warp_scan.cu"), renamed(scan, identifiers(scan)))
    write(os.path.join(roster, "gus", "warp_scan.cu"),
          read(*subs, "warp_scan", "accepted", "shfl_up_unrolled.cu"))


def run_similarity(roster, out, env):
    return subprocess.run([sys.executable, os.path.join(ARGS.root, "judge.py"), "grade", roster,
                           "--out", out, "--similarity", "--threshold", "0.75"],
                          cwd=ARGS.root, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)


def main():
    global ARGS
    ARGS = checkout.absolute(checkout.parser().parse_args())
    sys.path.insert(0, ARGS.root)
    from cudajudge_cli.grading import similarity
    tmp = tempfile.mkdtemp(prefix="cudajudge-similarity-test-")
    try:
        roster = os.path.join(tmp, "roster")
        make_class(roster)
        env = dict(os.environ, CUDAJUDGE_ROOT=ARGS.root, CUDAJUDGE_BUILD=ARGS.build,
                   PYTHONDONTWRITEBYTECODE="1")
        try:
            similarity.find_dolos(ARGS.build)
        except similarity.SimilarityUnavailable:
            # Without Dolos: the command says how to install it, and exits 2.
            done = run_similarity(roster, os.path.join(tmp, "out"),
                                  dict(env, PATH="/nonexistent", CUDAJUDGE_DOLOS_DIR=tmp))
            assert done.returncode == 2 and "npm install" in done.stderr, done.stderr
            print("SKIP: Node 18+ or @dodona/dolos-lib is not installed")
            return 77
        # Records from a grade run are annotated and its report.html is written again
        # with a similarity section: stand-ins of that shape.
        out = os.path.join(tmp, "out")
        stand_ins = []
        for student, ex in (("ana", "block_reduce_sum"), ("ben", "block_reduce_sum")):
            stand_ins.append({"schema": "cudajudge-grade/1", "student": student,
                              "exercise": ex, "verdict": "AC", "cases": [],
                              "score": {"points": 10, "max": 10, "explain": "all cases"}})
            write(os.path.join(out, "records", student, ex + ".json"),
                  json.dumps(stand_ins[-1]))
        write(os.path.join(out, "results.jsonl"),
              "".join(json.dumps(r) + "\n" for r in stand_ins))
        write(os.path.join(out, "run.json"), json.dumps({
            "policy": {"language": "en"}, "policy_sha256": "0" * 64,
            "engine": {"version": "test"}, "students": ["ana", "ben"], "ignored": [],
            "exercises": [{"id": "block_reduce_sum", "points": 10, "performance": 0}],
            "backend": "emu"}))
        done = run_similarity(roster, out, env)
        print(done.stdout, done.stderr)
        assert done.returncode == 0, done.stderr
        with open(os.path.join(out, "similarity.json")) as f:
            result = json.load(f)
        for ex, ok in (("block_reduce_sum", [["ana", "ben"]]), ("warp_scan", [["eve", "fay"]])):
            pairs = [p["students"] for p in result["exercises"][ex]["pairs"]]
            scores = result["exercises"][ex]["per_student"]
            print(ex, "flagged:", pairs, "closest per student:", json.dumps(scores))
            assert pairs == ok, "%s: flagged %r, expected %r" % (ex, pairs, ok)
        near = [p["student"] for p in result["exercises"]["block_reduce_sum"]["near_reference"]]
        assert near == ["dan"], "near the reference: %r" % near
        with open(os.path.join(out, "records", "ben", "block_reduce_sum.json")) as f:
            record = json.load(f)
        assert record["similarity"]["closest"] == "ana" and record["similarity"]["flagged"], \
            record
        with open(os.path.join(out, "records", "ana", "block_reduce_sum.json")) as f:
            assert json.load(f)["verdict"] == "AC", "the record's own fields stay"
        with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
            page = f.read()
        shown = re.findall(r'<tr class="sim-pair" data-exercise="(\w+)" data-students="([\w ]+)"',
                           page)
        assert ("block_reduce_sum", "ana ben") in shown and \
            ("warp_scan", "eve fay") in shown, "report.html's flagged pairs: %r" % shown
        assert re.search(r'<tr class="sim-reference" data-exercise="block_reduce_sum" '
                         r'data-student="dan"', page), "report.html: dan near the reference"
        print("PASS")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
