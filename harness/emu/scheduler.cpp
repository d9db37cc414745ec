/*
 * The emulator's scheduler: every CUDA thread of a block is a fiber (a stack
 * of its own and a ThreadSanitizer fiber), resumed warp by warp until it
 * reaches a barrier, a warp operation or its end; a co-resident grid runs the
 * fibers of all its blocks at once. Its entry is launch() (emu.h), called by
 * the shim's kernel launches; start_emulator() runs before main. The theory
 * of operation is in internal.h.
 */
#include "internal.h"

namespace cj_emu
{

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
std::atomic<unsigned long> switches{0};
/* Bumped whenever a thread gets anywhere: it reached a barrier, a warp
 * operation or its end, or an atomic changed memory. Turns given at atomics
 * and fences that change nothing (a failed compare-and-swap, a poll) do not
 * count: the watchdog reports a launch whose threads only do those. */
std::atomic<unsigned long> progress{0};
/* The thread the scheduler resumed last, for the watchdog's reports. */
std::atomic<int> last_fiber{-1};
const profile_hooks *profiler = nullptr;

unsigned block_serial;
unsigned launch_first_block; /* the block_serial of the launch's first block */

fiber &cur()
{
	return Bp->fibers[Bp->current];
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
void to_scheduler(bool moved)
{
	/* one writer (this thread), one reader (the watchdog) */
	switches.store(switches.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
	if (moved)
		progress.store(progress.load(std::memory_order_relaxed) + 1,
		               std::memory_order_relaxed);
	fiber &f = cur();
	name_waiting_detector(f);
	__tsan_switch_to_fiber(scheduler_tsan, __tsan_switch_to_fiber_no_sync);
	cj_emu_switch(&f.sp, scheduler_sp);
}

/* A turn for the other threads at an atomic or a fence: always when
 * `always` (a co-resident grid, where a thread may poll for another block),
 * else when the schedule says so. */
void give_way(bool always)
{
	if (profiler && !always)
		return; /* a pass over a warp is one stretch of its steps */
	if (Bp->current >= 0 && (always || give_way_now()))
		to_scheduler(false);
}

void run_fiber(int i)
{
	switches.store(switches.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
	name_running_detector(i); /* reports name the CUDA thread running now */
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
	uintptr_t page = page_bytes();
	unsigned char *&stack = f.stacks[detector_set()];
	if (!stack) {
		void *m = mmap(nullptr, page + STACK_BYTES, PROT_READ | PROT_WRITE,
		               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED)
			fail(CJ_EXIT_CASE_FAILED,
			     L("the emulator could not allocate a thread stack",
			       "模拟器无法为线程分配栈"));
		mprotect(m, page, PROT_NONE); /* overflow faults instead of corrupting */
		stack = static_cast<unsigned char *>(m);
	}
	f.stack = stack;
	f.tsan = detector_for(i);
	f.detector = detector_of(i);
	f.fence_pending = false;
	f.nseen = f.seen_next = 0;
	/* A stack that cj_emu_switch "returns" into fiber_main from: six saved
	 * registers, then fiber_main's address in a 16-byte aligned slot. */
	uintptr_t top = stack_top(f) & ~(uintptr_t)15;
	void **ret_slot = (void **)(top - 16);
	ret_slot[0] = (void *)fiber_main;
	ret_slot[1] = nullptr;
	f.sp = (void *)((uintptr_t)ret_slot - 6 * sizeof(void *));
	std::memset(f.sp, 0, 6 * sizeof(void *));
	unsigned bx = Bp->block_dim.x, by = Bp->block_dim.y;
	f.tid = uint3{(unsigned)i % bx, (unsigned)i / bx % by, (unsigned)i / (bx * by)};
	f.linear = i;
	f.st = RUNNABLE;
}

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

void run_block()
{
	++block_serial;
	for (int i = 0; i < Bp->nthreads; ++i)
		prepare_fiber(i);
	fresh_shared_memory();
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
			if (profiler)
				profiler->warp_paused(first, end);
		}
		if (!live)
			break;
		if (!ran && !resolve())
			break;
	}
}

namespace
{

/* Every block of the grid resident, each thread of each a fiber ready to run. */
void place_blocks(const dim3 &grid, size_t nblocks)
{
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
}

/* One round: each runnable fiber of each block in turn. *live: whether any
 * thread has not returned; the result, whether any ran. */
bool run_round(size_t nblocks, bool *live)
{
	bool ran = false;
	*live = false;
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
		for (int first = 0; profiler && first < Bp->nthreads; first += 32)
			profiler->warp_paused(first, std::min(first + 32, Bp->nthreads));
		if (live_here && !ran_here && resolve(false))
			ran_here = true;
		ran |= ran_here;
		*live |= live_here;
	}
	return ran;
}

/* Whether every live thread waits at grid.sync(), and whether any returned. */
void grid_barrier_state(size_t nblocks, bool *all_at_grid, bool *exited)
{
	*all_at_grid = true;
	*exited = false;
	for (size_t k = 0; k < nblocks; ++k)
		for (int i = 0; i < resident[k]->nthreads; ++i) {
			state st = resident[k]->fibers[i].st;
			*exited |= st == EXITED;
			*all_at_grid &= st == EXITED || st == AT_GRID_BARRIER;
		}
}

/* Every thread past grid.sync(), ordered after what all did before it. */
void release_grid_barrier(size_t nblocks)
{
	for (size_t k = 0; k < nblocks; ++k)
		for (int i = 0; i < resident[k]->nthreads; ++i) {
			acquire_as(resident[k]->fibers[i], &grid_sync_obj);
			resident[k]->fibers[i].st = RUNNABLE;
		}
}

/* A co-resident grid where nothing can run: what the first blocks wait in. */
[[noreturn]] void fail_grid_deadlock(size_t nblocks, bool all_at_grid)
{
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
		text += (shown > 1 ? semi() : "") + block_name() + (zh_reports() ? "：" : ": ") +
		        census(all);
	}
	if (all_at_grid)
		text += L(". grid.sync() must be reached by every thread of every block; "
		          "threads that returned early leave the others waiting for ever",
		          "。每个 block 的每个线程都必须到达 grid.sync()；提前 return "
		          "的线程会让其他线程永远等下去");
	fail(CJ_EXIT_DEADLOCK, text);
}

} // namespace

/* A co-resident grid: every thread of every block is a fiber at once, and a
 * round resumes each runnable fiber of each block in turn. Fibers give way
 * at barriers, warp collectives, atomics and fences (see yield()), so a
 * thread that polls a flag with atomics lets the thread that sets it run. */
void run_grid(const dim3 &grid)
{
	size_t nblocks = (size_t)grid.x * grid.y * grid.z;
	place_blocks(grid, nblocks);
	for (;;) {
		bool live;
		bool ran = run_round(nblocks, &live);
		if (!live)
			break;
		if (ran)
			continue;
		/* Nothing could run: either every live thread waits at grid.sync(),
		 * or the grid is stuck. */
		bool all_at_grid, exited;
		grid_barrier_state(nblocks, &all_at_grid, &exited);
		if (!all_at_grid || exited)
			fail_grid_deadlock(nblocks, all_at_grid);
		release_grid_barrier(nblocks);
	}
	for (size_t k = 0; k < nblocks; ++k)
		resident[k]->running = false;
	Bp = &first_block;
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
	start_watchdog();
}

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
	forget_detector_users();
	launch_first_block = block_serial + 1;
	__tsan_release(&launch_sync); /* the host's work so far */
	Bp->body = body;
	Bp->ctx = ctx;
	Bp->block_dim = block;
	Bp->grid_dim = grid;
	Bp->nthreads = (int)threads;
	Bp->running = true;
	Bp->base = 0;
	if (profiler)
		profiler->launch(grid, block, shared_bytes);
	if (coresident) {
		unsigned long long total = threads * grid.x * grid.y * grid.z;
		bool shared_used = static_shared_bytes() > 0 || shared_bytes > 0;
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
		if (profiler)
			profiler->launch_end();
		return;
	}
	for (unsigned z = 0; z < grid.z; ++z)
		for (unsigned y = 0; y < grid.y; ++y)
			for (unsigned x = 0; x < grid.x; ++x) {
				Bp->block = uint3{x, y, z};
				run_block();
			}
	Bp->running = false;
	Bp->block = uint3{0, 0, 0};
	__tsan_acquire(&launch_end_sync);
	if (profiler)
		profiler->launch_end();
}

} // namespace cj_emu
