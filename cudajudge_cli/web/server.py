"""cudajudge_cli.web.server: the local server behind `python3 judge.py web`.

Who uses it: the `web` command (serve()), and tests/web/ (make_server()).

Safety. It listens on 127.0.0.1 unless told otherwise. Every request must
carry the session's random token (in the printed URL on the first load, then
a cookie, or the X-Cudajudge-Token header), and its Host header must name this
server (127.0.0.1:PORT or localhost:PORT, or the host it was told to listen
on), so another local user, a page in another tab, or a site whose DNS name
is rebound to 127.0.0.1 cannot read or drive it. Requests that change
something are POSTs with a JSON body and the token in the header (a form on
another site can send neither), and an Origin other than this server's is
refused. Exercise ids are checked against the catalog before they name a file.

The API (JSON, UTF-8; texts meant for the learner come as {"en", "zh"}):
    GET  /                          the page (web/static/index.html)
    GET  /static/NAME               the bundled script and style
    GET  /api/messages              the driver's texts (en, zh), to word reports alike
    GET  /api/overview              chapters, exercises, progress, the next exercise
    GET  /api/exercise?id=ID        statement, contract, launch, rules, hints seen, the file
    GET  /api/file?id=ID            exercises/ID.cu as it is on disk now
    POST /api/save    {id, source}  writes exercises/ID.cu
    POST /api/judge   {id, source, seed?, lang?, perf?}   saves, then judges; 409 while one runs
    POST /api/hint    {id}          the next hint (counted as `judge.py hint` counts it)
    GET  /api/solution?id=ID        the reference, once the exercise is AC
    POST /api/reset   {id}          the template back (the file kept as .bak-TIME first)
    GET  /api/events?id=ID          server-sent events: the judgement's progress
                                    (build, phases, each case, the summary, done)
                                    and `file` when exercises/ID.cu changes on disk

Judging runs the driver's run_judge in a worker thread and records the
attempt with the driver's record_attempt, so the progress store and the
history are the terminal's; one judgement at a time (a second request while
one runs gets 409 and a message, it is not queued).
"""

import hashlib
import hmac
import http.cookies
import json
import mimetypes
import os
import secrets
import shutil
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cudajudge_cli import messages
from cudajudge_cli.web.driver import driver
from cudajudge_cli.web.texts import both

STATIC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))), "web", "static")
MAX_BODY = 1024 * 1024  # an exercise file is a few KiB
MAX_SOURCE_KB = 512
EVENT_POLL_S = 0.5  # how often an event stream looks at the exercise file
KEEPALIVE_S = 15


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


class Handler(BaseHTTPRequestHandler):
    server_version = "cudajudge"
    protocol_version = "HTTP/1.1"

    @property
    def app(self):
        return self.server.app

    def log_message(self, format, *args):  # quiet: the terminal shows the URL only
        if os.environ.get("CUDAJUDGE_WEB_LOG") == "1":
            super().log_message(format, *args)

    # -- answers ---------------------------------------------------------------------
    def headers_common(self, content_type, length=None):
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy",
                         "default-src 'self'; script-src 'self'; style-src 'self' "
                         "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                         "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")

    def send_bytes(self, status, data, content_type, extra=()):
        self.send_response(status)
        self.headers_common(content_type, len(data))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def send_json(self, status, value):
        data = json.dumps(value, ensure_ascii=False, allow_nan=False,
                          default=str).encode("utf-8")
        self.send_bytes(status, data, "application/json; charset=utf-8")

    def send_error_json(self, status, message):
        self.send_json(status, {"error": message})

    def refuse(self, status, message):
        """A refusal readable both by the page (JSON) and by a person (text)."""
        accept = self.headers.get("Accept", "")
        if "application/json" in accept or self.path.startswith("/api/"):
            self.send_error_json(status, message)
        else:
            body = (message["en"] + "\n" + message["zh"] + "\n").encode("utf-8")
            self.send_bytes(status, body, "text/plain; charset=utf-8")

    # -- checks ------------------------------------------------------------------------
    def cookie_name(self):
        return f"cudajudge_token_{self.app.port}"

    def presented_token(self, query):
        candidates = [self.headers.get("X-Cudajudge-Token") or ""]
        candidates += query.get("token", [])
        cookies = http.cookies.SimpleCookie()
        try:
            cookies.load(self.headers.get("Cookie") or "")
        except http.cookies.CookieError:
            pass
        if self.cookie_name() in cookies:
            candidates.append(cookies[self.cookie_name()].value)
        return candidates

    def token_ok(self, query, header_only=False):
        expected = self.app.token.encode()
        if header_only:
            candidates = [self.headers.get("X-Cudajudge-Token") or ""]
        else:
            candidates = self.presented_token(query)
        return any(hmac.compare_digest(c.encode(), expected) for c in candidates if c)

    def checked(self, header_only=False):
        """(path, query) when the request may go on; else answers and returns None."""
        host = self.headers.get("Host") or ""
        if host not in self.app.allowed_hosts():
            self.refuse(403, both("bad_host", host=host, port=self.app.port))
            return None
        origin = self.headers.get("Origin")
        if origin and not self.app.origin_allowed(origin):
            self.refuse(403, both("bad_origin", origin=origin))
            return None
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parts.query)
        if not self.token_ok(query, header_only):
            self.refuse(403, both("bad_token"))
            return None
        return parts.path, query

    # -- GET -----------------------------------------------------------------------------
    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        checked = self.checked()
        if checked is None:
            return
        path, query = checked
        try:
            if path in ("/", "/index.html"):
                return self.page()
            if path.startswith("/static/"):
                return self.static(path[len("/static/"):])
            if path == "/api/events":
                return self.events(query)
            app = self.app
            if path == "/api/messages":
                return self.send_json(200, messages_table())
            if path == "/api/overview":
                return self.send_json(200, app.overview())
            if path == "/api/status":
                job, events, running = app.judging.snapshot()
                return self.send_json(200, {"ready": app.ready.is_set(),
                                            "running": running, "job": job,
                                            "build_error": app.build_error})
            if path == "/api/exercise":
                problem = app.problem(first(query, "id"))
                return self.send_json(200, dict(app.exercise(problem),
                                                **app.read_exercise(problem)))
            if path == "/api/file":
                return self.send_json(200, app.read_exercise(app.problem(first(query, "id"))))
            if path == "/api/solution":
                return self.send_json(200, app.solution(app.problem(first(query, "id"))))
        except ApiError as err:
            return self.send_error_json(err.status, err.message)
        self.refuse(404, both("not_found", path=path))

    def page(self):
        try:
            with open(os.path.join(STATIC, "index.html"), encoding="utf-8") as source:
                html = source.read()
        except OSError as err:
            return self.refuse(500, both("cannot_read", file="web/static/index.html", error=err))
        data = html.replace("__CUDAJUDGE_TOKEN__", self.app.token).encode("utf-8")
        cookie = (f"{self.cookie_name()}={self.app.token}; Path=/; HttpOnly; "
                  "SameSite=Strict")
        self.send_bytes(200, data, "text/html; charset=utf-8", [("Set-Cookie", cookie)])

    def static(self, name):
        if not name or "/" in name or "\\" in name or name.startswith("."):
            return self.refuse(404, both("not_found", path="/static/" + name))
        path = os.path.join(STATIC, name)
        try:
            with open(path, "rb") as source:
                data = source.read()
        except OSError:
            return self.refuse(404, both("not_found", path="/static/" + name))
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if kind.startswith("text/") or kind.endswith("javascript"):
            kind += "; charset=utf-8"
        self.send_bytes(200, data, kind)

    def events(self, query):
        """Server-sent events until the page goes away."""
        app = self.app
        watched = None
        try:
            problem_id = first(query, "id", required=False)
            if problem_id:
                watched = app.exercise_file(app.problem(problem_id))
        except ApiError as err:
            return self.send_error_json(err.status, err.message)
        self.send_response(200)
        self.headers_common("text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        job, events, running = app.judging.snapshot()
        # A job that ended before the page connected is history: only a running
        # one is replayed, so a reloaded page still sees the judgement it started.
        seen = 0 if running is not None else len(events)
        signature = file_signature(watched)[0] if watched else None
        last_write = time.monotonic()
        try:
            self.write_event("hello", {"job": job, "running": running,
                                       "ready": app.ready.is_set()})
            while True:
                now_job, events = app.judging.wait(job, seen, EVENT_POLL_S)
                if now_job != job:
                    job, seen = now_job, 0
                for event in events[seen:]:
                    self.write_event("judge", dict(event, job=job))
                    last_write = time.monotonic()
                seen = len(events)
                if watched:
                    digest, mtime = file_signature(watched)
                    if digest != signature:
                        signature = digest
                        self.write_event("file", {"id": problem_id, "hash": digest,
                                                  "mtime": mtime})
                        last_write = time.monotonic()
                if time.monotonic() - last_write > KEEPALIVE_S:
                    self.wfile.write(b": keepalive\n\n")
                    self.wfile.flush()
                    last_write = time.monotonic()
                if getattr(self.server, "stopping", False):
                    return
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, OSError):
            return

    def write_event(self, name, value):
        data = json.dumps(value, ensure_ascii=False, default=str)
        self.wfile.write(f"event: {name}\ndata: {data}\n\n".encode("utf-8"))
        self.wfile.flush()

    # -- POST ----------------------------------------------------------------------------
    def do_POST(self):
        checked = self.checked(header_only=True)
        if checked is None:
            return
        path, _ = checked
        try:
            body = self.json_body()
            app = self.app
            if path == "/api/save":
                return self.send_json(200, app.save_exercise(app.problem(body.get("id")),
                                                             body.get("source")))
            if path == "/api/judge":
                answer = app.judge(app.problem(body.get("id")), body.get("source"),
                                   body.get("seed"), body.get("lang"), body.get("perf", True)
                                   is not False)
                return self.send_json(202, answer)
            if path == "/api/hint":
                return self.send_json(200, app.next_hint(app.problem(body.get("id"))))
            if path == "/api/reset":
                return self.send_json(200, app.reset(app.problem(body.get("id"))))
        except ApiError as err:
            return self.send_error_json(err.status, err.message)
        self.refuse(404, both("not_found", path=path))

    def json_body(self):
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if kind != "application/json":
            raise ApiError(415, both("bad_body"))
        try:
            length = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            raise ApiError(400, both("bad_body"))
        if length < 0 or length > MAX_BODY:
            raise ApiError(413, both("too_large", kb=MAX_BODY // 1024))
        try:
            value = json.loads(self.rfile.read(length).decode("utf-8") or "{}")
        except (UnicodeDecodeError, ValueError) as err:
            raise ApiError(400, both("bad_request", error=str(err)))
        if not isinstance(value, dict):
            raise ApiError(400, both("bad_body"))
        return value


def messages_table():
    """The driver's own texts, so that the page words a report as the terminal does."""
    return {"messages": {k: list(v) for k, v in messages.MESSAGES.items()},
            "verdicts": {k: list(v) for k, v in messages.VERDICT_NAMES.items()},
            "tiers": {k: list(v) for k, v in messages.TIER_NAMES.items()},
            "rules": {k: list(v) for k, v in messages.RULE_MEANINGS.items()}}


def first(query, name, required=True):
    values = query.get(name) or []
    if not values or not values[0]:
        if required:
            raise ApiError(400, both("missing_field", name=name))
        return None
    return values[0]


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, app, address):
        self.app = app
        self.stopping = False
        super().__init__(address, Handler)


def make_server(host="127.0.0.1", port=0, token=None):
    """A server bound and ready to serve_forever(); the engine build starts at once."""
    import socket
    server_class = Server
    if ":" in host:  # an IPv6 address
        server_class = type("Server6", (Server,), {"address_family": socket.AF_INET6})
    app = App(host, port, token)
    server = server_class(app, (host, port))
    app.port = server.server_address[1]
    app.start_build()
    return server


def url_of(server):
    app = server.app
    host = app.host if app.host not in ("0.0.0.0", "::") else "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{app.port}/?token={app.token}"


def stop(server):
    server.stopping = True
    server.shutdown()
    server.server_close()
