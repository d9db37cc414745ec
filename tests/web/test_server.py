"""tests/web/test_server.py: the web server (cudajudge_cli/web/server.py) through the
standard library's HTTP client: the token, the Host and Origin checks, the judge flow
with its events and the progress store, refusing a second Judge while one runs,
saves, outside edits, hints, the solution lock and reset.

Judging uses the stand-in engine of the driver's tests (tests/python/fake_engine.py),
so it needs no build; tests/web/test_browser.py judges with the real engine.
Run: python3 tests/web/test_server.py (meson test --suite web).
"""

import http.client
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)
# the driver's tests' stand-in engine and file helpers
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))

from support import FAKE_ENGINE, read, write  # noqa: E402
from cudajudge_cli.core.errors import JudgeError  # noqa: E402
from cudajudge_cli.learn.practice import Practice  # noqa: E402
from cudajudge_cli.web import server as web_server  # noqa: E402

WRONG = "// fake-verdict: WA\n__device__ int warp_inclusive_scan(int v) { return v; }\n"
RIGHT = "// fake-verdict: AC\n__device__ int warp_inclusive_scan(int v) { return v; }\n"


class ServerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="cudajudge-web-")
        for folder in ("templates", "reference"):
            write(os.path.join(self.tmp, folder, "warp_scan.cu"), f"// {folder} of warp_scan\n")
        self.saved_env = dict(os.environ)
        for key in list(os.environ):
            if key.startswith(("FAKE_", "CUDAJUDGE_")):
                del os.environ[key]
        os.environ.update(CUDAJUDGE_ROOT=self.tmp, CUDAJUDGE_ENGINE=FAKE_ENGINE,
                          CUDAJUDGE_BUILD=os.path.join(self.tmp, "build"),
                          CUDAJUDGE_STATE=os.path.join(self.tmp, "state"))
        self.start_server()

    def restart_with(self, **env):
        """The engine's environment is read when the server starts."""
        web_server.stop(self.server)
        os.environ.update(env)
        self.start_server()

    def start_server(self):
        self.server = web_server.make_server("127.0.0.1", 0)
        self.port = self.server.app.port
        self.token = self.server.app.token
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.assertTrue(self.server.app.ready.wait(30), "the engine was not ready in 30 s")

    def tearDown(self):
        web_server.stop(self.server)
        os.environ.clear()
        os.environ.update(self.saved_env)
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- a client ---------------------------------------------------------------------
    def request(self, method, path, body=None, headers=None, token=True, host=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Host": host or f"127.0.0.1:{self.port}"}
        if token:
            sent["X-Cudajudge-Token"] = self.token
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        connection.request(method, path, body=data, headers=sent)
        answer = connection.getresponse()
        payload = answer.read()
        connection.close()
        kind = answer.getheader("Content-Type") or ""
        value = json.loads(payload) if kind.startswith("application/json") else payload
        return answer.status, value, answer

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body, **kw):
        return self.request("POST", path, body, **kw)

    def listen(self, problem_id="warp_scan", timeout=60):
        """An event stream, open (its hello read) before anything is judged, as the
        page keeps one: a judgement that ends before a stream opens is not replayed."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        connection.request("GET", f"/api/events?id={problem_id}",
                           headers={"Host": f"127.0.0.1:{self.port}",
                                    "X-Cudajudge-Token": self.token})
        answer = connection.getresponse()
        self.assertEqual(answer.status, 200)
        self.assertEqual(answer.fp.readline().decode().strip(), "event: hello")
        answer.fp.readline(), answer.fp.readline()
        return connection, answer

    def until_done(self, stream, timeout=60):
        """The judge events on stream until "done"."""
        connection, answer = stream
        events, name = [], None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = answer.fp.readline().decode()
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: ") and name == "judge":
                event = json.loads(line[6:])
                events.append(event)
                if event["type"] == "done":
                    connection.close()
                    return events
        connection.close()
        self.fail(f"no 'done' event in {timeout} s: {events}")

    def judge(self, body):
        """Judges through the API; the events until "done"."""
        stream = self.listen(body.get("id", "warp_scan"))
        status, value, _ = self.post("/api/judge", body)
        self.assertEqual(status, 202, value)
        return self.until_done(stream)

    # -- token and host ------------------------------------------------------------------
    def test_without_the_token_nothing_is_served(self):
        for path in ("/", "/api/overview", "/src/main.js", "/static/editor.js",
                     "/api/exercise?id=warp_scan"):
            status, body, _ = self.get(path, token=False)
            self.assertEqual(status, 403, path)
        status, body, _ = self.get("/api/overview", token=False,
                                   headers={"X-Cudajudge-Token": "not-the-token"})
        self.assertEqual(status, 403)
        self.assertIn("session key", body["error"]["en"])
        self.assertIn("会话密钥", body["error"]["zh"])
        status, _, _ = self.post("/api/judge", {"id": "warp_scan", "source": WRONG}, token=False)
        self.assertEqual(status, 403)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "exercises", "warp_scan.cu")))

    def test_the_printed_url_sets_a_cookie_that_then_suffices(self):
        status, page, answer = self.get(f"/?token={self.token}", token=False)
        self.assertEqual(status, 200)
        self.assertIn(self.token.encode(), page)  # for the page's own requests
        cookie = answer.getheader("Set-Cookie")
        self.assertIn("HttpOnly", cookie)
        self.assertIn("SameSite=Strict", cookie)
        self.assertEqual(answer.getheader("Referrer-Policy"), "no-referrer")
        self.assertIn("default-src 'self'", answer.getheader("Content-Security-Policy"))
        pair = cookie.split(";")[0]
        status, value, _ = self.get("/api/overview", token=False, headers={"Cookie": pair})
        self.assertEqual(status, 200)
        self.assertEqual(value["total"], 5)
        # a cookie is not enough to change anything: a POST needs the header
        status, _, _ = self.post("/api/save", {"id": "warp_scan", "source": "x"}, token=False,
                                 headers={"Cookie": pair})
        self.assertEqual(status, 403)

    def test_a_foreign_host_header_is_refused(self):
        for host in ("evil.example:%d" % self.port, "127.0.0.1:1", "localhost", "attacker"):
            status, body, _ = self.get(f"/api/overview?token={self.token}", host=host)
            self.assertEqual(status, 403, host)
            self.assertIn("host", body["error"]["en"])
        status, _, _ = self.get("/api/overview", host=f"localhost:{self.port}")
        self.assertEqual(status, 200)

    def test_a_foreign_origin_is_refused(self):
        status, body, _ = self.post("/api/save", {"id": "warp_scan", "source": "x"},
                                    headers={"Origin": "http://evil.example"})
        self.assertEqual(status, 403)
        self.assertIn("another site", body["error"]["en"])
        status, _, _ = self.post("/api/save", {"id": "warp_scan", "source": "// mine\n"},
                                 headers={"Origin": f"http://127.0.0.1:{self.port}"})
        self.assertEqual(status, 200)

    def test_posts_must_be_json(self):
        status, _, _ = self.request("POST", "/api/save", None,
                                    headers={"Content-Type": "text/plain",
                                             "Content-Length": "2"})
        self.assertEqual(status, 415)

    def test_ids_are_checked_against_the_catalog(self):
        status, body, _ = self.get("/api/exercise?id=../../etc/passwd")
        self.assertEqual(status, 404)
        self.assertIn("no exercise", body["error"]["en"])
        status, _, _ = self.post("/api/save", {"id": "../x", "source": "x"})
        self.assertEqual(status, 404)
        for path in ("/static/../judge.py", "/src/../../judge.py", "/src/.hidden", "/src/"):
            status, _, _ = self.get(path)
            self.assertEqual(status, 404, path)

    def test_the_page_is_served_from_web_src_and_the_editor_from_web_static(self):
        status, page, _ = self.get("/")
        self.assertEqual(status, 200)
        self.assertIn(b'src="/src/main.js"', page)
        for path, kind in (("/src/main.js", "javascript"), ("/src/style.css", "text/css"),
                           ("/static/editor.js", "javascript")):
            status, body, answer = self.get(path)
            self.assertEqual(status, 200, path)
            self.assertIn(kind, answer.getheader("Content-Type"), path)
        self.assertIn(b'from "../static/editor.js"', self.get("/src/main.js")[1])

    # -- the exercise and the judge flow ------------------------------------------------------
    def test_opening_an_exercise_starts_its_file_from_the_template(self):
        status, value, _ = self.get("/api/exercise?id=warp_scan")
        self.assertEqual(status, 200)
        self.assertEqual(value["file"], "exercises/warp_scan.cu")
        self.assertEqual(value["source"], "// templates of warp_scan\n")
        self.assertEqual(value["title"]["zh"], "warp 内包含式前缀和")
        self.assertEqual(read(os.path.join(self.tmp, "exercises", "warp_scan.cu")),
                         value["source"])

    def test_judging_saves_streams_and_records_the_attempt(self):
        events = self.judge({"id": "warp_scan", "source": WRONG, "seed": 42, "lang": "en"})
        self.assertEqual(read(os.path.join(self.tmp, "exercises", "warp_scan.cu")), WRONG)
        kinds = [e["type"] for e in events]
        self.assertEqual(kinds[0], "start")
        self.assertIn("phase", kinds)
        self.assertIn("case", kinds)
        self.assertIn("summary", kinds)
        summary = next(e for e in events if e["type"] == "summary")
        self.assertEqual(summary["verdict"], "WA")
        self.assertEqual(summary["seed"], 42)
        done = events[-1]
        self.assertEqual((done["verdict"], done["best"], done["attempts"]), ("WA", "WA", 1))
        # the report as view/model.py decides it, the driver's texts in both languages
        report = done["report"]
        self.assertEqual((report["verdict"], report["header"]["seed"]["en"]), ("WA", "seed 42"))
        self.assertEqual(report["verdict_name"], {"en": "wrong answer", "zh": "答案错误"})
        failed = [c for c in report["cases"] if c["kind"] == "fail"]
        self.assertTrue(failed and failed[0]["opened"])
        self.assertFalse(any(c["opened"] for c in failed[1:]))
        self.assertEqual(done["next"]["reproduce"]["seed"], 42)
        cases = [e for e in events if e["type"] == "case"]
        self.assertEqual([c["view"]["name"] for c in cases], [c["name"] for c in cases])
        phases = [e for e in events if e["type"] == "phase" and e["state"] == "start"]
        self.assertTrue(phases and all(isinstance(p["text"], (dict, str)) for p in phases))
        # the terminal's store: judge.py's progress.json has the attempt
        with open(os.path.join(self.tmp, "state", "progress.json"), encoding="utf-8") as f:
            progress = json.load(f)
        self.assertEqual(progress["exercises"]["warp_scan"]["attempts"], 1)
        self.assertEqual(progress["history"][-1]["seed"], 42)
        self.assertEqual(progress["history"][-1]["file"], "exercises/warp_scan.cu")
        # fixed: AC, and the overview counts it solved
        self.assertEqual(self.judge({"id": "warp_scan", "source": RIGHT})[-1]["verdict"], "AC")
        status, overview, _ = self.get("/api/overview")
        self.assertEqual(overview["solved"], 1)
        self.assertEqual(overview["chapters"][0]["exercises"][0]["status"], "solved")
        self.assertEqual(overview["next"], "warp_reduce")

    def test_the_engine_is_told_the_page_language(self):
        log = os.path.join(self.tmp, "calls.jsonl")
        self.restart_with(FAKE_LOG=log)
        self.judge({"id": "warp_scan", "source": WRONG, "lang": "zh"})
        calls = [json.loads(line) for line in open(log, encoding="utf-8")]
        judge = [c for c in calls if "judge" in json.dumps(c)][-1]
        self.assertIn('"--lang", "zh"', json.dumps(judge))

    def test_a_second_judge_while_one_runs_is_refused_not_queued(self):
        log = os.path.join(self.tmp, "calls.jsonl")
        self.restart_with(FAKE_SLEEP="2", FAKE_LOG=log)
        stream = self.listen()
        status, _, _ = self.post("/api/judge", {"id": "warp_scan", "source": WRONG})
        self.assertEqual(status, 202)
        status, body, _ = self.post("/api/judge", {"id": "warp_scan", "source": RIGHT})
        self.assertEqual(status, 409)
        self.assertIn("still running", body["error"]["en"])
        self.assertIn("仍在进行", body["error"]["zh"])
        # the refused press did not overwrite the file being judged
        self.assertEqual(read(os.path.join(self.tmp, "exercises", "warp_scan.cu")), WRONG)
        self.assertEqual(self.until_done(stream)[-1]["verdict"], "WA")
        time.sleep(0.3)
        judged = [line for line in open(log, encoding="utf-8") if '"judge"' in line]
        self.assertEqual(len(judged), 1, judged)
        self.assertEqual(self.judge({"id": "warp_scan", "source": RIGHT})[-1]["verdict"], "AC")

    def test_a_save_outside_the_page_is_announced(self):
        self.get("/api/exercise?id=warp_scan")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        connection.request("GET", "/api/events?id=warp_scan",
                           headers={"Host": f"127.0.0.1:{self.port}",
                                    "X-Cudajudge-Token": self.token})
        answer = connection.getresponse()
        self.assertEqual(answer.fp.readline().decode().strip(), "event: hello")
        answer.fp.readline(), answer.fp.readline()
        write(os.path.join(self.tmp, "exercises", "warp_scan.cu"), "// saved in vim\n")
        name = answer.fp.readline().decode().strip()
        data = json.loads(answer.fp.readline().decode()[6:])
        connection.close()
        self.assertEqual(name, "event: file")
        status, value, _ = self.get("/api/file?id=warp_scan")
        self.assertEqual(value["source"], "// saved in vim\n")
        self.assertEqual(value["hash"], data["hash"])

    def test_hints_one_at_a_time_in_the_same_store(self):
        status, value, _ = self.post("/api/hint", {"id": "warp_scan"})
        if status == 404:
            self.skipTest("the stand-in catalog has no hints")
        self.assertEqual(status, 200)
        self.assertEqual(len(value["hints"]), 1)

    def test_the_solution_opens_only_after_ac(self):
        status, body, _ = self.get("/api/solution?id=warp_scan")
        self.assertEqual(status, 403)
        self.assertIn("not judged yet", body["error"]["en"])
        self.assertIn("尚未评测", body["error"]["zh"])
        self.judge({"id": "warp_scan", "source": RIGHT})
        status, value, _ = self.get("/api/solution?id=warp_scan")
        self.assertEqual(status, 200)
        self.assertEqual(value["source"], "// reference of warp_scan\n")

    def test_reset_keeps_a_backup_and_restores_the_template(self):
        self.post("/api/save", {"id": "warp_scan", "source": "// my work\n"})
        status, value, _ = self.post("/api/reset", {"id": "warp_scan"})
        self.assertEqual(status, 200)
        self.assertEqual(value["source"], "// templates of warp_scan\n")
        self.assertTrue(value["backup"].startswith("exercises/warp_scan.cu.bak-"))
        self.assertEqual(read(os.path.join(self.tmp, value["backup"])), "// my work\n")

    def test_the_first_build_is_announced_and_waited_for(self):
        web_server.stop(self.server)
        real_engine = Practice.engine_command
        release = threading.Event()

        def slow_engine(ws):  # a first build that takes until the test says so
            release.wait(30)
            return real_engine(ws)

        Practice.engine_command = slow_engine
        try:
            self.server = web_server.make_server("127.0.0.1", 0)
            self.port, self.token = self.server.app.port, self.server.app.token
            threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                             daemon=True).start()
            status, value, _ = self.get("/api/status")
            self.assertEqual((status, value["ready"], value["running"]), (200, False, ""))
            status, body, _ = self.get("/api/overview")
            self.assertEqual(status, 503)
            self.assertIn("building the judge", body["error"]["en"])
            status, body, _ = self.post("/api/judge", {"id": "warp_scan", "source": WRONG})
            self.assertEqual(status, 503)  # the catalog is not read yet: nothing is saved
            self.assertIn("building the judge", body["error"]["en"])
            self.assertFalse(os.path.exists(os.path.join(self.tmp, "exercises")))
            release.set()
            self.assertTrue(self.server.app.ready.wait(30))
            time.sleep(0.2)
            status, value, _ = self.get("/api/overview")
            self.assertEqual(status, 200)
        finally:
            Practice.engine_command = real_engine
            release.set()

    def test_a_failure_inside_is_an_answer_not_a_dropped_connection(self):
        app = self.server.app
        original = app.overview

        def broken():
            raise JudgeError("progress is kept in a folder under exercises/")

        app.overview = broken
        try:
            status, body, _ = self.get("/api/overview")
            self.assertEqual(status, 500)
            self.assertIn("under exercises/", body["error"]["en"])
            self.assertIn("评测程序提示", body["error"]["zh"])
            app.overview = lambda: 1 / 0
            status, body, _ = self.get("/api/overview")
            self.assertEqual(status, 500)
            self.assertIn("ZeroDivisionError", body["error"]["en"])
        finally:
            app.overview = original
        self.assertEqual(self.get("/api/overview")[0], 200)

    def test_the_page_gets_the_one_table_of_texts(self):
        status, value, _ = self.get("/api/texts")
        self.assertEqual(status, 200)
        self.assertEqual(value["col_lane"], ["lane", "lane"])
        self.assertEqual(value["verdict:WA"][0], "wrong answer")
        self.assertEqual(value["page_judge"], ["Judge", "评测"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
