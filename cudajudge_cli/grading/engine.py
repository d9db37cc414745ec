"""The engine as `judge.py grade` calls it: the catalog, the device, the policy, one
judgement (build/cudajudge emitting JSON lines, as judge.py's run_judge reads them), and
the fingerprint of what decides verdicts (a change re-judges every record).

Used by batch.py and cli.py.
"""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import threading
import time

from ..engine import parse_engine_line
from .texts import t

_running = set()  # the engine processes of this grade run, for kill_all()
_running_lock = threading.Lock()


def kill_all():
    """Stops every engine process group still running (Ctrl-C): the judgement it was
    doing is not recorded, and is judged on the next run."""
    with _running_lock:
        children = list(_running)
    for child in children:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass



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

class GradeError(Exception):
    """A problem the instructor must fix; exit status 2 (or 1 for usage)."""

    def __init__(self, message, exit_code=2):
        super().__init__(message)
        self.exit_code = exit_code


# Sections of the policy that change no score (how Gradescope shows the results, when
# similarity flags a pair): left out of the hash the records keep, so that changing
# them judges nothing again.
UNSCORED_SECTIONS = ("gradescope", "similarity")


def policy_hash(policy):
    """SHA-256 of the policy's JSON form (as the engine validated it, keys sorted)
    without its UNSCORED_SECTIONS: the records' policy_sha256."""
    scored = {k: v for k, v in policy.items() if k not in UNSCORED_SECTIONS}
    text = json.dumps(scored, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def policy_is_empty(text):
    """True when a YAML text holds no value: blank lines, comments, document markers."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and stripped not in ("---", "..."):
            return False
    return True


def require_nvcc_or_consent(engine, policy, shown, lang):
    """GradeError unless nvcc is found or the policy allows grading without it
    (allow_without_nvcc): without nvcc the device-only check and the rules on the
    compiled code do not run (docs/security.md). shown: how the policy is named."""
    if not engine.nvcc() and not (policy or {}).get("allow_without_nvcc"):
        raise GradeError(t("no_nvcc", lang, policy=shown or "--policy FILE"))


class Engine:
    """build/cudajudge (or CUDAJUDGE_ENGINE) for one grade run."""

    wrap = []  # bubblewrap_prefix(), put before every judgement by grade

    def __init__(self, lang="en"):
        """The driver's Workspace finds the repository, the build folder and the tool
        environment, and builds the engine on first use as for every command (or takes
        CUDAJUDGE_ENGINE as is). The judgements themselves still start here, since each
        grade worker needs its own CUDA_VISIBLE_DEVICES and the grading options."""
        from ..errors import JudgeError
        from ..workspace import Workspace
        self.lang = lang
        try:
            ws = Workspace()
            self.command = list(ws.engine())
        except JudgeError as err:
            raise GradeError(str(err), getattr(err, "exit_code", 2))
        self.root, self.build, self.env = ws.root, ws.build, dict(ws.env)
        self.path = self.command[-1]

    def once(self, args):
        try:
            done = subprocess.run(self.command + args, cwd=self.root, env=self.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  encoding="utf-8", errors="replace")
        except OSError as err:
            raise GradeError(t("engine_failed", self.lang, what=self.path, detail=err))
        return done.returncode, done.stdout, done.stderr

    def catalog(self):
        code, out, err = self.once(["catalog", "--root", self.root])
        if code != 0:
            raise GradeError(t("engine_failed", self.lang, what="catalog",
                               detail=err.strip() or code))
        return [p for p in json.loads(out).get("problems", []) if p.get("id")]

    def policy(self, path):
        """(policy dict, policy_hash of it); GradeError with file:line:column. A file
        that says nothing (empty, or comments only) is refused: YAML reads it as no
        policy at all, which would grade every exercise with seed 1 without a word."""
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                empty = policy_is_empty(handle.read())
        except OSError as err:
            raise GradeError(t("policy_unreadable", self.lang, path=path,
                               error=err.strerror or err))
        if empty:
            raise GradeError(t("policy_invalid", self.lang,
                               error=t("policy_empty", self.lang, path=path)))
        code, out, err = self.once(["policy", path, "--root", self.root, "--lang", self.lang])
        if code != 0:
            raise GradeError(t("policy_invalid", self.lang, error=err.strip()))
        policy = json.loads(out.strip())
        return policy, policy_hash(policy)

    def nvcc(self):
        """The CUDA compiler the engine will use, or None: the engine's own search
        (NVCC, none meaning absent; PATH; CUDA_PATH and CUDA_HOME; /usr/local/cuda).
        Without it the device-only check and the PTX rules do not run
        (docs/security.md)."""
        env = self.env
        chosen = env.get("NVCC")
        if chosen == "none":
            return None
        if chosen and os.access(chosen, os.X_OK):
            return chosen
        found = shutil.which("nvcc", path=env.get("PATH", ""))
        for base in (env.get("CUDA_PATH"), env.get("CUDA_HOME"), "/usr/local/cuda"):
            if found:
                break
            if base and os.access(os.path.join(base, "bin", "nvcc"), os.X_OK):
                found = os.path.join(base, "bin", "nvcc")
        return found

    def device(self):
        code, out, _ = self.once(["device", "--build", self.build])
        try:
            value = json.loads(out)
        except ValueError:
            return {"found": False}
        return value if isinstance(value, dict) else {"found": False}

    def usage_text(self):
        _, out, err = self.once([])
        return out + err

    def fingerprint(self):
        """SHA-256 over the engine, the runtime library, the emulator's runtime and
        problems.yaml: whatever decides a verdict."""
        digest = hashlib.sha256()
        parts = [self.path, os.path.join(self.root, "problems.yaml")]
        for folder in ("harness/runtime", "harness/emu"):
            base = os.path.join(self.build, folder)
            if os.path.isdir(base):
                parts += sorted(os.path.join(base, name) for name in os.listdir(base)
                                if name.endswith((".a", ".so")))
        for part in parts:
            digest.update(os.path.relpath(part, self.root).encode() + b"\0")
            try:
                with open(part, "rb") as handle:
                    for chunk in iter(lambda: handle.read(1 << 20), b""):
                        digest.update(chunk)
            except OSError:
                digest.update(b"missing")
        return digest.hexdigest()

    def version(self):
        try:
            done = subprocess.run(["git", "-C", self.root, "describe", "--always", "--dirty"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  timeout=30)
            if done.returncode == 0 and done.stdout.strip():
                return done.stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            pass
        return "unknown"

    def judge(self, exercise, path, seed, backend=None, perf=True, extra_args=(), env=None,
              lang="en"):
        """One `cudajudge judge` run: a JudgeRun with its cases and summary."""
        args = ["judge", "--root", self.root, "--build", self.build, "--id", exercise,
                "--file", path, "--lang", lang, "--seed", str(seed)]
        if backend:
            args += ["--backend", backend]
        if not perf:
            args.append("--no-perf")
        args += list(extra_args)
        run = JudgeRun(self.lang)
        started = time.monotonic()
        try:
            child = subprocess.Popen(self.wrap + self.command + args, cwd=self.root,
                                     env=dict(self.env, **(env or {})),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     encoding="utf-8", errors="replace",
                                     start_new_session=True)
        except OSError as err:
            run.malfunction = str(err)
            return run
        with _running_lock:
            _running.add(child)
        chunks = []
        reader = threading.Thread(target=lambda: chunks.extend(iter(
            lambda: child.stderr.read(8192), "")), daemon=True)
        reader.start()
        try:
            for line in child.stdout:
                run.read_line(line)
            run.exit_code = child.wait()
            reader.join()
        finally:
            if child.poll() is None:
                try:
                    os.killpg(child.pid, signal.SIGKILL)
                except OSError:
                    pass
                child.wait()
            with _running_lock:
                _running.discard(child)
        run.stderr = "".join(chunks)
        run.seconds = time.monotonic() - started
        if run.exit_code not in (0, 1, 2) and not run.malfunction:
            run.malfunction = t("engine_status", self.lang, status=run.exit_code)
        if run.summary is None and not run.malfunction:
            lines = run.stderr.strip().splitlines()
            run.malfunction = lines[-1] if lines else t("engine_no_summary", self.lang)
        return run


class JudgeRun:
    """What one engine judgement gave back."""

    def __init__(self, lang="en"):
        self.lang = lang
        self.cases = []
        self.summary = None
        self.exit_code = 2
        self.stderr = ""
        self.malfunction = None
        self.seconds = 0.0

    def read_line(self, line):
        if self.malfunction:
            return
        event, not_json = parse_engine_line(line)
        if not_json is not None:
            self.malfunction = t("engine_not_json", self.lang, line=not_json)
            return
        if event is None:
            return
        if event.get("type") == "case":
            self.cases.append(event)
        elif event.get("type") == "summary":
            self.summary = event

    @property
    def verdict(self):
        if self.malfunction or not self.summary:
            return "JE"
        return self.summary.get("verdict") or "JE"
