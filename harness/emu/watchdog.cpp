/*
 * The emulator's watchdog, a thread of its own: it explains an endless loop
 * (a thread that gets nowhere, a loop of atomics that change nothing) before
 * the engine's deadline would end the run without a word. Started by the
 * emulator's start (scheduler.cpp).
 */
#include "internal.h"

namespace cj_emu
{

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

} // namespace cj_emu
