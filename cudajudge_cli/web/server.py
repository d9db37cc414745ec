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
    GET  /                          the page (web/src/index.html)
    GET  /src/NAME                  the page's script and style (web/src/, served as is)
    GET  /static/NAME               the bundled code editor (web/static/editor.js)
    GET  /api/texts                 the one table of texts (en, zh): the page's own and
                                    those of the driver's reports
    GET  /api/overview              chapters, exercises, progress, the next exercise
    GET  /api/exercise?id=ID        statement, contract, launch, rules, hints seen, the file
    GET  /api/file?id=ID            exercises/ID.cu as it is on disk now
    POST /api/save    {id, source}  writes exercises/ID.cu
    POST /api/judge   {id, source, seed?, lang?, perf?, profile?}   saves, then judges (profile:
                      where the time goes, after the verdict); 409 while one runs
    POST /api/hint    {id}          the next hint (counted as `judge.py hint` counts it)
    GET  /api/solution?id=ID        the reference, once the exercise is AC
    POST /api/reset   {id}          the template back (the file kept as .bak-TIME first)
    GET  /api/events?id=ID          server-sent events: the judgement's progress
                                    (build, phases, each case, the summary, and
                                    done with the report's model) and `file` when
                                    exercises/ID.cu changes on disk

What each request does is in app.py: judging runs learn/actions.judge in a
worker thread, as the terminal's `judge.py ID` does, so the progress store and
the history are the terminal's, and the report is view/model.py's; one
judgement at a time (a second request while one runs gets 409 and a message, it
is not queued).
"""

import hmac
import http.cookies
import json
import mimetypes
import os
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import TEXTS, Text
from cudajudge_cli.web.app import ApiError, App, file_signature, pair

WEB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))), "web")
SOURCE = os.path.join(WEB, "src")  # the page as written: index.html, main.js, style.css
STATIC = os.path.join(WEB, "static")  # built by web/build.mjs: editor.js
MAX_BODY = 1024 * 1024  # an exercise file is a few KiB
EVENT_POLL_S = 0.5  # how often an event stream looks at the exercise file
KEEPALIVE_S = 15


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
            self.refuse(403, pair("web_bad_host", host=host, port=self.app.port))
            return None
        origin = self.headers.get("Origin")
        if origin and not self.app.origin_allowed(origin):
            self.refuse(403, pair("web_bad_origin", origin=origin))
            return None
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parts.query)
        if not self.token_ok(query, header_only):
            self.refuse(403, pair("web_bad_token"))
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
            if path.startswith("/src/"):
                return self.file_of(SOURCE, path)
            if path.startswith("/static/"):
                return self.file_of(STATIC, path)
            if path == "/api/events":
                return self.events(query)
            app = self.app
            if path == "/api/texts":
                return self.send_json(200, {key: list(texts) for key, texts in TEXTS.items()})
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
        except Exception as err:  # the page hears of it; the server goes on
            return self.send_error_json(500, self.failure(err))
        self.refuse(404, pair("web_not_found", path=path))

    def failure(self, err):
        if isinstance(err, JudgeError):  # the driver's: what to fix, said as is
            return Text("web_driver_error", error=err.message).pair()
        return pair("web_internal", kind=type(err).__name__, error=err)

    def page(self):
        try:
            with open(os.path.join(SOURCE, "index.html"), encoding="utf-8") as source:
                html = source.read()
        except OSError as err:
            return self.refuse(500, pair("web_cannot_read", file="web/src/index.html",
                                         error=err))
        data = html.replace("__CUDAJUDGE_TOKEN__", self.app.token).encode("utf-8")
        cookie = (f"{self.cookie_name()}={self.app.token}; Path=/; HttpOnly; "
                  "SameSite=Strict")
        self.send_bytes(200, data, "text/html; charset=utf-8", [("Set-Cookie", cookie)])

    def file_of(self, folder, path):
        """A file of the page: a plain name in its folder, nothing above or beside it."""
        name = path.split("/", 2)[2]
        if not name or "/" in name or "\\" in name or name.startswith("."):
            return self.refuse(404, pair("web_not_found", path=path))
        try:
            with open(os.path.join(folder, name), "rb") as source:
                data = source.read()
        except OSError:
            return self.refuse(404, pair("web_not_found", path=path))
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
        # Where the stream starts is fixed before the answer's headers go out, so a
        # client that has them sees every judgement started after. A job that ended
        # before is history: only a running one is replayed (a reloaded page still
        # sees the judgement it started).
        job, events, running = app.judging.snapshot()
        seen = 0 if running is not None else len(events)
        signature = file_signature(watched)[0] if watched else None
        self.send_response(200)
        self.headers_common("text/event-stream; charset=utf-8")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
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
                                   is not False, body.get("profile") is True)
                return self.send_json(202, answer)
            if path == "/api/hint":
                return self.send_json(200, app.next_hint(app.problem(body.get("id"))))
            if path == "/api/reset":
                return self.send_json(200, app.reset(app.problem(body.get("id"))))
        except ApiError as err:
            return self.send_error_json(err.status, err.message)
        except Exception as err:  # the page hears of it; the server goes on
            return self.send_error_json(500, self.failure(err))
        self.refuse(404, pair("web_not_found", path=path))

    def json_body(self):
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if kind != "application/json":
            raise ApiError(415, pair("web_bad_body"))
        try:
            length = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            raise ApiError(400, pair("web_bad_body"))
        if length < 0 or length > MAX_BODY:
            raise ApiError(413, pair("web_too_large", kb=MAX_BODY // 1024))
        try:
            value = json.loads(self.rfile.read(length).decode("utf-8") or "{}")
        except (UnicodeDecodeError, ValueError) as err:
            raise ApiError(400, pair("web_bad_request", error=str(err)))
        if not isinstance(value, dict):
            raise ApiError(400, pair("web_bad_body"))
        return value


def first(query, name, required=True):
    values = query.get(name) or []
    if not values or not values[0]:
        if required:
            raise ApiError(400, pair("web_missing_field", name=name))
        return None
    return values[0]


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        """A page that went away mid-request is no error worth a traceback."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

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
