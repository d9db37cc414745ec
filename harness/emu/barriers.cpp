/*
 * __syncthreads() (and its counting forms) and grid.sync(): where a thread
 * waits, and the detector that, when no thread can run, releases a barrier
 * every live thread reached at the same place or reports the deadlock (TLE)
 * with the threads and lines. Called by the shims (emu.h) and the scheduler.
 */
#include "internal.h"

namespace cj_emu
{

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
	to_scheduler(); /* run_grid() acquires for it, with every other thread */
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
	if (profiler)
		profiler->barrier(file, line);
	__tsan_release(barrier_sync());
	to_scheduler(); /* resolve() acquires for it, with every other thread */
	return f.barrier_result;
}

/* __activemask(): the lanes that are there, at the same place, are active.
 * True when it let a warp's lanes go on. */
static bool resolve_activemask()
{
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
	return false;
}

/* Nothing can run: settle what can be settled, or report. Returns true when
 * some fiber became runnable. */
bool resolve(bool may_fail)
{
	if (resolve_activemask())
		return true;
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
				acquire_as(Bp->fibers[id], barrier_sync());
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

} // namespace cj_emu
