"""One grade run over a roster: plan, judge, record, export.

Workers: with GPUs, `jobs` engine processes per GPU at once, each with
CUDA_VISIBLE_DEVICES set to its GPU, so compiles overlap and the engine's per-GPU device
lock runs the test programs one at a time on each GPU; without a GPU, `jobs` emulator
runs (one per core by default) and no performance points. Each finished judgement is
scored and written to the store at once; Ctrl-C stops the engines and keeps what is
written. Called by cli.py (and by commands/grade.py once the driver package exists).
"""

import json
import os
import queue
import shutil
import sys
import tempfile
import threading
import time

from . import SCHEMA
from . import exporters
from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import current_language, tr

from . import grader
from .case_folder import CaseFolder
from .roster import derive_seed, find_submissions, lateness, list_students
from .scoring import annotate_cases, score
from .store import Store, is_current, write_atomically
from .timing import best_timing, is_timed, jobs_per_gpu, rounds_of


# The checks that need nvcc, by the names the records keep (core/texts/grading.txt
# says them: grade_check_<name>).
CHECKS_WITHOUT_NVCC = ("device_only", "ptx_rules")


def now_iso():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def say(text, stream=None):
    stream = stream or sys.stdout
    print(text, file=stream, flush=True)


def duration_text(seconds):
    seconds = int(max(0, seconds))
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"


class Progress:
    """A bar with counts and time left on a terminal; one line per judgement otherwise."""

    def __init__(self, total, lang, stream=None, force_lines=False):
        self.total, self.done, self.lang = total, 0, lang
        self.stream = stream or sys.stdout
        self.bar = not force_lines and self.stream.isatty() and os.environ.get("TERM") != "dumb"
        self.started = time.monotonic()
        self.lock = threading.Lock()

    def finished(self, record, seconds):
        with self.lock:
            self.done += 1
            s = record["score"]
            line = tr("grade_line", self.lang, n=self.done, total=self.total,
                      student=record["student"], exercise=record["exercise"], verdict=record["verdict"] or "-",
                      points=s["points"], max=s["max"], seconds=seconds)
            if not self.bar:
                say(line, self.stream)
                return
            elapsed = time.monotonic() - self.started
            left = self.total - self.done
            eta = elapsed / self.done * left if self.done else 0
            width = 30
            filled = int(width * self.done / max(1, self.total))
            text = tr("grade_bar", self.lang, done=self.done, total=self.total, left=left,
                      eta=duration_text(eta))
            self.stream.write("\r\x1b[K" + line + "\n")
            self.stream.write(f"[{'#' * filled}{'.' * (width - filled)}] {text}")
            self.stream.flush()

    def close(self):
        if self.bar and self.done:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def count_gpus():
    """The GPUs of this host: `nvidia-smi -L` lines, else /dev/nvidiaN nodes, at least 1
    (the engine found a device)."""
    import subprocess
    try:
        done = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, timeout=60)
        listed = [line for line in done.stdout.splitlines() if line.startswith("GPU ")]
        if done.returncode == 0 and listed:
            return len(listed)
    except (OSError, subprocess.TimeoutExpired):
        pass
    nodes = [n for n in os.listdir("/dev") if n.startswith("nvidia") and n[6:].isdigit()]
    return max(1, len(nodes))


def parse_gpus(text, device):
    """--gpus all|0,1 into a list of CUDA_VISIBLE_DEVICES values (empty: no GPU)."""
    if text in (None, "", "all"):
        if not device.get("found"):
            return []
        env = os.environ.get("CUDA_VISIBLE_DEVICES")
        if env:
            return [g for g in env.split(",") if g]
        return [str(i) for i in range(count_gpus())]
    if text == "none":
        return []
    return [g.strip() for g in text.split(",") if g.strip()]


class GradeRun:
    def __init__(self, options):
        self.o = options
        self.lang = current_language()
        self.roster = os.path.abspath(options.roster)
        self.out = os.path.abspath(options.out or os.path.join(os.getcwd(), "grades"))
        self.stop = threading.Event()
        self.children_lock = threading.Lock()
        self.judged_now = 0

    # ---- setup ------------------------------------------------------------------------
    def load(self):
        if not os.path.isdir(self.roster):
            raise JudgeError(tr("grade_no_roster", self.lang, roster=self.o.roster), 1)
        self.engine = grader.open_engine(self.lang)
        self.wrap = []  # bubblewrap around every judgement: choose_backend
        path = self.o.policy
        empty = None
        if not path:
            empty = tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False)
            empty.write("{}\n")
            empty.close()
            path = empty.name
        try:
            self.policy = self.engine.policy(path)
        finally:
            if empty:
                os.unlink(empty.name)
        self.policy_sha = grader.policy_hash(self.policy)
        if self.o.seed_per_student:
            self.policy["seed_per_student"] = True
        if getattr(self.o, "ignore_deadline", False):  # the platform judges lateness
            self.policy.update(deadline=None, deadline_epoch=None, deadline_local=None)
            self.policy_sha = grader.policy_hash(self.policy)
        self.plang = self.policy.get("language") or "en"  # feedback, report, records
        self.catalog = {p["id"]: p for p in self.engine.catalog()}
        self.exercises = [e for e in self.policy["exercises"] if e["id"] in self.catalog]
        only = list(getattr(self.o, "only_exercises", None) or [])
        unknown = sorted(set(only) - {e["id"] for e in self.exercises})
        if unknown:
            raise JudgeError(tr("grade_unknown_exercises", self.lang, names=", ".join(unknown)), 1)
        if only:
            self.exercises = [e for e in self.exercises if e["id"] in only]
        # Without nvcc the device-only check and the rules on the compiled code do not
        # run (docs/security.md): graded so only where the policy says it may be.
        self.nvcc = self.engine.nvcc()
        self.checks = {"nvcc": bool(self.nvcc),
                       "not_run": [] if self.nvcc else list(CHECKS_WITHOUT_NVCC)}
        self.fingerprint = self.engine.fingerprint()
        self.engine_info = {"version": grader.version(self.engine.ws.root),
                            "fingerprint": self.fingerprint}
        self.engine_args = grader.grading_options(self.engine)

    def title(self, exercise):
        title = self.catalog.get(exercise, {}).get("title") or {}
        return title.get(self.plang) or title.get("en") or exercise

    def choose_backend(self):
        env = {}
        if self.o.sandbox == "none":
            env["CUDAJUDGE_SANDBOX"] = "none"
            say(tr("grade_sandbox_none", self.lang), sys.stderr)
        elif not shutil.which("bwrap"):
            say(tr("grade_no_bwrap", self.lang), sys.stderr)
        else:
            self.wrap = grader.bubblewrap_prefix(self.engine.ws.build)
            if not self.wrap:
                say(tr("grade_bwrap_fails", self.lang), sys.stderr)
        self.base_env = env
        device = {"found": False} if self.o.emulate else self.device()
        self.gpus = [] if self.o.emulate or not device.get("found") else parse_gpus(
            self.o.gpus, device)
        self.device = device if self.gpus else None
        cores = os.cpu_count() or 1
        if self.gpus:
            self.backend = "gpu"
            self.jobs = max(1, self.o.jobs or jobs_per_gpu(self.exercises, cores))
            say(tr("grade_on_gpus", self.lang, gpus=",".join(self.gpus), jobs=self.jobs))
        else:
            self.backend = "emu"
            self.jobs = max(1, self.o.jobs or cores)
            say(tr("grade_no_gpu_emulator", self.lang, jobs=self.jobs))
        self.cases = CaseFolder(self.engine.ws.build, self.backend == "gpu" and not
                                self.policy.get("seed_per_student"))
        self.engine_args = list(self.engine_args) + self.cases.args

    def device(self):
        """The engine's device, or none found when it cannot tell."""
        try:
            return self.engine.device()
        except JudgeError:
            return {"found": False}

    def judge(self, exercise, path, seed, backend, perf, env, rounds=1):
        """rounds: the timed case timed in that many rounds in the one engine run (the
        best of K, docs/grading.md)."""
        extra = list(self.engine_args) + (["--timing-rounds", str(rounds)]
                                          if perf and rounds > 1 else [])
        return grader.judge(self.engine, exercise, path, seed, backend, perf, extra,
                            env, self.plang, self.wrap)

    def count_cases(self, store):
        """How many cases each per_case exercise has on this backend, from judging its
        reference once (kept in DIR/reference-cases.json while the engine is the same):
        a run that stops at a crash still shares its points by all the cases."""
        path = os.path.join(self.out, "reference-cases.json")
        try:
            with open(path, encoding="utf-8") as handle:
                known = json.load(handle)
        except (OSError, ValueError):
            known = {}
        self.cases_total = {}
        changed = False
        for ex in self.exercises:
            if ex.get("correctness") != "per_case":
                continue
            key = f"{ex['id']}/{self.backend}"
            entry = known.get(key)
            if not entry or entry.get("fingerprint") != self.fingerprint:
                reference = os.path.join(self.engine.ws.root, "reference", ex["id"] + ".cu")
                seed, _ = self.seed_for(None, ex["id"])
                run = grader.judge(self.engine, ex["id"], reference, seed, self.backend,
                                   self.backend == "gpu", self.cases.args, self.base_env,
                                   self.plang, self.wrap)
                if run.verdict != "AC":
                    continue  # then the cases that ran are all there is to count
                entry = {"fingerprint": self.fingerprint, "count": len(run.cases)}
                known[key] = entry
                changed = True
            self.cases_total[ex["id"]] = entry["count"]
        if changed:
            write_atomically(path, json.dumps(known, indent=1, sort_keys=True) + "\n")

    # ---- the plan ----------------------------------------------------------------------
    def seed_for(self, student, exercise):
        per_student = bool(self.policy.get("seed_per_student")) and student is not None
        seed = derive_seed(self.policy["seed"], exercise, student if per_student else None)
        return seed, "student" if per_student else "course"

    def plan(self, store):
        students = list_students(self.roster)
        if not students:
            raise JudgeError(tr("grade_no_students", self.lang, roster=self.o.roster), 1)
        wanted = set(self.o.only or []) | set(self.o.regrade or [])
        unknown = sorted(wanted - set(students))
        if unknown:
            raise JudgeError(tr("grade_unknown_students", self.lang, names=", ".join(unknown),
                                roster=self.o.roster), 1)
        self.students = students
        ids = [e["id"] for e in self.exercises]
        aliases = {i: self.catalog[i].get("aliases") or [] for i in ids}
        subs, self.ignored = find_submissions(self.roster, students, ids, aliases, self.plang)
        todo, kept, nj = [], 0, 0
        for (student, exercise), sub in subs.items():
            if self.o.only and student not in self.o.only:
                continue
            ex = next(e for e in self.exercises if e["id"] == exercise)
            seed, source = self.seed_for(student, exercise)
            if sub.not_judged:
                nj += 1
                record = self.make_record(sub, ex, seed, source, None, [], lateness(
                    self.policy, self.roster, sub), 0.0, None)
                old = store.read(student, exercise)
                if not old or old.get("not_judged") != record["not_judged"] or \
                        old.get("policy_sha256") != self.policy_sha:
                    store.write(record)
                continue
            old = store.read(student, exercise)
            if student in (self.o.regrade or []) or not is_current(old, sub, seed,
                                                                   self.policy_sha,
                                                                   self.fingerprint):
                todo.append((sub, ex, seed, source))
            else:
                kept += 1
        self.kept, self.not_judged = kept, nj
        return todo

    # ---- one judgement -------------------------------------------------------------------
    def make_record(self, sub, ex, seed, source, runs, cases, late, seconds, gpu):
        first = runs[0] if runs else None
        summary = (first.summary if first else None) or {}
        if runs is None:
            status, verdict, message = "not_judged", None, sub.not_judged["detail"]
        else:
            status, verdict = "judged", first.verdict
            message = summary.get("message") or ""
            if first.malfunction or verdict == "JE":
                detail = first.malfunction or message or first.stderr.strip()[-300:]
                message = tr("grade_judge_error", self.plang, detail=detail)
        record = {
            "schema": SCHEMA, "student": sub.student, "exercise": sub.exercise,
            "title": self.title(sub.exercise), "file": sub.file, "sha256": sub.sha256,
            "status": status, "not_judged": sub.not_judged, "verdict": verdict,
            "message": message, "cases": annotate_cases(cases, ex), "seed": seed,
            "seed_source": source, "backend": summary.get("backend") or (
                "none" if runs is None else self.backend),
            "device": summary.get("device") if summary.get("backend") == "gpu" else None,
            "gpu": gpu, "engine": self.engine_info, "policy_sha256": self.policy_sha,
            "timing": best_timing(runs) if runs else None, "late": late,
            "phases_s": summary.get("phases_s") or {},
            "cases_from": summary.get("cases_from"), "judged_at": now_iso(),
            "seconds": round(seconds, 3), "rules": summary.get("rules"),
            "compile_log": (summary.get("compile_log") or "")[:65536],
            "cases_total": max(len(cases), self.cases_total.get(sub.exercise, 0)),
            "checks": dict(self.checks) if runs is not None else {"nvcc": self.checks["nvcc"],
                                                                  "not_run": []},
        }
        if sub.path and sub.file:
            hide_path(record, sub.path, sub.file)
        record["score"] = score(self.policy, ex, record, self.plang)
        return record

    def judge_one(self, sub, ex, seed, source, gpu):
        env = dict(self.base_env)
        if gpu is not None:
            env["CUDA_VISIBLE_DEVICES"] = gpu
        started = time.monotonic()
        backend = "gpu" if self.backend == "gpu" else "emu"
        if backend == "gpu" and self.jobs > 1:
            # Several judgements on one GPU share it; each has it alone only
            # around its timed launches (docs/latency.md, "The device lock").
            env["CUDAJUDGE_SHARE_DEVICE"] = "1"
        wants_perf = backend == "gpu" and is_timed(ex)
        # best of K: K rounds of the timed launches in the one run (the runner times
        # them in turn with the reference's); whole runs again only where the run
        # could not time rounds (a host-driven exercise's test program)
        k = int(self.policy["performance"]["runs"])
        runs = [self.judge(sub.exercise, sub.path, seed, backend, wants_perf, env, k)]
        if env.get("CUDAJUDGE_SHARE_DEVICE") and (runs[0].out_of_device_memory
                                                  or runs[0].verdict in ("TLE", "RE")):
            # Another judgement may have taken the memory or the time: what
            # counts is the verdict of a run that had the device alone.
            env["CUDAJUDGE_DEVICE_ALONE"] = "1"
            runs = [self.judge(sub.exercise, sub.path, seed, backend, wants_perf, env, k)]
        timed_rounds = rounds_of(runs[0])
        while (wants_perf and runs[0].verdict == "AC" and not timed_rounds and len(runs) < k
               and not self.stop.is_set()):
            runs.append(self.judge(sub.exercise, sub.path, seed, backend, True, env))
        seconds = time.monotonic() - started
        late = lateness(self.policy, self.roster, sub)
        return self.make_record(sub, ex, seed, source, runs, runs[0].cases, late, seconds, gpu)

    # ---- the run ------------------------------------------------------------------------------
    def worker(self, tasks, store, progress, gpu, failures):
        while not self.stop.is_set():
            try:
                sub, ex, seed, source = tasks.get_nowait()
            except queue.Empty:
                return
            try:
                store.log("start", student=sub.student, exercise=sub.exercise, gpu=gpu)
                record = self.judge_one(sub, ex, seed, source, gpu)
                if self.stop.is_set():
                    return  # stopped halfway: not a judgement
                store.write(record)
                store.log("done", student=sub.student, exercise=sub.exercise,
                          verdict=record["verdict"], seconds=record["seconds"])
                with self.children_lock:
                    self.judged_now += 1
                progress.finished(record, record["seconds"])
            except Exception as err:  # a bug here must not lose the batch
                failures.append((sub.student, sub.exercise, err))

    def run(self):
        self.load()
        grader.require_nvcc_or_consent(self.engine, self.policy, self.o.policy, self.lang)
        store = Store(self.out)
        store.lock(self.lang)
        try:
            self.choose_backend()
            self.count_cases(store)
            todo = self.plan(store)
            say(tr("grade_plan", self.lang, todo=len(todo), done=self.kept, nj=self.not_judged,
                   ignored=len(self.ignored)))
            started = now_iso()
            clock = time.monotonic()
            tasks = queue.Queue()
            for item in todo:
                tasks.put(item)
            progress = Progress(len(todo), self.lang, force_lines=self.o.lines)
            slots = [g for g in self.gpus for _ in range(self.jobs)] if self.gpus else \
                [None] * self.jobs
            failures = []
            threads = [threading.Thread(target=self.worker,
                                        args=(tasks, store, progress, gpu, failures),
                                        daemon=True) for gpu in slots[:max(1, len(todo))]]
            for thread in threads:
                thread.start()
            try:
                for thread in threads:
                    while thread.is_alive():
                        thread.join(0.2)
            except KeyboardInterrupt:
                self.stop.set()
                progress.close()
                self.engine.stop_all()
                say(tr("grade_interrupted", self.lang, done=self.judged_now), sys.stderr)
                return 130
            progress.close()
            for student, exercise, err in failures:
                say(f"{student} {exercise}: {type(err).__name__}: {err}", sys.stderr)
            self.export(store, started)
            say(tr("grade_finished", self.lang, students=len(self.students), judged=self.judged_now,
                   kept=self.kept, nj=self.not_judged, out=self.out))
            took = time.monotonic() - clock
            if self.judged_now and took > 0:
                say(tr("grade_rate", self.lang, judged=self.judged_now, time=duration_text(took),
                       rate=self.judged_now / took * 60, jobs=len(threads)))
            return 2 if failures else 0
        finally:
            if getattr(self, "cases", None):
                self.cases.remove()
            store.unlock()

    def export_only(self):
        self.load()
        store = Store(self.out)
        store.lock(self.lang)
        try:
            try:  # what the last run judged on
                with open(os.path.join(self.out, "run.json"), encoding="utf-8") as handle:
                    last = json.load(handle)
            except (OSError, ValueError):
                last = {}
            self.backend = last.get("backend") or "none"
            self.gpus, self.device = last.get("gpus") or [], last.get("device")
            self.jobs = last.get("jobs") or 0
            self.judged_now = 0
            self.cases_total = {}
            self.plan_only(store)
            self.export(store, now_iso())
            return 0
        finally:
            store.unlock()

    def plan_only(self, store):
        """Discovery and the not-judged records, without judging."""
        return self.plan(store)

    def export(self, store, started):
        ids = [e["id"] for e in self.exercises]
        students = set(self.students)
        records = [r for r in store.all_records()
                   if r["student"] in students and r["exercise"] in ids]
        info = {
            "schema": "cudajudge-grade-run/1", "roster": self.roster, "out": self.out,
            "policy": self.policy, "policy_sha256": self.policy_sha,
            "engine": self.engine_info, "students": self.students,
            "exercises": [{"id": e["id"], "title": self.title(e["id"]),
                           "points": e["points"], "performance": e["performance"],
                           "canvas": e.get("canvas")} for e in self.exercises],
            "ignored": self.ignored, "backend": self.backend, "gpus": self.gpus,
            "device": self.device, "jobs": self.jobs, "started": started,
            "finished": now_iso(), "counts": {
                "records": len(records), "judged_now": self.judged_now, "kept": self.kept,
                "not_judged": self.not_judged},
        }
        exporters.write_all(self.out, records, info, self.roster)


def hide_path(record, absolute, relative):
    """The engine names the file by the path it was given: show the roster's path, so
    that feedback and reports never carry the grader's folders."""
    def fix(text):
        return text.replace(absolute, relative) if isinstance(text, str) else text
    record["message"] = fix(record["message"])
    record["compile_log"] = fix(record["compile_log"])
    for case in record["cases"]:
        case["detail"], case["diagnosis"] = fix(case["detail"]), fix(case["diagnosis"])
    if isinstance(record.get("rules"), dict) and "file" in record["rules"]:
        record["rules"]["file"] = fix(record["rules"]["file"])
