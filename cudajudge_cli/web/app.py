"""cudajudge_cli.web.app: what the web server does, apart from HTTP.

Who uses it: cudajudge_cli/web/server.py (one App per server), and tests/web/.

App holds the workspace (the driver's Workspace: root, build, catalog, progress
store), the session token, and Judging, the one judgement (or first build) that
may run at a time with its events. Its methods answer the API: the overview and
an exercise as the terminal's `judge.py` and `show` see them, the learner's file
(read, copied from the template, saved atomically), the next hint, the solution
once AC, reset, and judging through the driver's run_judge and record_attempt in
a worker thread. Errors meant for the page are ApiError(status, {"en", "zh"}).
"""

import hashlib
import os
import secrets
import shutil
import tempfile
import threading
import time

from cudajudge_cli import messages
from cudajudge_cli.web.driver import driver
from cudajudge_cli.web.texts import both

MAX_SOURCE_KB = 512


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

    def __init__(self, app):
        self.app = app
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
                       "error": both("judge_failed", error=f"{type(err).__name__}: {err}")})
        finally:
            with self.lock:
                self.running = None
                self.lock.notify_all()

    def wait(self, job, seen, timeout):
        """Events after the first `seen` of job (all of a newer job), waiting up to timeout."""
        with self.lock:
            if self.job == job and len(self.events) <= seen:
                self.lock.wait(timeout)
            return self.job, list(self.events)


class App:
    """State shared by the request handlers: the workspace, the token, the judge."""

    def __init__(self, host, port, token=None):
        d = driver()
        self.d = d
        self.ws = d.Workspace()
        self.host = host
        self.port = port
        self.token = token or secrets.token_urlsafe(24)
        self.judging = Judging(self)
        self.ready = threading.Event()  # the engine is built and the catalog read
        self.build_error = None
        self.catalog_lock = threading.Lock()

    # -- first build -------------------------------------------------------
    def start_build(self):
        """Builds the engine (first run: about a minute) and reads the catalog."""
        def work():
            first = not os.path.exists(os.path.join(self.ws.build, "build.ninja"))
            self.judging.emit({"type": "build", "state": "start", "first": first,
                               "text": both("building")})
            started = time.monotonic()
            try:
                self.ws.engine()
                self.ws.catalog()
            except self.d.JudgeError as err:
                self.build_error = both("build_failed", error=str(err))
                self.judging.emit({"type": "build", "state": "failed", "error": self.build_error})
                return
            finally:
                self.ready.set()
            self.judging.emit({"type": "build", "state": "end",
                               "seconds": round(time.monotonic() - started, 2)})
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
            raise ApiError(503, self.build_error or both("building"))
        with self.catalog_lock:
            return self.ws.catalog()

    def problem(self, problem_id):
        for problem in self.problems():
            if problem["id"] == problem_id:
                return problem
        raise ApiError(404, both("unknown_id", id=str(problem_id)))

    def exercise_file(self, problem):
        return self.ws.exercise_path(problem)

    def relative(self, path):
        return self.ws.relative(path).replace(os.sep, "/")

    # -- reading and writing the exercise -----------------------------------------
    def read_exercise(self, problem):
        """The learner's file, copied from the template first when there is none
        (as `watch` does)."""
        path = self.exercise_file(problem)
        if not os.path.isfile(path):
            template = self.ws.path("templates", f"{problem['id']}.cu")
            if not os.path.isfile(template):
                raise ApiError(500, both("template_missing", file=self.relative(template)))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            shutil.copyfile(template, path)
            self.refresh_editor_files()
        try:
            with open(path, encoding="utf-8", errors="replace", newline="") as source:
                text = source.read()
        except OSError as err:
            raise ApiError(500, both("cannot_read", file=self.relative(path), error=err))
        digest, mtime = file_signature(path)
        return {"id": problem["id"], "file": self.relative(path), "source": text,
                "hash": digest, "mtime": mtime}

    def save_exercise(self, problem, source):
        if not isinstance(source, str):
            raise ApiError(400, both("bad_source"))
        if len(source.encode("utf-8")) > MAX_SOURCE_KB * 1024:
            raise ApiError(413, both("too_large", kb=MAX_SOURCE_KB))
        path = self.exercise_file(problem)
        try:
            write_atomically(path, source)
        except OSError as err:
            raise ApiError(500, both("cannot_save", file=self.relative(path), error=err))
        digest, mtime = file_signature(path)
        return {"id": problem["id"], "file": self.relative(path), "hash": digest,
                "mtime": mtime}

    def refresh_editor_files(self):
        try:
            self.d.refresh_compile_commands(self.ws)
        except Exception:  # clangd's file is a convenience, never a reason to fail
            pass

    # -- progress ---------------------------------------------------------------------
    def progress(self):
        return self.ws.progress().read(quiet=True)

    def exercise_summary(self, problem, progress):
        d = self.d
        record = d.exercise_record(progress, problem["id"])
        return {"id": problem["id"], "title": problem.get("title"),
                "chapter": problem.get("chapter"),
                "status": d.exercise_status(progress, problem["id"]),
                "best": record.get("best_verdict"), "best_ms": record.get("best_ms"),
                "best_pct": record.get("best_pct"), "best_tier": record.get("best_tier"),
                "best_ratio": record.get("best_ratio"), "last": record.get("last_verdict"),
                "attempts": d.as_count(record.get("attempts")),
                "hints_shown": d.as_count(record.get("hints_shown")),
                "backends": problem.get("backends") or []}

    def overview(self):
        d = self.d
        problems = self.problems()
        progress = self.progress()
        chapters = []
        for name, members in d.chapters_of(problems):
            rows = [self.exercise_summary(p, progress) for p in members]
            chapters.append({
                "name": name, "total": len(rows),
                "solved": sum(1 for r in rows if r["status"] == "solved"),
                "attempted": sum(1 for r in rows if r["status"] == "attempted"),
                "untouched": sum(1 for r in rows if r["status"] == "untouched"),
                "exercises": rows})
        following = d.next_exercise(problems, progress)
        history = [a for a in progress.get("history", []) if isinstance(a, dict)][-20:]
        return {"chapters": chapters, "total": len(problems),
                "solved": sum(c["solved"] for c in chapters),
                "next": following["id"] if following else None,
                "history": history, "device": progress.get("device")}

    def exercise(self, problem):
        progress = self.progress()
        summary = self.exercise_summary(problem, progress)
        hints = problem.get("hints") if isinstance(problem.get("hints"), dict) else {}
        total = max((len(v) for v in hints.values() if isinstance(v, list)), default=0)
        seen = min(summary["hints_shown"], total)
        rules = problem.get("rules") if isinstance(problem.get("rules"), dict) else {}
        required = [str(name) for name in rules.get("require") or []]
        forbidden = [str(name) for name in rules.get("forbid") or []]
        if "libraries" not in forbidden:
            forbidden.append("libraries")  # forbidden everywhere, as `show` says
        history = [a for a in progress.get("history", [])
                   if isinstance(a, dict) and a.get("id") == problem["id"]][-10:]
        return dict(summary, **{
            "signature": problem.get("signature"), "statement": problem.get("statement"),
            "launch": problem.get("launch"), "aliases": problem.get("aliases") or [],
            "check": problem.get("check"),
            "rules": {"require": [self.rule(n) for n in required],
                      "forbid": [self.rule(n) for n in forbidden]},
            "hints_total": total, "hints": self.hints(hints, seen),
            "solution_open": summary["best"] == "AC", "history": history,
            "file": self.relative(self.exercise_file(problem))})

    @staticmethod
    def rule(name):
        meaning = messages.RULE_MEANINGS.get(name)
        return {"name": name, "meaning": {"en": meaning[0], "zh": meaning[1]} if meaning
                else {"en": name, "zh": name}}

    @staticmethod
    def hints(hints, seen):
        shown = []
        for number in range(seen):
            pair = {}
            for lang in ("en", "zh"):
                items = hints.get(lang) if isinstance(hints.get(lang), list) else []
                pair[lang] = str(items[number]) if number < len(items) else None
            pair["zh"] = pair["zh"] or pair["en"]
            pair["en"] = pair["en"] or pair["zh"]
            shown.append(pair)
        return shown

    def next_hint(self, problem):
        hints = problem.get("hints") if isinstance(problem.get("hints"), dict) else {}
        total = max((len(v) for v in hints.values() if isinstance(v, list)), default=0)
        if not total:
            raise ApiError(404, both("no_hints", id=problem["id"]))
        d = self.d
        problem_id = problem["id"]

        def take_hint(data):  # as `judge.py hint` counts: one more, up to the last
            record = data["exercises"].setdefault(problem_id, {})
            seen = min(d.as_count(record.get("hints_shown")), total)
            record["hints_shown"] = max(seen, min(seen + 1, total))

        data = self.ws.progress().update(take_hint)
        seen = min(d.as_count(data["exercises"][problem_id].get("hints_shown")), total)
        return {"id": problem_id, "hints_total": total, "hints": self.hints(hints, seen)}

    def solution(self, problem):
        record = self.d.exercise_record(self.progress(), problem["id"])
        if record.get("best_verdict") != "AC":
            best = record.get("best_verdict")
            message = both("solution_locked", id=problem["id"], best=best or "-")
            if not best:
                message = {lang: both("solution_locked", id=problem["id"],
                                      best=both("not_judged")[lang])[lang]
                           for lang in ("en", "zh")}
            raise ApiError(403, message)
        reference = self.ws.path("reference", f"{problem['id']}.cu")
        try:
            with open(reference, encoding="utf-8", errors="replace") as source:
                return {"id": problem["id"], "file": self.relative(reference),
                        "source": source.read()}
        except OSError:
            raise ApiError(500, both("reference_missing", file=self.relative(reference)))

    def reset(self, problem):
        """As `judge.py reset ID --yes`: the file kept as .bak-TIME, then the template."""
        template = self.ws.path("templates", f"{problem['id']}.cu")
        path = self.exercise_file(problem)
        if not os.path.isfile(template):
            raise ApiError(500, both("template_missing", file=self.relative(template)))
        backup = None
        if os.path.isfile(path):
            with open(path, "rb") as mine, open(template, "rb") as pristine:
                same = mine.read() == pristine.read()
            if not same:
                backup = f"{path}.bak-{self.d.file_stamp()}"
                shutil.copy2(path, backup)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(template, path)
        answer = self.read_exercise(problem)
        answer["backup"] = self.relative(backup) if backup else None
        return answer

    # -- judging ------------------------------------------------------------------------
    def judge(self, problem, source, seed, lang, perf):
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or seed < 0 or seed >= 2 ** 32):
            raise ApiError(400, both("bad_seed"))
        lang = lang if lang in messages.LANGUAGES else "en"
        problem_id = problem["id"]
        if not self.judging.reserve(problem_id):
            busy = self.judging.snapshot()[2]
            raise ApiError(409, both("busy", id=busy) if busy else both("busy_build"))
        try:  # the page saves before judging; a refused press saves nothing
            if source is None:  # judge the file as it is (started from the template)
                self.read_exercise(problem)
                saved = None
            else:
                saved = self.save_exercise(problem, source)
        except BaseException:
            self.judging.release()
            raise

        def work():
            d, ws = self.d, self.ws
            emit = self.judging.emit
            messages.set_language(lang)  # the driver's and the engine's texts
            emit({"type": "start", "id": problem_id, "seed": seed, "lang": lang})
            first = not os.path.exists(os.path.join(ws.build, "build.ninja"))
            started = time.monotonic()
            try:
                emit({"type": "build", "state": "start", "first": first,
                      "text": both("building")})
                ws.engine()
                emit({"type": "build", "state": "end",
                      "seconds": round(time.monotonic() - started, 2)})
                file_arg = d.file_to_judge(ws, problem, None)
                self.refresh_editor_files()
                run = d.run_judge(ws, problem_id, file_arg, seed, perf,
                                  on_event=lambda event, line: emit(event))
            except d.JudgeError as err:
                emit({"type": "done", "id": problem_id, "verdict": "JE", "exit_code": 2,
                      "error": both("judge_failed", error=str(err))})
                return
            if run.summary is None or run.malfunction:
                emit({"type": "done", "id": problem_id, "verdict": "JE", "exit_code": 2,
                      "error": both("judge_failed", error=run.problem_message())})
                return
            d.record_attempt(ws, problem_id, file_arg, run.summary)
            record = d.exercise_record(self.progress(), problem_id)
            emit({"type": "done", "id": problem_id, "verdict": run.verdict,
                  "exit_code": run.exit_code, "seconds": round(run.seconds, 2),
                  "best": record.get("best_verdict"),
                  "attempts": d.as_count(record.get("attempts"))})

        self.judging.launch(work)
        return {"started": True, "id": problem_id, "job": self.judging.job, "saved": saved}
