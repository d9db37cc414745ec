"""cudajudge_cli.core.engine: the one client of the C engine (build/cudajudge).

Engine(ws) runs the engine of a Workspace (built on first use, or
CUDAJUDGE_ENGINE as is). The one-shot commands (`catalog`, `device`, `policy`,
`fingerprint`) answer one JSON object or one line. `judge` writes JSON lines as
it works (phase events, one line per case, a summary last): Engine.judge reads
them as they come, hands each to a callback (a status line, --json passing them
through, the web page's event stream) and gathers them into a JudgeRun. What
makes the engine's answer untrustworthy (a crash, a line that is not JSON, no
summary) is a malfunction: the verdict is JE and problem_message() says why.
The engine decides every verdict; nothing here changes one.

Used by core/workspace.py (the catalog, the device), learn/actions.py (a
learner's judgement), commands/check.py and doctor.py, and grading/ (a grade
run's policy, fingerprint and judgements, through grading/grader.py):
docs/driver-layout.md, "Calling the engine".
"""

import json
import os
import signal
import subprocess
import threading
import time

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import current_language, tr
from cudajudge_cli.view.terminal import indent, tail

STDERR_TAIL_LINES = 20

# A line of the engine's output longer than this is cut when quoted in a message.
QUOTED_LINE = 120


def describe_exit(returncode, lang=None):
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return tr("exit_crashed", lang, signal=name)
    return tr("exit_status", lang, status=returncode)


def engine_failure(what, stderr, lang=None):
    message = tr("engine_failed", lang, what=what)
    if stderr and stderr.strip():
        message += "\n" + tr("engine_last_messages", lang) + "\n" + indent(
            tail(stderr, STDERR_TAIL_LINES))
    return message


def sm_name(cc):
    """A device's compute capability as nvcc spells it: "9.0", 90 or [9, 0] -> sm_90."""
    if cc is None or cc == "" or cc == 0:
        return ""
    if isinstance(cc, (list, tuple)) and len(cc) == 2:
        return f"sm_{cc[0]}{cc[1]}"
    text = str(cc)
    if text.startswith("sm_"):
        return text
    if "." in text:
        major, minor = text.split(".", 1)
        return f"sm_{major}{minor[:1] or '0'}"
    return f"sm_{text}"


def parse_engine_line(line):
    """One line of `cudajudge judge`: (event, None) for a JSON object, (None, None)
    for a blank line, (None, the line cut to QUOTED_LINE characters) for anything else."""
    line = line.strip()
    if not line:
        return None, None
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    if not isinstance(event, dict):
        cut = line if len(line) <= QUOTED_LINE else line[:QUOTED_LINE - 3] + "..."
        return None, cut
    return event, None


class JudgeRun:
    """What one `cudajudge judge` run gave back."""

    def __init__(self, lang=None):
        self.lang = lang  # of the client's own messages (None: the language in use)
        self.cases = []
        self.summary = None
        self.exit_code = 2
        self.stderr = ""
        self.malfunction = None  # why the engine's answer cannot be trusted
        self.seconds = 0.0

    @property
    def verdict(self):
        if self.malfunction or not self.summary:
            return "JE"
        return self.summary.get("verdict") or "JE"

    @property
    def backend(self):
        return (self.summary or {}).get("backend") or "none"

    @property
    def no_device(self):
        """JE because there is no GPU here (the code itself may be fine)."""
        return self.verdict == "JE" and self.summary is not None and self.backend == "none"

    @property
    def all_cases(self):
        """Every case: the summary's list, or the case lines as they came."""
        cases = (self.summary or {}).get("cases")
        return cases if isinstance(cases, list) else self.cases

    @property
    def out_of_device_memory(self):
        """A case ended by a CUDA error whose name is CUDA's for a failed allocation
        (cudaErrorMemoryAllocation, "out of memory": CUDA's words, whatever --lang)."""
        return any(isinstance(c, dict) and c.get("detail_code") == "cuda_error"
                   and any(name in str((c.get("detail_fields") or {}).get("error") or "")
                           for name in ("cudaErrorMemoryAllocation", "out of memory"))
                   for c in self.all_cases)

    @property
    def usable(self):
        """True when there is a summary to show and nothing made it untrustworthy."""
        return self.summary is not None and not self.malfunction

    def problem_message(self):
        """Why there is no usable summary, for the user."""
        if self.malfunction:
            return engine_failure(self.malfunction, self.stderr, self.lang)
        return self.stderr.strip() or engine_failure(tr("engine_no_result", self.lang),
                                                     self.stderr, self.lang)

    def error_summary(self, problem_id, file_arg):
        """The summary line a JSON consumer gets when the engine gave none."""
        return {"type": "summary", "id": problem_id, "file": file_arg, "verdict": "JE",
                "backend": "none", "seed": None, "message": self.problem_message(),
                "compile_log": "", "program_output": "", "cases": self.cases, "timing": None,
                "phases_s": None, "device": None}

    def read_line(self, line, on_event=None):
        """Takes one line of the engine's output; on_event(event, line) for each JSON object."""
        if self.malfunction:
            return
        event, not_json = parse_engine_line(line)
        if not_json is not None:
            self.malfunction = tr("engine_printed_not_json", self.lang, line=repr(not_json))
            return
        if event is None:
            return
        kind = event.get("type")
        if kind == "case":
            self.cases.append(event)
        elif kind == "summary":
            self.summary = event
        if on_event:
            on_event(event, line.strip())

    def finish(self):
        """After the engine exited: a status other than 0, 1, 2, or no summary where
        one was due, is a malfunction."""
        code = self.exit_code
        if self.malfunction:
            return
        if code not in (0, 1, 2):
            self.malfunction = describe_exit(code, self.lang)
        elif self.summary is None and code in (0, 1):
            self.malfunction = tr("engine_no_summary", self.lang)


class Engine:
    """The engine of a workspace: one-shot questions and judgements.

    lang: the language of the engine's texts and of this client's messages
    (None: the language in use when each call is made)."""

    def __init__(self, ws, lang=None):
        self.ws = ws
        self.lang = lang
        self._running = set()  # the judgements under way, for stop_all()
        self._running_lock = threading.Lock()

    def command(self):
        """The engine's command line, building it first when needed."""
        return self.ws.engine_command()

    def language(self):
        return self.lang or current_language()

    # -- one-shot commands ----------------------------------------------------------
    def once(self, args):
        """Runs a one-shot engine command; returns (exit code, stdout, stderr)."""
        argv = self.command() + list(args)
        try:
            done = self.ws.run_tool(argv)
        except OSError as err:
            raise JudgeError(tr("engine_cannot_start", self.lang, engine=argv[0], error=err))
        return done.returncode, done.stdout, done.stderr

    def _object(self, stdout, stderr, what):
        try:
            value = json.loads(stdout)
        except ValueError:
            raise JudgeError(engine_failure(tr("engine_not_json_for", self.lang, what=what),
                                            stderr, self.lang))
        if not isinstance(value, dict):
            raise JudgeError(engine_failure(tr("engine_unexpected_for", self.lang, what=what),
                                            stderr, self.lang))
        return value

    def catalog(self):
        """The exercises of problems.yaml, as the engine reads them: a list of dicts."""
        code, stdout, stderr = self.once(["catalog", "--root", self.ws.root])
        if code == 2 and stderr.strip():
            # problems.yaml is invalid: the engine's message says where.
            raise JudgeError(stderr.rstrip("\n") + "\n" + tr("catalog_restore", self.lang),
                             as_is=True)
        if code != 0:
            raise JudgeError(engine_failure(
                tr("engine_while_catalog", self.lang, how=describe_exit(code, self.lang)),
                stderr, self.lang))
        problems = self._object(stdout, stderr, "catalog").get("problems")
        if not isinstance(problems, list):
            raise JudgeError(engine_failure(tr("engine_no_problem_list", self.lang), stderr,
                                            self.lang))
        return [p for p in problems if isinstance(p, dict) and p.get("id")]

    def device(self, fresh=False):
        """`cudajudge device`: found, name, cc, copy_gbps, error (cached by the engine
        unless fresh)."""
        args = ["device", "--build", self.ws.build] + (["--fresh"] if fresh else [])
        code, stdout, stderr = self.once(args)
        if code != 0 and not stdout.strip():
            raise JudgeError(engine_failure(
                tr("engine_while_device", self.lang, how=describe_exit(code, self.lang)),
                stderr, self.lang))
        return self._object(stdout, stderr, "device")

    def policy(self, path):
        """A grading policy as the engine validates it (a dict). JudgeError when the
        file cannot be read, when it says nothing (YAML reads an empty file as no policy
        at all, which would grade every exercise with seed 1 without a word), or with
        the engine's file:line:column message when it is invalid."""
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                empty = policy_is_empty(handle.read())
        except OSError as err:
            raise JudgeError(tr("policy_unreadable", self.lang, path=path,
                                error=err.strerror or err), as_is=True)
        if empty:
            error = tr("policy_empty", self.lang, path=path)
        else:
            code, stdout, stderr = self.once(["policy", path, "--root", self.ws.root,
                                              "--lang", self.language()])
            if code == 0:
                return self._object(stdout, stderr, "policy")
            error = stderr.strip() or engine_failure(
                tr("engine_while_policy", self.lang, how=describe_exit(code, self.lang)),
                stderr, self.lang)
        raise JudgeError(tr("policy_invalid", self.lang, error=error), as_is=True)

    def fingerprint(self):
        """One hex hash of everything a verdict depends on (`cudajudge fingerprint`):
        a grade record judged under another fingerprint is judged again."""
        code, stdout, stderr = self.once(["fingerprint", "--root", self.ws.root,
                                          "--build", self.ws.build])
        value = stdout.strip()
        if code == 0 and value and all(c in "0123456789abcdef" for c in value):
            return value
        raise JudgeError(engine_failure(tr("engine_unexpected_for", self.lang,
                                           what="fingerprint"), stderr, self.lang))

    def nvcc(self):
        """The CUDA compiler the engine will use, or None: the engine's own search
        (NVCC, "none" meaning absent; else PATH, where the workspace put CUDA_PATH's,
        CUDA_HOME's or /usr/local/cuda's when nvcc was not on it). Without it the
        device-only check and the PTX rules do not run (docs/security.md)."""
        chosen = self.ws.env.get("NVCC")
        if chosen == "none":
            return None
        if chosen and os.access(chosen, os.X_OK):
            return chosen
        return self.ws.which("nvcc")

    # -- judging ----------------------------------------------------------------------
    def judge_args(self, problem_id, file_arg, seed=None, perf=True, backend=None, lang=None):
        """The engine's judge command line; backend None (the engine chooses), "gpu",
        "emu", "sanitize" or "sanitize:TOOL"; lang: its texts' language."""
        args = ["judge", "--root", self.ws.root, "--build", self.ws.build, "--id", problem_id,
                "--file", file_arg, "--lang", lang or self.language()]
        if backend and backend.startswith("sanitize:"):
            args += ["--backend", "sanitize", "--tool", backend.split(":", 1)[1]]
        elif backend:
            args += ["--backend", backend]
        if seed is not None:
            args += ["--seed", str(seed)]
        if not perf:
            args.append("--no-perf")
        return args

    def judge(self, problem_id, file_arg, seed=None, perf=True, backend=None, on_event=None,
              lang=None, alone=False, extra_args=(), env=None, wrap=(), own_group=False):
        """Runs `cudajudge judge`, reading its JSON lines as they come; returns a JudgeRun.

        file_arg: the path the engine is given (relative to the root, or absolute).
        on_event(event, line): called for every JSON line (line: the engine's text).
        lang: the language of the engine's texts and of the run's messages, for this
        judgement only (the web page's, a grade run's).
        alone: the run may not share the device even under CUDAJUDGE_SHARE_DEVICE.
        extra_args: more engine options; env: variables added for this run (a grade
        worker's CUDA_VISIBLE_DEVICES); wrap: a command put in front (bubblewrap);
        own_group: the engine runs in a process group of its own, which stop_all()
        and an interruption kill whole. JudgeError when the engine cannot start."""
        run = JudgeRun(lang or self.lang)
        argv = (list(wrap) + self.command()
                + self.judge_args(problem_id, file_arg, seed, perf, backend, lang)
                + list(extra_args))
        child_env = dict(self.ws.env, **(env or {}))
        if alone:
            child_env["CUDAJUDGE_DEVICE_ALONE"] = "1"
        started = time.monotonic()
        try:
            child = subprocess.Popen(argv, cwd=self.ws.root, env=child_env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     encoding="utf-8", errors="replace",
                                     start_new_session=own_group)
        except OSError as err:
            raise JudgeError(tr("engine_cannot_start", run.lang, engine=argv[0], error=err))
        with self._running_lock:
            self._running.add((child, own_group))
        stderr_chunks = []
        answered = False  # the summary came: the engine only frees its memory after it
        try:
            reader = threading.Thread(target=drain, args=(child.stderr, stderr_chunks),
                                      daemon=True)
            reader.start()
            for line in child.stdout:
                run.read_line(line, on_event)
                # A learner's judgement ends with its summary: after it the engine frees
                # the cases (hundreds of MiB, about 0.1 s) and ends, which is not waited
                # for. A grade's judgement (own_group) and a JE (whose stderr may say
                # more) are waited for to their end.
                if (run.summary is not None and not run.malfunction and not own_group
                        and run.verdict != "JE"):
                    answered = True
                    break
            if answered:
                run.exit_code = EXIT_FOR_VERDICT.get(run.verdict, 1)
                threading.Thread(target=reap, args=(child, reader), daemon=True).start()
            else:
                run.exit_code = child.wait()
                reader.join()
                child.stderr.close()
        finally:
            if not answered:
                stop_child(child, own_group)  # Ctrl-C in watch: the engine must not outlive us
                child.stdout.close()
            with self._running_lock:
                self._running.discard((child, own_group))
        run.stderr = "".join(stderr_chunks)
        run.seconds = time.monotonic() - started
        run.finish()
        return run

    def stop_all(self):
        """Stops every judgement still running (grade's Ctrl-C): what it was judging
        is not recorded."""
        with self._running_lock:
            children = list(self._running)
        for child, own_group in children:
            stop_child(child, own_group, patience=0)


def policy_is_empty(text):
    """True when a YAML text holds no value: blank lines, comments, document markers."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and stripped not in ("---", "..."):
            return False
    return True


# The engine's exit status for the verdict its summary gives (cudajudge judge: 0 AC, 2 JE,
# 1 every other verdict of the learner's).
EXIT_FOR_VERDICT = {"AC": 0, "SKIP": 0, "JE": 2}


def reap(child, reader):
    """Waits for an engine that gave its summary to end, and closes its pipes."""
    try:
        child.wait()
        reader.join()
    finally:
        child.stdout.close()
        child.stderr.close()


def drain(stream, sink):
    for chunk in iter(lambda: stream.read(8192), ""):
        sink.append(chunk)


def stop_child(child, own_group=False, patience=5):
    """Ends an engine still running: its whole process group at once where it has
    one, else SIGTERM, then SIGKILL after `patience` seconds."""
    if child.poll() is not None:
        return
    if own_group:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass
        child.wait()
        return
    child.terminate()
    try:
        child.wait(timeout=patience)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
