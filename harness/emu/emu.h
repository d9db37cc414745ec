/*
 * The emulator's scheduler interface, between the shim headers (inline code
 * compiled into the learner's translation unit, under ThreadSanitizer) and
 * the runtime (scheduler.cpp and the other parts internal.h lists, compiled
 * without instrumentation so that its bookkeeping is invisible to the race
 * detector).
 *
 * Every CUDA thread of a block is a fiber; blocks of a grid run in turn. A
 * fiber runs until it reaches a barrier, a warp collective or its end, and
 * may give way at atomics and fences (a schedule drawn from the run); when
 * no fiber can run, the scheduler completes what can be completed or reports
 * a deadlock (TLE) or a partial-warp collective (RACE) with file:line.
 */
#ifndef HARNESS_EMU_EMU_H
#define HARNESS_EMU_EMU_H

#include <cstdint>

struct uint3;
struct dim3;

namespace cj_emu
{

/* Which collective a lane waits in. */
enum op_kind : int {
	OP_SHFL_IDX,
	OP_SHFL_UP,
	OP_SHFL_DOWN,
	OP_SHFL_XOR,
	OP_ALL,
	OP_ANY,
	OP_BALLOT,
	OP_SYNCWARP,
	OP_MATCH_ANY,
	OP_ACTIVEMASK,
};

const uint3 &thread_idx();
const uint3 &block_idx();
const dim3 &block_dim();
const dim3 &grid_dim();

/* __syncthreads() and its counting variants: returns the count of threads
 * whose predicate was non-zero. */
int block_barrier(int predicate, const char *file, int line);

/* A warp collective: deposits this lane's value, waits for the lanes named
 * in mask, returns this lane's result (a shuffled value, a vote, a ballot). */
uint64_t warp_collective(op_kind op, unsigned mask, uint64_t value, int arg, int width,
                         const char *file, int line);

/* Runs kernel(thread) for every thread of every block of the grid: blocks in
 * turn, or all at once when `coresident` (a cooperative launch, or an
 * exercise with `coresident: true` in problems.yaml). */
void launch(const dim3 &grid, const dim3 &block, unsigned shared_bytes, void (*body)(void *),
            void *ctx, bool coresident = false);

/* The memory model (races.cpp explains it): __threadfence() and its kin, and
 * the bookkeeping every atomic does before (write) and after (read) itself. */
void fence();
void atomic_read(const void *addr);
void atomic_write(void *addr);

/* Every atomic operation of the shims, around the operation itself:
 * atomic_begin (file:line is the learner's call) does the bookkeeping of a
 * write when the operation writes, atomic_end that of a read, and says
 * whether the operation changed memory (a failed compare-and-swap, a load
 * or an add of 0 did not). Both may give the other threads of the block a
 * turn, drawn from the schedule of the run (see schedule.cpp): on a
 * GPU other threads update the same word between a thread's read and its
 * compare-and-swap, and so they do here. */
void atomic_begin(void *addr, bool writes, const char *file, int line);
void atomic_end(const void *addr, bool changed);
/* The n (1 to 8) bytes at p, read without the race detector seeing it: an
 * atomic's target before and after the operation. */
uint64_t peek(const void *p, unsigned n);

/* Gives the other threads of a co-resident grid a turn (fences call it); does
 * nothing when blocks run in turn. */
void yield();
/* Gives the other threads a turn in any launch: waits that poll (a
 * cuda::barrier phase, a pipeline stage, __nanosleep) call it in their loop. */
void spin();
bool coresident();
/* clock64(): a count that grows at every read. */
unsigned long long clock_ticks();
/* grid.sync(): every thread of a co-resident grid. */
void grid_barrier(const char *file, int line);

/* Memory the learner's `extern __shared__` arrays point at. */
extern unsigned char dynamic_shared[];

} // namespace cj_emu

#endif
