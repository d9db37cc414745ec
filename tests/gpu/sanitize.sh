#!/usr/bin/env bash
# The gpu suite's sanitizer check: `judge.py check --sanitize --tool all`
# (every reference AC under memcheck, racecheck, synccheck and initcheck, every
# corpus file its verdict there), then the reference of warp_scan judged
# plainly on the GPU, to show that the device is still usable afterwards.
#
# Usage: sanitize.sh SOURCE_ROOT BUILD_DIR [ID...]   (no ID: every exercise)
# Exit 77 (meson's "skipped") without a usable device or without
# compute-sanitizer; otherwise 1 when a check failed, 0 when all passed.
set -u
. "$(dirname "$0")/device.sh"
# Sanitizer runs take long and measure nothing: they share the device, six
# at a time; a file whose verdict beside others is not the expected one is
# judged again alone, and that verdict counts. CUDAJUDGE_SHARE_DEVICE= (empty)
# runs them one at a time.
export CUDAJUDGE_SHARE_DEVICE=${CUDAJUDGE_SHARE_DEVICE-1}
if python3 "$root/judge.py" doctor | grep -q "compute-sanitizer not found"; then
    echo "skipped: compute-sanitizer not found (python3 judge.py doctor)"
    exit 77
fi
status=0
python3 "$root/judge.py" check --sanitize --tool all "$@" || status=1
# The GPU must be healthy after every hostile file: the reference is AC.
python3 "$root/judge.py" warp_scan "$root/reference/warp_scan.cu" --no-perf || status=1
exit $status
