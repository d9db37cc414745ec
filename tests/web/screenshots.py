"""tests/web/screenshots.py: remakes docs/screenshots/, the main views of `judge.py web`.

    python3 tests/web/screenshots.py [--out docs/screenshots] [--build BUILD]

1. chapters.png, chapters-zh.png, exercise-wa.png, exercise-ac.png: tests/web/test_browser.py
   run with CUDAJUDGE_WEB_SCREENSHOTS (the real engine; the CPU emulator here).
2. exercise-ac-gpu.png: the AC report of an H200 run, with the bandwidth bar and the
   ratio to the reference, replayed from tests/python/fixtures/h200_summaries.jsonl
   by the driver tests' stand-in engine (FAKE_REPLAY), since this machine has no GPU.
Needs chromium (as the browser test).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import cdp  # noqa: E402
import test_browser  # noqa: E402

RECORDED = os.path.join(ROOT, "tests", "python", "fixtures", "h200_summaries.jsonl")


def replayed_gpu_report(out):
    tmp = tempfile.mkdtemp(prefix="cudajudge-shots-")
    server = browser = None
    try:
        for folder in ("templates", "reference", "exercises"):
            os.makedirs(os.path.join(tmp, folder))
            shutil.copy(os.path.join(ROOT, "reference" if folder != "templates" else folder,
                                     "warp_scan.cu"), os.path.join(tmp, folder))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CUDAJUDGE_", "FAKE_"))}
        env.update(CUDAJUDGE_ROOT=tmp, CUDAJUDGE_STATE=os.path.join(tmp, "state"),
                   CUDAJUDGE_BUILD=os.path.join(tmp, "build"),
                   CUDAJUDGE_ENGINE=os.path.join(ROOT, "tests", "python", "fake_engine.sh"),
                   FAKE_REPLAY=RECORDED, FAKE_REPLAY_FILE="reference/warp_scan.cu",
                   LANG="C.UTF-8")
        server = subprocess.Popen([sys.executable, os.path.join(ROOT, "judge.py"), "web", "--port", "0"],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        url = line[line.index("http://"):].split()[0]
        browser = cdp.Browser()
        browser.navigate(url + "#/ex/warp_scan")
        try:
            browser.wait_for("!!document.getElementById('judge-button')", 30, "the exercise")
        except TimeoutError:
            print(browser.evaluate("document.body.innerHTML")[:3000])
            raise
        browser.click("#judge-button")
        browser.wait_for("(document.getElementById('verdict') || {}).innerText", 60, "AC")
        browser.wait_for("!!document.getElementById('progress-note')", 30, "the progress note")
        test_browser.screenshot_of_editor(browser, os.path.join(out, "exercise-ac-gpu.png"))
    finally:
        if browser:
            browser.close()
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    options = parser.parse_args()
    out = os.path.abspath(options.out)
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, CUDAJUDGE_WEB_SCREENSHOTS=out)
    status = subprocess.call([sys.executable, os.path.join(HERE, "test_browser.py"),
                              "--build", options.build], env=env)
    if status != 0:
        return status
    replayed_gpu_report(out)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
