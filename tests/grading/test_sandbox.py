#!/usr/bin/env python3
"""Untrusted code in a grade run (issue 15, point 6): a class of four, one honest
student and three whose file attacks the grading run from a static constructor
(opens sockets; reads another student's folder and the policy; writes into the
grading folder DIR). Graded on the emulator as on a machine without nvcc
(NVCC=none), so that their host code really runs (with nvcc it is refused before
anything runs, CE). Each attack must get nothing (no byte read, no file made in
DIR) and not AC; the batch goes on and grades all four.

  python3 tests/grading/test_sandbox.py --root ROOT --build BUILD

Exit 0 when all held, 1 otherwise, 77 when the engine or the emulator is missing.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

SCAN_IDENTITY = """
__device__ int warp_inclusive_scan(int v)
{
	return v; /* the scan is missing: WA, unless the attack changes the verdict */
}
"""

PROLOGUE = """#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
static void succeeded(const char *what)
{
	fprintf(stderr, "ATTACK SUCCEEDED: %s\\n", what);
	abort();
}
"""

ATTACKS = {
    "sockets": """
static int attack(void)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);
	if (s >= 0)
		succeeded("an IPv4 socket");
	s = socket(AF_INET6, SOCK_DGRAM, 0);
	if (s >= 0)
		succeeded("an IPv6 socket");
	return 0;
}
static int done = attack();
""",
    "reads": """
static int attack(void)
{
	const char *const paths[] = {"@OTHER@", "@POLICY@"};
	for (int i = 0; i < 2; ++i) {
		int fd = open(paths[i], O_RDONLY);
		if (fd >= 0)
			succeeded(paths[i]);
	}
	return 0;
}
static int done = attack();
""",
    "writes": """
static int attack(void)
{
	int fd = open("@OUT@/planted.txt", O_WRONLY | O_CREAT, 0644);
	if (fd >= 0)
		succeeded("a file in the grading folder");
	return 0;
}
static int done = attack();
""",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True)
    args = ap.parse_args()
    root, build = os.path.abspath(args.root), os.path.abspath(args.build)
    if not os.access(os.path.join(build, "cudajudge"), os.X_OK) or not shutil.which("g++"):
        print("SKIP: the engine or g++ is missing")
        return 77
    failures = []
    with tempfile.TemporaryDirectory(prefix="cj-sandbox-") as tmp:
        roster, out = os.path.join(tmp, "roster"), os.path.join(tmp, "grades")
        policy = os.path.join(tmp, "policy.yaml")
        with open(policy, "w", encoding="utf-8") as f:
            # without nvcc, as this test wants, only with the policy's consent
            f.write("allow_without_nvcc: true\nexercises:\n  - id: warp_scan\n    points: 10\n")
        honest = os.path.join(root, "tests/submissions/warp_scan/accepted/shfl_up_loop.cu")
        os.makedirs(os.path.join(roster, "honest"))
        shutil.copy(honest, os.path.join(roster, "honest", "warp_scan.cu"))
        for name, body in ATTACKS.items():
            text = PROLOGUE + body.replace("@OTHER@", os.path.join(
                roster, "honest", "warp_scan.cu")).replace("@POLICY@", policy).replace(
                "@OUT@", out) + SCAN_IDENTITY
            os.makedirs(os.path.join(roster, name))
            with open(os.path.join(roster, name, "warp_scan.cu"), "w", encoding="utf-8") as f:
                f.write(text)
        env = dict(os.environ, NVCC="none", CUDAJUDGE_BUILD=build)
        done = subprocess.run([sys.executable, os.path.join(root, "judge.py"), "grade", roster,
                               "--policy", policy, "--out", out, "--emulate", "--jobs", "2"],
                              cwd=root, env=env, capture_output=True, text=True, timeout=1200)
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
        verdicts = {}
        try:
            with open(os.path.join(out, "results.jsonl"), encoding="utf-8") as f:
                for line in f:
                    record = json.loads(line)
                    verdicts[record["student"]] = record.get("verdict")
        except OSError as err:
            failures.append(f"no results.jsonl: {err}")
        print("verdicts:", verdicts)
        if verdicts.get("honest") != "AC":
            failures.append(f"the honest student is {verdicts.get('honest')}, not AC")
        for name in ATTACKS:
            if verdicts.get(name) in (None, "AC"):
                failures.append(f"attack '{name}': {verdicts.get(name)}")
            elif verdicts.get(name) != "WA":
                failures.append(f"attack '{name}' is {verdicts.get(name)}: it got something "
                                "(WA expected: its scan is missing and it read or made nothing)")
        if os.path.exists(os.path.join(out, "planted.txt")):
            failures.append("a file was made in the grading folder")
    for f in failures:
        print("FAIL:", f)
    print("sandbox: %d attacks, %d failed" % (len(ATTACKS), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
