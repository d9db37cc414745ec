/*
 * What the emulator tells ThreadSanitizer, so that a race between CUDA
 * threads is a race between its "threads": its options, the detector fibers
 * that CUDA threads run on and the names reports give them, the sync objects
 * of launches, blocks, barriers and grids, and the memory model of fences and
 * atomics (emu.h: fence, atomic_begin, atomic_end). Called by the scheduler,
 * the barriers and the shims' atomics.
 */
#include "internal.h"

extern "C" const char *__tsan_default_options()
{
	/* Stop at the first race and say so with a status the engine knows; leave
	 * SIGSEGV to our handler, which names the buffer and the thread. A plain
	 * load racing with atomics on the same address is CUDA's usual first read
	 * of a CAS loop, not a mistake: only plain-against-plain races count. */
	return "halt_on_error=1:exitcode=66:handle_segv=0:report_signal_unsafe=0:"
	       "report_atomic_races=0:"
	       "history_size=3:"
	       "atexit_sleep_ms=0"; /* no second of waiting at exit: one thread runs it all */
}

namespace cj_emu
{

void *detector_fiber[RESIDENT_DETECTOR_FIBERS];
/* Per detector fiber, made at its first fence: a second detector "thread"
 * that holds what the fiber had done when it last fenced (see fence()). */
void *fence_snapshot[RESIDENT_DETECTOR_FIBERS];

namespace
{

/* What a race report can say of the thread behind a detector fiber. A
 * fiber's past accesses belong to every CUDA thread that ran on it since
 * the launch began (threads 64 apart in a block; the same thread number in
 * the blocks of one set), and the race detector keeps no more than the
 * fiber: a fiber that carried several threads is named after the thread it
 * runs only while it runs, and "another thread" while it waits, so that
 * the earlier access of a report never names a thread that did not make it. */
const fiber *detector_named[RESIDENT_DETECTOR_FIBERS]; /* the thread it is named after */
uint64_t detector_user[RESIDENT_DETECTOR_FIBERS];      /* the last thread to run on it */
bool detector_shared[RESIDENT_DETECTOR_FIBERS];        /* more than one since the launch */

} // namespace

/* Sync objects for the race detector's happens-before annotations: the
 * host's work before a launch, and the ends of a launch's blocks, which only
 * the host acquires (blocks are unordered, as on a GPU: a block that reads
 * what another block wrote without an atomic or a fence races with it,
 * whichever order the emulator ran them in). */
char launch_sync, launch_end_sync;
/* Co-resident grids: grid.sync() and the end of the grid. */
char grid_sync_obj, grid_end_sync;

/* The blocks of an ordinary launch run in turn on two sets of detector
 * fibers, even blocks on one and odd blocks on the other. A detector fiber
 * remembers what its threads learned at barriers, so a block that ran on the
 * fibers of the block before it would be ordered after most of that block's
 * work: consecutive blocks run on different fibers, and a race between them
 * (two blocks adding to one global counter without an atomic) is seen. */
int detector_set()
{
	/* counted from the launch's first block, which runs on the larger set */
	return coresident_now ? 0 : (int)((block_serial - launch_first_block) % 2);
}

int detector_of(int i)
{
	if (coresident_now)
		return (Bp->base + i) % RESIDENT_DETECTOR_FIBERS;
	return detector_set() ? DETECTOR_FIBERS + i % ODD_DETECTOR_FIBERS : i % DETECTOR_FIBERS;
}

void forget_detector_users()
{
	for (int d = 0; d < RESIDENT_DETECTOR_FIBERS; ++d) {
		detector_user[d] = 0;
		detector_shared[d] = false;
	}
}

void *detector_for(int i)
{
	int d = detector_of(i);
	if (!detector_fiber[d])
		detector_fiber[d] = __tsan_create_fiber(0);
	uint64_t user = ((uint64_t)block_serial << 32 | (uint32_t)(Bp->base + i)) + 1;
	detector_shared[d] |= detector_user[d] && detector_user[d] != user;
	detector_user[d] = user;
	detector_named[d] = nullptr; /* named when it next runs */
	return detector_fiber[d];
}

/* The barrier objects of the block running now (of its set of detector
 * fibers: the blocks of the other set are unordered with it). */
char *barrier_sync()
{
	return &Bp->barrier_sync[detector_set()];
}

char *warp_sync(int w)
{
	return &Bp->warp_sync[detector_set()][w];
}

/* Fiber f acquires sync, from whichever fiber runs now: a barrier or a
 * __syncwarp that every one of its threads has reached does each thread's
 * acquire at once, before any of them goes on. Were each to acquire when it
 * resumes, a thread that already went on to the next barrier and released
 * its later work there would hand that work to the threads resuming after
 * it, and what it did between the two barriers would seem ordered before
 * theirs. */
void acquire_as(const fiber &f, void *sync)
{
	void *now = __tsan_get_current_fiber();
	__tsan_switch_to_fiber(f.tsan, __tsan_switch_to_fiber_no_sync);
	__tsan_acquire(sync);
	__tsan_switch_to_fiber(now, __tsan_switch_to_fiber_no_sync);
}

void name_running_detector(int i)
{
	const fiber &f = Bp->fibers[i];
	if (detector_named[f.detector] == &f)
		return;
	char name[96];
	write_who(name, sizeof name, i);
	__tsan_set_fiber_name(f.tsan, name);
	detector_named[f.detector] = &f;
}

void name_waiting_detector(const fiber &f)
{
	if (!detector_shared[f.detector] || !detector_named[f.detector])
		return;
	__tsan_set_fiber_name(f.tsan, L("another thread", "另一个线程"));
	detector_named[f.detector] = nullptr;
}

/* The memory model, as ThreadSanitizer should see it. CUDA's atomicAdd,
 * atomicExch, atomicCAS and relaxed cuda::atomic_ref operations order nothing
 * by themselves: the shim runs them as relaxed atomics. A fence turns them
 * into synchronisation, as in C++: a fence followed by an atomic write
 * publishes what came before the fence (the write releases), and an atomic
 * read followed by a fence acquires what the writer published. So a producer
 * without a fence, or a consumer that reads the data without a fence after
 * seeing the flag, leaves the data unordered: a race.
 *
 * What a later atomic write publishes is the thread's work up to the fence,
 * not up to the write: the fence hands the thread's history to its snapshot
 * fiber (a detector switch with synchronisation), and the write releases
 * from that snapshot. Data written between the fence and the flag stays
 * unpublished, as on a GPU. */
void fence()
{
	if (Bp->current < 0)
		return;
	fiber &f = cur();
	for (int k = 0; k < f.nseen; ++k)
		__tsan_acquire(const_cast<void *>(f.seen[k]));
	f.nseen = f.seen_next = 0;
	if (!fence_snapshot[f.detector])
		fence_snapshot[f.detector] = __tsan_create_fiber(0);
	__tsan_switch_to_fiber(fence_snapshot[f.detector], 0);
	__tsan_switch_to_fiber(f.tsan, __tsan_switch_to_fiber_no_sync);
	f.fence_pending = true;
	give_way(coresident_now);
}

void atomic_read(const void *addr)
{
	if (Bp->current < 0)
		return;
	fiber &f = cur();
	for (int k = 0; k < f.nseen; ++k)
		if (f.seen[k] == addr)
			return;
	/* a ring: once full, the oldest is forgotten (at worst a race is
	 * reported). Not shifted with memmove, which the race detector would see
	 * writing the fiber record, a record that every set's thread uses. */
	f.seen[f.seen_next] = addr;
	f.seen_next = (f.seen_next + 1) % 8;
	if (f.nseen < 8)
		++f.nseen;
}

void atomic_write(void *addr)
{
	if (Bp->current < 0)
		return;
	fiber &f = cur();
	if (f.fence_pending) {
		__tsan_switch_to_fiber(fence_snapshot[f.detector], __tsan_switch_to_fiber_no_sync);
		__tsan_release(addr);
		__tsan_switch_to_fiber(f.tsan, __tsan_switch_to_fiber_no_sync);
	}
}

void atomic_begin(void *addr, bool writes, const char *file, int line)
{
	if (Bp->current < 0)
		return;
	cur().atomic_file = file;
	cur().atomic_line = line;
	if (profiler)
		profiler->atomic(addr, file, line);
	/* before: between this thread's read of the word and its atomic */
	give_way(false);
	if (writes)
		atomic_write(addr);
}

void atomic_end(const void *addr, bool changed)
{
	if (Bp->current < 0)
		return;
	atomic_read(addr);
	if (changed)
		progress.store(progress.load(std::memory_order_relaxed) + 1,
		               std::memory_order_relaxed);
	/* after: between the atomic and what the thread does with its result */
	give_way(coresident_now);
}

uint64_t peek(const void *p, unsigned n)
{
	/* volatile loads of the exact width: no library call the race detector
	 * intercepts (this file is not instrumented) */
	switch (n) {
	case 1:
		return *static_cast<const volatile uint8_t *>(p);
	case 2:
		return *static_cast<const volatile uint16_t *>(p);
	case 4:
		return *static_cast<const volatile uint32_t *>(p);
	default:
		return *static_cast<const volatile uint64_t *>(p);
	}
}

} // namespace cj_emu
