"""tests/web/test_browser.py: the page of `judge.py web` in headless Chromium, judged by the
real engine (the CPU emulator here, the GPU where there is one).

A new learner's first minutes, in the browser: the chapters show 0 solved; open
warp_scan; type a wrong scan (no `lane >= d` guard, and a forbidden __syncthreads());
press Judge; see the cases arrive, WA with the mismatch table and the diagnosis,
and the broken rule with its line; a second press meanwhile is refused; follow the
line link (the cursor moves to line 6 and the line is marked); fix the code; press
Ctrl-Enter; see AC and the progress change, in the page and in the overview; a
save outside the page shows up in the editor; transpose with an unpadded tile,
judged with "where the time goes" ticked, shows the profile panel with the bank
conflict at its line; the language switch gives Chinese.

Needs Debian's `chromium` (or $CHROMIUM; exits 77 without it) and a built engine
(meson test --suite web builds it first). Works on a copy of the exercise files in
a temporary folder, never on the repository's exercises/.
CUDAJUDGE_WEB_SCREENSHOTS=DIR keeps screenshots of the main views there.

Run: python3 tests/web/test_browser.py [--build BUILD]
"""

import argparse
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
import cdp  # noqa: E402

SKIP = 77
JUDGE_TIMEOUT = 600  # the emulator on a loaded 2-core machine

WRONG = """// warp_scan: a first try
__device__ int warp_inclusive_scan(int v)
{
    for (int d = 1; d < 32; d *= 2)
        v += __shfl_up_sync(0xffffffff, v, d);
    __syncthreads();
    return v;
}
"""
WRONG_LINE = 6  # the __syncthreads() the rule check names

RIGHT = """// warp_scan: Hillis-Steele over the lanes
__device__ int warp_inclusive_scan(int v)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int below = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d)
            v += below;
    }
    return v;
}
"""


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok - {what}", flush=True)


def text_of(browser, selector):
    return browser.evaluate(
        f"(document.querySelector({json.dumps(selector)}) || {{}}).innerText || ''")


def replace_editor_text(browser, text):
    """As a learner would: click into the editor, select all, type."""
    browser.click(".cm-content")
    browser.key("a", code="KeyA", keycode=65, modifiers=2)
    browser.type_text(text)
    browser.wait_for(f"document.querySelector('.cm-content').innerText.includes("
                     f"{json.dumps(text.splitlines()[2])})", 10, "the typed code in the editor")


def screenshot_of_editor(browser, path):
    """The whole page: the exercise, the editor and the whole report."""
    time.sleep(0.3)
    browser.screenshot(path, full=True)


def open_with(browser, ident, corpus_file):
    """Opens exercise ident on the page with tests/submissions/ident/corpus_file in the
    editor; returns that file's text."""
    with open(os.path.join(ROOT, "tests", "submissions", ident, corpus_file),
              encoding="utf-8") as source:
        code = source.read()
    browser.evaluate(f"location.hash = '#/ex/{ident}'")
    browser.wait_for("!!document.getElementById('judge-button') && "
                     f"document.querySelector('#info h1').innerText.startsWith('{ident}')",
                     30, ident)
    replace_editor_text(browser, code)
    return code


def race_links(browser, root):
    """smem_reverse with the barrier too late: on the emulator, RACE naming the write's and
    the read's lines; following the second link marks that line."""
    code = open_with(browser, "smem_reverse", "race/barrier_too_late.cu")
    browser.click("#judge-button")
    verdict = browser.wait_for("(document.getElementById('verdict') || {}).innerText",
                               JUDGE_TIMEOUT, "the verdict of the race")
    if " emu" not in text_of(browser, ".report-head"):
        print("# not on the emulator: a GPU may hide this race; its links were not checked")
        return
    check(verdict.startswith("RACE"), f"the late barrier is a RACE ({verdict!r})")
    lines = browser.evaluate("[...new Set([...document.querySelectorAll('.case-body .line-link')]"
                             ".map(a => Number(a.dataset.line)))]")
    check(len(lines) == 2, f"the race's two lines are links ({lines})")
    browser.click(f".case-body .line-link[data-line='{lines[1]}']")
    marked = browser.wait_for("(document.querySelector('.cm-marked') || {}).innerText", 10,
                              "the marked line")
    check(marked.strip() == code.splitlines()[lines[1] - 1].strip(),
          f"the second link marks line {lines[1]} ({marked.strip()!r})")


def profile_panel(browser, shots):
    """transpose with an unpadded tile, judged with "where the time goes" ticked: the
    profile panel under the verdict names the 32-way bank conflict of the tile's
    column reads at the file's line (docs/profile.md)."""
    code = open_with(browser, "transpose", "accepted/unpadded_tile.cu")
    browser.click("#profile-toggle")
    check(browser.evaluate("document.getElementById('profile-toggle').checked"),
          "where the time goes is ticked")
    browser.click("#judge-button")
    panel = browser.wait_for("!!document.getElementById('verdict') && "
                             "(document.getElementById('profile') || {}).innerText",
                             JUDGE_TIMEOUT, "the profile panel")
    check(text_of(browser, "#verdict").startswith("AC"), "the unpadded tile is AC")
    if " emu" not in text_of(browser, ".report-head"):
        check("Nsight Compute" in panel, f"a GPU says why there is no profile yet ({panel!r})")
        return
    check("where the time goes" in panel and "reference" in panel,
          f"the panel sets the kernel beside the reference ({panel[:80]!r})")
    check("32-way bank conflicts" in panel and "exercises/transpose.cu:15" in panel,
          "the finding names the conflict at the file's line")
    if shots:
        browser.evaluate("document.getElementById('profile').scrollIntoView()")
        screenshot_of_editor(browser, os.path.join(shots, "profile.png"))
    browser.click("#profile-toggle")  # remembered by the page: leave it off


def start_server(root, build, state):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CUDAJUDGE_", "FAKE_"))}
    env.update(CUDAJUDGE_ROOT=root, CUDAJUDGE_BUILD=build, CUDAJUDGE_STATE=state,
               CUDAJUDGE_ENGINE=os.path.join(build, "cudajudge"), LANG="C.UTF-8",
               PYTHONDONTWRITEBYTECODE="1")
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "judge.py"), "web", "--port", "0"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        raise RuntimeError("the server printed no address: " + line + server.stderr.read())
    return server, line[line.index("http://"):].split()[0]


def copy_repository(target):
    for name in ("harness", "templates", "reference"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(target, name))
    shutil.copy(os.path.join(ROOT, "problems.yaml"), target)
    os.makedirs(os.path.join(target, "exercises"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.environ.get("CUDAJUDGE_BUILD")
                        or os.path.join(ROOT, "build"))
    options = parser.parse_args()
    build = os.path.abspath(options.build)
    if not cdp.find_chromium():
        print("skip: no chromium (sudo apt-get install -y chromium)")
        return SKIP
    if not os.access(os.path.join(build, "cudajudge"), os.X_OK):
        print(f"skip: the engine is not built in {build} (python3 judge.py builds it)")
        return SKIP
    shots = os.environ.get("CUDAJUDGE_WEB_SCREENSHOTS")
    tmp = tempfile.mkdtemp(prefix="cudajudge-browser-")
    server = browser = None
    try:
        root = os.path.join(tmp, "repo")
        os.makedirs(root)
        copy_repository(root)
        server, url = start_server(root, build, os.path.join(tmp, "state"))
        browser = cdp.Browser()
        browser.navigate(url)

        # -- the chapters, nothing solved ---------------------------------------------
        heading = browser.wait_for("(document.getElementById('solved-count') || {}).innerText",
                                   120, "the overview")
        check("0 of 27" in heading, f"the overview says 0 of 27 solved ({heading!r})")
        chapters = browser.evaluate("[...document.querySelectorAll("
                                    "'table.chapters td:first-child')]"
                                    ".map(e => e.innerText)")
        check(chapters == ["sync-warp", "warp", "exec-model", "fences"],
              f"the chapters as `python3 judge.py` lists them ({chapters})")
        check(text_of(browser, "#next-link").startswith("warp_scan"), "next: warp_scan")
        browser.click("#next-link")
        browser.wait_for("document.querySelector('.cm-content') && "
                         "document.querySelector('.cm-content').innerText.includes('TODO')",
                         30, "the template in the editor")
        check("__device__ int warp_inclusive_scan(int v)" in text_of(browser, "pre.signature"),
              "the contract is shown")
        info = text_of(browser, "#info")
        check("Launch configuration" in info and "1-D grid" in info, "the launch configuration")
        statement = text_of(browser, "#statement")
        check("blocks are one-dimensional and their size is a multiple of 32" in statement
              and "Contract:\n  __device__ int warp_inclusive_scan(int v)\n" in statement,
              "the statement's folded sentences are joined, its code line kept")
        check(os.path.isfile(os.path.join(root, "exercises", "warp_scan.cu")),
              "exercises/warp_scan.cu started from the template")
        check(browser.evaluate("document.querySelectorAll('.cm-lineNumbers .cm-gutterElement')"
                               ".length") > 5, "the editor has line numbers")

        # -- a wrong scan ---------------------------------------------------------------------
        replace_editor_text(browser, WRONG)
        check(browser.evaluate("document.querySelectorAll('.cm-content .cm-cuda').length") > 0,
              "CUDA words are highlighted")
        browser.click("#judge-button")
        browser.wait_for("document.getElementById('judge-progress') && "
                         "document.getElementById('judge-progress').innerText.length", 60,
                         "progress while judging")
        # A second press while it runs, with the same text (should the first judgement be
        # over already, this one judges the same file). The server test checks the
        # refusal whatever the machine's speed.
        running, refused = browser.evaluate("""(async () => {
            const running = document.getElementById('judge-button').disabled &&
                            !document.getElementById('verdict');
            const answer = await fetch('/api/judge', {method: 'POST', headers: {
                'Content-Type': 'application/json', 'X-Cudajudge-Token':
                document.querySelector('meta[name=cudajudge-token]').content},
                body: JSON.stringify({id: 'warp_scan', source: %s})});
            return [running, answer.status]; })()""" % json.dumps(WRONG))
        if running:
            check(refused == 409, f"a second Judge while one runs is refused ({refused})")
        else:
            print("# judged before a second press could be tried: the refusal was not checked")
        verdict = browser.wait_for("(document.getElementById('verdict') || {}).innerText",
                                   JUDGE_TIMEOUT, "the verdict of the wrong scan")
        check(verdict.startswith("WA"), f"the wrong scan is WA ({verdict!r})")
        with open(os.path.join(root, "exercises", "warp_scan.cu"), encoding="utf-8") as f:
            check(f.read() == WRONG, "the page saved the file before judging")
        columns = browser.evaluate("[...document.querySelector('table.mismatches')"
                                   ".querySelectorAll('th')]"
                                   ".map(e => e.innerText)")
        check(columns == ["index", "block", "warp", "lane", "expected", "got"],
              f"the mismatch table has its columns ({columns})")
        rows = browser.evaluate("document.querySelector('table.mismatches')"
                                ".querySelectorAll('tr').length")
        check(rows >= 3, f"the mismatch table has rows ({rows})")
        diagnosis = text_of(browser, ".diagnosis")
        check("shuffle offset" in diagnosis, f"the diagnosis ({diagnosis!r})")
        report = text_of(browser, "#report")
        check("syncthreads" in report and "forbidden" in report, "the broken rule is listed")
        check("seed" in text_of(browser, ".seed") and browser.evaluate(
            "!!document.getElementById('same-seed')"), "the seed and 'judge again with this seed'")
        check("changed outside" not in text_of(browser, "#notice"),
              "the page's own save is not taken for an outside edit")

        # -- hints, one at a time -------------------------------------------------------------
        browser.click("#hint-button")
        browser.wait_for("document.querySelectorAll('.hint').length == 1", 10, "the first hint")
        check("1 of 3" in text_of(browser, "#hint-button"), "one hint shown, 1 of 3 seen")

        # -- judge again with this seed -----------------------------------------------------------
        seed = browser.evaluate("document.querySelector('.seed').innerText.match(/\\d+/)[0]")
        tries = browser.evaluate("document.querySelectorAll('.history li').length")
        browser.click("#same-seed")
        browser.wait_for(f"document.querySelectorAll('.history li').length == {tries + 1} && "
                         "!!document.getElementById('verdict')", JUDGE_TIMEOUT,
                         "the verdict with the same seed")
        again = text_of(browser, ".report-head")
        check(f"seed {seed}" in again and text_of(browser, "#verdict").startswith("WA"),
              f"judged again with seed {seed}: WA ({again!r})")

        # -- the line link ---------------------------------------------------------------------
        link = browser.evaluate("[...document.querySelectorAll('.line-link')]"
                                ".map(a => a.innerText)")
        check(f"exercises/warp_scan.cu:{WRONG_LINE}" in link, f"the line is a link ({link})")
        browser.click(f".line-link[data-line='{WRONG_LINE}']")
        marked = browser.wait_for("(document.querySelector('.cm-marked') || {}).innerText", 10,
                                  "the marked line")
        check("__syncthreads" in marked, f"the link marks line {WRONG_LINE} ({marked!r})")
        note = text_of(browser, "#cursor-note")
        check(note == f"exercises/warp_scan.cu:{WRONG_LINE}", f"the cursor is there ({note!r})")
        if shots:
            screenshot_of_editor(browser, os.path.join(shots, "exercise-wa.png"))

        # -- fixed, with Ctrl-Enter ------------------------------------------------------------
        replace_editor_text(browser, RIGHT)
        browser.key("Enter", code="Enter", keycode=13, modifiers=2)
        verdict = browser.wait_for("!(document.getElementById('verdict') || {innerText: 'WA'})"
                                   ".innerText.startsWith('WA') && "
                                   "document.getElementById('verdict').innerText",
                                   JUDGE_TIMEOUT, "the verdict of the fixed scan")
        check(verdict.startswith("AC"), f"the fixed scan is AC ({verdict!r})")
        change = browser.wait_for("(document.getElementById('progress-note') || {}).innerText",
                                  30, "the progress change")
        check("WA → AC" in change and "1 of 27" in change, f"the progress changed ({change!r})")
        check(browser.evaluate("!!document.getElementById('solution-button')"),
              "the solution opens after AC")
        if shots:
            screenshot_of_editor(browser, os.path.join(shots, "exercise-ac.png"))

        # -- a save in another editor shows up ------------------------------------------------
        outside = RIGHT.replace("Hillis-Steele over the lanes", "saved from vim")
        with open(os.path.join(root, "exercises", "warp_scan.cu"), "w", encoding="utf-8") as f:
            f.write(outside)
        browser.wait_for("document.querySelector('.cm-content').innerText"
                         ".includes('saved from vim')",
                         20, "the outside save in the editor")
        check(True, "a save outside the page shows up in the editor")

        # -- reset, after a confirmation ----------------------------------------------------------
        browser.evaluate("window.confirm = (q) => { window.asked = q; return true; }")
        browser.click("#reset-button")
        browser.wait_for("document.querySelector('.cm-content').innerText.includes('TODO')", 20,
                         "the template back in the editor")
        asked = browser.evaluate("window.asked")
        check("exercises/warp_scan.cu" in (asked or ""), f"reset asks first ({asked!r})")
        backups = [n for n in os.listdir(os.path.join(root, "exercises")) if ".bak-" in n]
        check(len(backups) == 1, f"the file was kept as {backups}")

        # -- the terminal's store -----------------------------------------------------------------
        with open(os.path.join(tmp, "state", "progress.json"), encoding="utf-8") as f:
            progress = json.load(f)
        record = progress["exercises"]["warp_scan"]
        check((record["attempts"], record["best_verdict"], record["hints_shown"]) == (3, "AC", 1),
              f"progress.json has the three attempts and the hint ({record})")

        # -- a race names two lines, each a link ---------------------------------------------------
        race_links(browser, root)

        # -- the chapters again, and Chinese ------------------------------------------------------
        browser.evaluate("location.hash = '#/'")
        heading = browser.wait_for("(document.getElementById('solved-count') || {}).innerText",
                                   30, "the overview again")
        check("1 of 27" in heading, f"the overview counts it ({heading!r})")
        if shots:
            browser.screenshot(os.path.join(shots, "chapters.png"))
        browser.click("#lang")
        heading = browser.wait_for("document.getElementById('solved-count').innerText.includes('道')"
                                   " && document.getElementById('solved-count').innerText", 10,
                                   "Chinese")
        check("27 道题已通过 1 道" in heading, f"the switch gives Chinese ({heading!r})")
        if shots:
            browser.screenshot(os.path.join(shots, "chapters-zh.png"))
        browser.click("#lang")  # the choice is remembered; leave the profile in English
        browser.close()

        # -- a browser whose language is Chinese gets the page in Chinese ----------------------------
        browser = cdp.Browser(lang="zh-CN")
        browser.navigate(url + "#/ex/warp_scan")
        title = browser.wait_for("(document.querySelector('#info h1') || {}).innerText", 30,
                                 "the exercise in Chinese")
        check("warp 内的包含式前缀和" in title, f"the title follows the browser's language ({title!r})")
        check("启动配置" in text_of(browser, "#info"), "the launch configuration in Chinese")
        if shots:
            browser.screenshot(os.path.join(shots, "exercise-zh.png"))
        browser.close()

        # -- where the time goes (last: it solves transpose) ----------------------------------------
        browser = cdp.Browser()
        browser.navigate(url + "#/ex/transpose")
        profile_panel(browser, shots)
        print("all passed")
        return 0
    finally:
        if browser:
            browser.close()
        if server:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
