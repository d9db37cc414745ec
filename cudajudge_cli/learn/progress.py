"""cudajudge_cli.progress: the learner's progress and history, kept in
STATE/progress.json (Workspace.state_folder says where STATE is):

   {"version": 1,
    "exercises": {"warp_scan": {"attempts": 3, "best_verdict": "AC", "best_ms": 0.1476,
                                "best_pct": 86.2, "best_tier": "silver", "best_ratio": 1.0,
                                "solved_at": "...", "last_verdict": "AC", "last_at": "...",
                                "hints_shown": 1}},
    "last": "warp_scan",                          the exercise judged last
    "device": {"name": "NVIDIA H200", "cc": 90},  the GPU seen last (for `editor`)
    "history": [{"id", "file", "verdict", "seed", "median_ms", "pct_of_copy", "tier",
                 "backend", "at"}, ...]}          one per attempt, oldest first

Every change is a read-modify-write under an advisory lock, written to a
temporary file and renamed over the old one, so two judges at once neither
corrupt the file nor lose an attempt. A file that cannot be read is set aside
and judging goes on.

Used by learn/practice.py (ws.progress()), learn/actions.py (an
attempt saved), report.py (what next), and the commands that show progress.
"""

import contextlib
import datetime
import json
import os
import tempfile

try:
    import fcntl  # advisory lock (POSIX)
except ImportError:  # Windows: the atomic rename still keeps the file whole
    fcntl = None

from cudajudge_cli.core.texts import is_tier, tr
from cudajudge_cli.view.terminal import shown_path, warn


PROGRESS_FILE = "progress.json"

PROGRESS_VERSION = 1

HISTORY_LIMIT = 10000  # attempts kept in progress.json; totals are kept apart

# Judging these files is maintenance (check, GPU host script), not practice.
NOT_PRACTICE = ("reference", "templates", "tests")

# Best first: the verdict closest to a working solution is an exercise's "best".
VERDICT_ORDER = ("AC", "WA", "RULE", "RACE", "RE", "TLE", "CE", "SKIP", "JE")


def now_stamp():
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def file_stamp():
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S")


def empty_progress():
    return {"version": PROGRESS_VERSION, "exercises": {}, "history": []}


def progress_is_valid(data):
    if not isinstance(data, dict):
        return False
    exercises, history = data.get("exercises", {}), data.get("history", [])
    return (isinstance(exercises, dict) and isinstance(history, list)
            and all(isinstance(record, dict) for record in exercises.values()))


def progress_text(data):
    """progress.json's text: readable, with one line per attempt."""
    head = {key: value for key, value in data.items() if key != "history"}
    attempts = ",\n  ".join(json.dumps(a, ensure_ascii=False, sort_keys=True)
                            for a in data.get("history", []))
    text = json.dumps(head, ensure_ascii=False, indent=1, sort_keys=True)
    return text[:-1].rstrip() + ',\n "history": [\n  ' + attempts + "\n ]\n}\n"


class ProgressStore:
    """The learner's progress file: read at will, changed under a lock."""

    def __init__(self, folder):
        self.folder = folder
        self.path = os.path.join(folder, PROGRESS_FILE)
        self.warned = False

    def read(self, quiet=False):
        try:
            data, readable = self._load()
            if readable:
                return data
            os.makedirs(self.folder, exist_ok=True)
            with self._lock():
                data, readable = self._load()  # another judge may have fixed it
                if not readable:
                    self._set_aside()
            return data
        except OSError as err:
            if not quiet:
                self._warn_once(tr("progress_unreadable", file=self.path, error=err))
            return empty_progress()

    def update(self, change):
        """Applies change(progress), saves it and returns it. Saving is best
        effort: when it fails, one warning, and the change is only in memory."""
        data = None
        try:
            os.makedirs(self.folder, exist_ok=True)
            with self._lock():
                data, readable = self._load()
                if not readable:
                    self._set_aside()
                change(data)
                self._write(data)
        except OSError as err:
            self._warn_once(tr("progress_not_saved", folder=self.folder, error=err))
            if data is None:
                data = empty_progress()
                change(data)
        return data

    def _load(self):
        """(progress, readable); a missing file is a fresh start."""
        try:
            with open(self.path, encoding="utf-8") as source:
                data = json.load(source)
        except FileNotFoundError:
            return empty_progress(), True
        except ValueError:  # not JSON, or not UTF-8
            return empty_progress(), False
        if not progress_is_valid(data):
            return empty_progress(), False
        data.setdefault("exercises", {})
        data.setdefault("history", [])
        return data, True

    @contextlib.contextmanager
    def _lock(self):
        if fcntl is None:
            yield
            return
        with open(os.path.join(self.folder, "progress.lock"), "a") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            yield  # closing the file releases the lock

    def _write(self, data):
        handle, temporary = tempfile.mkstemp(prefix=PROGRESS_FILE + ".", suffix=".tmp",
                                             dir=self.folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(progress_text(data))
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _set_aside(self):
        if not os.path.exists(self.path):
            return
        target = f"{self.path}.corrupt-{file_stamp()}"
        number = 1
        while os.path.exists(target):
            target = f"{self.path}.corrupt-{file_stamp()}-{number}"
            number += 1
        os.replace(self.path, target)
        warn(tr("progress_corrupt", file=shown_path(self.path),
                kept=os.path.basename(target)))

    def _warn_once(self, text):
        if not self.warned:
            warn(text)
            self.warned = True


def as_count(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def verdict_rank(verdict):
    return VERDICT_ORDER.index(verdict) if verdict in VERDICT_ORDER else len(VERDICT_ORDER)


def is_practice(ws, file_arg):
    """Judging the learner's own files counts; references, templates and the
    corpus are the judge's own material."""
    relative = os.path.relpath(ws.path(file_arg), ws.root).replace(os.sep, "/")
    return relative.split("/")[0] not in NOT_PRACTICE


def add_attempt(data, problem_id, file_arg, summary):
    timing = summary.get("timing") if isinstance(summary.get("timing"), dict) else {}
    verdict = str(summary.get("verdict") or "JE")
    median = timing.get("median_ms") if is_number(timing.get("median_ms")) else None
    at = now_stamp()
    data["history"].append({
        "id": problem_id, "file": file_arg, "verdict": verdict, "seed": summary.get("seed"),
        "median_ms": median, "pct_of_copy": timing.get("pct_of_copy"),
        "tier": timing.get("tier"), "backend": summary.get("backend"), "at": at})
    del data["history"][:-HISTORY_LIMIT]
    record = clean_record(data["exercises"].get(problem_id) or {})
    data["exercises"][problem_id] = record
    record["attempts"] = as_count(record.get("attempts")) + 1
    record.update(last_verdict=verdict, last_at=at)
    if verdict_rank(verdict) < verdict_rank(record.get("best_verdict")):
        record["best_verdict"] = verdict
    if verdict == "AC":
        record.setdefault("solved_at", at)
        best = record.get("best_ms")
        if median is not None and (not is_number(best) or median < best):
            record.update(best_ms=median, best_pct=timing.get("pct_of_copy"),
                          best_tier=timing.get("tier"), best_ratio=timing.get("ratio_to_ref"))
    device = summary.get("device")
    if isinstance(device, dict) and device.get("cc"):
        data["device"] = {"name": device.get("name"), "cc": device.get("cc")}
    data["last"] = problem_id


def record_attempt(ws, problem_id, file_arg, summary):
    """Saves one judged attempt; returns the progress after it (or None). A JE
    is the judge's failure, not an attempt: nothing is saved."""
    if not is_practice(ws, file_arg) or summary.get("verdict") in (None, "", "JE"):
        return None
    return ws.progress().update(lambda data: add_attempt(data, problem_id, file_arg, summary))


def exercise_record(data, problem_id):
    """An exercise's saved record, with any value of the wrong type dropped
    (the file is the learner's, and may have been edited by hand)."""
    record = data.get("exercises", {}).get(problem_id)
    return clean_record(record) if isinstance(record, dict) else {}


def clean_record(record):
    checks = {"attempts": lambda v: as_count(v) > 0, "hints_shown": lambda v: as_count(v) > 0,
              "best_verdict": lambda v: v in VERDICT_ORDER,
              "last_verdict": lambda v: v in VERDICT_ORDER,
              "best_ms": is_number, "best_pct": is_number, "best_ratio": is_number,
              "best_tier": is_tier}
    return {key: value for key, value in record.items()
            if key not in checks or checks[key](value)}


def exercise_status(data, problem_id):
    """solved, attempted or untouched."""
    record = exercise_record(data, problem_id)
    if record.get("best_verdict") == "AC":
        return "solved"
    return "attempted" if as_count(record.get("attempts")) else "untouched"


def next_exercise(problems, data, after=None, skip=()):
    """What to do next: without `after`, the exercise worked on last if still
    unsolved, else the first unsolved one; with it, the first unsolved one
    after it in catalog order. None when everything is solved. Ids in `skip`
    (what this machine cannot judge) are passed over."""
    unsolved = [p for p in problems
                if exercise_status(data, p["id"]) != "solved" and p["id"] not in skip]
    if not unsolved:
        return None
    if after is None:
        last = data.get("last")
        return next((p for p in unsolved if p["id"] == last), unsolved[0])
    ids = [p["id"] for p in problems]
    start = ids.index(after["id"]) + 1 if after["id"] in ids else 0
    for problem in problems[start:] + problems[:start]:
        if problem in unsolved:
            return problem
    return None
