/*
 * Part of the emulator's <cuda_runtime.h> (included only from there): the
 * vector types (dim3, uint3, float2, ...) and threadIdx, blockIdx, blockDim,
 * gridDim and warpSize, which ask the scheduler (emu.h); cj_emu_bits_as.
 */
#ifndef HARNESS_EMU_EMU_TYPES_H
#define HARNESS_EMU_EMU_TYPES_H

/* ---- vector types ------------------------------------------------------- */
struct uint3 {
	unsigned x, y, z;
};
struct dim3 {
	unsigned x, y, z;
	constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz)
	{
	}
	constexpr dim3(const uint3 &v) : x(v.x), y(v.y), z(v.z)
	{
	}
};
#define CJ_EMU_VEC2(T, name, A)                                                                    \
	struct __attribute__((aligned(A))) name {                                                  \
		T x, y;                                                                            \
	};                                                                                         \
	inline name make_##name(T x, T y)                                                          \
	{                                                                                          \
		return name{x, y};                                                                 \
	}
#define CJ_EMU_VEC4(T, name, A)                                                                    \
	struct __attribute__((aligned(A))) name {                                                  \
		T x, y, z, w;                                                                      \
	};                                                                                         \
	inline name make_##name(T x, T y, T z, T w)                                                \
	{                                                                                          \
		return name{x, y, z, w};                                                           \
	}
CJ_EMU_VEC2(float, float2, 8)
CJ_EMU_VEC4(float, float4, 16)
CJ_EMU_VEC2(int, int2, 8)
CJ_EMU_VEC4(int, int4, 16)
CJ_EMU_VEC2(unsigned, uint2, 8)
CJ_EMU_VEC4(unsigned, uint4, 16)
CJ_EMU_VEC2(double, double2, 16)
struct float3 {
	float x, y, z;
};
inline float3 make_float3(float x, float y, float z)
{
	return float3{x, y, z};
}
inline uint3 make_uint3(unsigned x, unsigned y, unsigned z)
{
	return uint3{x, y, z};
}

#include "emu.h"

/* The bits of a value read as another type of the same size (std::bit_cast,
 * which C++17 lacks): the intrinsics' reinterpretations, the float atomics. */
template <typename To, typename From> inline To cj_emu_bits_as(const From &v)
{
	static_assert(sizeof(To) == sizeof(From), "a reinterpretation keeps the size");
	To to;
	std::memcpy(&to, &v, sizeof to);
	return to;
}

#define threadIdx (cj_emu::thread_idx())
#define blockIdx (cj_emu::block_idx())
#define blockDim (cj_emu::block_dim())
#define gridDim (cj_emu::grid_dim())
constexpr int warpSize = 32;

#endif
