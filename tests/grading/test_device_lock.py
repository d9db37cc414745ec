#!/usr/bin/env python3
"""The engine's device lock is per GPU (harness/engine/judge.c, device_lock_path), so
that `judge.py grade --gpus 0,1` workers never wait for each other: a judgement with
CUDA_VISIBLE_DEVICES=N (N not 0) locks BUILD/device-N.lock, one on device 0 (or with
the variable unset) BUILD/device.lock as before. Uses the fake test binary of warp_scan
(--prebuilt), so no GPU is needed.

Usage: test_device_lock.py ENGINE FAKE_TEST_BINARY SOURCE_ROOT
"""

import os
import subprocess
import sys
import tempfile


def judge(engine, fake, root, build, visible):
    env = dict(os.environ)
    env.pop("CUDA_VISIBLE_DEVICES", None)
    if visible is not None:
        env["CUDA_VISIBLE_DEVICES"] = visible
    done = subprocess.run([engine, "judge", "--root", root, "--build", build, "--id",
                           "warp_scan", "--file", os.path.join(root, "reference/warp_scan.cu"),
                           "--prebuilt", fake, "--no-perf"], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return done.returncode, done.stdout


def main():
    engine, fake, root = (os.path.abspath(a) for a in sys.argv[1:4])
    failures = 0
    for visible, lock in ((None, "device.lock"), ("0", "device.lock"), ("0,1", "device.lock"),
                          ("1", "device-1.lock"), ("3,0", "device-3.lock"),
                          ("GPU-1a2b/x", "device-GPU-1a2b_x.lock"), ("", "device.lock")):
        with tempfile.TemporaryDirectory() as build:
            code, out = judge(engine, fake, root, build, visible)
            locks = sorted(n for n in os.listdir(build) if n.endswith(".lock"))
            ok = code == 0 and '"verdict":"AC"' in out and locks == [lock]
            print(("ok" if ok else "FAIL"), f"CUDA_VISIBLE_DEVICES={visible!r}: {locks} "
                  f"(exit {code})")
            failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
