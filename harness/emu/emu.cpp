/*
 * The emulator's scheduler and runtime API; see emu.h and cuda_runtime.h.
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
 * and every fiber acquires at its start; barriers and __syncwarp release on
 * arrival and acquire on departure; a block of a kernel with shared memory
 * ends with a release that the next block (and the host) acquires, since it
 * reuses the same shared memory; without shared memory, blocks are unordered
 * as on a GPU and only the host acquires their ends. Threads give way at
 * atomics and fences, and warps resume in an order drawn from the schedule.
 * Shuffles and votes order nothing. This file
 * is compiled without instrumentation: the bookkeeping is not a race.
 */
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
#include <unistd.h>

#include "cuda_runtime.h"

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

/* Weak: a program without __shared__ variables has no such section. */
extern "C" unsigned char __start_cj_shared[] __attribute__((weak));
extern "C" unsigned char __stop_cj_shared[] __attribute__((weak));

namespace cj_emu
{

unsigned char dynamic_shared[64 * 1024] __attribute__((aligned(16)));

namespace
{

const size_t STACK_BYTES = 256 * 1024;
const size_t MAX_THREADS = 1024;
/* A race-detector fiber costs milliseconds to create, so CUDA thread i uses
 * detector fiber i % detector_fibers(): races between threads 64 apart (192
 * in a co-resident grid, counting every block's threads) go unseen, every
 * other pair is checked. */
const int DETECTOR_FIBERS = 64, RESIDENT_DETECTOR_FIBERS = 192;
/* A co-resident grid: every thread is a fiber at once (the scheduler's
 * arrays and the stacks are per thread), so keep it small. */
const size_t MAX_RESIDENT_THREADS = 8192;
void *detector_fiber[RESIDENT_DETECTOR_FIBERS];
int detector_owner[RESIDENT_DETECTOR_FIBERS];
/* Per detector fiber, made at its first fence: a second detector "thread"
 * that holds what the fiber had done when it last fenced (see fence()). */
void *fence_snapshot[RESIDENT_DETECTOR_FIBERS];

enum state { RUNNABLE, AT_BARRIER, IN_COLLECTIVE, AT_GRID_BARRIER, EXITED };

struct fiber {
	void *sp = nullptr;             /* saved stack pointer while not running */
	unsigned char *stack = nullptr; /* guard page + STACK_BYTES */
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
	int nseen = 0;
	const void *seen[8] = {};
	/* the learner's line of the atomic it last gave way at (file null:
	 * unknown), for the report of a loop of atomics that never ends */
	const char *atomic_file = nullptr;
	int atomic_line = 0;
};

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
};

/* The block whose threads the scheduler runs now. Blocks run in turn by
 * default; a co-resident launch (grid.sync(), flags between blocks) keeps one
 * block_run per block and interleaves all of their threads. */
block_run first_block;
block_run *Bp = &first_block;
std::vector<block_run *> resident; /* grows to the largest co-resident grid */
bool coresident_now = false;
void *scheduler_sp;
void *scheduler_tsan = nullptr;
const uint3 host_idx{0, 0, 0};
const dim3 host_dim{1, 1, 1};
cudaError_t last_error = cudaSuccess;
std::atomic<unsigned long> switches{0};
/* Bumped whenever a thread gets anywhere: it reached a barrier, a warp
 * operation or its end, or an atomic changed memory. Turns given at atomics
 * and fences that change nothing (a failed compare-and-swap, a poll) do not
 * count: the watchdog reports a launch whose threads only do those. */
std::atomic<unsigned long> progress{0};
/* The thread the scheduler resumed last, for the watchdog's reports. */
std::atomic<int> last_fiber{-1};

/* ---- the schedule ---------------------------------------------------------
 * Where threads give way and in which order warps resume is drawn from a
 * generator seeded, at each launch, from the case being run (its name,
 * parameters and input data, which the run's seed decides) and the number of
 * launches of that case so far: the same seed gives the same schedule, and
 * another seed another one. CJ_EMU_SCHEDULE=<number> seeds it instead (the
 * emulator's own tests). */
uint64_t schedule_state = 0x2545f4914f6cdd1dULL;

uint64_t draw()
{
	/* splitmix64 */
	uint64_t z = (schedule_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A thread gives way before an atomic, and again after it, once in
 * 1 << GIVE_WAY_SHIFT times: often enough that every case with a few threads
 * on one word sees them interleave, rarely enough to keep correct loops fast. */
const int GIVE_WAY_SHIFT = 2;

bool give_way_now()
{
	return (draw() >> (64 - GIVE_WAY_SHIFT)) == 0;
}

bool schedule_fixed = false; /* CJ_EMU_SCHEDULE was set */
uint64_t schedule_base = 0;
const cj_wire_case *seeded_case = nullptr;
uint64_t case_seed = 0;
unsigned launches_of_case = 0;

uint64_t hash_bytes(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; ++i)
		h = (h ^ p[i]) * 0x100000001b3ULL; /* FNV-1a */
	return h;
}

/* The case file a case record lies in: the runtime maps it whole, from a
 * page boundary, with the header first and the case records after it. */
const cj_wire_header *header_of(const cj_wire_case *c)
{
	uintptr_t at = (uintptr_t)c - offsetof(cj_wire_header, cases);
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	for (int k = 0; k < 4096 && at >= page; ++k, at -= sizeof(cj_wire_case)) {
		const cj_wire_header *h = reinterpret_cast<const cj_wire_header *>(at);
		if (at % page == 0 && h->magic == CJ_WIRE_MAGIC && h->ncases > (uint32_t)k)
			return h;
	}
	return nullptr;
}

/* What the case depends on: its name, parameters and inputs (the first MiB
 * of each), all decided by the run's seed. */
uint64_t seed_of_case(const cj_wire_case *c)
{
	uint64_t h = hash_bytes(0xcbf29ce484222325ULL, (const unsigned char *)c->name,
	                        strnlen(c->name, sizeof c->name));
	h = hash_bytes(h, (const unsigned char *)c->param, sizeof c->param);
	const cj_wire_header *file = header_of(c);
	for (uint32_t b = 0; file && b < c->nbuf && b < CJ_MAX_BUFS; ++b) {
		const cj_wire_buf &buf = c->buf[b];
		if (!(buf.role & CJ_IN) || buf.offset + buf.count * CJ_ELEM_SIZE > file->size)
			continue;
		size_t bytes = std::min<size_t>(buf.count * CJ_ELEM_SIZE, (size_t)1 << 20);
		h = hash_bytes(h, (const unsigned char *)file + buf.offset, bytes);
	}
	return h;
}

/* Seeds the schedule of the launch about to run. */
void seed_schedule()
{
	if (cj_current_case != seeded_case || !launches_of_case) {
		seeded_case = cj_current_case;
		case_seed = schedule_fixed ? schedule_base
		            : seeded_case  ? seed_of_case(seeded_case)
		                           : 0x5eedULL;
		launches_of_case = 0;
	}
	schedule_state = case_seed ^ (0xd1b54a32d192ed03ULL * ++launches_of_case);
}

/* Sync objects for the race detector's happens-before annotations. */
/* Blocks alternate between two end objects: a block's threads acquire the
 * previous block's (blocks run in turn) and release their own, so threads of
 * one block are never ordered by the block before them. */
char launch_sync, block_end_sync[2], barrier_sync, warp_sync[MAX_THREADS / 32];
/* Co-resident grids: grid.sync() and the end of the grid. */
char grid_sync_obj, grid_end_sync;
/* Blocks are ordered one after the other only when the kernel has shared
 * memory, which the next block reuses at the same addresses. Without it the
 * blocks of a launch are unordered, as on a GPU: a block that reads what
 * another block wrote without an atomic or a fence races with it, whichever
 * order the emulator ran them in. Their ends meet at the end of the launch. */
bool chain_blocks = true;
char launch_end_sync;

int detector_fibers()
{
	return coresident_now ? RESIDENT_DETECTOR_FIBERS : DETECTOR_FIBERS;
}
unsigned block_serial;

fiber &cur()
{
	return Bp->fibers[Bp->current];
}

/* ---- reports ----------------------------------------------------------- */

/* The language of the reports: Chinese when CJ_LANG is "zh" (the engine sets
 * it for the test binary, see spawn_test in harness/engine/judge.c), else
 * English. Read once, in start_emulator(), before any fiber, the watchdog or
 * the signal handler can need it. */
int report_lang = -1; /* -1 unknown, 0 English, 1 Chinese */

bool zh_reports()
{
	if (report_lang < 0) {
		const char *l = std::getenv("CJ_LANG");
		report_lang = l && std::strcmp(l, "zh") == 0;
	}
	return report_lang == 1;
}

/* A report's text in both languages, as L() of harness/engine/lang.h: two
 * string literals, the same printf conversions in the same order, checked by
 * tests/unit/check_lang.py. CUDA terms stay as they are in Chinese. */
#define L(en, zh) (zh_reports() ? "" zh : "" en)

/* printf into a string, for a report whose format is an L() pair (the
 * compiler checks both branches against the arguments). */
__attribute__((format(printf, 1, 2))) std::string fmt(const char *format, ...)
{
	va_list ap, again;
	va_start(ap, format);
	va_copy(again, ap);
	int n = std::vsnprintf(nullptr, 0, format, ap);
	va_end(ap);
	std::string s(n > 0 ? (size_t)n : 0, '\0');
	if (n > 0)
		std::vsnprintf(&s[0], (size_t)n + 1, format, again);
	va_end(again);
	return s;
}

/* Between two parts of a list: "; " or "；". */
const char *semi()
{
	return zh_reports() ? "；" : "; ";
}

/* The file a report has named already: later places in it say only "line N". */
const char *named_file;

std::string where(const char *file, int line)
{
	if (named_file && std::strcmp(named_file, file) == 0)
		return zh_reports() ? "第 " + std::to_string(line) + " 行"
		                    : "line " + std::to_string(line);
	named_file = file;
	return std::string(file) + ":" + std::to_string(line);
}

std::string thread_name(int linear)
{
	const fiber &f = Bp->fibers[linear];
	std::string s = L("thread ", "线程 ") + std::to_string(f.tid.x);
	if (Bp->block_dim.y > 1 || Bp->block_dim.z > 1)
		s = L("thread (", "线程 (") + std::to_string(f.tid.x) + "," +
		    std::to_string(f.tid.y) + "," + std::to_string(f.tid.z) + ")";
	return s;
}

std::string block_name()
{
	if (Bp->grid_dim.y > 1 || Bp->grid_dim.z > 1)
		return "block (" + std::to_string(Bp->block.x) + "," + std::to_string(Bp->block.y) +
		       "," + std::to_string(Bp->block.z) + ")";
	return "block " + std::to_string(Bp->block.x);
}

/* "thread 37 of block 0", in Chinese "block 0 的线程 37". */
std::string who(int linear)
{
	if (zh_reports())
		return block_name() + " 的" + thread_name(linear);
	return thread_name(linear) + " of " + block_name();
}

/* "0-15, 32-47" */
std::string ranges(const std::vector<int> &ids)
{
	std::string s;
	int shown = 0;
	for (size_t i = 0; i < ids.size(); ++i) {
		size_t j = i;
		while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
			++j;
		if (shown++ == 6) {
			s += ", ...";
			break;
		}
		s += (s.empty() ? "" : ", ") + std::to_string(ids[i]);
		if (j > i)
			s += "-" + std::to_string(ids[j]);
		i = j;
	}
	return s;
}

const char *op_name(op_kind op)
{
	switch (op) {
	case OP_SHFL_IDX:
		return "__shfl_sync";
	case OP_SHFL_UP:
		return "__shfl_up_sync";
	case OP_SHFL_DOWN:
		return "__shfl_down_sync";
	case OP_SHFL_XOR:
		return "__shfl_xor_sync";
	case OP_ALL:
		return "__all_sync";
	case OP_ANY:
		return "__any_sync";
	case OP_BALLOT:
		return "__ballot_sync";
	case OP_SYNCWARP:
		return "__syncwarp";
	case OP_MATCH_ANY:
		return "__match_any_sync";
	case OP_ACTIVEMASK:
		return "__activemask";
	}
	return L("a warp operation", "某个 warp 操作");
}

/* What a waiting or finished thread is doing, for reports; `one`: said of a
 * single thread ("thread 0 has exited", "threads 1-31 have exited"). */
std::string doing(const fiber &f, bool one)
{
	switch (f.st) {
	case EXITED:
		return one ? L("has exited", "已经退出") : L("have exited", "都已经退出");
	case AT_BARRIER:
		return (one ? L("waits at __syncthreads() ", "在 __syncthreads() 处等待，")
		            : L("wait at __syncthreads() ", "都在 __syncthreads() 处等待，")) +
		       where(f.file, f.line);
	case AT_GRID_BARRIER:
		return (one ? L("waits at grid.sync() ", "在 grid.sync() 处等待，")
		            : L("wait at grid.sync() ", "都在 grid.sync() 处等待，")) +
		       where(f.file, f.line);
	case IN_COLLECTIVE:
		return (one ? L("waits in ", "在 ") : L("wait in ", "都在 ")) +
		       std::string(op_name(f.op)) + L(" ", " 中等待，") + where(f.file, f.line);
	default:
		return one ? L("is still running", "仍在运行")
		           : L("are still running", "都仍在运行");
	}
}

/* Groups threads by what they do: "threads 0-15 wait at ...; threads 16-31 have exited". */
std::string census(const std::vector<int> &ids)
{
	/* Grouped by the full description; worded with where()'s short form. */
	const char *named = named_file;
	named_file = nullptr;
	std::vector<std::pair<std::string, std::vector<int>>> groups;
	for (int id : ids) {
		std::string d = doing(Bp->fibers[id], false); /* the grouping key */
		named_file = nullptr;
		auto it = std::find_if(groups.begin(), groups.end(),
		                       [&](const auto &g) { return g.first == d; });
		if (it == groups.end())
			groups.push_back({d, {id}});
		else
			it->second.push_back(id);
	}
	named_file = named;
	std::string s;
	for (auto &g : groups) {
		s += (s.empty() ? "" : semi()) +
		     std::string(g.second.size() > 1 ? L("threads ", "线程 ")
		                                     : L("thread ", "线程 ")) +
		     ranges(g.second);
		s += " " + doing(Bp->fibers[g.second.front()], g.second.size() == 1);
	}
	return s;
}

[[noreturn]] void fail(int code, const std::string &text)
{
	std::fflush(nullptr);
	/* Byte by byte through a volatile pointer: no intercepted library call
	 * that the race detector would see (the watchdog thread calls this too). */
	if (cj_error_sink && cj_error_sink_len) {
		volatile char *sink = cj_error_sink;
		size_t n = std::min(text.size(), cj_error_sink_len - 1);
		/* cut before a whole UTF-8 character, never inside one */
		while (n < text.size() && n > 0 && (text[n] & 0xc0) == 0x80)
			--n;
		for (size_t i = 0; i < n; ++i)
			sink[i] = text[i];
		sink[n] = '\0';
	}
	if (cj_current_case)
		cj_current_case->state = CJ_CASE_FAILED;
	_exit(code);
}

/* ---- fibers ------------------------------------------------------------ */

/* Saves the callee-saved registers on the current stack, stores the stack
 * pointer in *save, and continues on `load`: a context switch without the
 * two signal-mask system calls of swapcontext. x86-64 System V only. */
extern "C" void cj_emu_switch(void **save, void *load);
asm(".text\n"
    ".globl cj_emu_switch\n"
    ".type cj_emu_switch,@function\n"
    "cj_emu_switch:\n"
    "\tpushq %rbp\n\tpushq %rbx\n\tpushq %r12\n\tpushq %r13\n\tpushq %r14\n\tpushq %r15\n"
    "\tmovq %rsp, (%rdi)\n"
    "\tmovq %rsi, %rsp\n"
    "\tpopq %r15\n\tpopq %r14\n\tpopq %r13\n\tpopq %r12\n\tpopq %rbx\n\tpopq %rbp\n"
    "\tret\n"
    ".size cj_emu_switch,.-cj_emu_switch\n");

/* moved: false for a turn given at an atomic or a fence (see progress). */
void to_scheduler(bool moved = true)
{
	/* one writer (this thread), one reader (the watchdog) */
	switches.store(switches.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
	if (moved)
		progress.store(progress.load(std::memory_order_relaxed) + 1,
		               std::memory_order_relaxed);
	fiber &f = cur();
	__tsan_switch_to_fiber(scheduler_tsan, __tsan_switch_to_fiber_no_sync);
	cj_emu_switch(&f.sp, scheduler_sp);
}

/* who(i), written into name without a library call: a fiber is renamed
 * whenever another CUDA thread last used its detector fiber, which happens at
 * nearly every resume, and string building through the race detector's
 * interceptors cost a quarter of a run. */
struct name_writer {
	char *at, *end;
	void put(const char *s)
	{
		while (*s && at < end)
			*at++ = *s++;
	}
	void num(unsigned v)
	{
		char digits[12];
		int n = 0;
		do
			digits[n++] = (char)('0' + v % 10);
		while (v /= 10);
		while (n && at < end)
			*at++ = digits[--n];
	}
	void triple(const uint3 &v)
	{
		put("(");
		num(v.x);
		put(",");
		num(v.y);
		put(",");
		num(v.z);
		put(")");
	}
};

void fiber_name(char *name, size_t size, int i)
{
	name_writer w{name, name + size - 1};
	bool zh = zh_reports();
	const uint3 &t = Bp->fibers[i].tid;
	auto thread = [&] {
		w.put(zh ? "线程 " : "thread ");
		if (Bp->block_dim.y > 1 || Bp->block_dim.z > 1)
			w.triple(t);
		else
			w.num(t.x);
	};
	auto block = [&] {
		w.put("block ");
		if (Bp->grid_dim.y > 1 || Bp->grid_dim.z > 1)
			w.triple(Bp->block);
		else
			w.num(Bp->block.x);
	};
	if (zh) {
		block();
		w.put(" 的");
		thread();
	} else {
		thread();
		w.put(" of ");
		block();
	}
	*w.at = '\0';
}

/* A turn for the other threads at an atomic or a fence: always when
 * `always` (a co-resident grid, where a thread may poll for another block),
 * else when the schedule says so. */
void give_way(bool always)
{
	if (Bp->current >= 0 && (always || give_way_now()))
		to_scheduler(false);
}

void run_fiber(int i)
{
	switches.store(switches.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
	int d = (Bp->base + i) % detector_fibers();
	if (detector_owner[d] != Bp->base + i) { /* reports name the CUDA thread running now */
		char name[96];
		fiber_name(name, sizeof name, i);
		__tsan_set_fiber_name(Bp->fibers[i].tsan, name);
		detector_owner[d] = Bp->base + i;
	}
	last_fiber.store(i, std::memory_order_relaxed);
	Bp->current = i;
	__tsan_switch_to_fiber(Bp->fibers[i].tsan, __tsan_switch_to_fiber_no_sync);
	cj_emu_switch(&scheduler_sp, Bp->fibers[i].sp);
	Bp->current = -1;
}

void fiber_main()
{
	__tsan_acquire(&launch_sync);
	if (coresident_now) {
		Bp->body(Bp->ctx);
		__tsan_release(&grid_end_sync);
	} else if (chain_blocks) {
		__tsan_acquire(&block_end_sync[(block_serial + 1) % 2]);
		Bp->body(Bp->ctx);
		__tsan_release(&block_end_sync[block_serial % 2]);
	} else {
		Bp->body(Bp->ctx);
		__tsan_release(&launch_end_sync);
	}
	cur().st = EXITED;
	to_scheduler();
	/* never resumed */
}

void prepare_fiber(int i)
{
	fiber &f = Bp->fibers[i];
	long page = sysconf(_SC_PAGESIZE);
	if (!f.stack) {
		void *m = mmap(nullptr, STACK_BYTES + page, PROT_READ | PROT_WRITE,
		               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED)
			fail(CJ_EXIT_CASE_FAILED,
			     L("the emulator could not allocate a thread stack",
			       "模拟器无法为线程分配栈"));
		mprotect(m, page, PROT_NONE); /* overflow faults instead of corrupting */
		f.stack = static_cast<unsigned char *>(m);
	}
	int d = (Bp->base + i) % detector_fibers();
	if (!detector_fiber[d])
		detector_fiber[d] = __tsan_create_fiber(0);
	f.tsan = detector_fiber[d];
	f.detector = d;
	f.fence_pending = false;
	f.nseen = 0;
	/* A stack that cj_emu_switch "returns" into fiber_main from: six saved
	 * registers, then fiber_main's address in a 16-byte aligned slot. */
	uintptr_t top = (uintptr_t)(f.stack + page + STACK_BYTES) & ~(uintptr_t)15;
	void **ret_slot = (void **)(top - 16);
	ret_slot[0] = (void *)fiber_main;
	ret_slot[1] = nullptr;
	f.sp = (void *)((uintptr_t)ret_slot - 6 * sizeof(void *));
	std::memset(f.sp, 0, 6 * sizeof(void *));
	unsigned bx = Bp->block_dim.x, by = Bp->block_dim.y;
	f.tid = uint3{(unsigned)i % bx, (unsigned)i / bx % by, (unsigned)i / (bx * by)};
	f.linear = i;
	f.st = RUNNABLE;
	detector_owner[d] = -1; /* renamed when it next runs */
}

/* ---- warp collectives --------------------------------------------------- */

int warp_of(int linear)
{
	return linear / 32;
}

/* Lanes of warp w that exist in this block (the last warp may be partial). */
unsigned existing_lanes(int w)
{
	int first = w * 32, n = Bp->nthreads - first;
	return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

[[noreturn]] void partial_collective(const fiber &f, unsigned missing)
{
	int w = warp_of(f.linear);
	std::vector<int> in, out;
	for (int l = 0; l < 32; ++l) {
		if (!(f.mask >> l & 1))
			continue;
		int id = w * 32 + l;
		bool there = id < Bp->nthreads && !(missing >> l & 1);
		(there ? in : out).push_back(id);
	}
	named_file = nullptr;
	std::string at = where(f.file, f.line);
	std::string text = fmt(L("%s at %s with mask 0x%08x in warp %d of %s: ",
	                         "%s（%s）使用掩码 0x%08x，位于 warp %d（%s）："),
	                       op_name(f.op), at.c_str(), f.mask, w, block_name().c_str());
	text += census(in) + L("; but ", "；但是");
	std::vector<int> ghosts, real;
	for (int id : out)
		(id < Bp->nthreads ? real : ghosts).push_back(id);
	if (!real.empty())
		text += census(real);
	if (!ghosts.empty())
		text += (real.empty() ? "" : semi()) +
		        fmt(L("lanes %s do not exist (the block has %d threads)",
		              "lane %s 并不存在（该 block 只有 %d 个线程）"),
		            ranges(ghosts).c_str(), Bp->nthreads);
	text += L(". Every lane named in the mask must reach this same call (on a GPU anything "
	          "else is undefined behaviour): run the warp operation in every lane, outside "
	          "any if that some lanes skip, and put the condition on what is done with its "
	          "result (int up = __shfl_up_sync(0xffffffff, v, d); if (lane >= d) v += up;); "
	          "a narrower mask is right only for lanes that never take part, such as the "
	          "missing lanes of a partial warp",
	          "。掩码中列出的每个 lane 都必须到达这同一个调用（在 GPU 上否则就是未定义"
	          "行为）：让每个 lane 都执行这个 warp 操作，不要放进某些 lane 会跳过的 if "
	          "里，而是把条件加在对结果的使用上（int up = __shfl_up_sync(0xffffffff, v, "
	          "d); if (lane >= d) v += up;）；只有对根本不参与的 lane（例如不满的 warp "
	          "中缺少的 lane），才应该用更窄的掩码");
	fail(CJ_EXIT_RACE, text);
}

uint64_t lane_value(int w, int lane)
{
	return Bp->fibers[w * 32 + lane].value;
}

/* All lanes of the mask are here: compute every lane's result. */
void complete(int w, unsigned mask)
{
	for (int l = 0; l < 32; ++l) {
		if (!(mask >> l & 1))
			continue;
		fiber &f = Bp->fibers[w * 32 + l];
		int width = f.width, seg = l & ~(width - 1), src = l;
		switch (f.op) {
		case OP_SHFL_IDX:
			src = seg + (f.arg & (width - 1));
			break;
		case OP_SHFL_UP:
			src = (l & (width - 1)) >= f.arg ? l - f.arg : l;
			break;
		case OP_SHFL_DOWN:
			src = (l & (width - 1)) + f.arg < width ? l + f.arg : l;
			break;
		case OP_SHFL_XOR:
			src = (l ^ f.arg) & 31;
			if ((src & ~(width - 1)) != seg)
				src = l;
			break;
		default:
			break;
		}
		switch (f.op) {
		case OP_SHFL_IDX:
		case OP_SHFL_UP:
		case OP_SHFL_DOWN:
		case OP_SHFL_XOR:
			if (!(mask >> src & 1)) {
				std::string at = where(f.file, f.line);
				fail(CJ_EXIT_RACE,
				     fmt(L("%s at %s: %s reads lane %d, which is not in the mask: "
				           "the "
				           "value is undefined on a GPU",
				           "%s（%s）：%s 读取了 lane %d，而它不在掩码中：在 GPU "
				           "上读到的值是未定义的"),
				         op_name(f.op), at.c_str(), who(f.linear).c_str(), src));
			}
			f.result = lane_value(w, src);
			break;
		case OP_ALL:
		case OP_ANY:
		case OP_BALLOT: {
			unsigned ballot = 0;
			for (int k = 0; k < 32; ++k)
				if ((mask >> k & 1) && lane_value(w, k))
					ballot |= 1u << k;
			f.result = f.op == OP_BALLOT ? ballot
			           : f.op == OP_ALL  ? (ballot == mask)
			                             : (ballot != 0);
			break;
		}
		case OP_MATCH_ANY: {
			unsigned same = 0;
			for (int k = 0; k < 32; ++k)
				if ((mask >> k & 1) && lane_value(w, k) == f.value)
					same |= 1u << k;
			f.result = same;
			break;
		}
		default:
			f.result = 0;
			break;
		}
	}
	for (int l = 0; l < 32; ++l)
		if (mask >> l & 1)
			Bp->fibers[w * 32 + l].st = RUNNABLE;
}

/* Completes the collective that f waits in if every lane of its mask is there
 * too; fails at once if a lane of the mask has exited or does not exist. */
void try_complete(const fiber &f)
{
	int w = warp_of(f.linear);
	unsigned exited = ~existing_lanes(w);
	bool all_here = true;
	for (int l = 0; l < 32; ++l) {
		if (!(f.mask >> l & 1) || (exited >> l & 1))
			continue;
		const fiber &o = Bp->fibers[w * 32 + l];
		if (o.st == EXITED)
			exited |= 1u << l;
		else if (o.st != IN_COLLECTIVE || o.op != f.op || o.mask != f.mask)
			all_here = false;
	}
	if (f.mask & exited)
		partial_collective(f, f.mask & exited);
	if (all_here)
		complete(w, f.mask);
}

} // namespace

/* ---- the interface of emu.h ------------------------------------------------ */

const uint3 &thread_idx()
{
	return Bp->current >= 0 ? Bp->fibers[Bp->current].tid : host_idx;
}

const uint3 &block_idx()
{
	return Bp->block;
}

const dim3 &block_dim()
{
	return Bp->running ? Bp->block_dim : host_dim;
}

const dim3 &grid_dim()
{
	return Bp->running ? Bp->grid_dim : host_dim;
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
	f.nseen = 0;
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
	if (f.nseen == 8) /* the oldest is forgotten: at worst a race is reported */
		std::memmove(f.seen, f.seen + 1, 7 * sizeof *f.seen), f.nseen = 7;
	f.seen[f.nseen++] = addr;
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

void yield()
{
	if (Bp->current >= 0 && coresident_now)
		to_scheduler(false);
}

void spin()
{
	if (Bp->current >= 0)
		to_scheduler();
}

unsigned long long clock_ticks()
{
	static unsigned long long ticks;
	return ticks += 64;
}

bool coresident()
{
	return coresident_now;
}

void grid_barrier(const char *file, int line)
{
	if (Bp->current < 0)
		return;
	if (!coresident_now)
		fail(CJ_EXIT_CASE_FAILED,
		     fmt(L("grid.sync() at %s in a kernel that was not started with "
		           "cudaLaunchCooperativeKernel: the blocks of an ordinary launch do not "
		           "all "
		           "run at the same time, so a grid-wide barrier may never be reached by "
		           "all of them",
		           "grid.sync()（%s）所在的 kernel 不是用 cudaLaunchCooperativeKernel "
		           "启动的：普通 launch 的各个 block 并不同时运行，所以整个 grid "
		           "范围的屏障可能永远等不到所有 block 到达"),
		         where(file, line).c_str()));
	fiber &f = cur();
	f.st = AT_GRID_BARRIER;
	f.file = file;
	f.line = line;
	__tsan_release(&grid_sync_obj);
	to_scheduler();
	__tsan_acquire(&grid_sync_obj);
}

int block_barrier(int predicate, const char *file, int line)
{
	if (Bp->current < 0)
		return predicate;
	fiber &f = cur();
	f.st = AT_BARRIER;
	f.file = file;
	f.line = line;
	f.predicate = predicate;
	__tsan_release(&barrier_sync);
	to_scheduler();
	__tsan_acquire(&barrier_sync);
	return f.barrier_result;
}

uint64_t warp_collective(op_kind op, unsigned mask, uint64_t value, int arg, int width,
                         const char *file, int line)
{
	if (Bp->current < 0)
		return value;
	fiber &f = cur();
	int lane = f.linear % 32;
	f.op = op;
	f.file = file;
	f.line = line;
	f.value = value;
	f.arg = arg;
	f.width = width;
	if (op == OP_ACTIVEMASK) {
		f.mask = existing_lanes(warp_of(f.linear));
	} else {
		f.mask = mask;
		if (width < 1 || width > 32 || (width & (width - 1)))
			fail(CJ_EXIT_RACE,
			     fmt(L("%s at %s: width %d is not a power of two between 1 "
			           "and 32",
			           "%s（%s）：width %d 不是 1 到 32 之间的 2 的幂"),
			         op_name(op), where(file, line).c_str(), width));
		if (!(mask >> lane & 1))
			fail(CJ_EXIT_RACE, fmt(L("%s at %s: %s is not in its own mask (0x%08x)",
			                         "%s（%s）：%s 不在它自己的掩码（0x%08x）中"),
			                       op_name(op), where(file, line).c_str(),
			                       who(f.linear).c_str(), mask));
	}
	f.st = IN_COLLECTIVE;
	if (op == OP_SYNCWARP)
		__tsan_release(&warp_sync[warp_of(f.linear)]);
	if (op != OP_ACTIVEMASK)
		try_complete(f);
	if (f.st == IN_COLLECTIVE)
		to_scheduler();
	if (op == OP_SYNCWARP)
		__tsan_acquire(&warp_sync[warp_of(f.linear)]);
	return f.result;
}

namespace
{

/* Nothing can run: settle what can be settled, or report. Returns true when
 * some fiber became runnable. */
bool resolve(bool may_fail = true)
{
	/* __activemask(): the lanes that are there, at the same place, are active. */
	for (int i = 0; i < Bp->nthreads; ++i) {
		fiber &f = Bp->fibers[i];
		if (f.st != IN_COLLECTIVE || f.op != OP_ACTIVEMASK)
			continue;
		int w = warp_of(i);
		unsigned here = 0;
		for (int l = 0; l < 32 && w * 32 + l < Bp->nthreads; ++l) {
			const fiber &o = Bp->fibers[w * 32 + l];
			if (o.st == IN_COLLECTIVE && o.op == OP_ACTIVEMASK && o.file == f.file &&
			    o.line == f.line)
				here |= 1u << l;
		}
		for (int l = 0; l < 32; ++l)
			if (here >> l & 1) {
				Bp->fibers[w * 32 + l].result = here;
				Bp->fibers[w * 32 + l].st = RUNNABLE;
			}
		return true;
	}
	std::vector<int> all, waiting, exited;
	for (int i = 0; i < Bp->nthreads; ++i) {
		all.push_back(i);
		if (Bp->fibers[i].st == AT_BARRIER)
			waiting.push_back(i);
		else if (Bp->fibers[i].st == EXITED)
			exited.push_back(i);
	}
	if (waiting.size() + exited.size() == all.size()) {
		const fiber &first = Bp->fibers[waiting[0]];
		bool same_place = true;
		for (int id : waiting)
			same_place &= Bp->fibers[id].line == first.line &&
			              !std::strcmp(Bp->fibers[id].file, first.file);
		if (exited.empty() && same_place) {
			int count = 0;
			for (int id : waiting)
				count += Bp->fibers[id].predicate != 0;
			for (int id : waiting) {
				Bp->fibers[id].barrier_result = count;
				Bp->fibers[id].st = RUNNABLE;
			}
			return true;
		}
		if (!may_fail)
			return false;
		named_file = nullptr;
		fail(CJ_EXIT_DEADLOCK,
		     fmt(L("deadlock in %s: %s. __syncthreads() must be reached by every thread of "
		           "the block, at the same place: a barrier inside a branch, or after an "
		           "early return, hangs or misbehaves on a GPU",
		           "死锁（%s）：%s。block 中的每个线程都必须在同一个位置到达 "
		           "__syncthreads()：放在分支里的屏障，或者在提前 return "
		           "之后的屏障，在 GPU 上会卡死或行为异常"),
		         block_name().c_str(), census(all).c_str()));
	}
	if (!may_fail)
		return false;
	/* A warp collective waits for lanes that are elsewhere. */
	for (int i = 0; i < Bp->nthreads; ++i) {
		const fiber &f = Bp->fibers[i];
		if (f.st != IN_COLLECTIVE)
			continue;
		int w = warp_of(i);
		unsigned away = 0;
		for (int l = 0; l < 32; ++l) {
			if (!(f.mask >> l & 1) || w * 32 + l >= Bp->nthreads)
				continue;
			const fiber &o = Bp->fibers[w * 32 + l];
			if (o.st != IN_COLLECTIVE || o.op != f.op || o.line != f.line)
				away |= 1u << l;
		}
		partial_collective(f, away);
	}
	named_file = nullptr;
	fail(CJ_EXIT_DEADLOCK, fmt(L("deadlock in %s: %s", "死锁（%s）：%s"), block_name().c_str(),
	                           census(all).c_str()));
}

/* Word by word (not memset, which the race detector would see as the host
 * writing every block's shared memory). */
void poison(unsigned char *p, size_t bytes)
{
	uint32_t word = CJ_EMU_SHARED_POISON;
	for (size_t i = 0; i + 4 <= bytes; i += 4)
		std::memcpy(p + i, &word, 4);
}

void run_block()
{
	++block_serial;
	if (chain_blocks) /* the previous block is over */
		__tsan_acquire(&block_end_sync[(block_serial + 1) % 2]);
	for (int i = 0; i < Bp->nthreads; ++i)
		prepare_fiber(i);
	/* Shared memory nothing wrote reads as SHARED_POISON: a NaN whose payload
	 * the engine recognises in the outputs. */
	if (__start_cj_shared && __stop_cj_shared)
		poison(__start_cj_shared, (size_t)(__stop_cj_shared - __start_cj_shared));
	poison(dynamic_shared, sizeof dynamic_shared);
	/* the poison comes before the block's accesses */
	if (chain_blocks)
		__tsan_release(&block_end_sync[(block_serial + 1) % 2]);
	/* Each pass resumes the runnable threads warp by warp, the warps in an
	 * order drawn from the schedule: a GPU promises no order between warps. */
	int nwarps = (Bp->nthreads + 31) / 32;
	int order[MAX_THREADS / 32];
	for (int w = 0; w < nwarps; ++w)
		order[w] = w;
	for (;;) {
		bool ran = false, live = false;
		for (int k = nwarps - 1; k > 0; --k)
			std::swap(order[k], order[draw() % (uint64_t)(k + 1)]);
		for (int k = 0; k < nwarps; ++k) {
			int first = order[k] * 32, end = std::min(first + 32, Bp->nthreads);
			for (int i = first; i < end; ++i) {
				if (Bp->fibers[i].st == RUNNABLE) {
					run_fiber(i);
					ran = true;
				}
				live |= Bp->fibers[i].st != EXITED;
			}
		}
		if (!live)
			break;
		if (!ran && !resolve())
			break;
	}
}

/* A co-resident grid: every thread of every block is a fiber at once, and a
 * round resumes each runnable fiber of each block in turn. Fibers give way
 * at barriers, warp collectives, atomics and fences (see yield()), so a
 * thread that polls a flag with atomics lets the thread that sets it run. */
void run_grid(const dim3 &grid)
{
	size_t nblocks = (size_t)grid.x * grid.y * grid.z;
	while (resident.size() < nblocks)
		resident.push_back(new block_run());
	/* the allocation counts as the host writing the blocks' records, which
	 * the threads read (threadIdx, blockIdx): it comes before them */
	__tsan_release(&launch_sync);
	for (size_t k = 0; k < nblocks; ++k) {
		block_run *r = resident[k];
		r->body = first_block.body;
		r->ctx = first_block.ctx;
		r->block_dim = first_block.block_dim;
		r->grid_dim = first_block.grid_dim;
		r->nthreads = first_block.nthreads;
		r->running = true;
		r->current = -1;
		r->base = (int)k * first_block.nthreads;
		r->block = uint3{(unsigned)(k % grid.x), (unsigned)(k / grid.x % grid.y),
		                 (unsigned)(k / ((size_t)grid.x * grid.y))};
		Bp = r;
		for (int i = 0; i < r->nthreads; ++i)
			prepare_fiber(i);
	}
	for (;;) {
		bool ran = false, live = false;
		for (size_t k = 0; k < nblocks; ++k) {
			Bp = resident[k];
			bool ran_here = false, live_here = false;
			for (int i = 0; i < Bp->nthreads; ++i) {
				if (Bp->fibers[i].st == RUNNABLE) {
					run_fiber(i);
					ran_here = true;
				}
				live_here |= Bp->fibers[i].st != EXITED;
			}
			if (live_here && !ran_here && resolve(false))
				ran_here = true;
			ran |= ran_here;
			live |= live_here;
		}
		if (!live)
			break;
		if (ran)
			continue;
		/* Nothing could run: either every live thread waits at grid.sync(),
		 * or the grid is stuck. */
		bool all_at_grid = true;
		const fiber *first = nullptr;
		for (size_t k = 0; k < nblocks; ++k)
			for (int i = 0; i < resident[k]->nthreads; ++i) {
				const fiber &f = resident[k]->fibers[i];
				if (f.st == EXITED)
					continue;
				all_at_grid &= f.st == AT_GRID_BARRIER;
				if (!first && f.st == AT_GRID_BARRIER)
					first = &f;
			}
		bool exited = false;
		for (size_t k = 0; k < nblocks && all_at_grid; ++k)
			for (int i = 0; i < resident[k]->nthreads; ++i)
				exited |= resident[k]->fibers[i].st == EXITED;
		if (all_at_grid && !exited) {
			for (size_t k = 0; k < nblocks; ++k)
				for (int i = 0; i < resident[k]->nthreads; ++i)
					resident[k]->fibers[i].st = RUNNABLE;
			continue;
		}
		std::string text = L("deadlock in a grid whose blocks run at the same time: ",
		                     "所有 block 同时运行的 grid 发生了死锁：");
		int shown = 0;
		for (size_t k = 0; k < nblocks; ++k) {
			Bp = resident[k];
			std::vector<int> all;
			bool done = true;
			for (int i = 0; i < Bp->nthreads; ++i) {
				all.push_back(i);
				done &= Bp->fibers[i].st == EXITED;
			}
			if (done)
				continue;
			if (shown++ == 4) {
				text += zh_reports() ? "；……" : "; ...";
				break;
			}
			text += (shown > 1 ? semi() : "") + block_name() +
			        (zh_reports() ? "：" : ": ") + census(all);
		}
		if (all_at_grid)
			text += L(". grid.sync() must be reached by every thread of every block; "
			          "threads that returned early leave the others waiting for ever",
			          "。每个 block 的每个线程都必须到达 grid.sync()；提前 return "
			          "的线程会让其他线程永远等下去");
		(void)first;
		fail(CJ_EXIT_DEADLOCK, text);
	}
	for (size_t k = 0; k < nblocks; ++k)
		resident[k]->running = false;
	Bp = &first_block;
}

/* ---- watchdog: explains an endless loop before the engine's deadline ---- */

void *watchdog(void *)
{
	unsigned long seen = switches.load(), moved = progress.load();
	int still = 0, stuck = 0;
	for (;;) {
		struct timespec ts = {0, 250 * 1000 * 1000};
		nanosleep(&ts, nullptr);
		unsigned long now = switches.load(), got = progress.load();
		int current = Bp->current;
		/* Turns given at atomics and fences, and nothing else, for 3 s: every
		 * live thread retries an atomic that changes nothing. */
		if (got != moved || !Bp->running) {
			moved = got;
			stuck = 0;
		} else if (now != seen && ++stuck == 12) {
			int last = last_fiber.load();
			if (last < 0 || last >= Bp->nthreads)
				last = 0;
			const fiber &f = Bp->fibers[last];
			std::string at = f.atomic_file && f.atomic_line > 0
			                         ? fmt(L(" at %s", "（位于 %s）"),
			                               where(f.atomic_file, f.atomic_line).c_str())
			                         : std::string();
			fail(CJ_EXIT_DEADLOCK,
			     fmt(L("%s has repeated the atomic operation%s for 3 s, and no thread "
			           "has changed "
			           "memory meanwhile: a loop that never ends, on a GPU too. A "
			           "compare-and-swap loop must try again with the value atomicCAS "
			           "returned (the word as another thread left it), not with the "
			           "value "
			           "it read before; a thread that polls a flag needs another "
			           "thread "
			           "that still runs to set it",
			           "%s 反复执行原子操作%s已 3 "
			           "秒，其间没有任何线程改变内存：这个循环"
			           "永远不会结束，在 GPU 上也一样。compare-and-swap 循环必须用 "
			           "atomicCAS "
			           "返回的值（别的线程留下的值）重试，而不是用之前读到的值；"
			           "轮询 flag 的线程需要另一个仍在运行的线程来设置它"),
			         who(last).c_str(), at.c_str()));
		}
		if (now != seen || !Bp->running || current < 0) {
			seen = now;
			still = 0;
			continue;
		}
		if (++still == 12 && coresident_now) /* three seconds */
			fail(CJ_EXIT_DEADLOCK,
			     who(current) +
			             L(" has run for 3 s without an atomic, a fence or a barrier: "
			               "an "
			               "endless loop, or a poll of memory with plain (or volatile) "
			               "loads. The emulator lets the other blocks run only at "
			               "atomics, "
			               "fences and barriers, so such a poll never sees another "
			               "block's "
			               "write; on a GPU the compiler may read the value once and "
			               "spin "
			               "for ever. Read a flag with an atomic (atomicAdd(flag, 0), "
			               "cuda::atomic_ref::load)",
			               " 已运行 3 秒，期间没有原子操作、fence "
			               "或屏障：这是死循环，或者在用普通（或 "
			               "volatile）加载轮询内存。"
			               "模拟器只在原子操作、fence 和屏障处让其他 block "
			               "运行，所以这样的轮询永远看不到别的 block 的写入；在 GPU "
			               "上编译器可能只读一次这个值，然后永远空转。请用原子操作读取 "
			               "flag（atomicAdd(flag, 0)、cuda::atomic_ref::load）"));
		if (still == 12) { /* three seconds */
			fail(CJ_EXIT_DEADLOCK,
			     who(current) +
			             L(" has run for 3 s without reaching a barrier, a warp "
			               "operation or an atomic: an endless loop, or a wait for a "
			               "later "
			               "step of another thread (the emulator lets the other "
			               "threads run "
			               "only at barriers, warp operations, atomics and fences; a "
			               "GPU may "
			               "hang too)",
			               " 已运行 3 秒，没有到达任何屏障、warp "
			               "操作或原子操作：这是死循环，"
			               "或者在等待另一个线程后面的步骤（模拟器只在屏障、warp 操作、"
			               "原子操作和 fence 处让其他线程运行；在 GPU 上也可能卡死）"));
		}
	}
	return nullptr;
}

/* ---- memory: every allocation ends at an inaccessible page -------------- */

struct region {
	unsigned char *map; /* guard page, data pages, guard page */
	size_t map_bytes;
	unsigned char *data;
	size_t bytes;
	char name[sizeof(cj_wire_buf::name)]; /* the case buffer it holds, or "" */
};
std::vector<region> regions;

/* The runtime allocates a case's buffers first, in the order of the case
 * record (run_case in run_cases.cu): the k-th allocation of a case whose size
 * is that of buffer k holds that buffer, and reports call it by its name. */
const cj_wire_case *named_case = nullptr;
uint32_t case_allocations = 0;

void name_region(region &r)
{
	r.name[0] = '\0';
	const cj_wire_case *c = cj_current_case;
	if (!c || Bp->running)
		return;
	if (c != named_case) {
		named_case = c;
		case_allocations = 0;
	}
	uint32_t k = case_allocations++;
	if (k < c->nbuf && k < CJ_MAX_BUFS && c->buf[k].count * CJ_ELEM_SIZE == r.bytes) {
		std::memcpy(r.name, c->buf[k].name, sizeof r.name);
		r.name[sizeof r.name - 1] = '\0';
	}
}

/* The learner's line of the instruction at pc: the innermost inlined frame
 * that is not the emulator's own headers (an atomic of the shim faults inside
 * it). The race detector's symbolizer reads the debug information. */
std::string line_of(const void *pc, const void *frame)
{
	/* The debug information names files as the compiler saw them; reports
	 * name them from the repository, as __FILE__ does (the engine maps it
	 * so): the root is what precedes harness/ in the name of a caller's file
	 * (the glue's kernel, the shim's launch), found up the frame pointers of
	 * the faulting thread's stack. */
	std::string root;
	const fiber *f = Bp->current >= 0 && Bp->running ? &cur() : nullptr;
	uintptr_t low = f ? (uintptr_t)f->stack : 0,
	          high = f ? low + (uintptr_t)sysconf(_SC_PAGESIZE) + STACK_BYTES : 0;
	for (int depth = 0; f && depth < 64 && root.empty(); ++depth) {
		uintptr_t at = (uintptr_t)frame;
		if (at < low || at + 16 > high || at % 8)
			break;
		void *const *slots = reinterpret_cast<void *const *>(at);
		char file[512] = "";
		__sanitizer_symbolize_pc(static_cast<char *>(slots[1]) - 1, "%s", file,
		                         sizeof file);
		if (const char *h = std::strstr(file, "harness/"))
			root.assign(file, (size_t)(h - file));
		frame = slots[0];
	}
	char frames[2048] = "";
	__sanitizer_symbolize_pc(const_cast<void *>(pc), "%s:%l", frames, sizeof frames);
	for (const char *f = frames; *f && f < frames + sizeof frames; f += std::strlen(f) + 1) {
		if (std::strstr(f, "harness/emu/") || std::strstr(f, "harness/runtime/") ||
		    std::strstr(f, "/usr/") || !std::strchr(f, ':') || f[0] == '?' ||
		    std::strstr(f, ":0"))
			continue;
		if (!root.empty() && !std::strncmp(f, root.c_str(), root.size()))
			f += root.size();
		return f;
	}
	return "";
}

const region *region_near(const void *p)
{
	const unsigned char *a = static_cast<const unsigned char *>(p);
	for (const region &r : regions)
		if (a >= r.map && a < r.map + r.map_bytes)
			return &r;
	return nullptr;
}

void on_fault(int sig, siginfo_t *info, void *uctx)
{
	const unsigned char *a = static_cast<const unsigned char *>(info->si_addr);
	bool write = false;
#if defined(__x86_64__)
	write = (static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
	(void)uctx;
#endif
	char text[768];
	std::string by = Bp->current >= 0 && Bp->running
	                         ? who(Bp->current)
	                         : std::string(L("the host code", "主机代码"));
	const region *r = region_near(a);
	std::string line, at, buffer;
	if (r) {
		named_file = nullptr;
		const greg_t *regs = static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs;
		line = line_of(reinterpret_cast<const void *>(regs[REG_RIP]),
		               reinterpret_cast<const void *>(regs[REG_RBP]));
		if (!line.empty())
			at = fmt(L(" at %s", "（位于 %s）"), line.c_str());
		buffer = r->name[0] ? fmt(r->bytes == 4 ? L("`%s`, a device buffer of %zu element",
		                                            "device 缓冲区 `%s`（%zu 个元素）")
		                                        : L("`%s`, a device buffer of %zu elements",
		                                            "device 缓冲区 `%s`（%zu 个元素）"),
		                          r->name, r->bytes / 4)
		                    : fmt(L("a device buffer of %zu bytes",
		                            "一个 %zu 字节的 device 缓冲区"),
		                          r->bytes);
	}
	if (r && a >= r->data + r->bytes)
		std::snprintf(
		        text, sizeof text,
		        L("out-of-bounds %s%s by %s: index %zu is past the end of %s (counting "
		          "4-byte elements from 0)",
		          "%s越界%s，由 %s 执行：下标 %zu 超出了 %s 的末尾（按 4 字节元素从 0 "
		          "计数）"),
		        write ? L("write", "写") : L("read", "读"), at.c_str(), by.c_str(),
		        (size_t)(a - r->data) / 4, buffer.c_str());
	else if (r)
		std::snprintf(text, sizeof text,
		              L("out-of-bounds %s%s by %s: %zu bytes before the start of %s (a "
		                "negative index?)",
		                "%s越界%s，由 %s 执行：落在开头之前 %zu 字节处，缓冲区是 "
		                "%s（下标为负？）"),
		              write ? L("write", "写") : L("read", "读"), at.c_str(), by.c_str(),
		              (size_t)(r->data - a), buffer.c_str());
	else if (Bp->current >= 0 && Bp->running && a >= cur().stack &&
	         a < cur().stack + sysconf(_SC_PAGESIZE))
		std::snprintf(text, sizeof text,
		              L("%s overflowed its stack (%zu KiB): a large local array or deep "
		                "recursion",
		                "%s 的栈溢出了（%zu KiB）：局部数组太大或递归太深"),
		              by.c_str(), STACK_BYTES / 1024);
	else
		std::snprintf(
		        text, sizeof text,
		        L("bad %s of address %p by %s (%s)", "非法%s地址 %p，由 %s 执行（%s）"),
		        write ? L("write", "写入") : L("read", "读取"), info->si_addr, by.c_str(),
		        sig == SIGBUS ? L("bus error", "总线错误")
		                      : L("not device memory", "不是 device 内存"));
	fail(CJ_EXIT_CASE_FAILED, text);
}

__attribute__((constructor)) void start_emulator()
{
	zh_reports(); /* reads CJ_LANG now, before any thread or signal needs it */
	if (const char *fixed = std::getenv("CJ_EMU_SCHEDULE")) {
		schedule_fixed = true;
		schedule_base = std::strtoull(fixed, nullptr, 0);
	}
	static unsigned char alt[64 * 1024];
	stack_t ss = {};
	ss.ss_sp = alt;
	ss.ss_size = sizeof alt;
	sigaltstack(&ss, nullptr);
	struct sigaction sa = {};
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, nullptr);
	sigaction(SIGBUS, &sa, nullptr);
	pthread_t t;
	if (pthread_create(&t, nullptr, watchdog, nullptr) == 0)
		pthread_detach(t);
}

} // namespace

void launch(const dim3 &grid, const dim3 &block, unsigned shared_bytes, void (*body)(void *),
            void *ctx, bool coresident)
{
	unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
	if (threads == 0 || threads > MAX_THREADS || block.z > 64 || grid.x == 0 || grid.y == 0 ||
	    grid.z == 0 || grid.y > 65535 || grid.z > 65535 ||
	    shared_bytes > sizeof dynamic_shared) {
		last_error = cudaErrorInvalidConfiguration;
		return;
	}
	if (!scheduler_tsan)
		scheduler_tsan = __tsan_get_current_fiber();
	seed_schedule();
	__tsan_release(&launch_sync);
	__tsan_release(&block_end_sync[block_serial % 2]); /* the host's work so far */
	Bp->body = body;
	Bp->ctx = ctx;
	Bp->block_dim = block;
	Bp->grid_dim = grid;
	Bp->nthreads = (int)threads;
	Bp->running = true;
	Bp->base = 0;
	if (coresident) {
		unsigned long long total = threads * grid.x * grid.y * grid.z;
		bool shared_used = (__start_cj_shared && __stop_cj_shared &&
		                    (uintptr_t)__stop_cj_shared > (uintptr_t)__start_cj_shared) ||
		                   shared_bytes > 0;
		if (total > MAX_RESIDENT_THREADS)
			fail(CJ_EXIT_CASE_FAILED,
			     L("the emulator runs at most ",
			       "模拟器最多运行一个 co-resident grid 的 ") +
			             std::to_string(MAX_RESIDENT_THREADS) +
			             L(" threads of a co-resident grid (this launch has ",
			               " 个线程（这次 launch 有 ") +
			             std::to_string(total) +
			             L("): a judge bug, please report it",
			               " 个）：这是评测程序的 bug，请报告它"));
		if (shared_used)
			fail(CJ_EXIT_CASE_FAILED,
			     L("this exercise runs all blocks of a grid at the same time on the "
			       "emulator, which has one copy of __shared__ memory for the whole "
			       "grid: keep this exercise's data in registers and global memory, or "
			       "judge it on a GPU",
			       "这道题在模拟器上让 grid 的所有 block 同时运行，而模拟器整个 grid "
			       "只有一份 __shared__ 内存：请把这道题的数据放在寄存器和全局内存里，"
			       "或者在 GPU 上评测"));
		coresident_now = true;
		__tsan_release(&grid_end_sync);
		run_grid(grid);
		coresident_now = false;
		Bp->running = false;
		Bp->block = uint3{0, 0, 0};
		__tsan_acquire(&grid_end_sync);
		return;
	}
	chain_blocks = (__start_cj_shared && __stop_cj_shared &&
	                (uintptr_t)__stop_cj_shared > (uintptr_t)__start_cj_shared) ||
	               shared_bytes > 0;
	for (unsigned z = 0; z < grid.z; ++z)
		for (unsigned y = 0; y < grid.y; ++y)
			for (unsigned x = 0; x < grid.x; ++x) {
				Bp->block = uint3{x, y, z};
				run_block();
			}
	Bp->running = false;
	Bp->block = uint3{0, 0, 0};
	if (chain_blocks)
		__tsan_acquire(&block_end_sync[block_serial % 2]);
	else
		__tsan_acquire(&launch_end_sync);
}

void set_launch_error(cudaError_t e)
{
	last_error = e;
}

/* ---- the runtime API --------------------------------------------------------- */

cudaError_t allocate(void **ptr, size_t bytes)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t data_pages = (bytes + (size_t)page - 1) / (size_t)page;
	if (data_pages == 0)
		data_pages = 1;
	size_t map_bytes = (data_pages + 2) * (size_t)page;
	void *m = mmap(nullptr, map_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
	               -1, 0);
	if (m == MAP_FAILED)
		return cudaErrorMemoryAllocation;
	unsigned char *base = static_cast<unsigned char *>(m);
	mprotect(base + page, data_pages * (size_t)page, PROT_READ | PROT_WRITE);
	/* The data ends where the inaccessible page starts, so the first element
	 * past the end faults; the start stays aligned to what the size allows. */
	unsigned char *end = base + page + data_pages * (size_t)page;
	size_t align = bytes % 16 == 0 ? 16 : bytes % 8 == 0 ? 8 : 4;
	size_t rounded = (bytes + align - 1) / align * align;
	regions.push_back(region{base, map_bytes, end - rounded, bytes, {}});
	name_region(regions.back());
	*ptr = end - rounded;
	return cudaSuccess;
}

} // namespace cj_emu

using namespace cj_emu;

/* ---- streams and events (see defer_streams in cuda_runtime.h) ---------- */
struct cj_emu_op {
	std::function<bool()> ready; /* false while an event wait is not satisfied */
	std::function<void()> run;
};
struct cj_emu_stream {
	bool deferred;
	std::deque<cj_emu_op> queue;
};
struct cj_emu_event {
	double ms;
	unsigned long long recorded;  /* records issued */
	unsigned long long completed; /* the latest record that has run */
};

static bool defer_new_streams;
static unsigned long long ops_run;
static std::vector<cj_emu_stream *> deferred_streams; /* oldest first */

void cj_emu::defer_streams(bool on)
{
	defer_new_streams = on;
}

bool cj_emu::defers(cudaStream_t s)
{
	return s && s->deferred;
}

unsigned long long cj_emu::deferred_ops_run()
{
	return ops_run;
}

void cj_emu::enqueue(cudaStream_t s, std::function<void()> op)
{
	s->queue.push_back(cj_emu_op{[] { return true; }, std::move(op)});
}

/* Runs every deferred operation, one at a time, from the newest stream whose
 * next operation may run. Waits only name records issued before them, so
 * some stream can always go on. */
static void drain_streams()
{
	for (;;) {
		cj_emu_stream *pick = NULL;
		for (auto it = deferred_streams.rbegin(); it != deferred_streams.rend() && !pick;
		     ++it)
			if (!(*it)->queue.empty() && (*it)->queue.front().ready())
				pick = *it;
		if (!pick)
			return; /* nothing left (a stuck wait cannot be built from the API) */
		cj_emu_op op = std::move(pick->queue.front());
		pick->queue.pop_front();
		++ops_run;
		op.run();
	}
}

static double now_ms()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

const char *cudaGetErrorString(cudaError_t e)
{
	switch (e) {
	case cudaSuccess:
		return "no error";
	case cudaErrorInvalidValue:
		return "invalid argument";
	case cudaErrorMemoryAllocation:
		return "out of memory";
	case cudaErrorInvalidConfiguration:
		return "invalid configuration argument";
	case cudaErrorIllegalAddress:
		return "an illegal memory access was encountered";
	case cudaErrorNoDevice:
		return "no CUDA-capable device is detected";
	default:
		return "unknown error";
	}
}

const char *cudaGetErrorName(cudaError_t e)
{
	switch (e) {
	case cudaSuccess:
		return "cudaSuccess";
	case cudaErrorInvalidValue:
		return "cudaErrorInvalidValue";
	case cudaErrorMemoryAllocation:
		return "cudaErrorMemoryAllocation";
	case cudaErrorInvalidConfiguration:
		return "cudaErrorInvalidConfiguration";
	case cudaErrorIllegalAddress:
		return "cudaErrorIllegalAddress";
	case cudaErrorNoDevice:
		return "cudaErrorNoDevice";
	default:
		return "cudaErrorUnknown";
	}
}

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = last_error;
	last_error = cudaSuccess;
	return e;
}
cudaError_t cudaPeekAtLastError(void)
{
	return last_error;
}
cudaError_t cudaGetDeviceCount(int *count)
{
	*count = 1;
	return cudaSuccess;
}
cudaError_t cudaGetDevice(int *device)
{
	*device = 0;
	return cudaSuccess;
}
cudaError_t cudaSetDevice(int device)
{
	return device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int device)
{
	if (device != 0)
		return cudaErrorInvalidDevice;
	std::memset(p, 0, sizeof *p);
	std::snprintf(p->name, sizeof p->name, "cudajudge CPU emulator");
	p->totalGlobalMem = (size_t)16 << 30;
	p->sharedMemPerBlock = 48 * 1024;
	p->warpSize = 32;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
	p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = INT_MAX;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->major = 9;
	p->minor = 0;
	p->multiProcessorCount = 1;
	p->l2CacheSize = 1 << 20;
	p->cooperativeLaunch = 1;
	return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, device);
	switch (attr) {
	case cudaDevAttrMaxThreadsPerBlock:
		*value = p.maxThreadsPerBlock;
		break;
	case cudaDevAttrWarpSize:
		*value = 32;
		break;
	case cudaDevAttrMultiProcessorCount:
		*value = p.multiProcessorCount;
		break;
	case cudaDevAttrL2CacheSize:
		*value = p.l2CacheSize;
		break;
	case cudaDevAttrComputeCapabilityMajor:
		*value = p.major;
		break;
	case cudaDevAttrComputeCapabilityMinor:
		*value = p.minor;
		break;
	case cudaDevAttrCooperativeLaunch:
		*value = 1;
		break;
	default:
		return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}
static void drain_streams();
cudaError_t cudaDeviceSynchronize(void)
{
	drain_streams();
	return cudaSuccess;
}
cudaError_t cudaDeviceReset(void)
{
	return cudaSuccess;
}
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	*free_bytes = *total_bytes = p.totalGlobalMem;
	return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}
cudaError_t cudaMalloc(void **ptr, size_t bytes)
{
	return allocate(ptr, bytes);
}
cudaError_t cudaFree(void *ptr)
{
	for (size_t i = 0; i < regions.size(); ++i)
		if (regions[i].data == ptr) {
			munmap(regions[i].map, regions[i].map_bytes);
			regions.erase(regions.begin() + (long)i);
			return cudaSuccess;
		}
	return ptr ? cudaErrorInvalidDevicePointer : cudaSuccess;
}
cudaError_t cudaMallocHost(void **ptr, size_t bytes)
{
	*ptr = std::malloc(bytes ? bytes : 1);
	return *ptr ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned)
{
	return cudaMallocHost(ptr, bytes);
}
cudaError_t cudaFreeHost(void *ptr)
{
	std::free(ptr);
	return cudaSuccess;
}
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind)
{
	std::memmove(dst, src, bytes);
	return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t s)
{
	if (defers(s)) {
		enqueue(s, [=] { cudaMemcpy(dst, src, bytes, kind); });
		return cudaSuccess;
	}
	return cudaMemcpy(dst, src, bytes, kind);
}
cudaError_t cudaMemset(void *dst, int value, size_t bytes)
{
	std::memset(dst, value, bytes);
	return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t s)
{
	if (defers(s)) {
		enqueue(s, [=] { cudaMemset(dst, value, bytes); });
		return cudaSuccess;
	}
	return cudaMemset(dst, value, bytes);
}
cudaError_t cudaStreamCreate(cudaStream_t *s)
{
	*s = new cj_emu_stream();
	(*s)->deferred = defer_new_streams;
	if ((*s)->deferred)
		deferred_streams.push_back(*s);
	return cudaSuccess;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned)
{
	return cudaStreamCreate(s);
}
cudaError_t cudaStreamDestroy(cudaStream_t s)
{
	if (defers(s)) {
		drain_streams(); /* work already issued still completes */
		deferred_streams.erase(
		        std::find(deferred_streams.begin(), deferred_streams.end(), s));
	}
	delete s;
	return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t)
{
	drain_streams();
	return cudaSuccess;
}
cudaError_t cudaStreamQuery(cudaStream_t)
{
	drain_streams();
	return cudaSuccess;
}
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned)
{
	if (!e)
		return cudaErrorInvalidValue;
	unsigned long long target = e->recorded; /* the latest record issued so far */
	if (defers(s))
		s->queue.push_back(
		        cj_emu_op{[e, target] { return e->completed >= target; }, [] {}});
	else if (e->completed < target)
		drain_streams();
	return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t *e)
{
	*e = new cj_emu_event{0, 0, 0};
	return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned)
{
	return cudaEventCreate(e);
}
cudaError_t cudaEventDestroy(cudaEvent_t e)
{
	delete e;
	return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
	unsigned long long seq = ++e->recorded;
	auto mark = [e, seq] {
		e->ms = now_ms();
		e->completed = std::max(e->completed, seq);
	};
	if (defers(s))
		enqueue(s, mark);
	else
		mark();
	return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t)
{
	drain_streams();
	return cudaSuccess;
}
cudaError_t cudaEventQuery(cudaEvent_t)
{
	drain_streams();
	return cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
	*ms = (float)(b->ms - a->ms);
	return cudaSuccess;
}
