/*
 * The emulator's runtime, shared between its parts and seen by no learner's
 * code. The shim headers (cuda_runtime.h and its kin) reach the runtime
 * through emu.h only; the parts are compiled without instrumentation: their
 * bookkeeping is not a race.
 *
 * Theory of operation: a launch runs its blocks one after another. For a
 * block, every CUDA thread gets a fiber (ucontext, a stack of its own, and a
 * ThreadSanitizer fiber so races between CUDA threads are races between
 * "threads" to the sanitizer). The scheduler resumes runnable fibers in
 * thread order; a fiber runs until it reaches __syncthreads(), a warp
 * collective or its end. The last lane to reach a collective completes it for
 * its whole mask. When nothing can run, the scheduler releases a barrier that
 * every live thread reached at the same place, completes __activemask(), or
 * else reports what the threads are stuck on: a deadlock (exit 7, TLE) or a
 * collective missing lanes of its mask (exit 8, RACE), with file:line.
 *
 * Happens-before for the race detector: the host releases before a launch
 * and every fiber acquires at its start; a barrier (__syncthreads(),
 * __syncwarp(), grid.sync()) releases as each thread arrives and, when the
 * last one arrives, acquires for every waiting thread at once, so it orders
 * exactly what it orders. The blocks of a launch are unordered, as on a GPU:
 * only the host acquires their ends; shared memory, one copy that stands for
 * each block's own in turn, is mapped anew before each block so that the
 * race detector forgets the accesses of the blocks before; and consecutive
 * blocks run on two sets of detector fibers. Threads give way at atomics and
 * fences, and warps resume in an order drawn from the schedule. Shuffles and
 * votes order nothing.
 *
 * The parts, one job each:
 *   scheduler.cpp    fibers and the context switch, running a block or a
 *                    co-resident grid, launch(), the emulator's start
 *   schedule.cpp     the seeded schedule: where threads give way, in which
 *                    order warps resume
 *   races.cpp        what ThreadSanitizer is told: its options, the detector
 *                    fibers and their names, the happens-before of barriers,
 *                    blocks, fences and atomics
 *   barriers.cpp     __syncthreads(), grid.sync() and the deadlock detector
 *   warps.cpp        warp collectives and the detector of partial masks
 *   watchdog.cpp     endless loops, reported before the engine's deadline
 *   memory.cpp       shared memory, device buffers behind guard pages, faults
 *   reports.cpp      the words of every report, in English or Chinese
 *   runtime_api.cpp  the CUDA runtime API, streams and events
 *   profile.cpp      the profile build's counts (not in the judged program:
 *                    libcjrt_emu_profile.a), told what happens through
 *                    `profiler`
 */
#ifndef HARNESS_EMU_INTERNAL_H
#define HARNESS_EMU_INTERNAL_H

#include <atomic>
#include <csignal>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <ctime>
#include <pthread.h>
#include <sanitizer/tsan_interface.h>
#include <string>
#include <sys/mman.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cuda_runtime.h"
/* The runtime's own malloc and free are the C library's (the shim's macros
 * are for the learner's code: emu_api.h). */
#undef malloc
#undef free

#if !defined(__x86_64__)
#error "the emulator's context switch is written for x86-64"
#endif
#include <vector>

#include "wire.h"

/* From the runtime (run_cases.cu): where a failure is explained, and the case
 * record of the case being run. */
extern char *cj_error_sink;
extern size_t cj_error_sink_len;
extern struct cj_wire_case *cj_current_case;

/* The sanitizers' symbolizer (libtsan exports it): fault reports name the
 * learner's line. */
extern "C" void __sanitizer_symbolize_pc(void *pc, const char *fmt, char *out, size_t size);

/* The pages of the cj_shared section and the end of its variables, laid out
 * by harness/emu/shared.ld; weak, so that a program linked without it is
 * told apart (memory.cpp). */
extern "C" unsigned char __start_cj_shared[] __attribute__((weak));
extern "C" unsigned char __stop_cj_shared[] __attribute__((weak));
extern "C" unsigned char cj_shared_end[] __attribute__((weak));
/* ThreadSanitizer's: while a thread is ignored, a mapping it makes resets
 * what the detector knows of that memory. */
extern "C" void __tsan_ignore_thread_begin();
extern "C" void __tsan_ignore_thread_end();

namespace cj_emu
{

const size_t STACK_BYTES = 256 * 1024;
const size_t MAX_THREADS = 1024;
/* A race-detector fiber costs milliseconds to create, so CUDA thread i of a
 * block uses detector fiber i % 64 of its block's set (detector_of() in
 * races.cpp): races between threads 64 apart (192 in a co-resident grid,
 * counting every block's threads) go unseen, every other pair is checked.
 * The odd blocks of a launch run on a second, smaller set (i % 16): what
 * they are for is being other fibers than the even blocks', and a race
 * within a block is there to see in the even blocks too. */
const int DETECTOR_FIBERS = 64, ODD_DETECTOR_FIBERS = 16, RESIDENT_DETECTOR_FIBERS = 192;
/* A co-resident grid: every thread is a fiber at once (the scheduler's
 * arrays and the stacks are per thread), so keep it small. */
const size_t MAX_RESIDENT_THREADS = 8192;

enum state { RUNNABLE, AT_BARRIER, IN_COLLECTIVE, AT_GRID_BARRIER, EXITED };

struct fiber {
	void *sp = nullptr;             /* saved stack pointer while not running */
	unsigned char *stack = nullptr; /* guard page + STACK_BYTES */
	/* One stack per set of detector fibers (detector_set()): the stack of a
	 * thread of the block before, which ran on the other set, would be
	 * memory that two unordered threads used. */
	unsigned char *stacks[2] = {nullptr, nullptr};
	void *tsan = nullptr;
	uint3 tid;
	int linear = 0;
	state st = EXITED;
	/* where it waits */
	const char *file = "";
	int line = 0;
	/* barrier */
	int predicate = 0, barrier_result = 0;
	/* collective */
	op_kind op = OP_SYNCWARP;
	unsigned mask = 0;
	uint64_t value = 0, result = 0;
	int arg = 0, width = 32;
	/* memory-model bookkeeping (see fence()): a fence is pending until this
	 * thread's next atomic write, which then publishes what came before the
	 * fence; relaxed atomic reads since the last fence, which the next fence
	 * turns into acquires */
	bool fence_pending = false;
	int detector = 0; /* index into detector_fiber and fence_snapshot */
	int nseen = 0, seen_next = 0;
	const void *seen[8] = {};
	/* the learner's line of the atomic it last gave way at (file null:
	 * unknown), for the report of a loop of atomics that never ends */
	const char *atomic_file = nullptr;
	int atomic_line = 0;
};

inline uintptr_t page_bytes()
{
	return (uintptr_t)sysconf(_SC_PAGESIZE);
}
/* A fiber's stack, from f.stack up: a guard page (an overflow faults there
 * instead of corrupting), then the STACK_BYTES the thread runs on, up to
 * stack_top(f). */
inline uintptr_t stack_top(const fiber &f)
{
	return (uintptr_t)f.stack + page_bytes() + STACK_BYTES;
}
inline bool on_stack(const fiber &f, uintptr_t a)
{
	return f.stack && a >= (uintptr_t)f.stack && a < stack_top(f);
}
inline bool on_guard_page(const fiber &f, uintptr_t a)
{
	return f.stack && a >= (uintptr_t)f.stack && a < (uintptr_t)f.stack + page_bytes();
}

struct block_run {
	fiber fibers[MAX_THREADS];
	int nthreads = 0;
	int current = -1;
	uint3 block{0, 0, 0};
	dim3 block_dim{1, 1, 1}, grid_dim{1, 1, 1};
	void (*body)(void *) = nullptr;
	void *ctx = nullptr;
	bool running = false;
	int base = 0; /* grid-wide number of thread 0 (co-resident grids) */
	/* the race detector's objects of its barriers and __syncwarp()s, one
	 * per set of detector fibers (see detector_set() in races.cpp) */
	char barrier_sync[2];
	char warp_sync[2][MAX_THREADS / 32];
};

/* ---- scheduler.cpp ---- */
extern block_run first_block;
extern block_run *Bp;
extern std::vector<block_run *> resident;
extern bool coresident_now;
extern void *scheduler_sp;
extern void *scheduler_tsan;
extern std::atomic<unsigned long> switches;
extern std::atomic<unsigned long> progress;
extern std::atomic<int> last_fiber;
extern unsigned block_serial, launch_first_block;
fiber &cur();
void to_scheduler(bool moved = true);
void give_way(bool always);

/* ---- schedule.cpp ---- */
uint64_t draw();
bool give_way_now();
void seed_schedule();
extern bool schedule_fixed;
extern uint64_t schedule_base;

/* ---- races.cpp ---- */
extern void *detector_fiber[RESIDENT_DETECTOR_FIBERS];
extern void *fence_snapshot[RESIDENT_DETECTOR_FIBERS];
extern char launch_sync, launch_end_sync;
extern char grid_sync_obj, grid_end_sync;
int detector_set();
int detector_of(int i);
/* The detector fiber thread i of the block runs on, made if need be. */
void *detector_for(int i);
/* A launch begins: no detector fiber has carried a thread yet. */
void forget_detector_users();
/* Names a fiber's detector after its thread as it resumes, or as "another
 * thread" as it stops when it carried several. */
void name_running_detector(int i);
void name_waiting_detector(const fiber &f);
char *barrier_sync();
char *warp_sync(int w);
void acquire_as(const fiber &f, void *sync);

/* ---- reports.cpp ---- */
bool zh_reports();

/* A report's text in both languages, as L() of harness/engine/report/lang.h: two
 * string literals, the same printf conversions in the same order, checked by
 * tests/unit/check_lang.py. CUDA terms stay as they are in Chinese. */
#define L(en, zh) (zh_reports() ? "" zh : "" en)
__attribute__((format(printf, 1, 2))) std::string fmt(const char *format, ...);
const char *semi();
extern const char *named_file;
std::string where(const char *file, int line);
/* " at exercises/warp_scan.cu:12" of a place where() or a sample gave, or "" */
std::string at_place(const std::string &place);
std::string block_name();
/* "thread 37 of block 0", in Chinese "block 0 的线程 37"; write_who writes it
 * into name without a library call, for races.cpp's fiber names. */
std::string who(int linear);
void write_who(char *name, size_t size, int linear);
std::string ranges(const std::vector<int> &ids);
const char *op_name(op_kind op);
std::string doing(const fiber &f, bool one);
/* fibers: the block's threads (Bp->fibers), or a copy of them taken by a
 * thread other than the one that runs them (the watchdog) */
std::string census(const std::vector<int> &ids, const fiber *fibers = nullptr);
/* "8 MiB", "6.0 GiB", "100 bytes" */
std::string bytes_text(size_t bytes);
[[noreturn]] void fail(int code, const std::string &text);

/* ---- warps.cpp ---- */
int warp_of(int linear);
unsigned existing_lanes(int w);
[[noreturn]] void partial_collective(const fiber &f, unsigned missing);

/* ---- barriers.cpp ---- */
bool resolve(bool may_fail = true);

/* ---- memory.cpp ---- */
extern unsigned char dynamic_shared[64 * 1024];
struct region {
	unsigned char *map; /* guard page, data pages, guard page */
	size_t map_bytes;
	unsigned char *data;
	size_t bytes;
	char name[sizeof(cj_wire_buf::name)]; /* the case buffer it holds, or "" */
};
extern std::vector<region> regions;
void poison(unsigned char *p, size_t bytes);
/* malloc() and free() on a thread of a launch: the device heap. */
void *device_malloc(size_t bytes, const char *file, int line);
void device_free(void *p);
size_t device_heap_limit();
void set_device_heap_limit(size_t bytes);
std::string root_of(const void *pc);
std::string learner_frame(const void *pc, const std::string &root);
void fresh_shared_memory();
/* The bytes of the program's static __shared__ variables. */
size_t static_shared_bytes();
void on_fault(int sig, siginfo_t *info, void *uctx);
cudaError_t allocate(void **ptr, size_t bytes);

/* ---- profile.cpp, in the profile build only ---- */
/* What the runtime tells the profiler; `profiler` is null in every program
 * that is judged, and set by profile.cpp's constructor in the profile build
 * (`judge --profile`), where a warp's threads also stop at every warp
 * operation and give way only where they must, so that a scheduler's pass
 * over a warp is one stretch of its lanes' steps (profile.cpp explains). */
struct profile_hooks {
	void (*launch)(const dim3 &grid, const dim3 &block, unsigned dynamic_shared);
	void (*launch_end)();
	/* threads [first, end) of the block, one warp, stopped */
	void (*warp_paused)(int first, int end);
	void (*barrier)(const char *file, int line);
	void (*atomic)(void *addr, const char *file, int line);
};
extern const profile_hooks *profiler;

/* ---- watchdog.cpp ---- */
/* Starts the watchdog thread; called on the main thread, which it watches. */
void start_watchdog();
void *watchdog(void *);

/* ---- runtime_api.cpp ---- */
extern cudaError_t last_error;

} // namespace cj_emu

#endif
