"""cudajudge_cli.clangd: ROOT/compile_commands.json, so that clangd reads the
learner's files as the engine compiles them (glue.h first, the exercise's
headers on the path), for a GPU architecture this clangd understands.

Used by commands/editor.py (on request, with a report), and by
commands/judge.py and watch.py (quietly, when exercises/*.cu changed).
"""

import contextlib
import glob
import json
import os
import re
import subprocess
import tempfile

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.engine import sm_name
from cudajudge_cli.core.build import tool_version


COMPILE_COMMANDS = "compile_commands.json"

# The newest GPU architecture each clang release understands; the editor's
# view of the code is close enough on any of them.
CLANG_CUDA_ARCHS = ((16, 90), (13, 86), (11, 80))

FALLBACK_CUDA_ARCH = 80


def is_cuda_install(folder):
    """True when clang would accept FOLDER as --cuda-path: headers, bin and libdevice."""
    return bool(folder) and os.path.isfile(os.path.join(folder, "include", "cuda.h")) and \
        os.path.isdir(os.path.join(folder, "bin")) and \
        os.path.isdir(os.path.join(folder, "nvvm", "libdevice"))


def nvcc_top(ws, nvcc):
    """The toolkit folder nvcc itself reports (TOP in a dry run); wrappers and
    symbolic links in front of the real nvcc do not mislead it."""
    try:
        done = subprocess.run([nvcc, "--dryrun", "-E", "-x", "cu", os.devnull], cwd=ws.root,
                              env=ws.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, encoding="utf-8", errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"^#\$ TOP=(.+)$", done.stdout, re.MULTILINE)
    return os.path.realpath(found.group(1).strip()) if found else None


def cuda_install(ws):
    """The CUDA toolkit folder of the nvcc the judge uses, as clang wants it, or None."""
    nvcc = ws.which("nvcc")
    candidates = [ws.env.get("CUDA_PATH"), ws.env.get("CUDA_HOME")]
    if nvcc:
        candidates += [nvcc_top(ws, nvcc),
                       os.path.dirname(os.path.dirname(os.path.realpath(nvcc)))]
    candidates += ["/usr/local/cuda", "/usr/lib/cuda", "/opt/cuda"]
    return next((os.path.realpath(c) for c in candidates if is_cuda_install(c)), None)


def clangd_major(ws):
    clangd = ws.which("clangd")
    version = clangd and tool_version(ws, [clangd, "--version"], r"clangd version (\d+)")
    return int(version) if version and version.isdigit() else None


def arch_number(cc):
    name = sm_name(cc)
    digits = name[len("sm_"):] if name else ""
    return int(digits) if digits.isdigit() else None


def editor_arch(clang_major, device_cc):
    """The GPU architecture clangd checks for: the device's (sm_90 when unknown),
    capped at the newest this clangd understands."""
    wanted = arch_number(device_cc) or 90
    if clang_major is None:
        return min(wanted, FALLBACK_CUDA_ARCH)
    newest = next((arch for major, arch in CLANG_CUDA_ARCHS if clang_major >= major), 75)
    return min(wanted, newest)


def exercise_sources(ws):
    return sorted(glob.glob(os.path.join(ws.path("exercises"), "*.cu")))


def compile_commands(ws, arch, cuda):
    """One entry per exercises/*.cu: the learner's translation unit as the
    engine builds it (glue.h first, the problem headers on the path), as clang
    understands CUDA."""
    runtime, problems = ws.path("harness", "runtime"), ws.path("harness", "problems")
    # CUDA 13 keeps libcu++ (<cuda/barrier>, <cuda/pipeline>, <cuda/atomic>) in
    # include/cccl, which nvcc adds by itself and clang does not.
    cccl = os.path.join(cuda, "include", "cccl") if cuda else None
    common = ["clang++", "-x", "cuda"] + ([f"--cuda-path={cuda}"] if cuda else []) + [
        f"--cuda-gpu-arch=sm_{arch}", "-std=c++17"] + (
        ["-isystem", cccl] if cccl and os.path.isdir(cccl) else []) + [
        f"-I{runtime}", f"-I{problems}", "-include", os.path.join(runtime, "glue.h")]
    return [{"directory": ws.root, "file": source, "arguments": common + ["-c", source]}
            for source in exercise_sources(ws)]


def last_device_cc(ws):
    """The compute capability of the GPU the last judged attempt ran on."""
    device = ws.progress().read(quiet=True).get("device")
    return device.get("cc") if isinstance(device, dict) else None


def write_compile_commands(ws):
    """Writes ROOT/compile_commands.json; returns what the editor will use."""
    clang = clangd_major(ws)
    device_arch = arch_number(last_device_cc(ws))
    arch = editor_arch(clang, device_arch)
    cuda = cuda_install(ws)
    entries = compile_commands(ws, arch, cuda)
    write_text_atomically(ws.path(COMPILE_COMMANDS), json.dumps(entries, indent=2) + "\n")
    return {"entries": entries, "arch": arch, "device_arch": device_arch or 90,
            "clangd": clang, "cuda": cuda}


def write_text_atomically(path, text):
    folder = os.path.dirname(path)
    handle, temporary = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp",
                                         dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def refresh_compile_commands(ws):
    """On judge runs: rewrite compile_commands.json when it is missing, or does
    not cover exactly the exercises/*.cu of this repository. Quiet."""
    try:
        with open(ws.path(COMPILE_COMMANDS), encoding="utf-8") as source:
            entries = json.load(source)
        covered = {e.get("file") for e in entries if e.get("directory") == ws.root}
    except (OSError, ValueError, AttributeError, TypeError):
        covered = None
    if covered != set(exercise_sources(ws)):
        with contextlib.suppress(OSError, JudgeError):
            write_compile_commands(ws)
