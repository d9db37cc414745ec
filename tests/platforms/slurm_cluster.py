"""A single-node Slurm cluster in a temporary folder, for tests/platforms.

test_slurm.py starts one with `with SlurmCluster() as cluster:` and submits
jobs through it; leaving the block (also on an exception or Ctrl-C) stops
every daemon it started. Debian's slurm-wlm (22.05) and munge are needed, and
root (slurmd runs the jobs as their user). Everything the daemons write (munge
key and socket, slurm.conf, state, spool, logs) lives in the folder; nothing
under /etc or /var is touched, so it does not disturb a real cluster on the
same machine. Clients find it through SLURM_CONF (cluster.env).

    munged     --key-file, --socket, --pid-file, --log-file, --seed-file in DIR/munge
    slurmctld  -f DIR/slurm.conf  (SlurmctldHost = this host at 127.0.0.1)
    slurmd     -f DIR/slurm.conf -N <this host>
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time

NEEDED = ("munged", "slurmctld", "slurmd", "sbatch", "scontrol", "squeue")


def missing_programs():
    """The programs a cluster needs that are not on PATH (or in /usr/sbin)."""
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/sbin" + os.pathsep + "/sbin"
    return [p for p in NEEDED if shutil.which(p, path=path) is None]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SLURM_CONF = """\
# A single-node test cluster (tests/platforms/slurm_cluster.py).
ClusterName=cudajudge
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={dir}/munge/socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/log/slurmctld.log
SlurmdLogFile={dir}/log/slurmd.log
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP
"""


class SlurmCluster:
    def __init__(self, keep=False):
        self.dir = None
        self.keep = keep
        self.env = None
        self.started = []  # (name, pid file) of each daemon started, in order

    # -- start ----------------------------------------------------------------
    def __enter__(self):
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def _start(self):
        self.dir = tempfile.mkdtemp(prefix="cudajudge-slurm-")
        os.chmod(self.dir, 0o755)  # munged wants the socket's folders searchable
        for sub in ("munge", "state", "spool", "log"):
            os.makedirs(os.path.join(self.dir, sub))
        key = os.path.join(self.dir, "munge", "munge.key")
        with open(key, "wb") as f:
            f.write(os.urandom(1024))
        os.chmod(key, 0o400)
        host = socket.gethostname().split(".")[0]
        conf = os.path.join(self.dir, "slurm.conf")
        with open(conf, "w") as f:
            f.write(SLURM_CONF.format(host=host, dir=self.dir, ctld_port=free_port(),
                                      d_port=free_port(), cpus=os.cpu_count() or 1))
        self.env = dict(os.environ, SLURM_CONF=conf)
        self.env["PATH"] = self.env.get("PATH", "") + ":/usr/sbin:/sbin"
        m = os.path.join(self.dir, "munge")
        self._daemon("munged", ["munged", "-f", "--key-file=" + key, "--socket=" + m + "/socket",
                                "--pid-file=" + m + "/munged.pid",
                                "--log-file=" + self.dir + "/log/munged.log",
                                "--seed-file=" + m + "/seed"], m + "/munged.pid")
        self._daemon("slurmctld", ["slurmctld", "-f", conf], self.dir + "/slurmctld.pid")
        self._daemon("slurmd", ["slurmd", "-f", conf, "-N", host], self.dir + "/slurmd.pid")
        self.wait_idle()

    def _daemon(self, name, argv, pid_file):
        # Each daemon forks into the background and writes its pid file.
        self.started.append((name, pid_file))
        done = subprocess.run(argv, env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            raise RuntimeError("%s did not start (exit %d): %s\n%s" % (
                name, done.returncode, done.stdout.strip(), self.logs()))
        deadline = time.monotonic() + 20
        while self._pid(pid_file) is None:
            if time.monotonic() > deadline:
                raise RuntimeError("%s wrote no pid file %s\n%s" % (name, pid_file, self.logs()))
            time.sleep(0.1)

    def wait_idle(self, timeout=60):
        """Waits until the node takes jobs (sinfo says idle)."""
        deadline = time.monotonic() + timeout
        state = ""
        while time.monotonic() < deadline:
            done = subprocess.run(["sinfo", "-h", "-o", "%t"], env=self.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            state = done.stdout.strip()
            if done.returncode == 0 and state.startswith("idle"):
                return
            time.sleep(0.5)
        raise RuntimeError("the test node never became idle (sinfo: %r)\n%s" % (state, self.logs()))

    # -- use ------------------------------------------------------------------
    def run(self, argv, check=True):
        done = subprocess.run(argv, env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if check and done.returncode != 0:
            raise RuntimeError("%s failed (exit %d): %s" % (" ".join(argv), done.returncode,
                                                            done.stderr.strip()))
        return done.stdout

    def job_states(self, job_id):
        """{JobId: JobState} of a job or every task of an array (scontrol show job)."""
        text = self.run(["scontrol", "-o", "show", "job", str(job_id)], check=False)
        states = {}
        for line in text.splitlines():
            fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
            if "JobId" in fields:
                states[fields["JobId"]] = fields.get("JobState", "?")
        return states

    def wait_done(self, job_ids, timeout=600):
        """Waits until none of the jobs is pending or running; returns their states."""
        finished = ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY",
                    "BOOT_FAIL", "DEADLINE", "PREEMPTED")
        deadline = time.monotonic() + timeout
        while True:
            states = {}
            for job in job_ids:
                states.update(self.job_states(job))
            if states and all(s in finished for s in states.values()):
                return states
            if time.monotonic() > deadline:
                raise RuntimeError("jobs still not finished after %d s: %r\n%s" % (
                    timeout, states, self.logs()))
            time.sleep(1)

    def logs(self):
        out = []
        for name in ("munged.log", "slurmctld.log", "slurmd.log"):
            path = os.path.join(self.dir or "", "log", name)
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    lines = f.read().splitlines()[-15:]
                out.append("--- %s (last lines)\n%s" % (name, "\n".join(lines)))
        return "\n".join(out)

    # -- stop -----------------------------------------------------------------
    @staticmethod
    def _pid(pid_file):
        try:
            with open(pid_file) as f:
                return int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def stop(self):
        """Cancels the jobs left in this cluster, then stops the daemons this object
        started, last first, each by its own pid."""
        if self.env and any(name == "slurmd" for name, _ in self.started):
            jobs = subprocess.run(["squeue", "-h", "-o", "%A"], env=self.env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.split()
            if jobs:
                subprocess.run(["scancel"] + jobs, env=self.env, stderr=subprocess.DEVNULL)
        for name, pid_file in reversed(self.started):
            pid = self._pid(pid_file)
            if pid is None:
                continue
            for sig, wait in ((15, 10), (9, 5)):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + wait
                while time.monotonic() < deadline and _alive(pid):
                    time.sleep(0.1)
                if not _alive(pid):
                    break
        self.started = []
        if self.dir and not self.keep:
            shutil.rmtree(self.dir, ignore_errors=True)


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (our own child that has not been reaped) counts as gone.
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False
