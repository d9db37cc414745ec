#!/usr/bin/env python3
"""judge.py: the learner's entry point to cudajudge.

    python3 judge.py warp_scan          judge exercises/warp_scan.cu
    python3 judge.py list | show ID | reset ID | check | doctor | selftest

This file is a thin driver around the C engine (build/cudajudge). It makes sure
the engine is built, turns the name the learner typed into an exercise id, runs
the engine and renders the engine's JSON for people. It never decides a
verdict: the engine does, and judge.py exits with the engine's status
(0 accepted, 1 the learner's code failed, 2 usage or environment error).

Environment:
    CUDAJUDGE_ROOT    the repository (default: the folder of this file)
    CUDAJUDGE_BUILD   the build folder (default: ROOT/build)
    CUDAJUDGE_ENGINE  an engine executable to use as is; skips building
    CUDAJUDGE_DEBUG=1 show a traceback on internal errors
    NO_COLOR          no colour even on a terminal

Python 3.9 or newer, standard library only.
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import unicodedata

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

APT_FIX = "sudo apt-get install -y meson ninja-build libyaml-dev"
PKG_CONFIG_FIX = "sudo apt-get install -y pkg-config libyaml-dev"
CUDA_FIX = ("install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads), "
            "then put its bin/ on PATH or set CUDA_PATH to it")

# Kattis-style corpus folders of tests/submissions/<id>/<folder>/*.cu
FOLDER_VERDICTS = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "time_limit_exceeded": "TLE",
    "run_time_error": "RE",
    "compile_error": "CE",
    "rule_violation": "RULE",
    "race": "RACE",
}

EXPECT_COMMENT = re.compile(r"//\s*expect-([A-Za-z0-9_]+)\s*:\s*([A-Za-z]+)")

# Results of meson's testlog.json, by what they mean for selftest.
TEST_PASSED = ("OK", "EXPECTEDFAIL")
TEST_SKIPPED = ("SKIP",)

STDERR_TAIL_LINES = 20
BUILD_TAIL_LINES = 30

# ---------------------------------------------------------------------------
# Words shown to the learner, in English and Chinese
# ---------------------------------------------------------------------------

LABELS = {
    "seed": ("seed", "随机种子"),
    "no_device": ("no CUDA device", "没有 CUDA 设备"),
    "differ": ("{bad} of {total} elements differ", "{total} 个元素中有 {bad} 个不一致"),
    "unwritten": ("{n} never written", "其中 {n} 个从未写入"),
    "diagnosis": ("diagnosis: ", "诊断："),
    "compile_log": ("compiler output:", "编译器输出："),
    "program_output": ("your program printed (ignored by the judge):",
                       "你的程序输出（评测时忽略）："),
    "time": ("time {ms} ms (median of {reps})", "耗时 {ms} ms（{reps} 次的中位数）"),
    "gbps": ("{gbps} GB/s", "{gbps} GB/s"),
    "pct": ("{pct}% of copy bandwidth", "达到复制带宽的 {pct}%"),
    "ratio": ("{ratio}x the reference", "参考解耗时的 {ratio} 倍"),
    "compile": ("compile", "编译"),
    "link": ("link", "链接"),
    "run": ("run", "运行"),
    "reproduce": ("reproduce: ", "复现："),
    "col_index": ("index", "下标"),
    "col_buffer": ("buffer", "缓冲区"),
    "col_block": ("block", "块"),
    "col_warp": ("warp", "warp"),
    "col_lane": ("lane", "lane"),
    "col_expected": ("expected", "期望"),
    "col_got": ("got", "实际"),
    "col_id": ("id", "编号"),
    "col_chapter": ("chapter", "章节"),
    "col_title": ("title", "标题"),
    "col_backends": ("backends", "后端"),
    "list_footer": ("judge one with: python3 judge.py <id>",
                    "评测某一题：python3 judge.py <编号>"),
    "show_chapter": ("chapter", "章节"),
    "show_aliases": ("also called", "别名"),
    "show_signature": ("signature", "函数签名"),
    "show_statement": ("statement", "题目"),
    "show_launch": ("launch", "启动配置"),
    "show_check": ("checking", "判定方式"),
    "show_exact": ("exact", "精确比较"),
    "show_tolerance": ("rtol {rtol}, atol {atol}", "相对误差 {rtol}，绝对误差 {atol}"),
    "show_hints": ("{n} hints", "{n} 条提示"),
    "show_file": ("file to edit", "要编辑的文件"),
    "show_backends": ("backends", "后端"),
}

TIER_NAMES = {
    "gold": ("gold", "金"),
    "silver": ("silver", "银"),
    "bronze": ("bronze", "铜"),
}

VERDICT_NAMES = {
    "AC": ("accepted", "通过"),
    "WA": ("wrong answer", "答案错误"),
    "CE": ("compile error", "编译错误"),
    "RE": ("runtime error", "运行时错误"),
    "TLE": ("time limit exceeded (possible deadlock)", "超时（可能死锁）"),
    "RULE": ("rule violation", "违反规则"),
    "RACE": ("data race or unsafe access", "数据竞争或不安全访问"),
    "JE": ("judge error (not your code's fault)", "评测系统错误（不是你的代码的问题）"),
    "SKIP": ("skipped", "跳过"),
}

PHASE_NAMES = {
    "compile": "compiling",
    "link": "linking",
    "device": "checking the GPU",
    "run": "running your code",
    "reference": "timing the reference",
}


def label(lang, key, **values):
    text = LABELS[key][1 if lang == "zh" else 0]
    return text.format(**values)


def verdict_name(lang, verdict):
    names = VERDICT_NAMES.get(verdict)
    if names is None:
        return "unknown verdict"
    return names[1 if lang == "zh" else 0]


def default_lang():
    for var in ("LC_ALL", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def localized(pair, lang):
    """The text of an {"en": ..., "zh": ...} pair, falling back to English."""
    if isinstance(pair, str):
        return pair
    if not isinstance(pair, dict):
        return ""
    return pair.get(lang) or pair.get("en") or ""


# ---------------------------------------------------------------------------
# Errors and terminal output
# ---------------------------------------------------------------------------


class JudgeError(Exception):
    """A problem the user can fix: printed as a short message, no traceback."""

    def __init__(self, message, exit_code=2, as_is=False):
        super().__init__(message)
        self.exit_code = exit_code
        self.as_is = as_is  # print without the "error: " prefix


def say(text=""):
    print(text)


def warn(text):
    print(text, file=sys.stderr, flush=True)


def tail(text, lines):
    kept = (text or "").rstrip("\n").splitlines()[-lines:]
    return "\n".join(kept)


def indent(text, prefix="    "):
    return "\n".join(prefix + line if line else line for line in text.splitlines())


class Style:
    """ANSI colour when stdout is a terminal and NO_COLOR is unset."""

    def __init__(self, stream):
        self.enabled = stream_is_tty(stream) and "NO_COLOR" not in os.environ
        self.unicode = can_encode(stream, "✓✗·")

    def paint(self, text, code):
        return f"\033[{code}m{text}\033[0m" if self.enabled else text

    def good(self, text):
        return self.paint(text, "32")

    def bad(self, text):
        return self.paint(text, "31")

    def odd(self, text):
        return self.paint(text, "33")

    def bold(self, text):
        return self.paint(text, "1")

    @property
    def tick(self):
        return "✓" if self.unicode else "ok"

    @property
    def cross(self):
        return "✗" if self.unicode else "FAIL"

    @property
    def dot(self):
        return " · " if self.unicode else " | "

    def verdict(self, verdict):
        if verdict == "AC":
            return self.good(verdict)
        if verdict in ("JE", "SKIP"):
            return self.odd(verdict)
        return self.bad(verdict)


def stream_is_tty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def can_encode(stream, text):
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def display_width(text):
    """Columns a string takes on a terminal: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text, width, right=False):
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def format_table(rows, right_aligned=()):
    """Rows of strings as aligned lines; the first row is the heading."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right_aligned) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


class StatusLine:
    """A one-line progress note on stderr, only when stderr is a terminal."""

    def __init__(self):
        self.enabled = stream_is_tty(sys.stderr)
        self.shown = False

    def show(self, text):
        if self.enabled:
            sys.stderr.write("\r\033[K" + text)
            sys.stderr.flush()
            self.shown = True

    def clear(self):
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


# ---------------------------------------------------------------------------
# The workspace: repository, build folder, tools and the engine
# ---------------------------------------------------------------------------


def repo_root():
    root = os.environ.get("CUDAJUDGE_ROOT") or os.path.dirname(os.path.abspath(__file__))
    return os.path.abspath(root)


def shown_path(path, base=None):
    """A path as the user should read it: relative when under base (cwd)."""
    base = base or os.getcwd()
    path = os.path.abspath(path)
    try:
        relative = os.path.relpath(path, base)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def find_nvcc_dir(env):
    if shutil.which("nvcc", path=env.get("PATH", "")):
        return None
    for base in (env.get("CUDA_PATH"), env.get("CUDA_HOME"), "/usr/local/cuda"):
        if base:
            candidate = os.path.join(base, "bin")
            if os.access(os.path.join(candidate, "nvcc"), os.X_OK):
                return candidate
    return None


def tool_environment(root):
    """The environment for meson, ninja and the engine, and what was changed.

    nvcc is often installed but not on PATH; GPU hosts without libyaml-dev
    can carry a static libyaml in .devkit/.
    """
    env = dict(os.environ)
    changes = {}  # variable -> the folder put in front of it
    nvcc_dir = find_nvcc_dir(env)
    if nvcc_dir:
        prepend_path(env, "PATH", nvcc_dir)
        changes["PATH"] = nvcc_dir
    devkit = os.path.join(root, ".devkit", "libyaml", "lib", "pkgconfig")
    if os.path.isdir(devkit):
        prepend_path(env, "PKG_CONFIG_PATH", devkit)
        changes["PKG_CONFIG_PATH"] = devkit
    return env, changes


def prepend_path(env, name, folder):
    old = env.get(name)
    env[name] = folder + (os.pathsep + old if old else "")


class Workspace:
    """Where things are, and the engine once it is known to be built."""

    def __init__(self):
        self.root = repo_root()
        self.build = os.path.abspath(os.environ.get("CUDAJUDGE_BUILD")
                                     or os.path.join(self.root, "build"))
        self.env, self.env_changes = tool_environment(self.root)
        self.engine_override = os.environ.get("CUDAJUDGE_ENGINE") or None
        self._engine = None
        self._catalog = None

    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def relative(self, path):
        """A path relative to the repository when inside it, else absolute."""
        return shown_path(path, self.root)

    def which(self, tool):
        return shutil.which(tool, path=self.env.get("PATH", ""))

    def engine(self):
        """The command that runs the engine, building it first if needed."""
        if self._engine is None:
            if self.engine_override:
                self._engine = engine_override_command(self.engine_override)
            else:
                ensure_build(self)
                self._engine = [os.path.join(self.build, "cudajudge")]
        return self._engine

    def catalog(self):
        if self._catalog is None:
            self._catalog = load_catalog(self)
        return self._catalog

    def retry_command(self, argv):
        prefix = "".join(f"{name}={shlex.quote(folder)}{os.pathsep}\"${name}\" "
                         for name, folder in sorted(self.env_changes.items()))
        return f"cd {shlex.quote(self.root)} && {prefix}{' '.join(map(shlex.quote, argv))}"


def engine_override_command(path):
    if not os.path.isfile(path):
        raise JudgeError(f"CUDAJUDGE_ENGINE={path} does not exist; "
                         "unset it to use the built engine")
    if path.endswith(".py"):
        return [sys.executable, path]
    return [path]


# ---------------------------------------------------------------------------
# Build management
# ---------------------------------------------------------------------------


def missing_tools(ws, first_build):
    """Messages for tools the build needs and this machine lacks."""
    problems = []
    for tool in ("meson", "ninja"):
        if not ws.which(tool):
            problems.append(f"missing {tool}; fix: {APT_FIX}")
    if not ws.which("nvcc"):
        problems.append(f"missing nvcc, the CUDA compiler; fix: {CUDA_FIX}")
    if first_build:
        yaml_problem = libyaml_problem(ws)
        if yaml_problem:
            problems.append(yaml_problem)
    return problems


def libyaml_problem(ws):
    if not ws.which("pkg-config"):
        return f"missing pkg-config (needed to find libyaml); fix: {PKG_CONFIG_FIX}"
    found = subprocess.run(["pkg-config", "--exists", "yaml-0.1"], env=ws.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if found.returncode != 0:
        return f"missing libyaml (pkg-config cannot find yaml-0.1); fix: {APT_FIX}"
    return None


def run_build_step(ws, argv):
    try:
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace")
    except OSError as err:
        raise JudgeError(f"could not run {argv[0]}: {err}")
    if done.returncode != 0:
        raise JudgeError(
            f"building the judge failed: `{' '.join(argv)}` exited with status "
            f"{done.returncode}. Its last lines:\n{indent(tail(done.stdout, BUILD_TAIL_LINES))}\n"
            f"retry by hand with:\n    {ws.retry_command(argv)}")


def ensure_build(ws):
    """meson setup once, then ninja every time (a no-op when up to date)."""
    build_ninja = os.path.join(ws.build, "build.ninja")
    first_build = not os.path.exists(build_ninja)
    problems = missing_tools(ws, first_build)
    if problems:
        raise JudgeError("cannot build the judge:\n" + "\n".join("  " + p for p in problems))
    build_arg = ws.relative(ws.build)
    if first_build:
        warn("building the judge (first run only, about a minute)...")
        setup = ["meson", "setup", build_arg]
        if os.path.exists(os.path.join(ws.build, "meson-private", "coredata.dat")):
            setup.insert(2, "--wipe")  # a setup that stopped half-way
        run_build_step(ws, setup)
    # An incremental rebuild (after an update) can take a while: say so if it does.
    note = threading.Timer(2.0, warn, args=("updating the judge build...",))
    note.daemon = True
    if not first_build:
        note.start()
    try:
        run_build_step(ws, ["ninja", "-C", build_arg])
    finally:
        note.cancel()
    engine = os.path.join(ws.build, "cudajudge")
    if not os.access(engine, os.X_OK):
        raise JudgeError(f"the build finished but {ws.relative(engine)} is missing; "
                         f"retry with: {ws.retry_command(['ninja', '-C', build_arg])}")


# ---------------------------------------------------------------------------
# Talking to the engine
# ---------------------------------------------------------------------------


def describe_exit(returncode):
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"crashed ({name})"
    return f"exited with status {returncode}"


def engine_failure(what, stderr):
    message = f"the judge engine {what}; this is not your code's fault."
    if stderr and stderr.strip():
        message += "\nits last messages:\n" + indent(tail(stderr, STDERR_TAIL_LINES))
    return message


def run_engine_once(ws, args):
    """Runs a one-shot engine command; returns (exit code, stdout, stderr)."""
    argv = ws.engine() + args
    try:
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, encoding="utf-8",
                              errors="replace")
    except OSError as err:
        raise JudgeError(f"could not start the judge engine {argv[0]}: {err}")
    return done.returncode, done.stdout, done.stderr


def parse_single_object(stdout, stderr, what):
    try:
        value = json.loads(stdout)
    except ValueError:
        raise JudgeError(engine_failure(f"printed something that is not JSON for `{what}`",
                                        stderr))
    if not isinstance(value, dict):
        raise JudgeError(engine_failure(f"printed an unexpected answer for `{what}`", stderr))
    return value


def load_catalog(ws):
    code, stdout, stderr = run_engine_once(ws, ["catalog", "--root", ws.root])
    if code == 2 and stderr.strip():
        # problems.yaml is invalid: the engine's message says where.
        raise JudgeError(stderr.rstrip("\n"), as_is=True)
    if code != 0:
        raise JudgeError(engine_failure(describe_exit(code) + " while reading problems.yaml",
                                        stderr))
    catalog = parse_single_object(stdout, stderr, "catalog")
    problems = catalog.get("problems")
    if not isinstance(problems, list):
        raise JudgeError(engine_failure("gave a catalog without a problem list", stderr))
    return [p for p in problems if isinstance(p, dict) and p.get("id")]


def query_device(ws, fresh=False):
    args = ["device", "--build", ws.build] + (["--fresh"] if fresh else [])
    code, stdout, stderr = run_engine_once(ws, args)
    if code != 0 and not stdout.strip():
        raise JudgeError(engine_failure(describe_exit(code) + " while looking for a GPU", stderr))
    return parse_single_object(stdout, stderr, "device")


class JudgeRun:
    """What one `cudajudge judge` run gave back."""

    def __init__(self):
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

    def problem_message(self):
        """Why there is no usable summary, for the user."""
        if self.malfunction:
            return engine_failure(self.malfunction, self.stderr)
        return self.stderr.strip() or engine_failure("gave no result", self.stderr)


def judge_args(ws, problem_id, file_arg, seed=None, perf=True, backend=None):
    args = ["judge", "--root", ws.root, "--build", ws.build, "--id", problem_id,
            "--file", file_arg]
    if backend:
        args += ["--backend", backend]
    if seed is not None:
        args += ["--seed", str(seed)]
    if not perf:
        args.append("--no-perf")
    return args


def drain(stream, sink):
    for chunk in iter(lambda: stream.read(8192), ""):
        sink.append(chunk)


def run_judge(ws, problem_id, file_arg, seed=None, perf=True, on_event=None, backend=None):
    """Runs the engine's judge command, reading its JSON lines as they come."""
    run = JudgeRun()
    argv = ws.engine() + judge_args(ws, problem_id, file_arg, seed, perf, backend)
    started = time.monotonic()
    try:
        child = subprocess.Popen(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                 errors="replace")
    except OSError as err:
        raise JudgeError(f"could not start the judge engine {argv[0]}: {err}")
    stderr_chunks = []
    reader = threading.Thread(target=drain, args=(child.stderr, stderr_chunks), daemon=True)
    reader.start()
    for line in child.stdout:
        read_engine_line(run, line, on_event)
    run.exit_code = child.wait()
    reader.join()
    run.stderr = "".join(stderr_chunks)
    run.seconds = time.monotonic() - started
    run.malfunction = run.malfunction or find_malfunction(run)
    return run


def read_engine_line(run, line, on_event):
    line = line.strip()
    if not line or run.malfunction:
        return
    try:
        event = json.loads(line)
    except ValueError:
        event = None
    if not isinstance(event, dict):
        shown = line if len(line) <= 120 else line[:117] + "..."
        run.malfunction = f"printed a line that is not JSON: {shown!r}"
        return
    kind = event.get("type")
    if kind == "case":
        run.cases.append(event)
    elif kind == "summary":
        run.summary = event
    if on_event:
        on_event(event, line)


def find_malfunction(run):
    code = run.exit_code
    if code not in (0, 1, 2):
        return describe_exit(code)
    if run.summary is None and code in (0, 1):
        return "stopped without a summary"
    return None


# ---------------------------------------------------------------------------
# Exercise ids
# ---------------------------------------------------------------------------


def resolve_problem(problems, name):
    """Exact id, then alias, then an unambiguous prefix of ids and aliases."""
    wanted = name.strip().lower()
    for problem in problems:
        if problem["id"].lower() == wanted:
            return problem
    for problem in problems:
        if wanted in (a.lower() for a in problem.get("aliases") or []):
            return problem
    matches = [p for p in problems
               if any(n.lower().startswith(wanted) for n in names_of(p))] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        ids = ", ".join(p["id"] for p in matches)
        raise JudgeError(f"'{name}' could be any of: {ids}; type more of the name")
    raise JudgeError(unknown_problem_message(problems, name))


def names_of(problem):
    return [problem["id"]] + list(problem.get("aliases") or [])


def unknown_problem_message(problems, name):
    every_name = [n for p in problems for n in names_of(p)]
    close = difflib.get_close_matches(name.lower(), every_name, n=3, cutoff=0.6)
    if close:
        return f"unknown exercise '{name}'; did you mean: {', '.join(close)}?"
    return f"unknown exercise '{name}'; see them all with: python3 judge.py list"


# ---------------------------------------------------------------------------
# Rendering a judge run for people
# ---------------------------------------------------------------------------


def format_number(value):
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return str(value)
        if value == int(value) and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.9g}"
    return str(value)


def device_label(summary, lang):
    backend = summary.get("backend") or "none"
    device = summary.get("device")
    if backend == "none" or not isinstance(device, dict):
        return f"{backend} ({label(lang, 'no_device')})" if backend == "none" else backend
    details = [str(device.get("name") or "GPU")]
    arch = sm_name(device.get("cc"))
    if arch:
        details.append(arch)
    return f"{backend} ({', '.join(details)})"


def sm_name(cc):
    """The compute capability as nvcc spells it: "9.0", 90 or [9, 0] -> sm_90."""
    if cc is None or cc == "":
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


def header_line(style, summary, lang, fallback_id, fallback_file):
    parts = [style.bold(str(summary.get("id") or fallback_id)),
             str(summary.get("file") or fallback_file)]
    if summary.get("seed") is not None:
        parts.append(f"{label(lang, 'seed')} {summary['seed']}")
    parts.append(device_label(summary, lang))
    return style.dot.join(parts)


def case_line(style, case):
    verdict = case.get("verdict") or "JE"
    name = str(case.get("name") or "?")
    if verdict == "AC":
        return f"  {style.good(style.tick)} {name}"
    if verdict == "SKIP":
        return f"  {style.odd('-')} {name}  {style.odd('SKIP')}"
    return f"  {style.bad(style.cross)} {name}  {style.verdict(verdict)}"


def mismatch_table(mismatches, last, lang):
    shown = [m for m in mismatches if isinstance(m, dict)][:5]
    if isinstance(last, dict) and last not in shown:
        tail_rows = [None, last]  # None: a "..." row
    else:
        tail_rows = []
    with_buffer = len({m.get("buffer") for m in shown + [r for r in tail_rows if r]}) > 1
    columns = (["col_buffer"] if with_buffer else []) + [
        "col_index", "col_block", "col_warp", "col_lane", "col_expected", "col_got"]
    keys = [c[len("col_"):] for c in columns]
    rows = [[label(lang, c) for c in columns]]
    for mismatch in shown + tail_rows:
        if mismatch is None:
            rows.append(["..."] + [""] * (len(columns) - 1))
        else:
            rows.append([format_number(mismatch.get(k, "")) for k in keys])
    first_number_column = 1 if with_buffer else 0
    return format_table(rows, right_aligned=range(first_number_column, len(columns)))


def case_details(style, case, lang):
    """Lines under a failed case: the mismatch table, the counts, the diagnosis."""
    lines = []
    mismatches = case.get("mismatches") or []
    if mismatches:
        lines += mismatch_table(mismatches, case.get("last"), lang)
    bad, total, unwritten = case.get("bad"), case.get("total"), case.get("unwritten")
    if bad:
        counts = label(lang, "differ", bad=bad, total=total if total is not None else "?")
        if unwritten:
            counts += f" ({label(lang, 'unwritten', n=unwritten)})"
        lines.append(counts)
    if case.get("diagnosis"):
        lines.append(style.odd(label(lang, "diagnosis") + str(case["diagnosis"])))
    if case.get("detail"):
        lines += str(case["detail"]).splitlines()
    return ["      " + line if line else line for line in lines]


def timing_line(timing, lang):
    if not isinstance(timing, dict) or timing.get("median_ms") is None:
        return None
    parts = [label(lang, "time", ms=f"{timing['median_ms']:.3f}",
                   reps=timing.get("reps") or "?")]
    if timing.get("gbps") is not None:
        parts.append(label(lang, "gbps", gbps=f"{timing['gbps']:.1f}"))
    if timing.get("pct_of_copy") is not None:
        pct = label(lang, "pct", pct=f"{timing['pct_of_copy']:.0f}")
        tier = timing.get("tier")
        if tier in TIER_NAMES:
            pct += f" ({TIER_NAMES[tier][1 if lang == 'zh' else 0]})"
        parts.append(pct)
    if timing.get("ratio_to_ref") is not None:
        parts.append(label(lang, "ratio", ratio=f"{timing['ratio_to_ref']:.2f}"))
    return parts


def phases_line(phases, lang):
    if not isinstance(phases, dict):
        return None
    parts = [f"{label(lang, name)} {phases[name]:.1f} s" for name in ("compile", "link", "run")
             if isinstance(phases.get(name), (int, float))]
    return parts or None


def reproduce_command(problem_id, file_arg, default_file, seed):
    argv = ["python3", "judge.py", problem_id]
    if file_arg != default_file:
        argv.append(file_arg)
    argv += ["--seed", str(seed)]
    return " ".join(shlex.quote(a) for a in argv)


def render_summary(style, run, lang, problem_id, file_arg, default_file):
    summary = run.summary
    say(header_line(style, summary, lang, problem_id, file_arg))
    if summary.get("note"):
        say(style.odd(str(summary["note"])))
    cases = summary.get("cases") if isinstance(summary.get("cases"), list) else run.cases
    for case in cases:
        if not isinstance(case, dict):
            continue
        say(case_line(style, case))
        if case.get("verdict") not in ("AC", "SKIP"):
            for line in case_details(style, case, lang):
                say(line)
    verdict = run.verdict
    if verdict == "CE" and summary.get("compile_log"):
        say()
        say(style.bold(label(lang, "compile_log")))
        say(indent(str(summary["compile_log"]).rstrip("\n")))
    if summary.get("program_output"):
        say()
        say(style.bold(label(lang, "program_output")))
        say(indent(str(summary["program_output"]).rstrip("\n")))
    say()
    for parts in (timing_line(summary.get("timing"), lang),
                  phases_line(summary.get("phases_s"), lang)):
        if parts:
            say(style.dot.join(parts))
    say(f"{style.bold(style.verdict(verdict))}  {verdict_name(lang, verdict)}")
    if summary.get("message"):
        say(str(summary["message"]).rstrip("\n"))
    # Without a GPU nothing ran, and a compile error needs no seed to repeat.
    if verdict not in ("AC", "CE") and summary.get("seed") is not None and not run.no_device:
        say(label(lang, "reproduce")
            + reproduce_command(problem_id, file_arg, default_file, summary["seed"]))


def render_malfunction(style, run, lang):
    say(f"{style.bold(style.verdict('JE'))}  {verdict_name(lang, 'JE')}")
    warn(run.problem_message())


# ---------------------------------------------------------------------------
# Command: judge ID [FILE]
# ---------------------------------------------------------------------------


def add_lang_argument(parser):
    parser.add_argument("--lang", choices=("en", "zh"), default=None,
                        help="language of the output (default: from LANG)")


def add_judge_arguments(parser):
    parser.add_argument("id", metavar="ID", help="exercise id, alias or unambiguous prefix")
    parser.add_argument("file", metavar="FILE", nargs="?",
                        help="the file to judge (default: exercises/<id>.cu)")
    parser.add_argument("--seed", type=int, help="reproduce a run with this seed")
    parser.add_argument("--json", action="store_true",
                        help="print the engine's case and summary objects, one per line")
    parser.add_argument("--no-perf", action="store_true", help="skip the timing run")
    add_emulate_argument(parser)
    add_lang_argument(parser)


def add_emulate_argument(parser):
    parser.add_argument("--emulate", action="store_true",
                        help="judge on the CPU emulator even when a GPU is present "
                             "(stricter about races and barriers; no timing)")


def chosen_backend(options):
    return "emu" if getattr(options, "emulate", False) else None


def file_to_judge(ws, problem, file_option):
    """The path handed to the engine (relative to the root when inside it)."""
    if file_option is None:
        path = ws.path("exercises", f"{problem['id']}.cu")
    else:
        path = os.path.abspath(file_option)
    if not os.path.isfile(path):
        template = f"templates/{problem['id']}.cu"
        raise JudgeError(
            f"{shown_path(path)} does not exist. To start from the template, copy "
            f"{template} there, or run: python3 judge.py reset {problem['id']}")
    return ws.relative(path)


def run_judge_command(options):
    ws = Workspace()
    lang = options.lang or default_lang()
    problem = resolve_problem(ws.catalog(), options.id)
    default_file = f"exercises/{problem['id']}.cu"
    file_arg = file_to_judge(ws, problem, options.file)
    if options.json:
        return judge_as_json(ws, problem, file_arg, options)
    style = Style(sys.stdout)
    status = StatusLine()
    run = run_judge(ws, problem["id"], file_arg, options.seed, not options.no_perf,
                    on_event=lambda event, line: show_progress(status, event),
                    backend=chosen_backend(options))
    status.clear()
    if run.summary is None or run.malfunction:
        if run.malfunction:
            render_malfunction(style, run, lang)
        else:
            warn(run.problem_message())
        return 2
    render_summary(style, run, lang, problem["id"], shown_path(ws.path(file_arg))
                   if options.file else file_arg, default_file)
    return run.exit_code


def show_progress(status, event):
    if event.get("type") == "phase" and event.get("state") == "start":
        status.show(PHASE_NAMES.get(event.get("phase"), str(event.get("phase"))) + "...")


def judge_as_json(ws, problem, file_arg, options):
    status = StatusLine()

    def emit(event, line):
        if event.get("type") in ("case", "summary"):
            status.clear()
            print(line, flush=True)  # the engine's own line, unchanged
        else:
            show_progress(status, event)

    run = run_judge(ws, problem["id"], file_arg, options.seed, not options.no_perf, emit,
                    backend=chosen_backend(options))
    status.clear()
    if run.summary is None or run.malfunction:
        warn(run.problem_message())
        if run.summary is None:
            # Consumers can rely on the last line being a summary.
            print(json.dumps(judge_error_summary(problem["id"], file_arg, run)))
        return 2
    return run.exit_code


def judge_error_summary(problem_id, file_arg, run):
    return {"type": "summary", "id": problem_id, "file": file_arg, "verdict": "JE",
            "backend": "none", "seed": None, "message": run.problem_message(),
            "compile_log": "", "program_output": "", "cases": run.cases, "timing": None,
            "phases_s": None, "device": None}


# ---------------------------------------------------------------------------
# Command: list
# ---------------------------------------------------------------------------


def add_list_arguments(parser):
    add_lang_argument(parser)


def run_list_command(options):
    ws = Workspace()
    lang = options.lang or default_lang()
    rows = [[label(lang, c) for c in ("col_id", "col_chapter", "col_title", "col_backends")]]
    for problem in ws.catalog():
        rows.append([problem["id"], str(problem.get("chapter") or ""),
                     localized(problem.get("title"), lang),
                     ", ".join(problem.get("backends") or [])])
    lines = format_table(rows)
    style = Style(sys.stdout)
    say(style.bold(lines[0]))
    for line in lines[1:]:
        say(line)
    say()
    say(label(lang, "list_footer"))
    return 0


# ---------------------------------------------------------------------------
# Command: show ID
# ---------------------------------------------------------------------------


def add_show_arguments(parser):
    parser.add_argument("id", metavar="ID", help="exercise id, alias or unambiguous prefix")
    add_lang_argument(parser)


def describe_check(check, lang):
    if not isinstance(check, dict) or check.get("exact", True):
        return label(lang, "show_exact")
    return label(lang, "show_tolerance", rtol=check.get("rtol"), atol=check.get("atol"))


def run_show_command(options):
    ws = Workspace()
    lang = options.lang or default_lang()
    problem = resolve_problem(ws.catalog(), options.id)
    style = Style(sys.stdout)
    hints = problem.get("hints")
    hint_list = (hints.get(lang) or hints.get("en") or []) if isinstance(hints, dict) else []
    say(style.bold(f"{problem['id']}{style.dot}{localized(problem.get('title'), lang)}"))
    say(f"{label(lang, 'show_chapter')}: {problem.get('chapter') or ''}")
    if problem.get("aliases"):
        say(f"{label(lang, 'show_aliases')}: {', '.join(problem['aliases'])}")
    say()
    say(f"{label(lang, 'show_signature')}:")
    say(indent(str(problem.get("signature") or "")))
    say()
    say(f"{label(lang, 'show_statement')}:")
    say(indent(localized(problem.get("statement"), lang).rstrip("\n")))
    launch = localized(problem.get("launch"), lang)
    if launch:
        say()
        say(f"{label(lang, 'show_launch')}:")
        say(indent(launch.rstrip("\n")))
    say()
    say(f"{label(lang, 'show_check')}: {describe_check(problem.get('check'), lang)}")
    say(f"{label(lang, 'show_backends')}: {', '.join(problem.get('backends') or [])}")
    say(label(lang, "show_hints", n=len(hint_list)))
    exercise = problem.get("exercise") or f"exercises/{problem['id']}.cu"
    say(f"{label(lang, 'show_file')}: {exercise}")
    return 0


# ---------------------------------------------------------------------------
# Command: check
# ---------------------------------------------------------------------------


def add_check_arguments(parser):
    parser.add_argument("ids", metavar="ID", nargs="*",
                        help="exercises to check (default: all of them)")
    parser.add_argument("--verbose", action="store_true",
                        help="show the engine's message for every file")
    parser.add_argument("--jobs", type=int, default=None,
                        help="files judged at once on the emulator (default: one per CPU "
                             "core); on a GPU files are judged one at a time")
    add_emulate_argument(parser)



def expectation_overrides(path):
    """`// expect-<backend>: VERDICT` comments in the first ten lines of a file."""
    overrides = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as source:
            for _, line in zip(range(10), source):
                for backend, verdict in EXPECT_COMMENT.findall(line):
                    overrides[backend.lower()] = verdict.upper()
    except OSError:
        pass
    return overrides


def files_to_check(ws, problem):
    """(path relative to root, expected verdict) pairs; "!AC" means "anything but AC"."""
    problem_id = problem["id"]
    entries = [(f"reference/{problem_id}.cu", "AC"), (f"templates/{problem_id}.cu", "!AC")]
    corpus = ws.path("tests", "submissions", problem_id)
    if os.path.isdir(corpus):
        for folder in sorted(os.listdir(corpus)):
            folder_path = os.path.join(corpus, folder)
            if not os.path.isdir(folder_path):
                continue
            expected = FOLDER_VERDICTS.get(folder, f"?{folder}")
            for name in sorted(os.listdir(folder_path)):
                if name.endswith(".cu"):
                    entries.append((f"tests/submissions/{problem_id}/{folder}/{name}", expected))
    return entries


def describe_expected(expected):
    if expected.startswith("!"):
        return f"not {expected[1:]}"
    if expected.startswith("?"):
        return (f"the unknown folder '{expected[1:]}' "
                f"(use one of: {', '.join(FOLDER_VERDICTS)})")
    return expected


def verdict_meets(verdict, expected):
    if expected.startswith("!"):
        return verdict != expected[1:] and verdict != "JE"
    return verdict == expected


class CheckTally:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0
        self.ran_on_device = False
        self.no_device = 0

    def closing_line(self):
        line = f"check: {self.passed} passed, {self.failed} failed"
        if self.skipped:
            line += f", {self.skipped} skipped"
        return line


def check_backend(ws, options):
    """The backend every file of a check is judged on: the emulator when asked
    for or when there is no GPU, else the GPU."""
    if options.emulate:
        return "emu"
    try:
        return "gpu" if query_device(ws, fresh=False).get("found") else "emu"
    except JudgeError:
        return "emu"


def check_one_file(ws, style, problem_id, relative, expected, verbose, tally, backend,
                   judged=None):
    """Judges one file (or takes `judged`, a run made ahead) and prints its line."""
    path = ws.path(relative)
    if not os.path.isfile(path):
        tally.failed += 1
        say(f"{style.bad('FAIL')} missing {relative}")
        return
    if expected.startswith("?"):
        tally.failed += 1
        say(f"{style.bad('FAIL')} {relative}: no verdict for {describe_expected(expected)}")
        return
    # `// expect-emu: RACE` changes the expectation on one backend;
    # `// expect-gpu: SKIP` says that backend cannot show the mistake at all.
    expected = expectation_overrides(path).get(backend, expected)
    if expected == "SKIP":
        tally.skipped += 1
        say(f"{style.odd('skip')}      {relative}  (not judged on {backend}: see the file)")
        return
    run = judged or run_judge(ws, problem_id, relative, perf=False, backend=backend)
    verdict = run.verdict
    took = f"{run.seconds:.1f} s"
    message = (run.summary or {}).get("message") or ""
    if run.backend != "none":
        tally.ran_on_device = True
    if run.no_device:
        tally.skipped += 1
        tally.no_device += 1
        say(f"{style.odd('skip')} {verdict:<4}{relative}  {took}  (no CUDA device)")
        return
    if verdict == "SKIP" and expected != "SKIP":
        tally.skipped += 1
        say(f"{style.odd('skip')} SKIP {relative}  {took}")
    elif verdict_meets(verdict, expected):
        tally.passed += 1
        say(f"{style.good('ok')}   {verdict:<4}{relative}  {took}")
        if verbose and message:
            say(indent(message, "     "))
    else:
        tally.failed += 1
        say(f"{style.bad('FAIL')} got {verdict}, expected {describe_expected(expected)}  "
            f"{relative}  {took}")
        explain = message if run.summary and not run.malfunction else run.problem_message()
        if explain:
            say(indent(explain.rstrip("\n"), "     "))
        if verdict == "CE" and run.summary and run.summary.get("compile_log"):
            say(indent(tail(run.summary["compile_log"], 10), "     "))
    if verbose and run.summary and run.summary.get("seed") is not None:
        say(f"     seed {run.summary['seed']}")


def judge_ahead(ws, work, backend, jobs):
    """Starts judging the files that will be judged, `jobs` at a time (the
    emulator measures no time, so runs may share the machine); returns
    futures by file, printed in order as they finish."""
    import concurrent.futures
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    ahead = {}
    for problem_id, relative, expected in work:
        path = ws.path(relative)
        if (not os.path.isfile(path) or expected.startswith("?")
                or expectation_overrides(path).get(backend) == "SKIP"):
            continue
        ahead[relative] = pool.submit(run_judge, ws, problem_id, relative, perf=False,
                                      backend=backend)
    pool.shutdown(wait=False)
    return ahead


def run_check_command(options):
    ws = Workspace()
    problems = ws.catalog()
    if options.ids:
        chosen = [resolve_problem(problems, name) for name in options.ids]
    else:
        chosen = problems
    style = Style(sys.stdout)
    tally = CheckTally()
    backend = check_backend(ws, options)
    say(f"checking on the {'CPU emulator' if backend == 'emu' else 'GPU'} ({backend})")
    work = [(problem["id"], relative, expected) for problem in chosen
            for relative, expected in files_to_check(ws, problem)]
    jobs = options.jobs or (os.cpu_count() or 1)
    ahead = judge_ahead(ws, work, backend, jobs) if backend == "emu" and jobs > 1 else {}
    for problem_id, relative, expected in work:
        judged = ahead.get(relative)
        check_one_file(ws, style, problem_id, relative, expected, options.verbose, tally,
                       backend, judged.result() if judged else None)
        sys.stdout.flush()
    if tally.no_device and not tally.ran_on_device:
        say("no CUDA device: nothing could be run (the files were only compiled)")
        say(tally.closing_line())
        return 2
    say(tally.closing_line())
    return 0 if tally.failed == 0 else 1


# ---------------------------------------------------------------------------
# Command: doctor
# ---------------------------------------------------------------------------


def add_doctor_arguments(parser):
    pass


def tool_version(ws, argv, pattern=None):
    """The first line (or the regex group) of a tool's version output, or None."""
    try:
        done = subprocess.run(argv, cwd=ws.root, env=ws.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    lines = done.stdout.strip().splitlines()
    found = re.search(pattern, done.stdout) if pattern else None
    if found:
        return found.group(1)
    return lines[0] if lines else "(version unknown)"


def doctor_line(good, text):
    status = "ok" if good else "missing"
    say(f"{status:<8} {text}")


def doctor_tools(ws):
    """Prints one line per required tool; returns True when all are there."""
    all_found = True
    version = ".".join(map(str, sys.version_info[:3]))
    python_ok = sys.version_info >= (3, 9)
    doctor_line(python_ok, f"python {version}" + ("" if python_ok else
                                                  " (3.9 or newer needed; install python3)"))
    all_found &= python_ok
    for tool in ("meson", "ninja"):
        found = ws.which(tool) and tool_version(ws, [tool, "--version"])
        doctor_line(bool(found), f"{tool} {found}" if found else f"{tool}: fix: {APT_FIX}")
        all_found &= bool(found)
    if not ws.which("pkg-config"):
        doctor_line(False, f"pkg-config + libyaml: fix: {PKG_CONFIG_FIX}")
        all_found = False
    else:
        yaml_version = tool_version(ws, ["pkg-config", "--modversion", "yaml-0.1"])
        doctor_line(bool(yaml_version), f"pkg-config + libyaml {yaml_version}" if yaml_version
                    else f"libyaml (pkg-config yaml-0.1): fix: {APT_FIX}")
        all_found &= bool(yaml_version)
    nvcc = ws.which("nvcc")
    nvcc_version = nvcc and tool_version(ws, ["nvcc", "--version"], r"release ([0-9.]+)")
    doctor_line(bool(nvcc_version), f"nvcc {nvcc_version} ({nvcc})" if nvcc_version
                else f"nvcc: fix: {CUDA_FIX}")
    all_found &= bool(nvcc_version)
    return all_found


def doctor_build(ws, tools_ok):
    """Prints the build's state, building it when possible; True when usable."""
    build = ws.relative(ws.build)
    if ws.engine_override:
        doctor_line(True, f"engine: CUDAJUDGE_ENGINE={ws.engine_override} (build skipped)")
        return True
    if not tools_ok:
        state = "configured" if os.path.exists(os.path.join(ws.build, "build.ninja")) \
            else "not set up yet"
        doctor_line(False, f"build folder {build}: {state}; install the missing tools first")
        return False
    try:
        ws.engine()
    except JudgeError as err:
        doctor_line(False, f"build folder {build}: the build failed")
        say(indent(str(err)))
        return False
    doctor_line(True, f"build folder {build}: up to date")
    return True


def doctor_device(ws):
    """Prints the GPU line; returns the backend judging will use."""
    try:
        device = query_device(ws, fresh=True)
    except JudgeError as err:
        doctor_line(False, "GPU: could not ask the engine")
        say(indent(str(err)))
        return "none"
    if not device.get("found"):
        reason = f" ({device['error']})" if device.get("error") else ""
        doctor_line(False, f"no CUDA device found{reason}: exercises that allow it are "
                           "judged on the CPU emulator (correctness only, no timing)")
        return "emu"
    bandwidth = device.get("copy_gbps")
    copy = f", copy bandwidth {bandwidth:.1f} GB/s" if isinstance(bandwidth, (int, float)) else ""
    doctor_line(True, f"GPU {device.get('name')} ({sm_name(device.get('cc'))}){copy}")
    return "gpu"


def doctor_emulator(ws):
    """Prints the emulator's line: a C++ compiler with ThreadSanitizer."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if not cxx:
        doctor_line(False, "C++ compiler for the CPU emulator: sudo apt-get install -y g++")
        return False
    probe = subprocess.run([cxx, "-fsanitize=thread", "-x", "c++", "-", "-o", os.devnull],
                           input="int main() { return 0; }\n", text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if probe.returncode != 0:
        doctor_line(False, f"{cxx} cannot build with -fsanitize=thread, which the CPU "
                           "emulator needs: sudo apt-get install -y g++ (gcc's libtsan)")
        return False
    doctor_line(True, f"CPU emulator: {cxx} with ThreadSanitizer")
    return True


def run_doctor_command(options):
    ws = Workspace()
    tools_ok = doctor_tools(ws)
    build_ok = doctor_build(ws, tools_ok)
    backend = doctor_device(ws) if build_ok else "none"
    emulator_ok = doctor_emulator(ws) if build_ok else False
    if backend == "gpu":
        say("backend: gpu (python3 judge.py ID --emulate uses the CPU emulator instead)")
    elif backend == "emu" and emulator_ok:
        say("backend: emu (the CPU emulator: correctness, races and deadlocks; no timing)")
    else:
        say("backend: none (code is compiled but cannot be run here)")
    return 0 if tools_ok and build_ok else 2


# ---------------------------------------------------------------------------
# Command: selftest
# ---------------------------------------------------------------------------


def add_selftest_arguments(parser):
    pass


def count_test_results(testlog_lines):
    """(passed, failed, skipped) from the JSON lines of meson's testlog.json."""
    passed = failed = skipped = 0
    for line in testlog_lines:
        line = line.strip()
        if not line:
            continue
        try:
            result = json.loads(line).get("result")
        except (ValueError, AttributeError):
            continue
        if result in TEST_PASSED:
            passed += 1
        elif result in TEST_SKIPPED:
            skipped += 1
        elif result is not None:
            failed += 1
    return passed, failed, skipped


def selftest_line(passed, failed, skipped):
    return f"selftest: {passed} passed, {failed} failed, {skipped} skipped"


def run_selftest_command(options):
    ws = Workspace()
    if ws.engine_override:
        warn("note: CUDAJUDGE_ENGINE is set; the tests still use the build in "
             + ws.relative(ws.build))
    else:
        ws.engine()
    testlog = os.path.join(ws.build, "meson-logs", "testlog.json")
    if os.path.exists(testlog):
        os.remove(testlog)  # never report a previous run's results
    argv = ["meson", "test", "-C", ws.relative(ws.build), "--print-errorlogs"]
    sys.stdout.flush()
    try:
        status = subprocess.run(argv, cwd=ws.root, env=ws.env).returncode
    except OSError as err:
        raise JudgeError(f"could not run meson: {err}; fix: {APT_FIX}")
    try:
        with open(testlog, encoding="utf-8", errors="replace") as log:
            passed, failed, skipped = count_test_results(log)
    except OSError:
        passed = failed = skipped = 0
    if status != 0 and failed == 0:
        say(f"meson test exited with status {status}; retry with: {ws.retry_command(argv)}")
        failed = 1
    say(selftest_line(passed, failed, skipped))
    return 0 if failed == 0 else 1


# ---------------------------------------------------------------------------
# Command: reset ID
# ---------------------------------------------------------------------------


def add_reset_arguments(parser):
    parser.add_argument("id", metavar="ID", help="exercise id, alias or unambiguous prefix")
    parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")


def confirm(question):
    if not stream_is_tty(sys.stdin):
        raise JudgeError("not replacing anything without confirmation; add --yes")
    try:
        answer = input(question + " [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def run_reset_command(options):
    ws = Workspace()
    problem = resolve_problem(ws.catalog(), options.id)
    template = ws.path("templates", f"{problem['id']}.cu")
    exercise = ws.path("exercises", f"{problem['id']}.cu")
    if not os.path.isfile(template):
        raise JudgeError(f"{ws.relative(template)} is missing; the repository is incomplete "
                         "(git checkout -- templates/ restores it)")
    backup = None
    if os.path.isfile(exercise):
        with open(exercise, "rb") as mine, open(template, "rb") as pristine:
            if mine.read() == pristine.read():
                say(f"{ws.relative(exercise)} already matches the template; nothing to do")
                return 0
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        backup = f"{exercise}.bak-{stamp}"
    question = f"replace {ws.relative(exercise)} with a fresh copy of {ws.relative(template)}?"
    if backup:
        question += f" (your file is kept as {ws.relative(backup)})"
    if not options.yes and not confirm(question):
        say("nothing changed")
        return 0
    if backup:
        shutil.copy2(exercise, backup)
        say(f"saved your file as {ws.relative(backup)}")
    os.makedirs(os.path.dirname(exercise), exist_ok=True)
    shutil.copyfile(template, exercise)
    say(f"{ws.relative(exercise)} is a fresh copy of {ws.relative(template)}")
    return 0


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

COMMANDS = {
    "judge": (add_judge_arguments, run_judge_command, "judge an exercise (the default)"),
    "list": (add_list_arguments, run_list_command, "list the exercises"),
    "show": (add_show_arguments, run_show_command, "show an exercise's statement"),
    "check": (add_check_arguments, run_check_command,
              "judge references, templates and known submissions"),
    "doctor": (add_doctor_arguments, run_doctor_command, "check the tools and the GPU"),
    "selftest": (add_selftest_arguments, run_selftest_command, "run the project's tests"),
    "reset": (add_reset_arguments, run_reset_command,
              "start an exercise over from its template"),
}


def build_parser():
    parser = argparse.ArgumentParser(
        prog="judge.py",
        description="Judge CUDA exercises. `python3 judge.py ID` judges exercises/ID.cu.",
        epilog="Exit status: 0 accepted, 1 your code failed, 2 usage or environment error.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (add_arguments, run, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary)
        add_arguments(sub)
        sub.set_defaults(run=run)
    return parser


def with_default_command(argv):
    """`judge.py warp_scan` means `judge.py judge warp_scan`."""
    if argv and argv[0] not in COMMANDS and argv[0] not in ("-h", "--help"):
        return ["judge"] + argv
    return argv


def prepare_streams():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


def main(argv=None):
    prepare_streams()
    argv = with_default_command(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    if not argv:
        parser.print_help()
        return 2
    options = parser.parse_args(argv)
    try:
        return options.run(options)
    except JudgeError as err:
        sys.stdout.flush()
        warn(str(err) if err.as_is else f"error: {err}")
        return err.exit_code
    except KeyboardInterrupt:
        warn("interrupted")
        return 130
    except BrokenPipeError:
        # The output was piped into something that stopped reading (| head).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # anything else is a bug in this file
        if os.environ.get("CUDAJUDGE_DEBUG") == "1":
            raise
        warn(f"judge.py: internal error: {type(err).__name__}: {err}\n"
             "run again with CUDAJUDGE_DEBUG=1 to see where, and please report it")
        return 2


if __name__ == "__main__":
    sys.exit(main())
