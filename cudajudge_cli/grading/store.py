"""The records of a grade run in DIR (docs/grading.md, "The files in DIR").

Each finished judgement is one file records/<student>/<exercise>.json, written to a
temporary file, flushed to disk and renamed, so a run killed at any instant leaves every
record whole or absent, and the next run judges only what is missing or out of date.
grade.lock (flock) refuses a second run on the same DIR. log.jsonl appends one line per
judgement started and finished (the tests count them). Used by batch.py and the exporters.
"""

import fcntl
import hashlib
import json
import os
import tempfile
import time

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr


def write_atomically(path, text):
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def safe_name(name):
    """A student or exercise name as one path component; a name that had to change gets
    a short hash of itself, so that two students never share a file."""
    safe = "".join(c if c.isalnum() or c in "-_.@+" else "_" for c in name).lstrip(".") or "_"
    if safe != name:
        safe += "-" + hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return safe


class Store:
    def __init__(self, out):
        self.out = os.path.abspath(out)
        self.records_dir = os.path.join(self.out, "records")
        self._lock = None

    # ---- the lock ---------------------------------------------------------------------
    def lock(self, lang="en"):
        os.makedirs(self.out, exist_ok=True)
        path = os.path.join(self.out, "grade.lock")
        handle = open(path, "a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            pid = handle.read().strip() or "?"
            handle.close()
            raise JudgeError(tr("grade_locked", lang, pid=pid, out=self.out))
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._lock = handle

    def unlock(self):
        if self._lock:
            self._lock.close()
            self._lock = None

    # ---- records ------------------------------------------------------------------------
    def path(self, student, exercise):
        return os.path.join(self.records_dir, safe_name(student), safe_name(exercise) + ".json")

    def read(self, student, exercise):
        try:
            with open(self.path(student, exercise), encoding="utf-8") as handle:
                record = json.load(handle)
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) else None

    def write(self, record):
        write_atomically(self.path(record["student"], record["exercise"]),
                         json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n")

    def remove(self, student, exercise):
        try:
            os.unlink(self.path(student, exercise))
        except OSError:
            pass

    def all_records(self):
        found = []
        if not os.path.isdir(self.records_dir):
            return found
        for folder in sorted(os.listdir(self.records_dir)):
            base = os.path.join(self.records_dir, folder)
            if not os.path.isdir(base):
                continue
            for name in sorted(os.listdir(base)):
                if name.endswith(".json") and not name.startswith("."):
                    try:
                        with open(os.path.join(base, name), encoding="utf-8") as handle:
                            record = json.load(handle)
                    except (OSError, ValueError):
                        continue
                    if isinstance(record, dict) and record.get("student"):
                        found.append(record)
        found.sort(key=lambda r: (r["student"], r.get("exercise", "")))
        return found

    # ---- the log --------------------------------------------------------------------------
    def log(self, event, **fields):
        line = json.dumps(dict(fields, event=event, at=round(time.time(), 3), pid=os.getpid()),
                          ensure_ascii=False)
        with open(os.path.join(self.out, "log.jsonl"), "a", encoding="utf-8") as handle:
            handle.write(line + "\n")


def is_current(record, sub, seed, policy_sha, fingerprint):
    """Whether a stored record still stands for this file, policy, engine and seed."""
    if not record or record.get("schema") != "cudajudge-grade/1":
        return False
    if record.get("status") != "judged" or record.get("verdict") in (None, "JE"):
        return False
    return (record.get("sha256") == sub.sha256 and record.get("file") == sub.file
            and record.get("policy_sha256") == policy_sha and record.get("seed") == seed
            and (record.get("engine") or {}).get("fingerprint") == fingerprint)
