"""cudajudge_cli.grading.platforms.bundle: what a course uploads to its platform.

`judge.py grade-bundle gradescope|prairielearn --policy FILE --out ZIP` (the only door:
commands/grade_bundle.py calls add_arguments and run) checks the policy, then writes a
zip whose root holds:

    setup.sh          run once as root when the grading image is built (Gradescope runs
                      it from /autograder/source; the PrairieLearn Dockerfile runs
                      `setup.sh /grader`): installs what the judge needs, a CUDA
                      compiler included (the image's own, NVIDIA's repository when the
                      image has it, else Ubuntu's nvidia-cuda-toolkit), copies the judge
                      to /opt/cudajudge and builds it for the emulator, creates the user
                      `cudajudge` that grades, judges the policy's references as grading
                      will (a broken image fails now, not for every student) and moves
                      them where only root can read them
    run_autograder    (gradescope) run for every submission from /autograder:
                      `judge.py grade --gradescope`; whatever happens it leaves a valid
                      /autograder/results/results.json
    run_prairielearn  (prairielearn) the question's entrypoint: `judge.py grade
                      --prairielearn`; whatever happens it leaves /grade/results/results.json
    Dockerfile        (prairielearn) the grader image: Ubuntu, the bundle in /grader,
                      setup.sh run once
    policy.<ext>      the course policy
    cudajudge/        this repository's files, without what students must not see:
                      no accepted corpus files (tests/submissions), no learner working
                      copies, no git history, no build

The platforms' machines have no GPU: everything is judged on the CPU emulator, so the
policy's performance points cannot be earned there (docs/platforms.md).
"""

import os
import shlex
import stat
import subprocess
import sys
import zipfile

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import current_language, tr

from . import base

# Paths (relative to the repository) never put into a bundle.
LEFT_OUT_PREFIXES = ("tests/submissions/", "exercises/", ".git/", ".cudajudge/", ".devkit/",
                     ".ci/", "web/node_modules/", "node_modules/")
LEFT_OUT_PARTS = ("__pycache__", "node_modules")


SETUP_SH = r"""#!/usr/bin/env bash
# Run once, as root, when the grading image is built. Gradescope runs it from the
# autograder zip, unpacked in /autograder/source; a PrairieLearn image runs
# `setup.sh /grader` (its Dockerfile). It installs what the judge needs, the CUDA
# compiler included, puts the judge in /opt/cudajudge and builds it for the CPU
# emulator, creates the user `cudajudge` that grades, judges the policy's references
# as grading will, and moves them where only root can read them.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
BUNDLE="${1:-/autograder/source}"
JUDGE=/opt/cudajudge
POLICY="$BUNDLE/@POLICY@"
say() { printf 'setup.sh: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# 1. The packages the judge needs: apt-get only for those missing, so that an image
#    that has them all says so and needs no network.
NEEDED="python3 g++ gcc pkg-config libyaml-dev ninja-build meson bubblewrap util-linux"
MISSING=""
for p in $NEEDED; do installed "$p" || MISSING="$MISSING $p"; done
if [ -n "$MISSING" ]; then
    say "installing:$MISSING"
    apt-get update
    apt-get install -y --no-install-recommends ca-certificates $MISSING
else
    say "every package the judge needs is installed already: $NEEDED"
fi
# the project needs meson >= 1.0; Ubuntu 22.04 ships 0.61
if ! meson --version | awk -F. '{exit !($1 >= 1)}'; then
    apt-get install -y --no-install-recommends python3-pip
    python3 -m pip install 'meson>=1.0' || python3 -m pip install --break-system-packages 'meson>=1.0'
    hash -r
fi

# 2. The CUDA compiler: the device-only check and the rules on the compiled code run
#    only with it (docs/security.md), even on the emulator. The image's own, else
#    NVIDIA's repository where the image has it, else Ubuntu's nvidia-cuda-toolkit.
find_nvcc() {
    command -v nvcc 2>/dev/null && return 0
    for d in /usr/local/cuda/bin /usr/local/cuda-*/bin; do
        [ -x "$d/nvcc" ] && { echo "$d/nvcc"; return 0; }
    done
    return 1
}
if NVCC=$(find_nvcc); then
    say "nvcc is installed already: $NVCC"
else
    apt-get update || true
    NVIDIA=$(apt-cache search --names-only '^cuda-nvcc-1[2-9]-[0-9]+$' 2>/dev/null | awk '{print $1}' | sort -V | tail -1 || true)
    if [ -n "$NVIDIA" ]; then
        say "installing $NVIDIA from NVIDIA's repository"
        apt-get install -y --no-install-recommends "$NVIDIA" "${NVIDIA/nvcc/cudart-dev}" || true
    else
        say "installing Ubuntu's nvidia-cuda-toolkit"
        apt-get install -y --no-install-recommends nvidia-cuda-toolkit || true
    fi
    NVCC=$(find_nvcc) || NVCC=""
fi
if [ -n "$NVCC" ]; then
    # the device-only check compiles for a recent architecture; an older toolkit cannot
    CHECK=$(mktemp -d)
    printf '__global__ void k(int *p) { p[threadIdx.x] = 1; }\n' > "$CHECK/k.cu"
    if "$NVCC" -arch=sm_90 -c "$CHECK/k.cu" -o "$CHECK/k.o" >"$CHECK/log" 2>&1; then
        say "nvcc works: $("$NVCC" --version | tail -1)"
    else
        say "nvcc cannot compile for sm_90 (CUDA 12 or newer is needed): $(tail -3 "$CHECK/log")"
        NVCC=""
    fi
    rm -rf "$CHECK"
fi
if [ -z "$NVCC" ]; then
    say "no usable CUDA compiler: the device-only check and the rules on the compiled code"
    say "will not run; grading then needs allow_without_nvcc: true in the policy"
fi
# the grading runs use the compiler found here, or none (judge.env, read by the run scripts)
export NVCC="${NVCC:-none}"
printf 'export NVCC=%q\n' "$NVCC" > "$BUNDLE/judge.env"

# 3. The judge, built for the CPU emulator (no GPU here), in /opt/cudajudge.
if [ ! -d "$JUDGE" ]; then
    mv "$BUNDLE/cudajudge" "$JUDGE"
fi
cd "$JUDGE"
[ -f build/build.ninja ] || meson setup build -Dwith_cuda=disabled
ninja -C build
export CUDAJUDGE_ENGINE="$JUDGE/build/cudajudge"

# 4. The user that grades, who cannot read /root.
id cudajudge >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin cudajudge
chmod -R a+rX "$JUDGE"
chown -R cudajudge "$JUDGE/build"

# 5. The policy's references judged here as grading will judge (as cudajudge, with
#    the checks this image has): the image is refused now rather than failing every
#    student later; their case counts are kept for grading.
python3 "$JUDGE/judge.py" grade --prepare "$BUNDLE/reference-cases.json" --policy "$POLICY"

# 6. The references out of the learner's reach: only root reads /root. The hash of
#    each one's code stays (reference/ID.cu.code-hash): a copy of one is still caught.
mkdir -p /root/cudajudge-private/reference
chmod 700 /root /root/cudajudge-private
mv "$JUDGE"/reference/*.cu /root/cudajudge-private/reference/
rm -rf "$JUDGE/.cudajudge"
say "the image can grade"
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for every submission, as root, from /autograder (a copy of the
# zip's run_autograder: the zip itself is in /autograder/source). It grades
# /autograder/submission with the course policy into /autograder/results/results.json.
SOURCE=/autograder/source
RESULTS="${CUDAJUDGE_GRADESCOPE_ROOT:-/autograder}/results"
export CUDAJUDGE_ENGINE=/opt/cudajudge/build/cudajudge
. "$SOURCE/judge.env"  # the CUDA compiler setup.sh found (NVCC), or none
python3 /opt/cudajudge/judge.py grade --gradescope --policy "$SOURCE/@POLICY@" \
    --reference-cases "$SOURCE/reference-cases.json" @FLAGS@
if [ ! -s "$RESULTS/results.json" ]; then
    # python itself could not start: still a valid results file, score 0
    mkdir -p "$RESULTS"
    printf '%s\n' '{"score": 0, "execution_time": 0, "output": "The autograder could not start (python3 failed). Tell the course staff.", "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden", "tests": []}' > "$RESULTS/results.json"
fi
exit 0
"""

RUN_PRAIRIELEARN = r"""#!/usr/bin/env bash
# PrairieLearn runs this for every submission (the question's entrypoint in info.json),
# in the image the bundle's Dockerfile built. It grades /grade/student with the course
# policy (or the question's params.cudajudge) into /grade/results/results.json.
BUNDLE="$(cd "$(dirname "$0")" && pwd)"
RESULTS="${CUDAJUDGE_PRAIRIELEARN_ROOT:-/grade}/results"
export CUDAJUDGE_ENGINE=/opt/cudajudge/build/cudajudge
. "$BUNDLE/judge.env"  # the CUDA compiler setup.sh found (NVCC), or none
python3 /opt/cudajudge/judge.py grade --prairielearn --policy "$BUNDLE/@POLICY@" \
    --reference-cases "$BUNDLE/reference-cases.json"
if [ ! -s "$RESULTS/results.json" ]; then
    # python itself could not start: still a results file; the attempt is not counted
    mkdir -p "$RESULTS"
    printf '%s\n' '{"gradable": false, "score": 0, "message": "The grader could not start (python3 failed). This attempt is not counted; tell the course staff.", "output": "", "tests": []}' > "$RESULTS/results.json"
fi
exit 0
"""

DOCKERFILE = """\
# The PrairieLearn grader image: docker build -t COURSE/cudajudge-grader .
# (docs/platforms.md, PrairieLearn). No GPU is needed: the judge runs on its CPU emulator.
FROM ubuntu:24.04
COPY . /grader
RUN bash /grader/setup.sh /grader && chmod 755 /grader/run_prairielearn
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


def make_bundle(platform, root, policy_path, out_path, flags=()):
    """Writes the zip for platform (gradescope or prairielearn); returns its names."""
    policy_name = "policy" + (os.path.splitext(policy_path)[1] or ".yaml")
    scripts = {"setup.sh": SETUP_SH}
    if platform == "gradescope":
        scripts["run_autograder"] = RUN_AUTOGRADER.replace(
            "@FLAGS@", " ".join(shlex.quote(f) for f in flags))
    else:
        scripts["run_prairielearn"] = RUN_PRAIRIELEARN
    names = []
    tmp = out_path + ".part"
    with zipfile.ZipFile(tmp, "w") as zf:
        for name, body in scripts.items():
            add_file(zf, name, body.replace("@POLICY@", policy_name), executable=True)
            names.append(name)
        if platform == "prairielearn":
            add_file(zf, "Dockerfile", DOCKERFILE)
            names.append("Dockerfile")
        with open(policy_path, "rb") as f:
            add_file(zf, policy_name, f.read())
        names.append(policy_name)
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
    `judge.py grade-bundle gradescope` and `judge.py grade --gradescope`."""
    parser.add_argument("--hidden-visibility", choices=("hidden", "after_due_date",
                                                        "after_published"),
                        help=tr("bundle_h_hidden_visibility"))
    parser.add_argument("--leaderboard", action="store_true", default=None,
                        help=tr("bundle_h_leaderboard"))


def add_arguments(parser):
    """The options of `judge.py grade-bundle`."""
    parser.add_argument("platform", choices=("gradescope", "prairielearn"),
                        help=tr("bundle_h_platform"))
    parser.add_argument("--policy", required=True, metavar="FILE", help=tr("bundle_h_policy"))
    parser.add_argument("--out", metavar="ZIP", help=tr("bundle_h_out"))
    add_gradescope_options(parser)


def run(options):
    lang = current_language()
    try:
        base.load_policy(options.policy, lang)  # a mistake stops here, not on the platform
    except JudgeError as err:
        print(err, file=sys.stderr)
        return 2
    flags = []
    if options.hidden_visibility:
        flags += ["--hidden-visibility", options.hidden_visibility]
    if options.leaderboard:
        flags.append("--leaderboard")
    out = options.out or ("autograder.zip" if options.platform == "gradescope"
                          else "prairielearn-grader.zip")
    root, _ = base.where()
    names = make_bundle(options.platform, root, options.policy, out, flags)
    print(tr("bundle_written", lang, path=out, n=len(names),
             next=tr("bundle_next_" + options.platform, lang)))
    return 0

