/*
 * The emulator's watchdog, a thread of its own: it explains an endless loop
 * (a thread that gets nowhere, a loop of atomics that change nothing, a run
 * that reaches its time limit) before the engine's deadline would end the
 * run without a word, with the line where the program was. Started by the
 * emulator's start (scheduler.cpp).
 */
#include "internal.h"

#include <algorithm>

/* The linker's: the main program's code, where the learner's is. */
extern "C" char __executable_start[] __attribute__((weak));
extern "C" char etext[] __attribute__((weak));

namespace cj_emu
{

namespace
{

/* ---- where the program is: a sample of the main thread's stack ----------
 * Every fiber, and the host code, runs on the main thread. The watchdog asks
 * it with SIGTRAP, which the race detector hands to the handler at once (it
 * treats it as a synchronous signal); the handler only writes down the
 * interrupted instruction and stack pointer. The watchdog then reads the
 * learner's line off them: the instruction's, else the first return address
 * into the program on the stack above it (read within the stack's bounds, so
 * a stack that changes meanwhile misleads at worst, never faults). */
pthread_t main_thread;
uintptr_t main_stack_low, main_stack_high;
uintptr_t sample_ip, sample_sp;   /* the interrupted instruction and stack */
std::atomic<int> sample_state{0}; /* 1 asked, 2 written */

void on_sample(int, siginfo_t *, void *uctx)
{
	if (sample_state.load(std::memory_order_acquire) != 1)
		return;
	const greg_t *regs = static_cast<ucontext_t *>(uctx)->uc_mcontext.gregs;
	sample_ip = (uintptr_t)regs[REG_RIP];
	sample_sp = (uintptr_t)regs[REG_RSP];
	sample_state.store(2, std::memory_order_release);
}

bool in_program(uintptr_t pc)
{
	return __executable_start && etext && pc >= (uintptr_t)__executable_start &&
	       pc < (uintptr_t)etext;
}

/* The thread of the running block whose stack the sample was taken on, or
 * -1: the scheduler's (or the host code's) stack. */
int sampled_thread()
{
	for (int i = 0; Bp->running && i < Bp->nthreads; ++i)
		if (on_stack(Bp->fibers[i], sample_sp))
			return i;
	return -1;
}

/* "exercises/warp_scan.cu:12": the learner's line the main thread runs now,
 * or "" when it runs none (the exercise's own code is not the learner's
 * place), or did not answer; *thread: the thread it runs, or -1 when that
 * is not a thread of the running block. */
std::string sample_place(int *thread = nullptr)
{
	if (thread)
		*thread = -1;
	sample_state.store(1, std::memory_order_release);
	if (pthread_kill(main_thread, SIGTRAP) != 0)
		return "";
	for (int k = 0; k < 40 && sample_state.load(std::memory_order_acquire) != 2; ++k) {
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, nullptr);
	}
	if (sample_state.load(std::memory_order_acquire) != 2)
		return "";
	int running = sampled_thread();
	if (thread)
		*thread = running;
	if (running < 0 && Bp->running)
		return ""; /* the scheduler's own stack: below it, only the launch */
	uintptr_t low = main_stack_low, high = main_stack_high;
	if (running >= 0) {
		low = (uintptr_t)Bp->fibers[running].stack;
		high = stack_top(Bp->fibers[running]);
	}
	std::vector<uintptr_t> pcs{sample_ip};
	for (uintptr_t at = sample_sp & ~(uintptr_t)7;
	     at >= low && at + 8 <= high && at < sample_sp + 8192 && pcs.size() < 64; at += 8) {
		uintptr_t word = *reinterpret_cast<const volatile uintptr_t *>(at);
		if (in_program(word))
			pcs.push_back(word - 1); /* a return address: the call before it */
	}
	std::string root;
	for (size_t k = 0; k < pcs.size() && root.empty(); ++k)
		if (in_program(pcs[k]))
			root = root_of(reinterpret_cast<const void *>(pcs[k]));
	for (uintptr_t pc : pcs) {
		if (!in_program(pc))
			continue; /* the race detector's, the C library's */
		std::string line = learner_frame(reinterpret_cast<const void *>(pc), root);
		if (!line.empty() && line.compare(0, 8, "harness/") != 0)
			return line;
	}
	return "";
}

/* The place of thread i of the running block, if the sample finds it
 * there. */
std::string place_of(int i)
{
	int thread = -1;
	std::string place = sample_place(&thread);
	return thread == i ? place : std::string();
}

/* ---- the time limit -------------------------------------------------------
 * The engine gives an emulated run wall_s seconds of CPU time, with
 * RLIMIT_CPU's soft limit one second above it, and three times wall_s on the
 * clock (harness/engine/judge.c, supervise.c). The watchdog stops the run
 * just before either, so that an endless loop of warp operations or
 * barriers, which keeps switching threads and never trips the reports
 * below, is still reported with its place: at wall_s of CPU time and 0.2 s,
 * or on the clock at three times wall_s less 2.5 s (never before twice
 * wall_s, for a short limit whose 2.5 s would leave the race detector no
 * time to start). */
double cpu_limit_s = 0;  /* 0: none */
struct timespec started; /* on CLOCK_BOOTTIME */

/* When this process was made (the engine's clock starts there, before the
 * race detector's own start, which takes seconds on a busy machine): from
 * /proc/self/stat, else now. */
void note_start()
{
	clock_gettime(CLOCK_BOOTTIME, &started);
	char stat[1024];
	int fd = open("/proc/self/stat", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, stat, sizeof stat - 1) : -1;
	if (fd >= 0)
		close(fd);
	const char *p = n > 0 ? (stat[n] = '\0', std::strrchr(stat, ')')) : nullptr;
	/* starttime is field 22; p is at the end of field 2 */
	for (int field = 2; p && *p && field < 22; ++p)
		if (*p == ' ')
			++field;
	long ticks = sysconf(_SC_CLK_TCK);
	if (!p || !*p || ticks <= 0)
		return;
	unsigned long long since_boot = std::strtoull(p, nullptr, 10);
	started.tv_sec = (time_t)(since_boot / (unsigned long long)ticks);
	started.tv_nsec = (long)(since_boot % (unsigned long long)ticks * 1000000000ULL /
	                         (unsigned long long)ticks);
}

double seconds_since(clockid_t clock, const struct timespec &from)
{
	struct timespec now;
	clock_gettime(clock, &now);
	return (double)(now.tv_sec - from.tv_sec) + (double)(now.tv_nsec - from.tv_nsec) * 1e-9;
}

/* What the program was doing when the watchdog stopped it. */
std::string when_stopped()
{
	int current = -1;
	std::string place = sample_place(&current);
	named_file = nullptr;
	if (Bp->running && current >= 0 && !place.empty())
		return fmt(
		        L("When it was stopped, %s was running at %s", "停止时，%s 正在 %s 处运行"),
		        who(current).c_str(), place.c_str());
	if (Bp->running) {
		/* The threads go on running meanwhile: what the report says of
		 * them comes from one copy of their records. */
		static fiber seen[MAX_THREADS];
		int n = std::min(Bp->nthreads, (int)MAX_THREADS);
		std::vector<int> all;
		for (int i = 0; i < n; ++i) {
			seen[i] = Bp->fibers[i];
			all.push_back(i);
		}
		std::string text = fmt(L("When it was stopped, in %s: %s", "停止时，%s 中：%s"),
		                       block_name().c_str(), census(all, seen).c_str());
		/* threads between two warp operations name no place: the last
		 * barrier or warp operation of one of them does */
		for (int i = 0; i < n; ++i)
			if (seen[i].st == RUNNABLE && seen[i].line > 0) {
				named_file = nullptr;
				text += fmt(L("; %s last waited at %s", "；%s 上一次在 %s 处等待"),
				            who(i).c_str(),
				            where(seen[i].file, seen[i].line).c_str());
				break;
			}
		return text;
	}
	if (!place.empty())
		return fmt(L("When it was stopped, the host code was running at %s",
		             "停止时，主机代码正在 %s 处运行"),
		           place.c_str());
	return "";
}

[[noreturn]] void out_of_time(double cpu_s, double wall_s)
{
	std::string stopped = when_stopped();
	fail(CJ_EXIT_DEADLOCK,
	     fmt(L("the run reached its time limit on the emulator (%.1f s of CPU time, %.1f s "
	           "on the clock) and was stopped: an endless loop, or a wait that never "
	           "ends. %s",
	           "运行达到了模拟器上的时间上限（CPU 时间 %.1f 秒，时钟时间 %.1f "
	           "秒），已被停止：这是死循环，或者永远结束不了的等待。%s"),
	         cpu_s, wall_s, stopped.c_str()));
}

} // namespace

void start_watchdog()
{
	main_thread = pthread_self();
	pthread_attr_t attr;
	void *stack = nullptr;
	size_t stack_bytes = 0;
	if (pthread_getattr_np(main_thread, &attr) == 0) {
		if (pthread_attr_getstack(&attr, &stack, &stack_bytes) == 0) {
			main_stack_low = (uintptr_t)stack;
			main_stack_high = main_stack_low + stack_bytes;
		}
		pthread_attr_destroy(&attr);
	}
	note_start();
	struct rlimit rl;
	if (getrlimit(RLIMIT_CPU, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur > 1)
		cpu_limit_s = (double)rl.rlim_cur - 1;
	struct sigaction sa = {};
	sa.sa_sigaction = on_sample;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
	sigaction(SIGTRAP, &sa, nullptr);
	pthread_t t;
	if (pthread_create(&t, nullptr, watchdog, nullptr) == 0)
		pthread_detach(t);
}

/* ---- watchdog: explains an endless loop before the engine's deadline ---- */

namespace
{

/* Turns given at atomics and fences, and nothing else, for 3 s: every live
 * thread retries an atomic that changes nothing. */
[[noreturn]] void atomics_change_nothing()
{
	int last = last_fiber.load();
	if (last < 0 || last >= Bp->nthreads)
		last = 0;
	const fiber &f = Bp->fibers[last];
	std::string at = f.atomic_file && f.atomic_line > 0
	                         ? at_place(where(f.atomic_file, f.atomic_line))
	                         : std::string();
	fail(CJ_EXIT_DEADLOCK,
	     fmt(L("%s has repeated the atomic operation%s for 3 s, and no thread "
	           "has changed memory meanwhile: a loop that never ends, on a GPU "
	           "too. A compare-and-swap loop must try again with the value "
	           "atomicCAS returned (the word as another thread left it), not "
	           "with the value it read before; a thread that polls a flag "
	           "needs "
	           "another thread that still runs to set it",
	           "%s 反复执行原子操作%s已 3 "
	           "秒，其间没有任何线程改变内存：这个循环"
	           "永远不会结束，在 GPU 上也一样。compare-and-swap 循环必须用 "
	           "atomicCAS "
	           "返回的值（别的线程留下的值）重试，而不是用之前读到的值；"
	           "轮询 flag 的线程需要另一个仍在运行的线程来设置它"),
	         who(last).c_str(), at.c_str()));
}

/* A co-resident thread that ran for 3 s without a turn: a poll of memory that
 * no other block's write can end. */
[[noreturn]] void polls_without_turn(int current)
{
	fail(CJ_EXIT_DEADLOCK,
	     fmt(L("%s has run for 3 s%s without an atomic, a fence or a barrier: "
	           "an "
	           "endless loop, or a poll of memory with plain (or volatile) "
	           "loads. "
	           "The emulator lets the other blocks run only at atomics, fences "
	           "and barriers, so such a poll never sees another block's write. "
	           "It is wrong on a GPU too: a plain load may be read once and "
	           "kept "
	           "in a register, so the loop never ends; a volatile load is read "
	           "every time, but it is neither atomic nor ordered, so without a "
	           "fence what the thread reads after the flag may be older than "
	           "the "
	           "flag. Read the flag with an atomic and order what follows with "
	           "a "
	           "fence (atomicAdd(flag, 0), then __threadfence(); or "
	           "cuda::atomic_ref::load with memory_order_acquire)",
	           "%s 已运行 3 秒%s，期间没有原子操作、fence 或屏障：这是死循环，"
	           "或者在用普通（或 volatile）加载轮询内存。模拟器只在原子操作、"
	           "fence 和屏障处让其他 block 运行，所以这样的轮询永远看不到别的 "
	           "block 的写入。在 GPU 上这样也不对：普通加载可能只读一次并一直用"
	           "寄存器里的值，循环就永远不会结束；volatile "
	           "加载每次都会重新读取，"
	           "但它既不是原子操作，也不保证顺序，没有 fence 的话，线程看到 "
	           "flag "
	           "之后读到的数据可能比 flag 还旧。请用原子操作读取 flag，并用 "
	           "fence "
	           "保证之后读取的顺序（先 atomicAdd(flag, 0) 再 "
	           "__threadfence()；或者"
	           "用 memory_order_acquire 的 cuda::atomic_ref::load）"),
	         who(current).c_str(), at_place(place_of(current)).c_str()));
}

/* A thread that ran for 3 s without a turn. */
[[noreturn]] void runs_without_turn(int current)
{
	fail(CJ_EXIT_DEADLOCK,
	     fmt(L("%s has run for 3 s%s without reaching a barrier, a warp "
	           "operation or an atomic: an endless loop, or a wait for a later "
	           "step of another thread (the emulator lets the other threads "
	           "run "
	           "only at barriers, warp operations, atomics and fences; a GPU "
	           "may "
	           "hang too)",
	           "%s 已运行 3 秒%s，没有到达任何屏障、warp 操作或原子操作：这是"
	           "死循环，或者在等待另一个线程后面的步骤（模拟器只在屏障、warp "
	           "操作、原子操作和 fence 处让其他线程运行；在 GPU "
	           "上也可能卡死）"),
	         who(current).c_str(), at_place(place_of(current)).c_str()));
}

} // namespace

/* The main thread's CPU seconds, which run every CUDA thread (fibers): the
 * "3 s" of the reports below are the program's own time, however busy the
 * machine is; a quarter of a second a tick where that clock cannot be read. */
static double main_cpu_s(unsigned long ticks)
{
	static clockid_t clock;
	static int known = -1;
	if (known < 0)
		known = pthread_getcpuclockid(main_thread, &clock) == 0;
	struct timespec zero = {0, 0};
	return known ? seconds_since(clock, zero) : 0.25 * (double)ticks;
}

void *watchdog(void *)
{
	unsigned long seen = switches.load(), moved = progress.load(), ticks = 0;
	double still_from = main_cpu_s(0), stuck_from = still_from;
	for (;;) {
		struct timespec ts = {0, 250 * 1000 * 1000};
		nanosleep(&ts, nullptr);
		double used = main_cpu_s(++ticks);
		if (cpu_limit_s > 0) {
			struct timespec zero = {0, 0};
			double cpu = seconds_since(CLOCK_PROCESS_CPUTIME_ID, zero),
			       wall = seconds_since(CLOCK_BOOTTIME, started);
			/* early enough to report before the signal at cpu_limit_s + 1
			 * and before the engine's kill at three times cpu_limit_s on
			 * the clock, on a busy machine too */
			if (cpu >= cpu_limit_s + 0.2 ||
			    wall >= std::max(3 * cpu_limit_s - 2.5, 2 * cpu_limit_s))
				out_of_time(cpu, wall);
		}
		unsigned long now = switches.load(), got = progress.load();
		int current = Bp->current;
		if (got != moved || !Bp->running) {
			moved = got;
			stuck_from = used;
		} else if (now != seen && used - stuck_from >= 3) {
			atomics_change_nothing();
		}
		if (now != seen || !Bp->running || current < 0) {
			seen = now;
			still_from = used;
			continue;
		}
		if (used - still_from >= 3) {
			if (coresident_now)
				polls_without_turn(current);
			runs_without_turn(current);
		}
	}
	return nullptr;
}

} // namespace cj_emu
