/*
 * The emulator's cooperative groups: thread_block and thread_block_tile<N>
 * over the same barriers and warp collectives as the plain intrinsics, so the
 * same checks apply (a tile operation missing lanes is a RACE, a block sync
 * not reached by every thread a deadlock). Reports name the caller's line:
 * every operation takes __builtin_FILE() / __builtin_LINE() as defaults.
 * grid_group (this_grid()) needs a cooperative launch: the emulator then runs
 * every block at the same time and grid.sync() waits for all of their threads.
 */
#ifndef HARNESS_EMU_COOPERATIVE_GROUPS_H
#define HARNESS_EMU_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

namespace cooperative_groups
{

namespace details
{
inline unsigned linear_thread()
{
	const uint3 &t = cj_emu::thread_idx();
	const dim3 &b = cj_emu::block_dim();
	return t.x + b.x * (t.y + b.y * t.z);
}
inline unsigned block_threads()
{
	const dim3 &b = cj_emu::block_dim();
	return b.x * b.y * b.z;
}
} // namespace details

class thread_block
{
      public:
	void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		cj_emu::block_barrier(1, file, line);
	}
	unsigned long long thread_rank() const
	{
		return details::linear_thread();
	}
	unsigned long long size() const
	{
		return details::block_threads();
	}
	unsigned long long num_threads() const
	{
		return size();
	}
	dim3 group_index() const
	{
		return dim3(cj_emu::block_idx());
	}
	dim3 thread_index() const
	{
		return dim3(cj_emu::thread_idx());
	}
	dim3 group_dim() const
	{
		return cj_emu::block_dim();
	}
	dim3 dim_threads() const
	{
		return cj_emu::block_dim();
	}
};

inline thread_block this_thread_block()
{
	return thread_block();
}

inline void sync(const thread_block &g, const char *file = __builtin_FILE(),
                 int line = __builtin_LINE())
{
	g.sync(file, line);
}

template <unsigned N> class thread_block_tile
{
	static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
	              "tiles have a power-of-two size of at most 32 threads");

	/* The lanes of this tile within its warp. */
	unsigned mask() const
	{
		unsigned lane = details::linear_thread() % 32;
		unsigned bits = N == 32 ? 0xffffffffu : ((1u << N) - 1);
		return N == 32 ? bits : bits << (lane / N * N);
	}

      public:
	unsigned thread_rank() const
	{
		return details::linear_thread() % N;
	}
	unsigned size() const
	{
		return N;
	}
	unsigned num_threads() const
	{
		return N;
	}
	unsigned meta_group_rank() const
	{
		return details::linear_thread() / N;
	}
	unsigned meta_group_size() const
	{
		return (details::block_threads() + N - 1) / N;
	}
	void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		cj_emu::warp_collective(cj_emu::OP_SYNCWARP, mask(), 0, 0, 32, file, line);
	}
	template <typename T>
	T shfl(T v, int src, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		return cj_emu_shfl(cj_emu::OP_SHFL_IDX, file, line, mask(), v, src, (int)N);
	}
	template <typename T>
	T shfl_down(T v, unsigned d, const char *file = __builtin_FILE(),
	            int line = __builtin_LINE()) const
	{
		return cj_emu_shfl(cj_emu::OP_SHFL_DOWN, file, line, mask(), v, (int)d, (int)N);
	}
	template <typename T>
	T shfl_up(T v, unsigned d, const char *file = __builtin_FILE(),
	          int line = __builtin_LINE()) const
	{
		return cj_emu_shfl(cj_emu::OP_SHFL_UP, file, line, mask(), v, (int)d, (int)N);
	}
	template <typename T>
	T shfl_xor(T v, unsigned m, const char *file = __builtin_FILE(),
	           int line = __builtin_LINE()) const
	{
		return cj_emu_shfl(cj_emu::OP_SHFL_XOR, file, line, mask(), v, (int)m, (int)N);
	}
	unsigned ballot(int p, const char *file = __builtin_FILE(),
	                int line = __builtin_LINE()) const
	{
		unsigned all = (unsigned)cj_emu::warp_collective(cj_emu::OP_BALLOT, mask(), p != 0,
		                                                 0, 32, file, line);
		unsigned lane = details::linear_thread() % 32;
		return N == 32 ? all : (all >> (lane / N * N)) & ((1u << N) - 1);
	}
	int any(int p, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		return (int)cj_emu::warp_collective(cj_emu::OP_ANY, mask(), p != 0, 0, 32, file,
		                                    line);
	}
	int all(int p, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		return (int)cj_emu::warp_collective(cj_emu::OP_ALL, mask(), p != 0, 0, 32, file,
		                                    line);
	}
};

template <unsigned N, typename Parent> thread_block_tile<N> tiled_partition(const Parent &)
{
	return thread_block_tile<N>();
}

/* The whole grid of a cooperative launch. */
class grid_group
{
      public:
	void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
	{
		cj_emu::grid_barrier(file, line);
	}
	bool is_valid() const
	{
		return cj_emu::coresident();
	}
	unsigned long long thread_rank() const
	{
		return block_rank() * details::block_threads() + details::linear_thread();
	}
	unsigned long long size() const
	{
		return num_blocks() * details::block_threads();
	}
	unsigned long long num_threads() const
	{
		return size();
	}
	unsigned long long block_rank() const
	{
		const uint3 &b = cj_emu::block_idx();
		const dim3 &g = cj_emu::grid_dim();
		return b.x + (unsigned long long)g.x * (b.y + (unsigned long long)g.y * b.z);
	}
	unsigned long long num_blocks() const
	{
		const dim3 &g = cj_emu::grid_dim();
		return (unsigned long long)g.x * g.y * g.z;
	}
	dim3 group_dim() const
	{
		return cj_emu::grid_dim();
	}
	dim3 dim_blocks() const
	{
		return cj_emu::grid_dim();
	}
	dim3 block_index() const
	{
		return dim3(cj_emu::block_idx());
	}
};

inline grid_group this_grid()
{
	return grid_group();
}

inline void sync(const grid_group &g, const char *file = __builtin_FILE(),
                 int line = __builtin_LINE())
{
	g.sync(file, line);
}

template <typename T> struct plus {
	T operator()(const T &a, const T &b) const
	{
		return a + b;
	}
};
template <typename T> struct less {
	T operator()(const T &a, const T &b) const
	{
		return b < a ? b : a;
	}
};
template <typename T> struct greater {
	T operator()(const T &a, const T &b) const
	{
		return a < b ? b : a;
	}
};

} // namespace cooperative_groups

#endif
