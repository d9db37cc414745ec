"""cudajudge_cli.grading.bundle: the autograder zip for Gradescope.

`judge.py grade-bundle gradescope --policy FILE --out autograder.zip` (the same as
`judge.py grade --bundle gradescope ...` and `python3 -m cudajudge_cli.grading.bundle
gradescope ...`; commands/grade_bundle.py calls add_arguments and run) writes a zip whose
root holds what Gradescope expects:

    setup.sh         run once as root when Gradescope builds the image: installs the
                     Debian/Ubuntu packages the emulator needs, builds the judge once,
                     judges the policy's references on the emulator (keeping their case
                     counts for grading), creates the user `cudajudge`
                     that runs learner code, and moves the reference solutions where
                     only root can read them (in the image, out of the learner's reach)
    run_autograder   run for every submission: grade --gradescope with the policy;
                     whatever happens it leaves a valid results/results.json
    policy.<ext>     the course policy
    cudajudge/       this repository's files, without what students must not see:
                     no accepted corpus files (tests/submissions), no learner working
                     copies, no git history, no build

Gradescope's machines have no GPU: everything is judged on the CPU emulator, so
the policy's performance points cannot be earned there (docs/platforms.md).

This module also holds the platform options of `judge.py grade` (the grade command
calls add_grade_arguments(parser) and run_grade_platform(options)): --gradescope,
--prairielearn, --slurm and its options, --status DIR, --shard I/N, --similarity.
"""

import argparse
import os
import shlex
import stat
import subprocess
import sys
import zipfile

from cudajudge_cli.grading import gradescope as shared
from cudajudge_cli.grading.texts import interface_language

# Paths (relative to the repository) never put into a bundle.
LEFT_OUT_PREFIXES = ("tests/submissions/", "exercises/", ".git/", ".cudajudge/", ".devkit/",
                     ".ci/", "web/node_modules/", "node_modules/")
LEFT_OUT_PARTS = ("__pycache__", "node_modules")

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image
# (Ubuntu 22.04 or 24.04 base). It installs what the CPU emulator needs, builds the
# judge, checks it on one reference solution, and puts the references out of reach.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SRC=/autograder/source/cudajudge
apt-get update
apt-get install -y --no-install-recommends python3 python3-pip g++ gcc pkg-config \
    libyaml-dev ninja-build meson bubblewrap ca-certificates util-linux
# the project needs meson >= 1.0; Ubuntu 22.04 ships 0.61
if ! meson --version | awk -F. '{exit !($1 >= 1)}'; then
    python3 -m pip install 'meson>=1.0' || python3 -m pip install --break-system-packages 'meson>=1.0'
    hash -r
fi
cd "$SRC"
meson setup build
ninja -C build
# the references of the policy's exercises judged here: the image is refused now rather
# than failing every student later; their case counts are kept for grading
python3 -m cudajudge_cli.grading.gradescope --policy /autograder/source/@POLICY@ \
    --prepare /autograder/source/reference-cases.json
# learner code runs as this user, who cannot read /root
id cudajudge >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin cudajudge
mkdir -p /root/cudajudge-private
chmod 700 /root /root/cudajudge-private
mv reference /root/cudajudge-private/reference
if [ -d build/reference ]; then mv build/reference /root/cudajudge-private/build-reference; fi
rm -rf .cudajudge
chmod -R a+rX "$SRC"
chown -R cudajudge "$SRC/build"
chmod +x /autograder/source/run_autograder
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for every submission, as root. It grades
# /autograder/submission with the course policy into /autograder/results/results.json
# (python3 -m cudajudge_cli.grading.gradescope, the same as judge.py grade --gradescope).
# CUDAJUDGE_GRADESCOPE_ROOT moves /autograder (the tests use it).
ROOT="${CUDAJUDGE_GRADESCOPE_ROOT:-/autograder}"
SOURCE="$(cd "$(dirname "$0")" && pwd)"
SRC="${CUDAJUDGE_ROOT:-$SOURCE/cudajudge}"
export CUDAJUDGE_ROOT="$SRC"
export CUDAJUDGE_GRADESCOPE_ROOT="$ROOT"
cd "$SRC" && python3 -m cudajudge_cli.grading.gradescope --policy "$SOURCE/@POLICY@" \
    --reference-cases "$SOURCE/reference-cases.json" @FLAGS@
if [ ! -s "$ROOT/results/results.json" ]; then
    # python itself could not start: still a valid results file, score 0
    mkdir -p "$ROOT/results"
    printf '%s\n' '{"score": 0, "execution_time": 0, "output": "The autograder could not start (python3 failed). Tell the course staff.", "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden", "tests": []}' > "$ROOT/results/results.json"
fi
exit 0
"""


def repository_files(root):
    """The repository's tracked files (git ls-files), else every file under root."""
    try:
        done = subprocess.run(["git", "-C", root, "ls-files", "-z"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
        if done.returncode == 0 and done.stdout:
            return sorted(p for p in done.stdout.decode().split("\0") if p)
    except OSError:
        pass
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("build", ".git")]
        for name in filenames:
            files.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(files)


def kept(path):
    path = path.replace(os.sep, "/")
    if any(path.startswith(p) for p in LEFT_OUT_PREFIXES):
        return False
    if path.startswith("build") and "/" in path and path.split("/")[0].startswith("build"):
        return False
    return not any(part in LEFT_OUT_PARTS for part in path.split("/"))


def add_file(zf, name, data, executable=False):
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def make_gradescope_bundle(root, policy_path, out_path, flags=()):
    """Writes the zip; returns the list of names in it."""
    ext = os.path.splitext(policy_path)[1] or ".yaml"
    policy_name = "policy" + ext
    names = []
    tmp = out_path + ".part"
    with zipfile.ZipFile(tmp, "w") as zf:
        add_file(zf, "setup.sh", SETUP_SH.replace("@POLICY@", policy_name), executable=True)
        add_file(zf, "run_autograder", RUN_AUTOGRADER.replace("@POLICY@", policy_name).replace(
                     "@FLAGS@", " ".join(shlex.quote(f) for f in flags)),
                 executable=True)
        with open(policy_path, "rb") as f:
            add_file(zf, policy_name, f.read())
        names += ["setup.sh", "run_autograder", policy_name]
        for rel in repository_files(root):
            full = os.path.join(root, rel)
            if not kept(rel) or not os.path.isfile(full) or os.path.islink(full):
                continue
            with open(full, "rb") as f:
                data = f.read()
            executable = bool(os.stat(full).st_mode & 0o111)
            add_file(zf, "cudajudge/" + rel.replace(os.sep, "/"), data, executable)
            names.append("cudajudge/" + rel)
        # the learner folder exists, empty, so that judge.py finds its layout
        add_file(zf, "cudajudge/exercises/README", "learner files are not shipped\n")
    os.replace(tmp, out_path)
    return names


def add_gradescope_options(parser):
    """How Gradescope shows hidden cases and the leaderboard: options of both
    `judge.py grade-bundle` and `judge.py grade --gradescope`."""
    parser.add_argument("--hidden-visibility", choices=("hidden", "after_due_date",
                                                        "after_published"),
                        help=shared.pick("Gradescope: how hidden cases are shown (else the "
                                         "policy's gradescope.hidden_visibility, else "
                                         "after_due_date)",
                                         "Gradescope：隐藏用例如何显示（否则取策略的 "
                                         "gradescope.hidden_visibility，再否则 after_due_date）"))
    parser.add_argument("--leaderboard", action="store_true", default=None,
                        help=shared.pick("Gradescope: put the median times on the leaderboard "
                                         "(else the policy's gradescope.leaderboard)",
                                         "Gradescope：把中位耗时放上排行榜（否则取策略的 "
                                         "gradescope.leaderboard）"))


def add_arguments(parser):
    """The options of `judge.py grade-bundle` (and of this module run on its own)."""
    parser.add_argument("platform", choices=("gradescope",),
                        help=shared.pick("the platform (gradescope)", "平台（gradescope）"))
    parser.add_argument("--policy", required=True, metavar="FILE",
                        help=shared.pick("the course policy (docs/grading.md)",
                                         "课程的评分策略（见 docs/grading.md）"))
    parser.add_argument("--out", default="autograder.zip", metavar="ZIP",
                        help=shared.pick("the zip to write (default autograder.zip)",
                                         "要写入的 zip（默认 autograder.zip）"))
    add_gradescope_options(parser)

def run(options):
    root = os.environ.get("CUDAJUDGE_ROOT") or shared.repo_root()
    build = os.environ.get("CUDAJUDGE_BUILD") or os.path.join(root, "build")
    if not os.path.isfile(options.policy):
        print(shared.both("no_policy_file", path=options.policy), file=sys.stderr)
        return 2
    try:
        shared.load_policy(root, build, options.policy)  # refuse a bad policy now
    except shared.PolicyError as err:
        print(err, file=sys.stderr)
        return 2
    flags = []
    if options.hidden_visibility:
        flags += ["--hidden-visibility", options.hidden_visibility]
    if options.leaderboard:
        flags.append("--leaderboard")
    names = make_gradescope_bundle(root, options.policy, options.out, flags)
    print(shared.text("bundle_written", interface_language(options), path=options.out,
                      n=len(names)))
    return 0


# ---------------------------------------------------------------------------
# The platform options of `judge.py grade`
# ---------------------------------------------------------------------------


def add_grade_arguments(parser):
    """Adds the platform options to the grade command's parser (which has ROSTER,
    --policy, --out, --only, --emulate, --seed-per-student, --sandbox, --jobs)."""
    from cudajudge_cli.grading import similarity, slurm
    group = parser.add_argument_group(shared.pick("platforms (docs/platforms.md)",
                                                  "平台（见 docs/platforms.md）"))
    group.add_argument("--gradescope", action="store_true",
                       help=shared.pick("grade /autograder/submission into /autograder/"
                                        "results/results.json (inside a Gradescope autograder)",
                                        "把 /autograder/submission 评分并写入 /autograder/results/"
                                        "results.json（在 Gradescope 自动评分环境中）"))
    group.add_argument("--bundle", choices=("gradescope",), metavar="gradescope",
                       help=shared.pick("write the Gradescope autograder zip (--policy FILE, "
                                        "--out ZIP, default autograder.zip) instead of grading",
                                        "不评分，而是生成 Gradescope 自动评分 zip（--policy FILE，"
                                        "--out ZIP，默认 autograder.zip）"))
    group.add_argument("--prairielearn", action="store_true",
                       help=shared.pick("grade /grade/student into /grade/results/results.json "
                                        "(inside a PrairieLearn external grader)",
                                        "把 /grade/student 评分并写入 /grade/results/results.json"
                                        "（在 PrairieLearn 外部评分器中）"))
    add_gradescope_options(group)
    slurm.add_arguments(group)
    group.add_argument("--shard", metavar="I/N",
                       help=shared.pick("grade only shard I of N of the roster (what each "
                                        "Slurm task does)",
                                        "只评花名册 N 个分片中的第 I 片（每个 Slurm 任务做的事）"))
    group.add_argument("--status", metavar="DIR",
                       help=shared.pick("how far a Slurm batch in DIR is",
                                        "DIR 中的 Slurm 批次进行到哪一步"))
    similarity.add_arguments(group)


def grade_passthrough(options):
    """The grade options a Slurm task repeats."""
    args = []
    if getattr(options, "emulate", False):
        args.append("--emulate")
    if getattr(options, "seed_per_student", False):
        args.append("--seed-per-student")
    if getattr(options, "sandbox", "auto") not in (None, "auto"):
        args += ["--sandbox", options.sandbox]
    if getattr(options, "jobs", 0):
        args += ["--jobs", str(options.jobs)]
    return args


def run_grade_platform(options):
    """Runs the platform mode the options ask for and returns its exit status; None when
    they ask for none (or for --shard, which only narrows options.only), so that the
    ordinary grade run goes on."""
    from cudajudge_cli.grading import prairielearn, similarity, slurm
    lang = getattr(options, "lang", None) or "en"
    try:
        if getattr(options, "status", None):
            return slurm.status(slurm.load_batch(options.status), lang)
        if getattr(options, "bundle", None):
            if not options.policy:
                raise shared.PolicyError(shared.both("no_policy_file", path="--policy"))
            flags = argparse.Namespace(platform=options.bundle, policy=options.policy,
                                       out=options.out or "autograder.zip",
                                       hidden_visibility=options.hidden_visibility,
                                       leaderboard=bool(options.leaderboard))
            return run(flags)
        if getattr(options, "gradescope", False):
            return shared.run(options)
        if getattr(options, "prairielearn", False):
            return prairielearn.run(options)
        if getattr(options, "slurm", False):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--slurm"))
            return slurm.run_submit(options, grade_passthrough(options))
        if getattr(options, "similarity", False):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--similarity"))
            return similarity.run(options)
        if getattr(options, "shard", None):
            if not options.roster:
                raise slurm.SlurmError(slurm.text("need_roster", lang, option="--shard"))
            chosen = slurm.shard_students(slurm.roster_students(options.roster), options.shard)
            if not chosen:
                print(slurm.text("empty_shard", lang, spec=options.shard))
                return 0
            options.only = [s for s in chosen if not options.only or s in options.only]
    except (slurm.SlurmError, shared.PolicyError) as err:
        print(err, file=sys.stderr)
        return 2
    return None


def main(argv=None):
    return shared.module_main("bundle", add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
