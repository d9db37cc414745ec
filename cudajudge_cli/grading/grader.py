"""The driver's one engine client (core/engine.py) as a grade run uses it: the engine
of the checkout (core's Workspace), the policy with the hash its records keep, the
CUDA compiler or the policy's consent to grade without it, bubblewrap around every
judgement, one judgement whose engine runs in a process group of its own (Ctrl-C
kills it whole: Engine.stop_all), and the judge's version. Nothing here starts the
engine itself.

Used by batch.py, similarity.py and platforms/base.py.
"""

import hashlib
import json
import os
import shutil
import subprocess

from cudajudge_cli.core.engine import Engine, JudgeRun
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.core.workspace import Workspace


# Sections of the policy that change no score (how Gradescope shows the results, when
# similarity flags a pair): left out of the hash the records keep, so that changing
# them judges nothing again.
UNSCORED_SECTIONS = ("gradescope", "similarity")


def open_engine(lang="en"):
    """The engine of this checkout (CUDAJUDGE_ROOT, CUDAJUDGE_BUILD as every command
    finds them), its texts and messages in lang; built first where needed."""
    engine = Engine(Workspace(), lang=lang)
    engine.command()
    return engine


def policy_hash(policy):
    """SHA-256 of the policy's JSON form (as the engine validated it, keys sorted)
    without its UNSCORED_SECTIONS: the records' policy_sha256."""
    scored = {k: v for k, v in policy.items() if k not in UNSCORED_SECTIONS}
    text = json.dumps(scored, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def require_nvcc_or_consent(engine, policy, shown, lang):
    """JudgeError unless nvcc is found or the policy allows grading without it
    (allow_without_nvcc): without nvcc the device-only check and the rules on the
    compiled code do not run (docs/security.md). shown: how the policy is named."""
    if not engine.nvcc() and not (policy or {}).get("allow_without_nvcc"):
        raise JudgeError(tr("grade_no_nvcc", lang, policy=shown or "--policy FILE"))


def grading_options(engine):
    """--grading (a copy of the reference is RULE) where the engine knows it."""
    _, out, err = engine.once([])
    return ["--grading"] if "--grading" in out + err else []


def version(root):
    """`git describe` of the judge's checkout, or "unknown" (a bundle has no .git)."""
    try:
        done = subprocess.run(["git", "-C", root, "describe", "--always", "--dirty"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              timeout=30)
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    return "unknown"


def judge(engine, exercise, path, seed, backend, perf, extra_args, env, lang, wrap):
    """One grade judgement: the engine in a process group of its own inside wrap
    (bubblewrap_prefix's). An engine that cannot start is a JudgeRun with that
    malfunction, a JE judged again on the next run, so that the batch goes on."""
    try:
        return engine.judge(exercise, path, seed=seed, perf=perf, backend=backend, lang=lang,
                            extra_args=extra_args, env=env, wrap=wrap, own_group=True)
    except JudgeError as err:
        run = JudgeRun(lang)
        run.malfunction = str(err)
        return run


def bubblewrap_prefix(build):
    """The command that puts one grade judgement inside bubblewrap, or [] when bwrap
    is not installed or cannot start here. Inside: no network, its own PID and IPC
    namespaces, the whole file system read-only except the build folder (the engine's
    scratch folders, caches and device lock: the test program itself may write only
    its scratch folder, docs/security.md; TMPDIR points into it), and a /dev holding
    only null, zero, full, random, urandom, tty and the /dev/nvidia* nodes. The
    engine's own jail (namespaces where it may, Landlock, seccomp) still applies to
    the test program inside."""
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return []
    tmp = os.path.join(build, "tmp")  # the compilers' temporary files (TMPDIR)
    os.makedirs(tmp, exist_ok=True)
    argv = [bwrap, "--die-with-parent", "--unshare-net", "--unshare-pid", "--unshare-ipc",
            "--ro-bind", "/", "/", "--bind", build, build, "--setenv", "TMPDIR", tmp,
            "--proc", "/proc", "--dev", "/dev"]
    try:
        nodes = sorted(n for n in os.listdir("/dev") if n.startswith("nvidia"))
    except OSError:
        nodes = []
    for name in nodes:
        argv += ["--dev-bind", "/dev/" + name, "/dev/" + name]
    argv.append("--")
    try:
        works = subprocess.run(argv + ["true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        works = False
    return argv if works else []
