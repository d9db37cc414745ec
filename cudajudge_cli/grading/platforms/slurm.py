"""cudajudge_cli.grading.platforms.slurm: grading a class on a Slurm cluster, through
Slurm.

`judge.py grade ROSTER --slurm --out DIR [--partition P] [--gres gpu:1]
[--max-running N] [--shards N] [--dry-run]` writes two batch scripts into DIR/slurm/
and submits them with sbatch:

    grade.sbatch    a job array, task I of N grades shard I of the roster
                    (`judge.py grade --shard I/N`: the students whose position in the
                    sorted roster is I modulo N) into DIR/shards/I
    collect.sbatch  --dependency=afterok:<array>: `judge.py grade --collect DIR`
                    copies every shard's records into DIR/records and writes the
                    exports (results.jsonl, grades.csv, junit.xml, report.html) with
                    `judge.py grade --export-only`

Both run `python3` as the job finds it on the node (the submitting shell's PATH, which
sbatch passes on; CUDAJUDGE_PYTHON overrides it): no interpreter path of the machine
that wrote the scripts is baked in, and everything the job starts runs with the python
that runs the grade.

DIR must be on a file system every node sees (the repository and its build too:
build the judge once before submitting). A shard is idempotent: `grade` keeps one
record per student and exercise and judges again only what is missing or
outdated, so a task that is requeued (`scontrol requeue`) or run twice redoes
nothing it finished. Each shard writes its own folder, so no two tasks ever share a
lock or a file. `judge.py grade --status DIR` says how far a batch is, from the
records on disk and, where squeue answers, the jobs' states.
"""

import datetime
import json
import os
import shlex
import shutil
import subprocess
import sys

from cudajudge_cli.core.texts import tr

from ..roster import list_students
from ..store import write_atomically
from . import base

BATCH_FILE = "batch.json"


class SlurmError(Exception):
    """A usage or environment problem, said to the instructor (exit 2)."""


# ---------------------------------------------------------------------------
# Shards
# ---------------------------------------------------------------------------


def parse_shard(spec):
    """'I/N' -> (I, N); the hook for `grade --shard I/N`."""
    try:
        index, count = (int(x) for x in str(spec).split("/"))
    except ValueError:
        raise SlurmError(tr("slurm_bad_shard", spec=spec))
    if count < 1 or not 0 <= index < count:
        raise SlurmError(tr("slurm_bad_shard", spec=spec))
    return index, count


def shard_students(students, spec):
    """The students of shard I of N: position in the sorted list modulo N. The hook
    `grade --shard I/N` filters its students with this."""
    index, count = parse_shard(spec)
    return [s for i, s in enumerate(sorted(students)) if i % count == index]


# ---------------------------------------------------------------------------
# The scripts
# ---------------------------------------------------------------------------


def q(value):
    return shlex.quote(str(value))


def script_header(name, out, options, array=None):
    lines = ["#!/bin/bash", "#SBATCH --job-name=%s" % name]
    if array:
        lines.append("#SBATCH --array=%s" % array)
        lines.append("#SBATCH --output=%s" % os.path.join(out, "slurm", "logs", "shard-%a.out"))
        lines.append("#SBATCH --requeue")
    else:
        lines.append("#SBATCH --output=%s" % os.path.join(out, "slurm", "logs", "collect.out"))
    lines.append("#SBATCH --open-mode=append")
    if options.get("partition"):
        lines.append("#SBATCH --partition=%s" % options["partition"])
    if array and options.get("gres"):
        lines.append("#SBATCH --gres=%s" % options["gres"])
    if options.get("time"):
        lines.append("#SBATCH --time=%s" % options["time"])
    if options.get("cpus"):
        lines.append("#SBATCH --cpus-per-task=%d" % options["cpus"])
    return lines


def make_scripts(batch):
    """(grade.sbatch, collect.sbatch) for a batch description (batch.json)."""
    out, root = batch["out"], batch["root"]
    shards = batch["shards"]
    array = "0-%d" % (shards - 1)
    if batch.get("max_running"):
        array += "%%%d" % batch["max_running"]
    common = "\n".join([
        "set -euo pipefail",
        "# the judge is built once, before submitting; every node reads the same build",
        "export CUDAJUDGE_ROOT=%s" % q(root), "export CUDAJUDGE_BUILD=%s" % q(batch["build"]),
        "# the python on this node's PATH (sbatch passes on the submitting shell's)",
        'PYTHON="${CUDAJUDGE_PYTHON:-python3}"',
        "cd %s" % q(root)])
    grade = script_header("cudajudge-grade", out, batch, array)
    grade += [
        "# shard $SLURM_ARRAY_TASK_ID of %d; a requeued or repeated task redoes nothing "
        "finished" % shards, common]
    argv = ['"$PYTHON"', "judge.py", "grade", q(batch["roster"]), "--out",
            q(os.path.join(out, "shards")) + '/"$SLURM_ARRAY_TASK_ID"',
            "--shard", '"$SLURM_ARRAY_TASK_ID/%d"' % shards]
    if batch.get("policy"):
        argv += ["--policy", q(batch["policy"])]
    argv += [q(a) for a in batch.get("grade_args") or []]
    grade.append("exec " + " ".join(argv))
    grade.append("")
    collect = script_header("cudajudge-collect", out, batch)
    collect += [
        "# runs after every task of the array ended well (--dependency=afterok)", common,
        'exec "$PYTHON" judge.py grade --collect %s' % q(os.path.join(out, BATCH_FILE)), ""]
    return "\n".join(grade), "\n".join(collect)


def new_batch(roster, out, policy=None, partition=None, gres=None, max_running=None,
              shards=None, grade_args=(), time_limit=None, cpus=None):
    roster = os.path.abspath(roster)
    out = os.path.abspath(out)
    students = list_students(roster)
    if not students:
        raise SlurmError(tr("slurm_no_students", roster=roster))
    root, build = base.where()
    count = min(len(students), shards or min(len(students), 64))
    return {"format": "cudajudge-slurm/1", "roster": roster, "out": out,
            "policy": os.path.abspath(policy) if policy else None,
            "root": root, "build": build,
            "partition": partition, "gres": gres, "max_running": max_running,
            "time": time_limit, "cpus": cpus,
            "shards": count, "students": students, "grade_args": list(grade_args),
            "created_at": _now(), "jobs": {}}


def _now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def save_batch(batch):
    folder = os.path.join(batch["out"], "slurm")
    os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
    write_json(os.path.join(batch["out"], BATCH_FILE), batch)
    grade, collect = make_scripts(batch)
    paths = []
    for name, body in (("grade.sbatch", grade), ("collect.sbatch", collect)):
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        os.chmod(path, 0o755)
        paths.append(path)
    return paths


def write_json(path, value):
    write_atomically(path, json.dumps(value, indent=1, ensure_ascii=False) + "\n")


def load_batch(path):
    if os.path.isdir(path):
        path = os.path.join(path, BATCH_FILE)
    if not os.path.exists(path):
        out = os.path.dirname(path)
        raise SlurmError(tr("slurm_not_a_batch", out=out, file=BATCH_FILE))
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def sbatch(script, env, extra=()):
    done = subprocess.run(["sbatch", "--parsable"] + list(extra) + [script], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise SlurmError(tr("slurm_sbatch_failed", script=script, code=done.returncode,
                            error=done.stderr.strip(), folder=os.path.dirname(script)))
    return done.stdout.strip().split(";")[0]


def submit(batch, dry_run=False, lang="en", stream=None):
    """Writes the scripts; submits them unless dry_run (then prints them). Returns 0."""
    stream = stream or sys.stdout
    grade_path, collect_path = save_batch(batch)
    if dry_run:
        for path in (grade_path, collect_path):
            with open(path, encoding="utf-8") as f:
                stream.write("# ---- %s\n%s\n" % (path, f.read()))
        stream.write(tr("slurm_submit_hint", lang, grade=grade_path, collect=collect_path) + "\n")
        return 0
    if shutil.which("sbatch") is None:
        raise SlurmError(tr("slurm_no_sbatch", lang))
    env = dict(os.environ)
    array = sbatch(grade_path, env)
    collect = sbatch(collect_path, env, ["--dependency=afterok:%s" % array])
    batch["jobs"] = {"array": array, "collect": collect, "submitted_at": _now()}
    write_json(os.path.join(batch["out"], BATCH_FILE), batch)
    stream.write(tr("slurm_submitted", lang, array=array, collect=collect, shards=batch["shards"],
                    students=len(batch["students"]), out=batch["out"]) + "\n")
    return 0


# ---------------------------------------------------------------------------
# In the jobs: one shard, then the collection
# ---------------------------------------------------------------------------


def shard_dir(batch, index):
    return os.path.join(batch["out"], "shards", str(index))


def run_collect(batch):
    """Merges every shard's records into DIR/records and writes the exports."""
    out = batch["out"]
    merged = os.path.join(out, "records")
    for index in range(batch["shards"]):
        source = os.path.join(shard_dir(batch, index), "records")
        if not os.path.isdir(source):
            continue
        for student in sorted(os.listdir(source)):
            sfolder = os.path.join(source, student)
            if not os.path.isdir(sfolder):
                continue
            for name in sorted(os.listdir(sfolder)):
                if name.endswith(".json"):
                    with open(os.path.join(sfolder, name), encoding="utf-8") as f:
                        record = json.load(f)
                    write_json(os.path.join(merged, student, name), record)
    root, build = batch["root"], batch["build"]
    env = base.judge_env(root, build, os.path.join(out, ".state"))
    argv = base.grade_argv(root) + [batch["roster"], "--out", out, "--export-only"]
    if batch.get("policy"):
        argv += ["--policy", batch["policy"]]
    code = subprocess.call(argv, cwd=root, env=env)
    write_json(os.path.join(out, "slurm", "collected.json"),
               {"collected_at": _now(), "exit": code})
    return code


def all_records(folder):
    records = []
    if os.path.isdir(folder):
        for student in sorted(os.listdir(folder)):
            records += base.read_records(os.path.join(folder, student))
    records.sort(key=lambda r: (r.get("student", ""), r.get("exercise", "")))
    return records


# ---------------------------------------------------------------------------
# How far a batch is
# ---------------------------------------------------------------------------


def job_states(job_id):
    """{array task id or job id: state} from squeue, {} where it cannot say."""
    if not job_id or shutil.which("squeue") is None:
        return {}
    done = subprocess.run(["squeue", "-h", "-r", "-j", str(job_id), "-o", "%i %T"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    states = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            states[parts[0]] = parts[1]
    return states


def status(batch, lang="en", stream=None):
    """Prints how far a batch is; returns 0 when collected, 1 while not."""
    stream = stream or sys.stdout
    exercises = None
    policy_path = batch.get("policy")
    if policy_path and os.path.exists(policy_path):
        try:
            policy = base.load_policy(policy_path, lang)
            exercises = len((policy or {}).get("exercises") or []) or None
        except Exception:
            exercises = None
    array = (batch.get("jobs") or {}).get("array")
    states = job_states(array)
    total_done = total_all = 0
    for index in range(batch["shards"]):
        students = shard_students(batch["students"], "%d/%d" % (index, batch["shards"]))
        records = all_records(os.path.join(shard_dir(batch, index), "records"))
        done = sum(1 for r in records if r.get("verdict") != "JE")
        je = len(records) - done
        total = len(students) * exercises if exercises else max(len(records), len(students))
        total_done += done
        total_all += total
        state = states.get("%s_%d" % (array, index)) if array else None
        stream.write(tr("slurm_status_line", lang, index=index, done=done, total=total,
                        je=tr("slurm_je_note", lang, n=je) if je else "",
                        state=" [%s]" % state if state else "") + "\n")
    collected = os.path.exists(os.path.join(batch["out"], "slurm", "collected.json"))
    pct = int(100 * total_done / total_all) if total_all else 0
    stream.write(tr("slurm_status_total", lang, done=total_done, total=total_all, pct=pct,
                    collected=tr("slurm_yes" if collected else "slurm_no", lang)) + "\n")
    return 0 if collected else 1


# ---------------------------------------------------------------------------
# Command lines
# ---------------------------------------------------------------------------


def add_arguments(parser):
    """The options `judge.py grade` takes for Slurm (the hook adds these)."""
    parser.add_argument("--slurm", action="store_true", help=tr("slurm_h_slurm"))
    parser.add_argument("--partition", help=tr("slurm_h_partition"))
    parser.add_argument("--gres", help=tr("slurm_h_gres"))
    parser.add_argument("--max-running", type=int, metavar="N", help=tr("slurm_h_max_running"))
    parser.add_argument("--shards", type=int, metavar="N", help=tr("slurm_h_shards"))
    parser.add_argument("--dry-run", action="store_true", help=tr("slurm_h_dry_run"))
    parser.add_argument("--collect", metavar="BATCH", help=tr("slurm_h_collect"))
    parser.add_argument("--time", dest="slurm_time", metavar="LIMIT", help=tr("slurm_h_time"))


def run_submit(options, grade_args=()):
    """The `grade ROSTER --slurm` hook: options.roster, options.out, options.policy."""
    if not options.out:
        raise SlurmError(tr("slurm_need_out", getattr(options, "lang", None) or "en"))
    batch = new_batch(options.roster, options.out, getattr(options, "policy", None),
                      options.partition, options.gres, options.max_running,
                      getattr(options, "shards", None), grade_args,
                      getattr(options, "slurm_time", None))
    return submit(batch, options.dry_run, getattr(options, "lang", None) or "en")
