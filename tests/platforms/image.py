"""A grading image like the platforms', made with bubblewrap, for tests/platforms.

Gradescope builds a Docker image from Ubuntu, runs the zip's setup.sh in it once as
root, then starts a container of it per submission and runs /autograder/run_autograder
from /autograder with $HOME=/root, no GPU. A PrairieLearn question's image is built from
the bundle's Dockerfile (setup.sh /grader) and run per submission with /grade mounted,
no network. Image stands for such an image on this machine:

- the operating system is this machine's: /usr (and /bin, /lib... through it) and /var
  read-only, with /usr/local hidden (an Ubuntu image has nothing there), so no CUDA
  toolkit, unless nvcc=True binds this machine's toolkit back in at /usr/local/cuda;
- /etc, /root, /opt and the platform's own folders (/autograder; /grader and /grade)
  are folders of the image, writable, kept from one run to the next: what setup.sh
  made (the user `cudajudge` in /etc/passwd, the judge in /opt/cudajudge, the references
  in /root) is there when grading runs, as in a built image;
- each run: a fresh /tmp (mode 1777, as in an image) and /run, its own PID, IPC and UTS namespaces, no network
  (--unshare-net), no /dev/nvidia* (a minimal /dev), an empty environment but PATH,
  HOME=/root and what the caller adds, as root (uid 0, as the platforms run both).

What it is not: setup.sh cannot install packages here (no network, /usr read-only); it
finds this machine's installed and says so, so its apt-get lines are not exercised.
The kernel is this machine's (Landlock, namespaces), not the platform's.
"""

import os
import shutil
import subprocess
import time
import zipfile

PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def toolkit():
    """This machine's CUDA toolkit folder (what /usr/local/cuda points to), or None."""
    real = os.path.realpath("/usr/local/cuda")
    return real if os.path.isfile(os.path.join(real, "bin", "nvcc")) else None


def missing():
    """Why no image can be made here, or None."""
    if os.geteuid() != 0:
        return "needs root (setup.sh creates a user; grading runs as it)"
    if not shutil.which("bwrap"):
        return "needs bubblewrap (apt-get install bubblewrap)"
    probe = subprocess.run(["bwrap", "--ro-bind", "/", "/", "--unshare-net", "--unshare-pid",
                            "--proc", "/proc", "--dev", "/dev", "true"], capture_output=True)
    if probe.returncode != 0:
        return "bubblewrap cannot make a sandbox here: " + probe.stderr.decode()[-300:]
    return None


class Image:
    def __init__(self, folder, mounts, nvcc):
        """folder: where the image's writable folders live; mounts: the platform's
        folders (absolute paths inside, such as /autograder); nvcc: bind this machine's
        CUDA toolkit at /usr/local/cuda."""
        self.folder = folder
        self.mounts = ["/etc", "/root", "/opt"] + list(mounts)
        self.nvcc = nvcc
        for inside in self.mounts:
            os.makedirs(self.path(inside), exist_ok=True)
        # the base image's /etc: this machine's, so that its users, PAM and loader
        # settings are those of the installed system
        shutil.rmtree(self.path("/etc"))
        shutil.copytree("/etc", self.path("/etc"), symlinks=True, ignore_dangling_symlinks=True)
        os.chmod(self.path("/root"), 0o700)

    def path(self, inside):
        """The folder on this machine that is `inside` in the image."""
        return os.path.join(self.folder, inside.lstrip("/"))

    def argv(self, command, cwd, env):
        argv = ["bwrap", "--die-with-parent", "--unshare-pid", "--unshare-ipc",
                "--unshare-uts", "--unshare-net", "--unshare-cgroup-try",
                "--ro-bind", "/usr", "/usr", "--ro-bind", "/var", "/var",
                "--tmpfs", "/usr/local"]
        for name in ("bin", "sbin", "lib", "lib32", "lib64"):
            if os.path.islink("/" + name):
                argv += ["--symlink", os.readlink("/" + name), "/" + name]
        if self.nvcc:
            real = toolkit()
            argv += ["--ro-bind", real, real, "--symlink", real, "/usr/local/cuda"]
        for inside in self.mounts:
            argv += ["--bind", self.path(inside), inside]
        argv += ["--perms", "1777", "--tmpfs", "/tmp", "--tmpfs", "/run", "--proc", "/proc",
                 "--dev", "/dev",
                 "--ro-bind", "/sys", "/sys", "--clearenv", "--setenv", "PATH", PATH,
                 "--setenv", "HOME", "/root"]
        for key, value in (env or {}).items():
            argv += ["--setenv", key, value]
        return argv + ["--chdir", cwd, "--"] + list(command)

    def run(self, command, cwd="/", env=None, timeout=1800):
        """Runs command in the image; its output (stdout and stderr together) as text."""
        return subprocess.run(self.argv(command, cwd, env), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace",
                              timeout=timeout)

    def unzip(self, zip_path, inside):
        """Unpacks a zip as unzip does: modes and times as the zip says (a build made
        later is newer than every source)."""
        target = self.path(inside)
        with zipfile.ZipFile(zip_path) as zf:
            for info in zf.infolist():
                path = zf.extract(info, target)
                mode = (info.external_attr >> 16) & 0o777
                if mode and not info.is_dir():
                    os.chmod(path, mode)
                stamp = time.mktime(info.date_time + (0, 0, -1))
                os.utime(path, (stamp, stamp))
        return target
