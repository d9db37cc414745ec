/*
 * Part of the emulator's <cuda_runtime.h> (included only from there):
 * __syncthreads() and its counting forms, fences, and the warp collectives
 * (shuffles, votes, __syncwarp, __match_any_sync, __activemask), each naming
 * the learner's line to the scheduler (emu.h).
 */
#ifndef HARNESS_EMU_EMU_SYNC_H
#define HARNESS_EMU_EMU_SYNC_H

/* ---- barriers, fences, warp collectives ---------------------------------- */
#define __syncthreads() ((void)cj_emu::block_barrier(1, __FILE__, __LINE__))
#define __syncthreads_count(p) cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__)
#define __syncthreads_and(p)                                                                       \
	(cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__) == (int)cj_emu_block_size())
#define __syncthreads_or(p) (cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__) != 0)

inline unsigned cj_emu_block_size()
{
	const dim3 &b = cj_emu::block_dim();
	return b.x * b.y * b.z;
}

#define __threadfence() cj_emu::fence()
#define __threadfence_block() cj_emu::fence()
#define __threadfence_system() cj_emu::fence()

template <typename T>
inline T cj_emu_shfl(cj_emu::op_kind op, const char *file, int line, unsigned mask, T var, int arg,
                     int width = 32)
{
	static_assert(sizeof(T) <= 8, "the emulator shuffles values of at most 8 bytes");
	uint64_t bits = 0;
	std::memcpy(&bits, &var, sizeof(T));
	bits = cj_emu::warp_collective(op, mask, bits, arg, width, file, line);
	T out;
	std::memcpy(&out, &bits, sizeof(T));
	return out;
}
#define __shfl_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_IDX, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_up_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_UP, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_down_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_DOWN, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_xor_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_XOR, __FILE__, __LINE__, __VA_ARGS__)

#define __all_sync(mask, p)                                                                        \
	((int)cj_emu::warp_collective(cj_emu::OP_ALL, (mask), (p) ? 1 : 0, 0, 32, __FILE__,        \
	                              __LINE__))
#define __any_sync(mask, p)                                                                        \
	((int)cj_emu::warp_collective(cj_emu::OP_ANY, (mask), (p) ? 1 : 0, 0, 32, __FILE__,        \
	                              __LINE__))
#define __ballot_sync(mask, p)                                                                     \
	((unsigned)cj_emu::warp_collective(cj_emu::OP_BALLOT, (mask), (p) ? 1 : 0, 0, 32,          \
	                                   __FILE__, __LINE__))
#define __activemask()                                                                             \
	((unsigned)cj_emu::warp_collective(cj_emu::OP_ACTIVEMASK, 0xffffffffu, 0, 0, 32, __FILE__, \
	                                   __LINE__))
template <typename T>
inline unsigned cj_emu_match_any(const char *file, int line, unsigned mask, T value)
{
	uint64_t bits = 0;
	std::memcpy(&bits, &value, sizeof(T));
	return (unsigned)cj_emu::warp_collective(cj_emu::OP_MATCH_ANY, mask, bits, 0, 32, file,
	                                         line);
}
#define __match_any_sync(mask, v) cj_emu_match_any(__FILE__, __LINE__, (mask), (v))
/* __syncwarp() and __syncwarp(mask) both: the macro names the caller's line and
 * the call takes the optional mask (`, ##__VA_ARGS__` keeps its comma in ISO mode). */
struct cj_emu_syncwarp_at {
	const char *file;
	int line;
	void operator()(unsigned mask = 0xffffffffu) const
	{
		cj_emu::warp_collective(cj_emu::OP_SYNCWARP, mask, 0, 0, 32, file, line);
	}
};
#define __syncwarp                                                                                 \
	cj_emu_syncwarp_at                                                                         \
	{                                                                                          \
		__FILE__, __LINE__                                                                 \
	}

#endif
