/*
 * Warp collectives (shuffles, votes, __syncwarp, __match_any_sync,
 * __activemask): the last lane of the mask to arrive completes the operation
 * for all; a lane of the mask that has exited, does not exist or waits
 * elsewhere is a partial collective (RACE), reported with its lanes.
 * Called by the shims (emu.h: warp_collective) and the deadlock detector.
 */
#include "internal.h"

namespace cj_emu
{

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

namespace
{

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
		if (mask >> l & 1) {
			fiber &f = Bp->fibers[w * 32 + l];
			if (f.op == OP_SYNCWARP)
				acquire_as(f, warp_sync(w));
			f.st = RUNNABLE;
		}
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
		__tsan_release(warp_sync(warp_of(f.linear)));
	if (op != OP_ACTIVEMASK)
		try_complete(f); /* a __syncwarp() completed acquires for every lane */
	/* the lane that completed it goes on at once, except in the profile
	 * build, where every lane stops (profile.cpp) */
	if (f.st == IN_COLLECTIVE || profiler)
		to_scheduler();
	return f.result;
}

} // namespace cj_emu
