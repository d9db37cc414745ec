"""The folder where a grade run keeps the cases of each exercise (`cudajudge judge
--cases-dir`): on a GPU, with one seed per exercise, every student's file of an exercise is
judged on the same inputs and golden outputs (hundreds of MiB of a timed case), so the
exercise's first judgement makes them and saves them there, and the others read them.

The folder lies under the build folder (which bubblewrap leaves writable to the engine),
is named after the run's process, and is removed at the run's end; a run that was killed
leaves its folder, removed by the next run once that process is gone. The engine keeps
cases only for a judgement that runs no learner code on the host (the trusted runner),
because the golden outputs are in the folder (docs/grading.md)."""

import os
import shutil
import tempfile

PREFIX = "grade-cases-"


class CaseFolder:
    def __init__(self, build, wanted):
        """wanted: a GPU run with one seed per exercise (else nothing is kept)."""
        self.path = None
        if wanted:
            cache = os.path.join(build, "cache")
            os.makedirs(cache, exist_ok=True)
            remove_stale(cache)
            self.path = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=cache)

    @property
    def args(self):
        """The engine's options for a judgement of the run."""
        return ["--cases-dir", self.path] if self.path else []

    def remove(self):
        if self.path:
            shutil.rmtree(self.path, ignore_errors=True)
            self.path = None


def remove_stale(cache):
    """Removes the folders of runs that ended without removing theirs (killed): their
    process is gone."""
    try:
        names = os.listdir(cache)
    except OSError:
        return
    for name in names:
        pid = name[len(PREFIX):].split("-", 1)[0]
        if not name.startswith(PREFIX) or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(cache, name), ignore_errors=True)
        except OSError:
            pass  # that process is there, another user's
