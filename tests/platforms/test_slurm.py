"""Grading through a real Slurm cluster (meson suite `slurm`).

Starts a single-node cluster in a temporary folder (slurm_cluster.py: munged,
slurmctld and slurmd on localhost), submits a small roster with the Slurm
exporter (a job array of shards, then a collect job with afterok), and checks that
the merged records equal those of a local grade run with the same policy and
seeds; then requeues a finished task and checks that it redid nothing. Every
daemon it started is stopped, also when a check fails. Exits 77 (skip) unless run
as root with slurm-wlm and munge installed (`.ci/run` installs them).

    python3 tests/platforms/test_slurm.py --root SRC --build BUILD [--keep]

The array's `scontrol show job` is printed (and written to BUILD/slurm-array.txt).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checkout  # noqa: E402
import slurm_cluster  # noqa: E402

ARGS = None
JUDGE = None  # python3 judge.py of the checkout under test
VOLATILE = ("judged_at", "seconds", "phases_s", "gpu")
POLICY = {"course": "slurm test", "seed": 777,
          "exercises": [{"id": "warp_scan", "points": 10, "correctness": "per_case"},
                        {"id": "smem_reverse", "points": 5}]}
ROSTER = {  # student -> {file name in the roster: corpus file}
    "ada": {"warp_scan.cu": "warp_scan/accepted/shfl_up_loop.cu",
            "smem_reverse.cu": "smem_reverse/accepted/*"},
    "bo": {"warp_scan.cu": "warp_scan/wrong_answer/shfl_down.cu"},
    "cy": {"exercises/warp_scan.cu": "warp_scan/compile_error/missing_semicolon.cu"},
    "di": {"warp_scan.cu": "warp_scan/accepted/shfl_up_unrolled.cu"},
}


def make_roster(root, folder):
    import glob
    for student, files in ROSTER.items():
        for name, source in files.items():
            matches = sorted(glob.glob(os.path.join(root, "tests", "submissions", source)))
            assert matches, source
            target = os.path.join(folder, student, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(matches[0], target)


def comparable(records):
    out = {}
    for r in records:
        kept = {k: v for k, v in r.items() if k not in VOLATILE}
        if isinstance(kept.get("rules"), dict):  # how long the check took, and its cache
            kept["rules"] = {k: v for k, v in kept["rules"].items()
                             if k not in ("cached", "seconds")}
        if isinstance(kept.get("engine"), dict):  # git describe turns -dirty when the tree
            kept["engine"] = {"fingerprint": kept["engine"].get("fingerprint")}  # is edited
        out[(r["student"], r["exercise"])] = kept
    return out


def read_tree(folder):
    sys.path.insert(0, ARGS.root)
    from cudajudge_cli.grading.platforms import slurm
    return slurm.all_records(folder)


def local_records(env, roster, policy, out):
    """The same roster graded here, without Slurm."""
    subprocess.run(JUDGE + ["grade", roster, "--policy", policy, "--out", out], cwd=ARGS.root,
                   env=env, check=False)
    return read_tree(os.path.join(out, "records"))


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok:", what)


def run_test(cluster, tmp):
    roster = os.path.join(tmp, "roster")
    make_roster(ARGS.root, roster)
    policy = os.path.join(tmp, "policy.yaml")
    with open(policy, "w") as f:
        json.dump(POLICY, f)
    out = os.path.join(tmp, "graded")
    env = dict(cluster.env, CUDAJUDGE_ROOT=ARGS.root, CUDAJUDGE_BUILD=ARGS.build,
               PYTHONDONTWRITEBYTECODE="1", CUDAJUDGE_STATE=os.path.join(tmp, "state"))
    done = subprocess.run(JUDGE + ["grade", roster, "--slurm", "--out", out, "--policy", policy,
                                   "--shards", "3", "--max-running", "2"], cwd=ARGS.root,
                          env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(done.stdout)
    check(done.returncode == 0, "submit exits 0")
    with open(os.path.join(out, "batch.json")) as f:
        jobs = json.load(f)["jobs"]
    for name in ("grade.sbatch", "collect.sbatch"):
        with open(os.path.join(out, "slurm", name)) as f:
            script = f.read()
        check(sys.executable not in script and 'exec "$PYTHON" judge.py grade' in script,
              "%s runs the python the node finds, no path of this machine baked in" % name)
    states = cluster.wait_done([jobs["array"], jobs["collect"]], timeout=600)
    shown = cluster.run(["scontrol", "show", "job", jobs["array"]], check=False)
    print(shown)
    with open(os.path.join(ARGS.build, "slurm-array.txt"), "w") as f:
        f.write(shown)
    check(all(s == "COMPLETED" for s in states.values()), "every job COMPLETED: %r" % states)
    for name in ("results.jsonl", "grades.csv", "junit.xml", "report.html"):
        check(os.path.exists(os.path.join(out, name)), "the collect job wrote " + name)
    merged = comparable(read_tree(os.path.join(out, "records")))
    status = subprocess.run(JUDGE + ["grade", "--status", out], cwd=ARGS.root, env=env,
                            stdout=subprocess.PIPE, text=True)
    print(status.stdout)
    check(status.returncode == 0 and "collected: yes" in status.stdout, "status: collected")
    local = comparable(local_records(dict(env), roster, policy, os.path.join(tmp, "local")))
    check(sorted(merged) == sorted(local) and len(merged) == 2 * len(ROSTER),
          "a record per student and exercise, as locally: %r" % sorted(merged))
    for key in sorted(local):
        differ = sorted(k for k in set(merged[key]) | set(local[key])
                        if merged[key].get(k) != local[key].get(k))
        for k in differ:
            print("differs: %s %s: cluster %r, local %r" % (key, k, merged[key].get(k),
                                                          local[key].get(k)))
        check(not differ, "%s/%s equals the local record (verdict %s)" % (
            key[0], key[1], local[key].get("verdict")))
    verdicts = {k: v.get("verdict") for k, v in merged.items()}
    check(verdicts[("ada", "warp_scan")] == "AC" and verdicts[("bo", "warp_scan")] == "WA"
          and verdicts[("cy", "warp_scan")] == "CE", "the expected verdicts: %r" % verdicts)
    # A requeued task redoes nothing it finished.
    shard0 = os.path.join(out, "shards", "0", "records")
    before = {p: os.stat(p).st_mtime_ns for p in _files(shard0)}
    cluster.run(["scontrol", "requeue", "%s_0" % jobs["array"]])
    # Slurm holds a requeued job back for about two minutes (its begin time);
    # a test need not wait for that
    cluster.run(["scontrol", "update", "JobId=%s_0" % jobs["array"], "StartTime=now"],
                check=False)
    time.sleep(2)
    cluster.wait_done([jobs["array"]], timeout=300)
    after = {p: os.stat(p).st_mtime_ns for p in _files(shard0)}
    restarts = cluster.run(["scontrol", "-o", "show", "job", "%s_0" % jobs["array"]])
    with open(os.path.join(ARGS.build, "slurm-array.txt"), "a") as f:
        f.write("\n# after scontrol requeue %s_0:\n%s" % (jobs["array"], restarts))
    check("Restarts=1" in restarts, "the task ran again after scontrol requeue")
    check(before == after and before, "the requeued shard rewrote no record")


def _files(folder):
    found = []
    for dirpath, _, names in os.walk(folder):
        found += [os.path.join(dirpath, n) for n in names if n.endswith(".json")]
    return sorted(found)


def main():
    global ARGS, JUDGE
    parser = checkout.parser()
    parser.add_argument("--keep", action="store_true", help="keep the cluster's folder")
    ARGS = checkout.absolute(parser.parse_args())
    JUDGE = [sys.executable, os.path.join(ARGS.root, "judge.py")]
    sys.path.insert(0, ARGS.root)
    missing = slurm_cluster.missing_programs()
    if missing or os.geteuid() != 0:
        print("SKIP: needs root and %s (apt-get install slurm-wlm munge)" % (
            ", ".join(missing) or "slurm"))
        return 77
    tmp = tempfile.mkdtemp(prefix="cudajudge-slurm-test-")
    os.chmod(tmp, 0o755)
    try:
        with slurm_cluster.SlurmCluster(keep=ARGS.keep) as cluster:
            try:
                run_test(cluster, tmp)
            except BaseException:
                print(cluster.logs())
                for log in _logs(os.path.join(tmp, "graded", "slurm", "logs")):
                    print(log)
                raise
    finally:
        if not ARGS.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print("PASS")
    return 0


def _logs(folder):
    if not os.path.isdir(folder):
        return []
    out = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), errors="replace") as f:
            out.append("--- %s\n%s" % (name, f.read()[-3000:]))
    return out


if __name__ == "__main__":
    sys.exit(main())
