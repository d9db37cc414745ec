#!/usr/bin/env bash
# The gpu suite: `judge.py check` (every reference AC, every template not AC,
# every corpus file its folder's verdict) on a real CUDA device.
#
# Usage: check.sh SOURCE_ROOT BUILD_DIR [ID...]   (no ID: every exercise)
# Exit 77 (meson's "skipped") when the device probe was not built (no nvcc)
# or finds no usable device; otherwise judge.py's own exit status.
set -u
. "$(dirname "$0")/device.sh"
python3 "$root/judge.py" check "$@"
exit $?
