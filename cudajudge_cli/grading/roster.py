"""Which file of which student is judged for which exercise (docs/grading.md, "The roster").

find_submissions() walks ROSTER: one folder per student, a file `<id>.cu` or
`<alias>.cu` directly in it or under `exercises/`. Anything doubtful (two candidates, a
symbolic link that leaves the roster, a file over 1 MiB, a binary or undecodable file)
becomes a Submission with a not-judged reason; nothing is guessed. Also the lateness of a
file: the last git commit that touched it when the student's folder is a git repository,
else its modification time. Used by batch.py.
"""

import datetime
import hashlib
import os
import subprocess

from cudajudge_cli.core.texts import tr


MAX_BYTES = 1 << 20


class Submission:
    """One student and one exercise: the chosen file, or why none is judged."""

    def __init__(self, student, exercise):
        self.student = student
        self.exercise = exercise
        self.path = None  # absolute path of the judged file
        self.file = None  # the same relative to ROSTER
        self.sha256 = None
        self.not_judged = None  # {"reason", "detail", "paths"}

    def refuse(self, reason, lang, files=(), **values):
        self.not_judged = {"reason": reason, "detail": tr("grade_nj_" + reason, lang, **values),
                           "paths": list(files)}


def is_inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def list_students(roster):
    """The student folders of ROSTER, sorted; hidden folders are not students."""
    names = []
    for name in sorted(os.listdir(roster)):
        path = os.path.join(roster, name)
        if name.startswith(".") or not os.path.isdir(path):
            continue
        if os.path.islink(path) and not is_inside(path, roster):
            continue  # a student folder that is a link out of the roster: not a student
        names.append(name)
    return names


def candidate_names(exercise_id, aliases):
    return [f"{name}.cu" for name in [exercise_id] + list(aliases)]


def check_file(sub, path, roster, lang):
    """Fills sub from the one candidate path, or gives the reason it is not judged."""
    rel = os.path.relpath(path, roster)
    if os.path.islink(path) and (not is_inside(path, roster) or not os.path.exists(path)):
        sub.refuse("symlink_out", lang, [rel], path=rel)
        return
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            sub.refuse("too_large", lang, [rel], path=rel, size=size)
            return
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        sub.refuse("unreadable", lang, [rel], path=rel, error=err.strerror or err)
        return
    if len(data) > MAX_BYTES:  # grew while being read
        sub.refuse("too_large", lang, [rel], path=rel, size=len(data))
        return
    if b"\0" in data:
        sub.refuse("binary", lang, [rel], path=rel)
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        sub.refuse("undecodable", lang, [rel], path=rel, offset=err.start)
        return
    sub.path = os.path.abspath(path)
    sub.file = rel
    sub.sha256 = hashlib.sha256(data).hexdigest()


def find_submissions(roster, students, exercises, aliases, lang):
    """Returns ({(student, exercise): Submission}, ignored [{"student", "path"}]).
    exercises: ids in policy order; aliases: {id: [alias, ...]}."""
    found, ignored = {}, []
    for student in students:
        folder = os.path.join(roster, student)
        places = [folder, os.path.join(folder, "exercises")]
        claimed = set()
        for exercise in exercises:
            sub = Submission(student, exercise)
            names = candidate_names(exercise, aliases.get(exercise, ()))
            hits = []
            for place in places:
                for name in names:
                    path = os.path.join(place, name)
                    if os.path.lexists(path) and not os.path.isdir(path):
                        hits.append(path)
                        claimed.add(os.path.abspath(path))
            rels = [os.path.relpath(p, roster) for p in hits]
            if not hits:
                sub.refuse("missing", lang, names=", ".join(names))
            elif len(hits) > 1:
                sub.refuse("two_candidates", lang, rels, paths=", ".join(rels))
            else:
                check_file(sub, hits[0], roster, lang)
            found[(student, exercise)] = sub
        for place in places:
            if not os.path.isdir(place):
                continue
            for name in sorted(os.listdir(place)):
                path = os.path.join(place, name)
                if name.endswith(".cu") and os.path.abspath(path) not in claimed:
                    ignored.append({"student": student,
                                    "path": os.path.relpath(path, roster)})
    return found, ignored


def _iso(epoch):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def git_commit_time(folder, path):
    """(committer time, hash) of the last commit of the git repository `folder` that
    touched path, or None."""
    if not os.path.exists(os.path.join(folder, ".git")):
        return None
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(folder))
    try:
        done = subprocess.run(
            ["git", "-c", "safe.directory=*", "-C", folder, "log", "-1", "--format=%ct %H",
             "--", rel], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = done.stdout.split()
    if done.returncode != 0 or len(parts) != 2 or not parts[0].isdigit():
        return None
    return int(parts[0]), parts[1]


def lateness(policy, roster, sub):
    """The record's `late` object for a submission."""
    late = {"days": 0, "seconds_late": 0, "submitted_at": None,
            "deadline": policy.get("deadline"), "source": "none", "commit": None}
    if not sub.path:
        return late
    folder = os.path.join(roster, sub.student)
    commit = git_commit_time(folder, sub.path)
    if commit:
        when, late["commit"] = commit
        late["source"] = "git"
    else:
        when = int(os.stat(sub.path).st_mtime)
        late["source"] = "mtime"
    late["submitted_at"] = _iso(when)
    deadline = policy.get("deadline_epoch")
    if deadline is None:
        return late
    grace = float(policy["late"]["grace_minutes"]) * 60
    over = when - deadline - grace
    if over > 0:
        late["seconds_late"] = int(over)
        late["days"] = int(-(-over // 86400))  # a started day counts
    return late


def parse_instant(value):
    """An ISO 8601 instant (a `Z`, an offset, or Gradescope's microseconds) as an aware
    datetime (UTC when it names no zone); None when it is not one."""
    if isinstance(value, datetime.datetime):
        return value if value.tzinfo else value.replace(tzinfo=datetime.timezone.utc)
    if not value:
        return None
    text = str(value).strip().replace("Z", "+00:00").replace("z", "+00:00")
    try:
        instant = datetime.datetime.fromisoformat(text)
    except ValueError:
        try:
            instant = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f%z")
        except ValueError:
            return None
    return instant if instant.tzinfo else instant.replace(tzinfo=datetime.timezone.utc)


def local_time(value, policy):
    """An instant as people read it, in the time zone the policy's deadline was written
    in (`deadline: "2026-12-15T23:59:00-08:00"` -> "2026-12-15 23:59 UTC-08:00"), else
    in the instant's own; the text itself when it is not an instant."""
    instant = parse_instant(value)
    if instant is None:
        return "" if value is None else str(value)
    given = parse_instant((policy or {}).get("deadline_local"))
    if given is not None:
        instant = instant.astimezone(given.tzinfo)
    minutes = int((instant.utcoffset() or datetime.timedelta(0)).total_seconds() // 60)
    zone = "UTC" if not minutes else "UTC%s%02d:%02d" % ("-" if minutes < 0 else "+",
                                                         abs(minutes) // 60, abs(minutes) % 60)
    return instant.strftime("%Y-%m-%d %H:%M ") + zone


def derive_seed(course_seed, exercise, student=None):
    """docs/grading.md, "Seeds": the same every time for the same names."""
    parts = ["cudajudge-seed/1", str(course_seed), exercise] + ([student] if student else [])
    digest = hashlib.sha256("\0".join(parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % (2**31 - 1) + 1
