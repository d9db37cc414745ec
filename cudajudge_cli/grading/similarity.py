"""cudajudge_cli.grading.similarity: which submissions of a class look copied.

`judge.py grade ROSTER --similarity [--out DIR] [--threshold T]` compares, exercise by exercise, every
student's file with every other one and with the reference solution, using Dolos
(Ghent University's plagiarism detector, its library @dodona/dolos-lib on Node 18+),
with the exercise's template as the shared base so that starter code does not count.
It writes DIR/similarity.json and DIR/similarity.txt, lists the pairs whose
similarity (0..1) is at or above the threshold and the submissions at or above it
against the reference, and, where DIR holds grading records, adds to each record a
`similarity` object (an added field of cudajudge-grade/1) and writes DIR/report.html
again with a similarity section (similarity_report.py).

Dolos is optional: grading never needs it. It is looked for in $CUDAJUDGE_DOLOS_DIR,
BUILD/dolos and ~/.cache/cudajudge/dolos (each a folder where `npm install --prefix
FOLDER @dodona/dolos-lib` was run); without it (or without node) this says how to
install it and exits 2, and nothing else changes. Which files are compared follows
docs/grading.md's roster rules (`<id>.cu` or an alias, in the student's folder or in
its exercises/ folder, exactly one).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from cudajudge_cli.core.texts import tr

from . import grader
from .roster import find_submissions, list_students
from .store import write_atomically

DEFAULT_THRESHOLD = 0.8


class SimilarityUnavailable(Exception):
    pass


# The few lines of JavaScript that run Dolos: stdin {"lib", "groups": [{"files",
# "template"}]}, stdout {"groups": [[{"left", "right", "similarity", "longest"}]]}.
RUNNER_JS = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const job = JSON.parse(readFileSync(0, "utf8"));
const { Dolos } = await import(pathToFileURL(job.lib).href);
const groups = [];
for (const group of job.groups) {
  if (group.files.length < 2) { groups.push([]); continue; }
  const dolos = new Dolos({ language: "cpp" });
  const report = await dolos.analyzePaths(group.files, group.template || undefined);
  groups.push(report.allPairs().map(p => ({
    left: p.leftFile.path, right: p.rightFile.path, similarity: p.similarity,
    longest: p.longest })));
}
process.stdout.write(JSON.stringify({ groups }));
"""


def default_folder():
    return os.path.join(os.path.expanduser("~"), ".cache", "cudajudge", "dolos")


def dolos_places(build):
    places = []
    if os.environ.get("CUDAJUDGE_DOLOS_DIR"):
        places.append(os.environ["CUDAJUDGE_DOLOS_DIR"])
    places += [os.path.join(build, "dolos"), default_folder()]
    return places


def find_dolos(build):
    """(node, path of dolos-lib's index.js); SimilarityUnavailable saying how to install."""
    node = shutil.which("node") or shutil.which("nodejs")
    found = "none"
    if node:
        done = subprocess.run([node, "--version"], stdout=subprocess.PIPE, text=True)
        found = done.stdout.strip() or "?"
        try:
            major = int(found.lstrip("v").split(".")[0])
        except ValueError:
            major = 0
        if major < 18:
            node = None
    if not node:
        raise SimilarityUnavailable(tr("sim_no_node", found=found, folder=default_folder()))
    places = dolos_places(build)
    for place in places:
        lib = os.path.join(place, "node_modules", "@dodona", "dolos-lib", "dist", "index.js")
        if os.path.exists(lib):
            return node, lib
    raise SimilarityUnavailable(tr("sim_no_dolos", places=", ".join(places),
                                   folder=default_folder()))


def run_dolos(node, lib, groups):
    """Runs Dolos over each group ({"files": [...], "template": path or None})."""
    with tempfile.NamedTemporaryFile("w", suffix=".mjs", delete=False) as f:
        f.write(RUNNER_JS)
        script = f.name
    try:
        done = subprocess.run([node, script], input=json.dumps({"lib": lib, "groups": groups}),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        os.unlink(script)
    if done.returncode != 0:
        raise RuntimeError(tr("sim_dolos_failed", exercise="?", code=done.returncode,
                              error=done.stderr.strip()[-1500:]))
    return json.loads(done.stdout)["groups"]


# ---------------------------------------------------------------------------
# Which files
# ---------------------------------------------------------------------------


def exercise_files(roster, problems):
    """{exercise id: {student: path}} by docs/grading.md's roster rule (the file grade
    would judge, when there is one)."""
    ids = [p["id"] for p in problems]
    aliases = {p["id"]: p.get("aliases") or [] for p in problems}
    found, _ = find_submissions(roster, list_students(roster), ids, aliases, "en")
    files = {pid: {} for pid in ids}
    for (student, pid), sub in found.items():
        if sub.path and not os.path.islink(os.path.join(roster, sub.file)):
            files[pid][student] = sub.path
    return files


def analyze(root, build, roster, problems, threshold=DEFAULT_THRESHOLD,
            reference_threshold=None):
    """The similarity result: per exercise, the flagged pairs and reference matches."""
    node, lib = find_dolos(build)
    reference_threshold = threshold if reference_threshold is None else reference_threshold
    files = exercise_files(roster, problems)
    groups = []
    order = []
    for problem in problems:
        pid = problem["id"]
        chosen = files.get(pid) or {}
        paths = [chosen[s] for s in sorted(chosen)]
        reference = os.path.join(root, "reference", pid + ".cu")
        if os.path.exists(reference):
            paths.append(reference)
        template = os.path.join(root, "templates", pid + ".cu")
        groups.append({"files": paths,
                       "template": template if os.path.exists(template) else None})
        order.append((pid, chosen, reference))
    answers = run_dolos(node, lib, groups)
    result = {"threshold": threshold, "reference_threshold": reference_threshold,
              "tool": "dolos", "exercises": {}}
    for (pid, chosen, reference), pairs in zip(order, answers):
        who = {os.path.realpath(p): s for s, p in chosen.items()}
        ref = os.path.realpath(reference)
        flagged, near_reference, best = [], [], {}
        for pair in pairs:
            left, right = os.path.realpath(pair["left"]), os.path.realpath(pair["right"])
            if left == right:
                continue
            score = round(float(pair["similarity"]), 4)
            if ref in (left, right):
                student = who.get(right if left == ref else left)
                if student is None:
                    continue
                best.setdefault(student, {})["reference"] = score
                if score >= reference_threshold:
                    near_reference.append({"student": student, "similarity": score})
                continue
            a, b = sorted((who.get(left), who.get(right)))
            if a is None or b is None:
                continue
            for s, other in ((a, b), (b, a)):
                entry = best.setdefault(s, {})
                if score > entry.get("max", -1):
                    entry["max"], entry["closest"] = score, other
            if score >= threshold:
                flagged.append({"students": [a, b], "similarity": score,
                                "longest": pair.get("longest")})
        flagged.sort(key=lambda p: (-p["similarity"], p["students"]))
        near_reference.sort(key=lambda p: (-p["similarity"], p["student"]))
        result["exercises"][pid] = {"compared": len(chosen), "pairs": flagged,
                                    "near_reference": near_reference, "per_student": best}
    return result


def report_text(result, lang="en"):
    lines = [tr("sim_header", lang, threshold=result["threshold"])]
    for pid, ex in sorted(result["exercises"].items()):
        if not ex["compared"]:
            continue
        lines.append(tr("sim_compared", lang, exercise=pid, n=ex["compared"]))
        for p in ex["pairs"]:
            lines.append(tr("sim_pair", lang, exercise=pid, a=p["students"][0], b=p["students"][1],
                            score="%.2f" % p["similarity"]))
        for p in ex["near_reference"]:
            lines.append(tr("sim_reference", lang, exercise=pid, a=p["student"],
                            score="%.2f" % p["similarity"]))
        if not ex["pairs"] and not ex["near_reference"]:
            lines.append(tr("sim_none", lang))
    return "\n".join(lines) + "\n"


def annotate_records(out, result):
    """Adds `similarity` to each stored record of DIR/records (and rewrites
    results.jsonl from them) where a grade run left them."""
    records_dir = os.path.join(out, "records")
    if not os.path.isdir(records_dir):
        return 0
    count = 0
    for pid, ex in result["exercises"].items():
        for student in os.listdir(records_dir):
            path = os.path.join(records_dir, student, pid + ".json")
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                record = json.load(f)
            mine = ex["per_student"].get(student, {})
            record["similarity"] = {
                "tool": "dolos", "threshold": result["threshold"],
                "max": mine.get("max"), "closest": mine.get("closest"),
                "reference": mine.get("reference"),
                "flagged": [p for p in ex["pairs"] if student in p["students"]],
                "near_reference": any(p["student"] == student for p in ex["near_reference"])}
            write_json(path, record)
            count += 1
    results = os.path.join(out, "results.jsonl")
    if os.path.exists(results) and count:
        from .platforms import slurm
        with open(results + ".part", "w", encoding="utf-8") as f:
            for r in slurm.all_records(records_dir):
                f.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
        os.replace(results + ".part", results)
    return count


def write_json(path, value):
    write_atomically(path, json.dumps(value, indent=1, ensure_ascii=False) + "\n")


def catalog_problems(engine, ids=None):
    catalog = {p["id"]: p for p in engine.catalog()}
    if ids:
        return [catalog.get(i, {"id": i}) for i in ids]
    return [catalog[i] for i in sorted(catalog)]


def add_arguments(parser):
    parser.add_argument("--similarity", action="store_true", help=tr("sim_h_similarity"))
    parser.add_argument("--threshold", type=float, default=None, help=tr("sim_h_threshold"))


def thresholds(policy, given=None):
    """(pair threshold, reference threshold): the policy's similarity.threshold and
    similarity.reference_threshold (0.8 each without a policy); --threshold (given)
    overrides both."""
    if given is not None:
        return given, given
    section = (policy or {}).get("similarity") or {}
    threshold = float(section.get("threshold", DEFAULT_THRESHOLD))
    return threshold, float(section.get("reference_threshold", threshold))


def run(options):
    lang = getattr(options, "lang", None) or "en"
    engine = grader.open_engine(lang)
    policy = engine.policy(options.policy) if getattr(options, "policy", None) else None
    threshold, reference_threshold = thresholds(policy, options.threshold)
    ids = [e["id"] for e in (policy or {}).get("exercises") or []] or None
    try:
        result = analyze(engine.ws.root, engine.ws.build, options.roster,
                         catalog_problems(engine, ids), threshold, reference_threshold)
    except SimilarityUnavailable as err:
        print(err, file=sys.stderr)
        return 2
    out = getattr(options, "out", None) or "grades"
    os.makedirs(out, exist_ok=True)
    write_json(os.path.join(out, "similarity.json"), result)
    report = report_text(result, lang)
    with open(os.path.join(out, "similarity.txt"), "w", encoding="utf-8") as f:
        f.write(report)
    annotate_records(out, result)
    from . import exporters  # report.html gets the similarity section
    exporters.refresh_report(out)
    sys.stdout.write(report)
    return 0
