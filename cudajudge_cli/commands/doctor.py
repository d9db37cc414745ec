"""`judge.py doctor`: what is installed (Python, meson, ninja, libyaml,
nvcc, the emulator's compiler, compute-sanitizer), whether the judge builds,
which GPU there is, where progress is kept, and what to fix.

Registered in commands/__init__.py.
"""

import os
import re
import shutil
import subprocess
import sys

from cudajudge_cli.core.errors import JudgeError
from cudajudge_cli.core.texts import tr
from cudajudge_cli.learn.progress import is_number
from cudajudge_cli.core.engine import sm_name
from cudajudge_cli.view.terminal import indent, pad, say, shown_path
from cudajudge_cli.core.build import APT_FIX, GXX_FIX, PKG_CONFIG_FIX, tool_version
from cudajudge_cli.learn.practice import Practice

# There while an NVIDIA kernel driver is loaded (Linux).
NVIDIA_DRIVER = "/proc/driver/nvidia/version"


def add_arguments(parser):
    pass


def doctor_line(good, text):
    say(f"{pad(tr('doctor_ok') if good else tr('doctor_missing'), 8)} {text}")


def doctor_tools(ws):
    """Prints one line per required tool; returns True when all are there."""
    all_found = True
    version = ".".join(map(str, sys.version_info[:3]))
    python_ok = sys.version_info >= (3, 9)
    doctor_line(python_ok, tr("doctor_python", version=version)
                + ("" if python_ok else tr("doctor_python_old")))
    all_found &= python_ok
    for tool in ("meson", "ninja"):
        found = ws.which(tool) and tool_version(ws, [tool, "--version"])
        doctor_line(bool(found), tr("doctor_tool", tool=tool, version=found) if found
                    else tr("doctor_fix", what=tool, fix=APT_FIX))
        all_found &= bool(found)
    if not ws.which("pkg-config"):
        doctor_line(False, tr("doctor_fix", what="pkg-config + libyaml", fix=PKG_CONFIG_FIX))
        all_found = False
    else:
        yaml_version = tool_version(ws, ["pkg-config", "--modversion", "yaml-0.1"])
        doctor_line(bool(yaml_version),
                    tr("doctor_tool", tool="pkg-config + libyaml", version=yaml_version)
                    if yaml_version
                    else tr("doctor_fix", what="libyaml (pkg-config yaml-0.1)", fix=APT_FIX))
        all_found &= bool(yaml_version)
    nvcc = ws.which("nvcc")
    nvcc_version = nvcc and tool_version(ws, ["nvcc", "--version"], r"release ([0-9.]+)")
    doctor_line(bool(nvcc_version),
                tr("doctor_tool", tool="nvcc", version=f"{nvcc_version} ({nvcc})")
                if nvcc_version else tr("doctor_fix", what="nvcc", fix=tr("cuda_fix")))
    all_found &= bool(nvcc_version)
    return all_found


def doctor_build(ws, tools_ok):
    """Prints the build's state, building it when possible; True when usable."""
    build = ws.relative(ws.build)
    if ws.engine_override:
        doctor_line(True, tr("doctor_engine_override", engine=ws.engine_override))
        return True
    if not tools_ok:
        configured = os.path.exists(os.path.join(ws.build, "build.ninja"))
        doctor_line(False, tr("doctor_build_configured", build=build) if configured
                    else tr("doctor_build_not_set_up", build=build))
        return False
    try:
        ws.engine_command()
    except JudgeError as err:
        doctor_line(False, tr("doctor_build_failed", build=build))
        say(indent(str(err)))
        return False
    doctor_line(True, tr("doctor_build_ok", build=build))
    return True


def doctor_device(ws):
    """Prints the GPU line; returns the backend judging will use."""
    try:
        device = ws.engine.device(fresh=True)
    except JudgeError as err:
        doctor_line(False, tr("doctor_gpu_unknown"))
        say(indent(str(err)))
        return "none"
    if not device.get("found"):
        error = str(device.get("error") or "")
        if "driver version is insufficient" in error and not os.path.exists(NVIDIA_DRIVER):
            # What the CUDA runtime says when there is no driver at all: nothing to fix.
            doctor_line(False, tr("doctor_no_gpu_driver"))
            return "emu"
        doctor_line(False, tr("doctor_no_gpu", reason=f" ({error})" if error else ""))
        return "emu"
    bandwidth = device.get("copy_gbps")
    copy = tr("doctor_copy", gbps=f"{bandwidth:.1f}") if is_number(bandwidth) else ""
    doctor_line(True, tr("doctor_gpu", name=device.get("name"), arch=sm_name(device.get("cc")),
                         copy=copy))
    return "gpu"


def doctor_emulator(ws):
    """Prints the emulator's line: a C++ compiler with ThreadSanitizer."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if not cxx:
        doctor_line(False, tr("doctor_no_cxx", fix=GXX_FIX))
        return False
    probe = subprocess.run([cxx, "-fsanitize=thread", "-x", "c++", "-", "-o", os.devnull],
                           input="int main() { return 0; }\n", text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if probe.returncode != 0:
        doctor_line(False, tr("doctor_no_tsan", cxx=cxx, fix=GXX_FIX))
        return False
    doctor_line(True, tr("doctor_emulator", cxx=cxx))
    return True


def find_sanitizer(ws):
    """compute-sanitizer where the engine looks for it (harness/engine/sanitize.c)."""
    env = ws.env
    candidates = []
    if env.get("COMPUTE_SANITIZER"):
        candidates.append(env["COMPUTE_SANITIZER"])
    nvcc = ws.which("nvcc")
    if nvcc:
        folder = os.path.dirname(os.path.realpath(nvcc))
        candidates += [os.path.join(folder, "compute-sanitizer"),
                       os.path.join(folder, "..", "compute-sanitizer", "compute-sanitizer")]
    for name in ("CUDA_PATH", "CUDA_HOME"):
        if env.get(name):
            candidates.append(os.path.join(env[name], "bin", "compute-sanitizer"))
    found = shutil.which("compute-sanitizer", path=env.get("PATH"))
    if found:
        candidates.append(found)
    candidates.append("/usr/local/cuda/bin/compute-sanitizer")
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    return None


def doctor_sanitizer(ws):
    """Prints the compute-sanitizer line (an optional tool: never fails doctor)."""
    path = find_sanitizer(ws)
    if not path:
        doctor_line(False, tr("doctor_no_sanitizer"))
        return False
    try:
        done = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                              errors="replace", timeout=60)
        why = None if done.returncode == 0 else f"exit status {done.returncode}"
    except (OSError, subprocess.TimeoutExpired) as err:
        done, why = None, str(err)
    if why:
        doctor_line(False, tr("doctor_sanitizer_broken", path=path, why=why))
        return False
    found = re.search(r"[Vv]ersion\s+([0-9][0-9.]*)", done.stdout)
    version = found.group(1) if found else tr("version_unknown")
    doctor_line(True, tr("doctor_sanitizer", version=version, path=path))
    return True


def doctor_state(ws):
    """Prints where progress is kept and whether it can be read."""
    try:
        store = ws.progress()
    except JudgeError as err:
        doctor_line(False, str(err))
        return
    data = store.read()
    solved = sum(1 for record in data["exercises"].values()
                 if record.get("best_verdict") == "AC")
    doctor_line(True, tr("doctor_state", folder=shown_path(store.folder),
                         n=len(data["history"]), solved=solved))


def run(options):
    ws = Practice()
    tools_ok = doctor_tools(ws)
    build_ok = doctor_build(ws, tools_ok)
    backend = doctor_device(ws) if build_ok else "none"
    emulator_ok = doctor_emulator(ws) if build_ok else False
    doctor_sanitizer(ws)
    doctor_state(ws)
    if backend == "gpu":
        say(tr("doctor_backend_gpu"))
    elif backend == "emu" and emulator_ok:
        say(tr("doctor_backend_emu"))
    else:
        say(tr("doctor_backend_none"))
    return 0 if tools_ok and build_ok else 2
