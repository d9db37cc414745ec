#!/usr/bin/env python3
"""The emulator's memory model, co-resident grids, grid.sync(), the
<cuda/atomic>, <cuda/barrier> shims and the schedule (threads giving way at
atomics, warps resuming in an order the seed draws), each on a small kernel.

Every test compiles one C++ program against harness/emu (as the engine does
for a learner's file, with ThreadSanitizer) and links it with the emulator's
scheduler (libcjrt_emu.a, without the test binary's main). The program exits
0 when its kernel gave the right result; otherwise the exit status is the
emulator's finding: 66 a data race, 7 a deadlock, 3 a failed launch.

Usage:
    test_emu_memory_model.py --root SOURCE_ROOT --build BUILD_ROOT [unittest args]
Exits 77 (skipped) when the emulator was not built or there is no g++.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = BUILD = CXX = None
WORK = None

RACE, DEADLOCK, CASE_FAILED = 66, 7, 3

PRELUDE = r"""
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cuda/atomic>
#include <cuda/barrier>
#include "wire.h"
char *cj_error_sink;
size_t cj_error_sink_len;
struct cj_wire_case *cj_current_case;
template <typename... P, typename... A> void run(dim3 g, dim3 b, void (*k)(P...), A... a)
{
	cj_emu::launch_kernel(cj_emu::config(g, b), k, a...);
}
static int *alloc(int n)
{
	int *p;
	cudaMalloc(&p, sizeof(int) * n);
	std::memset(p, 0, sizeof(int) * n);
	return p;
}
// The test of a kernel whose only result is what the emulator finds (a race, a
// deadlock): one launch on zeroed int buffers of the sizes given.
template <typename... P, typename... N> static int launch_once(dim3 g, dim3 b, void (*k)(P...), N... sizes)
{
	run(g, b, k, alloc(sizes)...);
	return 0;
}
"""

# The emulator's reports go to cj_error_sink and the program ends with _exit:
# the sink is a shared mapping of the file named by argv[1].
MAIN = r"""
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int fd = argc > 1 ? open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600) : -1;
	if (fd < 0 || ftruncate(fd, 4096) != 0)
		return 2;
	cj_error_sink = (char *)mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	cj_error_sink_len = 4096;
	return test();
}
"""

# Block 1 sends, block 0 receives; each fills in SEND and RECEIVE.
MAILBOX = r"""
__global__ void mailbox(int *data, int *flag, int *out)
{
	if (threadIdx.x != 0)
		return;
	if (blockIdx.x == 1) {
		SEND
	} else {
		RECEIVE
	}
}
static int test()
{
	int *data = alloc(4), *flag = alloc(1), *out = alloc(4);
	run(dim3(2), dim3(32), mailbox, data, flag, out);
	for (int i = 0; i < 4; ++i)
		if (out[i] != 10 + i)
			return 1;
	return 0;
}
"""

FENCED_SEND = ("for (int i = 0; i < 4; ++i) data[i] = 10 + i; __threadfence(); "
               "atomicExch(flag, 1);")
FENCED_RECEIVE = ("while (atomicAdd(flag, 0) == 0) ; __threadfence(); "
                  "for (int i = 0; i < 4; ++i) out[i] = data[i];")


def build(name, body, coresident=True, layout=True):
    src = os.path.join(WORK, name + ".cpp")
    exe = os.path.join(WORK, name)
    with open(src, "w", encoding="utf-8") as f:
        f.write(PRELUDE + body + MAIN)
    cc = [CXX, "-std=c++17", "-O1", "-g", "-fsanitize=thread", "-DCJ_EMU",
          "-DCJ_EMU_CORESIDENT=%d" % (1 if coresident else 0),
          "-I" + os.path.join(ROOT, "harness", "emu"),
          "-I" + os.path.join(ROOT, "harness", "runtime"),
          src, os.path.join(BUILD, "harness", "emu", "libcjrt_emu.a"), "-lpthread", "-o", exe]
    if layout:  # the shared memory's pages, as the engine links (build/emu_build.c)
        cc.insert(-2, "-Wl,-T," + os.path.join(ROOT, "harness", "emu", "shared.ld"))
    built = subprocess.run(cc, capture_output=True, text=True)
    if built.returncode != 0:
        raise AssertionError("%s does not compile:\n%s" % (name, built.stderr[-3000:]))
    return exe


def run_built(exe, schedule=None, cpu_limit=None):
    """(exit status, the emulator's report and stderr, stdout); schedule seeds
    the emulator's schedule (CJ_EMU_SCHEDULE); cpu_limit sets RLIMIT_CPU as
    the engine does for a run that may use cpu_limit seconds (one more)."""
    env = dict(os.environ)
    env.pop("CJ_EMU_SCHEDULE", None)
    if schedule is not None:
        env["CJ_EMU_SCHEDULE"] = str(schedule)
    report = exe + ".report"

    def limit():
        if cpu_limit is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit + 1, cpu_limit + 2))
    ran = subprocess.run([exe, report], capture_output=True, text=True, timeout=120, env=env,
                         preexec_fn=limit)
    with open(report, "rb") as f:
        said = f.read().split(b"\0")[0].decode("utf-8", "replace")
    return ran.returncode, said + "\n" + ran.stderr, ran.stdout


def build_and_run(name, body, coresident=True):
    rc, said, _ = run_built(build(name, body, coresident))
    return rc, said


class MemoryModel(unittest.TestCase):
    def expect(self, name, body, status, coresident=True, says=None):
        rc, err = build_and_run(name, body, coresident)
        self.assertEqual(rc, status, "%s: exit %d, wanted %d\n%s" % (name, rc, status,
                                                                     err[-2000:]))
        for words in ([says] if isinstance(says, str) else says or []):
            self.assertIn(words, err)
        return err

    def mailbox(self, send, receive):
        return MAILBOX.replace("SEND", send).replace("RECEIVE", receive)

    def test_fenced_flag_is_ordered(self):
        # block 0 polls before block 1 has run: only a co-resident grid lets it finish
        self.expect("fenced", self.mailbox(FENCED_SEND, FENCED_RECEIVE), 0)

    def test_send_without_fence_is_a_race(self):
        send = "for (int i = 0; i < 4; ++i) data[i] = 10 + i; atomicExch(flag, 1);"
        self.expect("send_no_fence", self.mailbox(send, FENCED_RECEIVE), RACE)

    def test_receive_without_fence_is_a_race(self):
        receive = ("while (atomicAdd(flag, 0) == 0) ; "
                   "for (int i = 0; i < 4; ++i) out[i] = data[i];")
        self.expect("receive_no_fence", self.mailbox(FENCED_SEND, receive), RACE)

    def test_fence_before_the_data_publishes_nothing(self):
        # what a fence publishes is what came before it, not what came before the flag
        send = ("__threadfence(); for (int i = 0; i < 4; ++i) data[i] = 10 + i; "
                "atomicExch(flag, 1);")
        self.expect("fence_too_early", self.mailbox(send, FENCED_RECEIVE), RACE)

    def test_release_acquire_atomic_ref(self):
        send = ("for (int i = 0; i < 4; ++i) data[i] = 10 + i; "
                "cuda::atomic_ref<int, cuda::thread_scope_device>(*flag)"
                ".store(1, cuda::memory_order_release);")
        receive = ("cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag); "
                   "while (f.load(cuda::memory_order_acquire) == 0) ; "
                   "for (int i = 0; i < 4; ++i) out[i] = data[i];")
        self.expect("release_acquire", self.mailbox(send, receive), 0)
        relaxed = receive.replace("memory_order_acquire", "memory_order_relaxed")
        self.expect("relaxed_load", self.mailbox(send, relaxed), RACE)

    def test_plain_poll_is_reported(self):
        receive = ("while (*(volatile int *)flag == 0) ; __threadfence(); "
                   "for (int i = 0; i < 4; ++i) out[i] = data[i];")
        # with the line where it polls; and a volatile load is read every
        # time: what is wrong with it is that it orders nothing
        body = self.mailbox(FENCED_SEND, receive)
        err = self.expect("plain_poll", body, DEADLOCK,
                          says=("plain (or volatile) loads",
                                "plain_poll.cpp:%d" % line_in(body, "volatile int *)flag"),
                                "a volatile load is read every time, but it is neither "
                                "atomic nor ordered"))
        self.assertNotIn("may read the value once", err)

    def test_blocks_in_turn_without_coresident(self):
        # the default is unchanged: block 0 runs alone and polls for ever
        self.expect("in_turn", self.mailbox(FENCED_SEND, FENCED_RECEIVE), DEADLOCK,
                    coresident=False)

    GRID = r"""
__global__ void neighbours(int *a, int *b, int n)
{
	namespace cg = cooperative_groups;
	cg::grid_group g = cg::this_grid();
	int i = (int)g.thread_rank();
	a[i] = i;
	SYNC
	b[i] = a[(i + 1) % n];
}
static int test()
{
	int n = 4 * 32, *a = alloc(n), *b = alloc(n);
	int *pa = a, *pb = b;
	void *args[] = {&pa, &pb, &n};
	LAUNCH
	if (cudaGetLastError() != cudaSuccess)
		return 2;
	for (int i = 0; i < n; ++i)
		if (b[i] != (i + 1) % n)
			return 1;
	return 0;
}
"""
    COOPERATIVE = ("cudaLaunchCooperativeKernel(neighbours, dim3(4), dim3(32), args, 0, "
                   "(cudaStream_t)0);")

    def grid(self, sync, launch):
        return self.GRID.replace("SYNC", sync).replace("LAUNCH", launch)

    def test_grid_sync(self):
        self.expect("grid_sync", self.grid("g.sync();", self.COOPERATIVE), 0, coresident=False)

    def test_grid_without_sync_is_a_race(self):
        self.expect("grid_no_sync", self.grid("", self.COOPERATIVE), RACE, coresident=False)

    def test_grid_sync_skipped_by_some_threads_deadlocks(self):
        self.expect("grid_partial", self.grid("if (i % 2) g.sync(); g.sync();", self.COOPERATIVE),
                    DEADLOCK, coresident=False, says="wait at grid.sync()")

    def test_grid_sync_needs_a_cooperative_launch(self):
        self.expect("grid_plain_launch",
                    self.grid("g.sync();", "run(dim3(4), dim3(32), neighbours, a, b, n);"),
                    CASE_FAILED, coresident=False, says="cudaLaunchCooperativeKernel")

    BARRIER = r"""
__global__ void rotate(int *out)
{
	__shared__ int tile[64];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	tile[t] = t;
	PHASE
	out[t] = tile[(t + 1) % 64];
}
static int test()
{
	int *out = alloc(64);
	run(dim3(1), dim3(64), rotate, out);
	for (int i = 0; i < 64; ++i)
		if (out[i] != (i + 1) % 64)
			return 1;
	return 0;
}
"""

    def test_barrier_split_arrive_wait(self):
        body = self.BARRIER.replace(
            "PHASE", "auto token = bar.arrive(); bar.wait(cuda::std::move(token));")
        self.expect("barrier_split", body, 0, coresident=False)

    def test_barrier_arrive_without_wait_is_a_race(self):
        body = self.BARRIER.replace("PHASE", "(void)bar.arrive();")
        self.expect("barrier_no_wait", body, RACE, coresident=False)

    def test_memcpy_async_then_wait(self):
        body = r"""
__global__ void stage(const int *src, int *out)
{
	__shared__ int tile[64];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	cuda::memcpy_async(cooperative_groups::this_thread_block(), tile, src, sizeof tile, bar);
	WAIT
	out[threadIdx.x] = tile[63 - threadIdx.x];
}
static int test()
{
	int *src = alloc(64), *out = alloc(64);
	for (int i = 0; i < 64; ++i)
		src[i] = 3 * i;
	run(dim3(1), dim3(64), stage, (const int *)src, out);
	for (int i = 0; i < 64; ++i)
		if (out[i] != 3 * (63 - i))
			return 1;
	return 0;
}
"""
        self.expect("memcpy_wait", body.replace("WAIT", "bar.arrive_and_wait();"), 0,
                    coresident=False)
        self.expect("memcpy_no_wait", body.replace("WAIT", ""), RACE, coresident=False)


# Four blocks of 64 threads add 1 each to one slot through BODY (a function
# add(float *addr, float val) that returns the old value); 0 when the slot
# ends at 256.
CAS_ADD = r"""
__device__ float add(float *addr, float val)
{
	unsigned *word = (unsigned *)addr;
	BODY
}
__global__ void adds(float *slot)
{
	add(slot, 1.0f);
}
static int test()
{
	float *slot;
	cudaMalloc(&slot, sizeof(float));
	*slot = 0;
	run(dim3(4), dim3(64), adds, slot);
	return *slot == 256.0f ? 0 : 1;
}
"""

CAS_LOOP = ("unsigned seen = *word, assumed; do { assumed = seen; seen = atomicCAS(word, "
            "assumed, __float_as_uint(__uint_as_float(assumed) + val)); } while (seen != "
            "assumed); return __uint_as_float(seen);")

# Lane 0 of each of 8 warps takes a ticket; prints the warps in ticket order.
TICKETS = r"""
__global__ void tickets(int *counter, int *order)
{
	if (threadIdx.x % 32 == 0)
		order[atomicAdd(counter, 1)] = threadIdx.x / 32;
}
static int test()
{
	int *counter = alloc(1), *order = alloc(8);
	run(dim3(1), dim3(256), tickets, counter, order);
	for (int i = 0; i < 8; ++i)
		printf("%d", order[i]);
	return 0;
}
"""


# Block 1 reads what block 0 wrote, with nothing ordering the blocks; SHARED
# gives the kernel shared memory or not.
NEIGHBOUR_BLOCK = r"""
__global__ void neighbour(int *data, int *out)
{
	SHARED
	if (blockIdx.x == 0)
		data[threadIdx.x] = 1 + threadIdx.x;
	else
		out[threadIdx.x] = data[(threadIdx.x + 1) % 32];
}
static int test()
{
	return launch_once(dim3(2), dim3(32), neighbour, 32, 32);
}
"""


# Four blocks, each with the same __shared__ array, each reading what its own
# threads wrote.
SHARED_PER_BLOCK = r"""
__global__ void rotate(int *out)
{
	__shared__ int s[64];
	s[threadIdx.x] = blockIdx.x + threadIdx.x;
	__syncthreads();
	out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + blockIdx.x + 1) % 64];
}
static int test()
{
	int *out = alloc(4 * 64);
	run(dim3(4), dim3(64), rotate, out);
	for (int b = 0; b < 4; ++b)
		for (int t = 0; t < 64; ++t)
			if (out[b * 64 + t] != b + (t + b + 1) % 64)
				return 1;
	return 0;
}
"""


class Blocks(unittest.TestCase):
    def test_blocks_without_shared_memory_are_unordered(self):
        # the emulator ran block 0 first, a GPU need not: a race, not AC
        rc, err = build_and_run("blocks_unordered", NEIGHBOUR_BLOCK.replace("SHARED", ""),
                                coresident=False)
        self.assertEqual(rc, RACE, err[-2000:])

    def test_blocks_with_shared_memory_are_unordered(self):
        # shared memory does not order the blocks either: the global read is a race
        body = NEIGHBOUR_BLOCK.replace("SHARED", "__shared__ int s[32]; s[threadIdx.x] = 1; "
                                       "__syncthreads(); if (s[31 - threadIdx.x] != 1) return;")
        rc, err = build_and_run("blocks_shared", body, coresident=False)
        self.assertEqual(rc, RACE, err[-2000:])

    def test_shared_memory_without_its_pages_is_a_judge_bug(self):
        # linked without harness/emu/shared.ld, the __shared__ variables may share
        # a page with other data: said, never renewed over it in silence
        exe = build("no_layout", SHARED_PER_BLOCK, coresident=False, layout=False)
        rc, err, _ = run_built(exe)
        self.assertEqual(rc, CASE_FAILED, err[-2000:])
        self.assertIn("not in pages of their own", err)

    def test_shared_memory_is_each_blocks_own(self):
        # one copy of shared memory stands for each block's in turn: no race
        # between blocks that use the same shared array, whichever threads
        # of each touch which element
        rc, err = build_and_run("shared_per_block", SHARED_PER_BLOCK, coresident=False)
        self.assertEqual(rc, 0, err[-2000:])


# GRID blocks of BLOCK threads count into two counters, in shared memory
# (`local`, zeroed and then merged into out[] with atomics, barriers around
# the count) or in global memory (`global`). COUNT is the count, MERGE what
# each block does with `local` once counted. The program exits 0 when the
# counters add up to one per thread.
COUNTER = r"""
__global__ void count(unsigned *global, unsigned *out)
{
	__shared__ unsigned local[2];
	__shared__ unsigned per_warp[32][2];
	unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	(void)lane;
	if (threadIdx.x < 2)
		local[threadIdx.x] = 0;
	if (threadIdx.x < 64)
		per_warp[threadIdx.x / 2][threadIdx.x % 2] = 0;
	__syncthreads();
	COUNT
	__syncthreads();
	MERGE
}
static int test()
{
	unsigned *global = (unsigned *)alloc(2), *out = (unsigned *)alloc(2);
	run(dim3(GRID), dim3(BLOCK), count, global, out);
	unsigned want = GRID * BLOCK;
	return out[0] + out[1] + global[0] + global[1] == want ? 0 : 1;
}
"""
MERGE_ATOMIC = "if (threadIdx.x < 2) atomicAdd(&out[threadIdx.x], local[threadIdx.x]);"


class Counters(unittest.TestCase):
    """A read-modify-write of one counter by threads that nothing orders loses
    updates on a GPU: here it is a data race, whatever the schedule, in shared
    and in global memory; atomics and private counters are not."""

    def count(self, name, count, status, merge=MERGE_ATOMIC, grid=2, block=96):
        body = (COUNTER.replace("COUNT", count).replace("MERGE", merge)
                .replace("GRID", str(grid)).replace("BLOCK", str(block)))
        exe = build(name, body, coresident=False)
        for schedule in (None, 1, 2):
            rc, err, _ = run_built(exe, schedule)
            self.assertEqual(rc, status, "%s, schedule %s: exit %d, wanted %d\n%s"
                             % (name, schedule, rc, status, err[-2000:]))
            if status == RACE:
                self.assertIn("WARNING: ThreadSanitizer: data race", err)

    def test_shared_increment_is_a_race(self):
        self.count("shared_increment", "local[threadIdx.x % 2]++;", RACE)
        self.count("shared_increment_one_warp", "local[threadIdx.x % 2]++;", RACE, grid=1,
                   block=32)

    def test_shared_load_then_store_is_a_race(self):
        self.count("shared_load_store", "unsigned c = local[0]; local[0] = c + 1;", RACE)

    def test_global_add_is_a_race(self):
        self.count("global_add", "global[threadIdx.x % 2] += 1;", RACE, merge="")

    def test_global_merge_of_blocks_is_a_race(self):
        # each block adds its shared count into the same global slot, by the
        # same thread index: blocks are unordered on a GPU
        merge = "if (threadIdx.x < 2) global[threadIdx.x] += local[threadIdx.x];"
        count = "atomicAdd(&local[threadIdx.x % 2], 1u);"
        self.count("global_merge", count, RACE, merge=merge)
        self.count("global_merge_then_barrier", count, RACE, merge=merge + " __syncthreads();")

    def test_atomics_and_private_counts_are_not(self):
        self.count("shared_atomic", "atomicAdd(&local[threadIdx.x % 2], 1u);", 0)
        self.count("global_atomic", "atomicAdd(&global[threadIdx.x % 2], 1u);", 0, merge="")
        # a copy per warp, counted with atomics, merged after the barrier
        per_warp = ("if (threadIdx.x < 2) { unsigned s = 0; for (int w = 0; w < (int)(blockDim.x "
                    "/ 32); ++w) s += per_warp[w][threadIdx.x]; atomicAdd(&out[threadIdx.x], "
                    "s); }")
        self.count("per_warp_atomic", "atomicAdd(&per_warp[warp][threadIdx.x % 2], 1u);", 0,
                   merge=per_warp)


# Every integer atomic of 2 blocks of 64 threads (t = 0..127) on one word each:
# the values a GPU gives, whatever the schedule.
EVERY_ATOMIC = r"""
__global__ void every(int *w)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&w[0], t);
	atomicSub(&w[1], t);
	atomicMax(&w[2], t);
	atomicMin(&w[3], t - 50);
	atomicAnd(&w[4], ~(1 << (t % 31)));
	atomicOr(&w[5], 1 << (t % 31));
	atomicXor(&w[6], 1 << (t % 31));
	atomicExch(&w[7], 7);
	atomicCAS(&w[8], 0, t + 1);
}
static int test()
{
	int *w = alloc(9);
	w[4] = -1;
	run(dim3(2), dim3(64), every, w);
	int xor_bits = 0;
	for (int t = 0; t < 128; ++t)
		xor_bits ^= 1 << (t % 31);
	return w[0] == 8128 && w[1] == -8128 && w[2] == 127 && w[3] == -50 &&
	       w[4] == (int)0x80000000 && w[5] == 0x7fffffff && w[6] == xor_bits && w[7] == 7 &&
	       w[8] >= 1 && w[8] <= 128 ? 0 : 1;
}
"""


class IntegerAtomics(unittest.TestCase):
    """Each of the integer atomics (harness/emu/emu_atomics.h) gives a GPU's value."""

    def test_every_integer_atomic(self):
        exe = build("every_atomic", EVERY_ATOMIC, coresident=False)
        for schedule in (None, 1, 2):
            rc, err, _ = run_built(exe, schedule)
            self.assertEqual(rc, 0, "schedule %s: exit %d\n%s" % (schedule, rc, err[-2000:]))


class Schedule(unittest.TestCase):
    """Threads of an ordinary launch give way at atomics, as a GPU's threads
    interleave, on a schedule that the seed decides."""

    def adds(self, name, body, status, says=None, schedules=(None, 1, 2)):
        exe = build(name, CAS_ADD.replace("BODY", body), coresident=False)
        for schedule in schedules:
            rc, err, _ = run_built(exe, schedule)
            self.assertEqual(rc, status, "%s, schedule %s: exit %d, wanted %d\n%s"
                             % (name, schedule, rc, status, err[-2000:]))
            if says:
                self.assertIn(says, err)

    def test_cas_loop_adds_everything(self):
        self.adds("cas_loop", CAS_LOOP, 0)

    def test_single_attempt_loses_updates(self):
        self.adds("cas_once", "unsigned seen = *word; atomicCAS(word, seen, "
                  "__float_as_uint(__uint_as_float(seen) + val)); return __uint_as_float(seen);",
                  1)

    def test_read_then_exchange_loses_updates(self):
        self.adds("cas_read_exch", "unsigned old = atomicCAS(word, ~0u, ~0u); atomicExch(word, "
                  "__float_as_uint(__uint_as_float(old) + val)); return __uint_as_float(old);", 1)

    def test_stale_expected_value_never_ends(self):
        # the loop retries with the value it read first: once another thread
        # changed the word, no swap can succeed; named with the atomic's line
        self.adds("cas_stale", "unsigned assumed = *word, want = __float_as_uint("
                  "__uint_as_float(assumed) + val); while (atomicCAS(word, assumed, want) != "
                  "assumed) {} return __uint_as_float(assumed);", DEADLOCK,
                  says="has repeated the atomic operation at ", schedules=(None,))

    def test_schedule_is_the_seeds(self):
        exe = build("tickets", TICKETS, coresident=False)
        orders = {}
        for schedule in range(6):
            first = run_built(exe, schedule)
            again = run_built(exe, schedule)
            self.assertEqual(first[0], 0, first[1][-2000:])
            self.assertEqual(first[2], again[2], "schedule %d gave two orders" % schedule)
            orders[schedule] = first[2]
        self.assertEqual(sorted(orders[0]), list("01234567"))
        # warps resume in an order drawn from the schedule, not warp 0 first
        self.assertGreater(len(set(orders.values())), 1, orders)
        self.assertTrue(any(order[0] != "0" for order in orders.values()), orders)


def line_in(body, needle):
    """The line of the program build() makes of body that holds needle."""
    lines = (PRELUDE + body).split("\n")
    return next(i + 1 for i, text in enumerate(lines) if needle in text)


# One warp loops over shuffles for ever (the offset never shrinks).
SHUFFLE_LOOP = r"""
__global__ void loop(float *out)
{
	float v = threadIdx.x;
	for (int d = 16; d > 0; d /= 1)
		v += __shfl_down_sync(0xffffffff, v, d);
	out[threadIdx.x] = v;
}
static int test()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	run(dim3(1), dim3(32), loop, out);
	return 0;
}
"""

# Thread 0 waits for a flag no thread sets, with plain loads.
PLAIN_SPIN = r"""
__global__ void spin(int *flag, int *out)
{
	if (threadIdx.x == 0)
		while (*(volatile int *)flag == 0)
			++out[0];
}
static int test()
{
	return launch_once(dim3(1), dim3(32), spin, 1, 1);
}
"""

# The host code loops for ever after a launch.
HOST_LOOP = r"""
__global__ void nothing(int *out)
{
	out[threadIdx.x] = 1;
}
static int test()
{
	int *out = alloc(32);
	run(dim3(1), dim3(32), nothing, out);
	volatile int forever = 1;
	while (forever)
		++out[0];
	return 0;
}
"""


class Watchdog(unittest.TestCase):
    """Every endless loop ends as TLE (exit 7) within the run's CPU limit and
    2 s more, with the line where the program was."""

    def ends(self, name, body, loop, says, cpu_limit=3):
        exe = build(name, body, coresident=False)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        rc, err, _ = run_built(exe, cpu_limit=cpu_limit)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        self.assertEqual(rc, DEADLOCK, err[-2000:])
        # any line of the loop (a loop's condition and body both are its place)
        places = ["%s.cpp:%d" % (name, line_in(body, text)) for text in loop]
        self.assertTrue(any(place in err for place in places), (places, err[-2000:]))
        self.assertIn(says, err)
        # measured in CPU time, which the machine's load does not stretch
        self.assertLessEqual(used, cpu_limit + 2, err[-2000:])

    def test_loop_of_shuffles(self):
        self.ends("shuffle_loop", SHUFFLE_LOOP, ("for (int d = 16", "__shfl_down_sync"),
                  "reached its time limit")

    def test_plain_spin(self):
        # the watchdog's 3 s on the clock come before a CPU limit of 6 s, however
        # loaded the machine is (a loaded one only gives the spin less CPU time)
        self.ends("plain_spin", PLAIN_SPIN, ("while (*(volatile", "++out[0]"),
                  "has run for 3 s at ", cpu_limit=6)

    def test_host_loop(self):
        self.ends("host_loop", HOST_LOOP, ("while (forever)", "++out[0]"),
                  "the host code was running at ")


# The toolkit headers and intrinsics that published code uses, on the host
# compiler: every one compiles, and the values are the toolkit's.
HEADERS = r"""
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <math_constants.h>
#include <vector_types.h>
__constant__ float scale[2];
__global__ void uses(const float *__restrict__ in, float *__restrict__ out, long long *ticks)
{
	unsigned mask = __activemask();
	__syncwarp(mask);
	__half h = __float2half(__ldg(&in[threadIdx.x]));
	out[threadIdx.x] = __half2float(h * __float2half(2.0f)) * scale[1];
	if (threadIdx.x == 0) {
		long long start = clock64();
		while (clock64() - start < 1000)
			;
		ticks[0] = clock64() - start;
	}
}
static int test()
{
	static_assert(CUDART_VERSION >= 12000 && CUDA_VERSION == CUDART_VERSION, "versions");
	constexpr float inf = CUDART_INF_F;
	if (__float_as_uint(CUDART_NAN_F) != 0x7fffffffu || !(inf > 3e38f) ||
	    __float_as_uint(CUDART_NEG_ZERO_F) != 0x80000000u || CUDART_PI_F != 3.14159265f ||
	    __double_as_longlong(CUDART_NAN) != (long long)0xfff8000000000000ULL)
		return 3;
	if (__float2int_rn(2.5f) != 2 || __float2int_rz(-2.7f) != -2 || __byte_perm(0x33221100u,
	    0x77665544u, 0x4321) != 0x44332211u || __funnelshift_l(0, 1, 4) != 16u)
		return 4;
	float two[2] = {0.0f, 0.5f}, back[2];
	if (cudaMemcpyToSymbol(scale, two, sizeof two) != cudaSuccess ||
	    cudaMemcpyFromSymbol(back, scale, sizeof back) != cudaSuccess || back[1] != 0.5f)
		return 5;
	float *in, *out;
	long long *ticks;
	cudaMalloc(&in, 32 * sizeof(float));
	cudaMallocManaged(&out, 32 * sizeof(float));
	cudaMalloc(&ticks, sizeof(long long));
	for (int i = 0; i < 32; ++i)
		in[i] = 1.0f + i / 1024.0f; /* 1 + i/1024 rounds to half: 1 + i/1024 */
	run(dim3(1), dim3(32), uses, (const float *)in, out, ticks);
	for (int i = 0; i < 32; ++i)
		if (out[i] != (1.0f + i / 1024.0f))
			return 6;
	return ticks[0] >= 1000 ? 0 : 7;
}
"""


class Headers(unittest.TestCase):
    def test_toolkit_headers_and_intrinsics(self):
        rc, err = build_and_run("headers", HEADERS, coresident=False)
        self.assertEqual(rc, 0, err[-2000:])


def main():
    global ROOT, BUILD, CXX, WORK
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    options, rest = parser.parse_known_args()
    ROOT, BUILD = os.path.abspath(options.root), os.path.abspath(options.build)
    CXX = os.environ.get("CXX") or shutil.which("g++")
    if not CXX or not os.path.exists(os.path.join(BUILD, "harness", "emu", "libcjrt_emu.a")):
        print("1..0 # SKIP the CPU emulator is not built here")
        return 77
    with tempfile.TemporaryDirectory(prefix="cj-emu-test-") as work:
        WORK = work
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
