"""tests/web/test_same_as_terminal.py: the page's judge gives what the terminal's gives.

For the README's first steps on warp_scan (the untouched template, a wrong scan, the
reference), the server's API (the stdlib HTTP client, as the page calls it) and
`python3 judge.py warp_scan --json --seed S` judge the same file with the same seed with
the real engine (the GPU where there is one, else the CPU emulator); the verdicts, the
engine's messages, every case's verdict, counts and diagnosis, the broken rules and the
backend must be the same, and both attempts land in the one progress store.

Needs a built engine (exits 77 without one). On a GPU host:
    python3 tests/web/test_same_as_terminal.py --build build
"""

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from test_browser import RIGHT, WRONG, copy_repository  # noqa: E402

SKIP = 77


def compared(summary):
    """What must agree between the page and the terminal."""
    cases = [{k: c.get(k) for k in ("name", "verdict", "bad", "total", "unwritten", "diagnosis")}
             for c in summary.get("cases") or []]
    rules = summary.get("rules") or {}
    violations = [{k: v.get(k) for k in ("rule", "kind", "line")}
                  for v in rules.get("violations") or []]
    return {"verdict": summary.get("verdict"), "backend": summary.get("backend"),
            "seed": summary.get("seed"), "message": summary.get("message"),
            "note": summary.get("note"), "cases": cases, "violations": violations}


class Page:
    """The server's API, as the page uses it."""

    def __init__(self, url):
        rest = url.split("//", 1)[1]
        self.hostport = rest.split("/", 1)[0]
        self.token = url.split("token=", 1)[1]

    def call(self, method, path, body=None):
        host, port = self.hostport.rsplit(":", 1)
        connection = http.client.HTTPConnection(host, int(port), timeout=900)
        headers = {"X-Cudajudge-Token": self.token, "Host": self.hostport}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        return connection, connection.getresponse()

    def wait_until_ready(self, timeout=600):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            connection, answer = self.call("GET", "/api/status")
            status = json.loads(answer.read())
            connection.close()
            if status["build_error"]:
                raise AssertionError(f"the build failed: {status['build_error']['en']}")
            if status["ready"]:
                return
            time.sleep(0.2)
        raise AssertionError(f"the server was not ready in {timeout} s")

    def judge(self, source, seed):
        """The summary the page would show, from the event stream."""
        connection, events = self.call("GET", "/api/events?id=warp_scan")
        started = self.call("POST", "/api/judge", {"id": "warp_scan", "source": source,
                                                   "seed": seed, "lang": "en"})[1]
        if started.status != 202:
            raise AssertionError(f"judge refused: {started.status} {started.read()!r}")
        summary, name = None, None
        while True:
            line = events.fp.readline().decode()
            if not line:
                raise AssertionError("the event stream ended before 'done'")
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: ") and name == "judge":
                event = json.loads(line[6:])
                if event["type"] == "summary":
                    summary = event
                elif event["type"] == "done":
                    connection.close()
                    if summary is None:
                        raise AssertionError(f"no summary: {event}")
                    return summary


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.environ.get("CUDAJUDGE_BUILD")
                        or os.path.join(ROOT, "build"))
    build = os.path.abspath(parser.parse_args().build)
    engine = os.path.join(build, "cudajudge")
    if not os.access(engine, os.X_OK):
        print(f"skip: the engine is not built in {build} (python3 judge.py builds it)")
        return SKIP
    tmp = tempfile.mkdtemp(prefix="cudajudge-same-")
    server = None
    try:
        root = os.path.join(tmp, "repo")
        os.makedirs(root)
        copy_repository(root)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CUDAJUDGE_", "FAKE_"))}
        env.update(CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build, CUDAJUDGE_ENGINE=engine,
                   CUDAJUDGE_STATE=os.path.join(tmp, "state"), LANG="C.UTF-8",
                   PYTHONDONTWRITEBYTECODE="1")
        server = subprocess.Popen([sys.executable, os.path.join(ROOT, "judge.py"), "web", "--port", "0"],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        page = Page(line[line.index("http://"):].split()[0])
        page.wait_until_ready()
        with open(os.path.join(ROOT, "templates", "warp_scan.cu"), encoding="utf-8") as f:
            template = f.read()
        failures = 0
        for label, source, seed in (("the template", template, 411407956),
                                    ("a wrong scan", WRONG, 12345), ("the fix", RIGHT, 777)):
            started = time.monotonic()
            from_page = page.judge(source, seed)
            terminal = subprocess.run(
                [sys.executable, os.path.join(ROOT, "judge.py"), "warp_scan",
                 "exercises/warp_scan.cu", "--json", "--seed", str(seed)],
                cwd=root, env=env, stdout=subprocess.PIPE, text=True)
            lines = [json.loads(text) for text in terminal.stdout.splitlines() if text.strip()]
            from_terminal = lines[-1]
            a, b = compared(from_page), compared(from_terminal)
            same = a == b
            failures += not same
            print(f"{'ok' if same else 'not ok'} - {label}: {a['verdict']} on {a['backend']}, "
                  f"the page and the terminal agree ({time.monotonic() - started:.0f} s)")
            if not same:
                for key in a:
                    if a[key] != b[key]:
                        print(f"#   {key}: page {a[key]!r}\n#   {key}: terminal {b[key]!r}")
        with open(os.path.join(tmp, "state", "progress.json"), encoding="utf-8") as f:
            attempts = json.load(f)["exercises"]["warp_scan"]["attempts"]
        print(f"{'ok' if attempts == 6 else 'not ok'} - one progress store: {attempts} attempts")
        failures += attempts != 6
        return 1 if failures else 0
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
