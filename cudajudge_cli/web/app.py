"""cudajudge_cli.web.app: what the web server does, apart from HTTP.

Who uses it: cudajudge_cli/web/server.py (one App per server), and tests/web/.

App holds the learner's workspace (learn.Practice: root, build, catalog,
progress store), the session token, and Judging, the one judgement (or first
build) that may run at a time with its events. Its methods answer the API: the
overview and an exercise as the terminal's `judge.py` and `show` see them, the
learner's file (read, started from the template, saved atomically), and the
learner's actions done by learn/actions.py exactly as the terminal's commands do
them: judging (in a worker thread) with the attempt recorded, the next hint, the
solution once AC, reset. A judgement's report goes to the page as the model of
view/model.py. Errors meant for the page are ApiError(status, {"en", "zh"}).
"""

import hashlib
import os
import secrets
import shutil
import tempfile
import threading
import time

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import LANGUAGES, Text, rule_meaning
from cudajudge_cli.learn import actions
from cudajudge_cli.learn.catalog import chapters_of, exercise_rules, hint_count, hint_pair
from cudajudge_cli.learn.clangd import refresh_compile_commands
from cudajudge_cli.learn.practice import Practice
from cudajudge_cli.learn.progress import as_count, exercise_record, exercise_status
from cudajudge_cli.view import model

MAX_SOURCE_KB = 512


def pair(key, **fields):
    """The page's {"en", "zh"} of a text of the table."""
    return Text(key, **fields).pair()


def file_signature(path):
    """(sha256 of the text, mtime) or (None, None) when the file is missing."""
    try:
        with open(path, "rb") as source:
            data = source.read()
        return hashlib.sha256(data).hexdigest(), os.stat(path).st_mtime
    except OSError:
        return None, None


def write_atomically(path, text):
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".web-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        if os.path.exists(path):
            shutil.copymode(path, temporary)
        else:
            os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


class ApiError(Exception):
    def __init__(self, status, message):
        super().__init__(message.get("en") if isinstance(message, dict) else message)
        self.status = status
        self.message = message


class Judging:
    """The one judgement (or the first build) running, and its events.

    Events of the current job are kept in a list, so that an event stream
    opened late (a reloaded page) still sees the whole judgement."""

    def __init__(self):
        self.lock = threading.Condition()
        self.job = 0
        self.events = []
        self.running = None  # the exercise id being judged, "" for the build

    def snapshot(self):
        with self.lock:
            return self.job, list(self.events), self.running

    def emit(self, event):
        with self.lock:
            self.events.append(event)
            self.lock.notify_all()

    def reserve(self, what):
        """Claims the judge for what; False when something runs already."""
        with self.lock:
            if self.running is not None:
                return False
            self.running = what
            self.job += 1
            self.events = []
            self.lock.notify_all()
            return True

    def release(self):
        with self.lock:
            self.running = None
            self.lock.notify_all()

    def launch(self, work):
        """Runs work() in a thread; the claim ends with it."""
        threading.Thread(target=self._run, args=(work,), daemon=True).start()

    def start(self, what, work):
        """Runs work() in a thread unless something runs; False when busy."""
        if not self.reserve(what):
            return False
        self.launch(work)
        return True

    def _run(self, work):
        try:
            work()
        except Exception as err:  # a bug: the page must still hear the end
            self.emit({"type": "done", "verdict": "JE", "exit_code": 2,
                       "error": pair("web_judge_failed", error=f"{type(err).__name__}: {err}")})
        finally:
            self.release()

    def wait(self, job, seen, timeout):
        """Events after the first `seen` of job (all of a newer job), waiting up to timeout."""
        with self.lock:
            if self.job == job and len(self.events) <= seen:
                self.lock.wait(timeout)
            return self.job, list(self.events)


class App:
    """State shared by the request handlers: the workspace, the token, the judge."""

    def __init__(self, host, port, token=None):
        self.ws = Practice()
        self.host = host
        self.port = port
        self.token = token or secrets.token_urlsafe(24)
        self.judging = Judging()
        self.ready = threading.Event()  # the engine is built and the catalog read
        self.build_error = None
        self.catalog_lock = threading.Lock()

    # -- first build -------------------------------------------------------
    def build_events(self):
        """Builds the engine, with a build event before (the first time) and after."""
        first = self.ws.first_build()
        self.judging.emit({"type": "build", "state": "start", "first": first,
                           "text": pair("building_first")})
        started = time.monotonic()
        self.ws.engine_command()
        self.judging.emit({"type": "build", "state": "end",
                           "seconds": round(time.monotonic() - started, 2)})

    def start_build(self):
        """Builds the engine (a fresh clone takes minutes) and reads the catalog."""
        def work():
            try:
                self.build_events()
                self.ws.catalog()
            except JudgeError as err:
                self.build_error = pair("web_build_failed", error=str(err))
                self.judging.emit({"type": "build", "state": "failed", "error": self.build_error})
            finally:
                self.ready.set()
        self.judging.start("", work)

    def allowed_hosts(self):
        names = {"127.0.0.1", "localhost", self.host}
        if ":" in self.host:
            names.add(f"[{self.host}]")
        return {f"{name}:{self.port}" for name in names}

    def origin_allowed(self, origin):
        return origin in {f"http://{host}" for host in self.allowed_hosts()}

    # -- the catalog ---------------------------------------------------------
    def problems(self):
        if not self.ready.is_set() or self.build_error:
            raise ApiError(503, self.build_error or pair("building_first"))
        with self.catalog_lock:
            return self.ws.catalog()

    def problem(self, problem_id):
        for problem in self.problems():
            if problem["id"] == problem_id:
                return problem
        raise ApiError(404, pair("web_unknown_id", id=str(problem_id)))

    def exercise_file(self, problem):
        return self.ws.exercise_path(problem)

    def relative(self, path):
        return self.ws.relative(path).replace(os.sep, "/")

    # -- reading and writing the exercise -----------------------------------------
    def read_exercise(self, problem):
        """The learner's file, started from the template first when there is none
        (as `watch` does)."""
        try:
            if actions.start_exercise_file(self.ws, problem):
                self.refresh_editor_files()
        except JudgeError as err:
            raise ApiError(500, err.pair())
        path = self.exercise_file(problem)
        try:
            with open(path, encoding="utf-8", errors="replace", newline="") as source:
                text = source.read()
        except OSError as err:
            raise ApiError(500, pair("web_cannot_read", file=self.relative(path), error=err))
        digest, mtime = file_signature(path)
        return {"id": problem["id"], "file": self.relative(path), "source": text,
                "hash": digest, "mtime": mtime}

    def save_exercise(self, problem, source):
        if not isinstance(source, str):
            raise ApiError(400, pair("web_bad_source"))
        if len(source.encode("utf-8")) > MAX_SOURCE_KB * 1024:
            raise ApiError(413, pair("web_too_large", kb=MAX_SOURCE_KB))
        path = self.exercise_file(problem)
        try:
            write_atomically(path, source)
        except OSError as err:
            raise ApiError(500, pair("web_cannot_save", file=self.relative(path), error=err))
        digest, mtime = file_signature(path)
        return {"id": problem["id"], "file": self.relative(path), "hash": digest,
                "mtime": mtime}

    def refresh_editor_files(self):
        try:
            refresh_compile_commands(self.ws)
        except Exception:  # clangd's file is a convenience, never a reason to fail
            pass

    # -- progress ---------------------------------------------------------------------
    def progress(self):
        return self.ws.progress().read(quiet=True)

    @staticmethod
    def exercise_summary(problem, progress):
        record = exercise_record(progress, problem["id"])
        return {"id": problem["id"], "title": problem.get("title"),
                "chapter": problem.get("chapter"),
                "status": exercise_status(progress, problem["id"]),
                "best": record.get("best_verdict"), "best_ms": record.get("best_ms"),
                "best_pct": record.get("best_pct"), "best_tier": record.get("best_tier"),
                "best_ratio": record.get("best_ratio"), "last": record.get("last_verdict"),
                "best_time": model.as_json(model.best_time(record)),
                "attempts": as_count(record.get("attempts")),
                "hints_shown": as_count(record.get("hints_shown")),
                "backends": problem.get("backends") or []}

    def overview(self):
        problems = self.problems()
        progress = self.progress()
        chapters = []
        for name, members in chapters_of(problems):
            rows = [self.exercise_summary(p, progress) for p in members]
            chapters.append({
                "name": name, "total": len(rows),
                "solved": sum(1 for r in rows if r["status"] == "solved"),
                "attempted": sum(1 for r in rows if r["status"] == "attempted"),
                "untouched": sum(1 for r in rows if r["status"] == "untouched"),
                "exercises": rows})
        following = self.ws.next_exercise(progress)
        history = [a for a in progress.get("history", []) if isinstance(a, dict)][-20:]
        return {"chapters": chapters, "total": len(problems),
                "solved": sum(c["solved"] for c in chapters),
                "next": following["id"] if following else None,
                "history": history, "device": progress.get("device")}

    def exercise(self, problem):
        progress = self.progress()
        summary = self.exercise_summary(problem, progress)
        total = hint_count(problem)
        required, forbidden = exercise_rules(problem)
        history = [a for a in progress.get("history", [])
                   if isinstance(a, dict) and a.get("id") == problem["id"]][-10:]
        return dict(summary, **{
            "signature": problem.get("signature"), "statement": problem.get("statement"),
            "launch": problem.get("launch"), "aliases": problem.get("aliases") or [],
            "check": problem.get("check"),
            "rules": {"require": [self.rule(n) for n in required],
                      "forbid": [self.rule(n) for n in forbidden]},
            "hints_total": total,
            "hints": self.hints(problem, min(summary["hints_shown"], total)),
            "solution_open": summary["best"] == "AC", "history": history,
            "file": self.relative(self.exercise_file(problem))})

    @staticmethod
    def rule(name):
        return {"name": name, "meaning": {lang: rule_meaning(name, lang) for lang in LANGUAGES}}

    @staticmethod
    def hints(problem, seen):
        return [hint_pair(problem, number) for number in range(1, seen + 1)]

    # -- the learner's actions (learn/actions.py) ------------------------------------------
    def next_hint(self, problem):
        shown, total = actions.take_hint(self.ws, problem)
        if not total:
            raise ApiError(404, pair("hint_none", id=problem["id"]))
        return {"id": problem["id"], "hints_total": total,
                "hints": self.hints(problem, shown[-1])}

    def solution(self, problem):
        try:
            reference, text = actions.solution(self.ws, problem)
        except actions.SolutionLocked as locked:
            raise ApiError(403, pair("web_solution_locked", id=problem["id"],
                                     best=locked.best or Text("web_not_judged")))
        except JudgeError as err:
            raise ApiError(500, err.pair())
        return {"id": problem["id"], "file": self.relative(reference), "source": text}

    def reset(self, problem):
        """As `judge.py reset ID --yes`: the file kept as .bak-TIME, then the template."""
        try:
            plan = actions.reset(actions.plan_reset(self.ws, problem))
        except JudgeError as err:
            raise ApiError(500, err.pair())
        answer = self.read_exercise(problem)
        answer["backup"] = self.relative(plan.backup) if plan.backup else None
        return answer

    def judge(self, problem, source, seed, lang, perf, profile=False):
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or seed < 0 or seed >= 2 ** 32):
            raise ApiError(400, pair("web_bad_seed"))
        lang = lang if lang in LANGUAGES else "en"
        problem_id = problem["id"]
        if not self.judging.reserve(problem_id):
            busy = self.judging.snapshot()[2]
            raise ApiError(409, pair("web_busy", id=busy) if busy else pair("web_busy_build"))
        try:  # the page saves before judging; a refused press saves nothing
            if source is None:  # judge the file as it is (started from the template)
                self.read_exercise(problem)
                saved = None
            else:
                saved = self.save_exercise(problem, source)
        except BaseException:
            self.judging.release()
            raise
        self.judging.launch(lambda: self.judge_work(problem, seed, lang, perf, profile))
        return {"started": True, "id": problem_id, "job": self.judging.job, "saved": saved}

    def judge_work(self, problem, seed, lang, perf, profile=False):
        """The worker of one judgement: build, judge (the engine's events passed on with
        what the page shows of them), record, and "done" with the report's model."""
        ws, emit, problem_id = self.ws, self.judging.emit, problem["id"]
        emit({"type": "start", "id": problem_id, "seed": seed, "lang": lang})
        try:
            self.build_events()
            file_arg = actions.file_to_judge(ws, problem)
            self.refresh_editor_files()
            judgement = actions.judge(ws, problem, file_arg, seed, perf, lang=lang,
                                      on_event=lambda event, line: emit(shown_event(event)),
                                      profile=profile)
        except JudgeError as err:
            emit({"type": "done", "id": problem_id, "verdict": "JE", "exit_code": 2,
                  "error": pair("web_judge_failed", error=err.pair()[lang])})
            return
        run = judgement.run
        if not run.usable:
            emit({"type": "done", "id": problem_id, "verdict": "JE", "exit_code": 2,
                  "error": pair("web_judge_failed", error=run.problem_message())})
            return
        default_file = f"exercises/{problem_id}.cu"
        report = model.report(run, problem_id, file_arg, default_file)
        steps = model.next_steps(actions.what_next(ws, judgement), run, problem_id, file_arg,
                                 default_file)
        record = exercise_record(self.progress(), problem_id)
        emit({"type": "done", "id": problem_id, "verdict": run.verdict,
              "exit_code": run.exit_code, "seconds": round(run.seconds, 2),
              "best": record.get("best_verdict"),
              "attempts": as_count(record.get("attempts")),
              "report": model.as_json(report), "next": model.as_json(steps)})


def shown_event(event):
    """An engine event as the page gets it: the engine's fields, and what the page
    shows of it (view/model.py): a phase's text, a case's view."""
    kind = event.get("type")
    if kind == "phase":
        text = (model.progress_text(event) if event.get("state") == "start"
                else model.phase_done_text(event))
        return dict(event, text=model.as_json(text))
    if kind == "case":
        return dict(event, view=model.as_json(model.case_view(event)))
    return event
