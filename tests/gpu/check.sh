#!/usr/bin/env bash
# The gpu suite: `judge.py check` (every reference AC, every template not AC,
# every corpus file its folder's verdict) on a real CUDA device.
#
# Usage: check.sh SOURCE_ROOT BUILD_DIR
# Exit 77 (meson's "skipped") when the device probe was not built (no nvcc)
# or finds no usable device; otherwise judge.py's own exit status.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 SOURCE_ROOT BUILD_DIR" >&2
    exit 2
fi
root=$1
build=$2

probe="$build/cj-probe"
if [ ! -x "$probe" ]; then
    echo "skipped: $probe was not built (configure with a CUDA compiler)"
    exit 77
fi
if ! probe_out=$("$probe" --no-bandwidth 2>&1); then
    echo "skipped: no usable CUDA device ($probe --no-bandwidth says:)"
    printf '%s\n' "$probe_out" | sed 's/^/    /'
    exit 77
fi
printf '%s\n' "$probe_out" | sed 's/^/device: /'

export CUDAJUDGE_BUILD="$build"
export CUDAJUDGE_ROOT="$root"
python3 "$root/judge.py" check
exit $?
