/*
 * Part of the emulator's <cuda_runtime.h> (included only from there): the
 * intrinsics that are plain C++ on a CPU: bit tricks, conversions with a
 * rounding mode, cache-hinted loads and stores, fast math, clock64,
 * __nanosleep, and CUDA's mixed-type min and max.
 */
#ifndef HARNESS_EMU_EMU_INTRINSICS_H
#define HARNESS_EMU_EMU_INTRINSICS_H

/* ---- bits and numbers -------------------------------------------------------- */
/* The bits of a value as another type (cuda_fp16.h's __half ones too). */
#define CJ_EMU_REINTERPRET(name, From, To)                                                         \
	inline To name(From x)                                                                     \
	{                                                                                          \
		return cj_emu_bits_as<To>(x);                                                      \
	}
CJ_EMU_REINTERPRET(__float_as_int, float, int)
CJ_EMU_REINTERPRET(__float_as_uint, float, unsigned)
CJ_EMU_REINTERPRET(__int_as_float, int, float)
CJ_EMU_REINTERPRET(__uint_as_float, unsigned, float)
CJ_EMU_REINTERPRET(__double_as_longlong, double, long long)
CJ_EMU_REINTERPRET(__longlong_as_double, long long, double)
inline int __popc(unsigned x)
{
	return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x)
{
	return __builtin_popcountll(x);
}
inline int __clz(int x)
{
	return x ? __builtin_clz((unsigned)x) : 32;
}
inline int __clzll(long long x)
{
	return x ? __builtin_clzll((unsigned long long)x) : 64;
}
inline int __ffs(int x)
{
	return __builtin_ffs(x);
}
inline int __ffsll(long long x)
{
	return __builtin_ffsll(x);
}
inline unsigned __brev(unsigned x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	return __builtin_bswap32(x);
}
inline unsigned __umulhi(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a * b) >> 32);
}
inline int __mul24(int a, int b)
{
	return a * b;
}
inline unsigned __umul24(unsigned a, unsigned b)
{
	return (a & 0xffffffu) * (b & 0xffffffu);
}
inline int __mulhi(int a, int b)
{
	return (int)(((long long)a * b) >> 32);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
	return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline int __hadd(int a, int b)
{
	return (int)(((long long)a + b) >> 1);
}
inline int __rhadd(int a, int b)
{
	return (int)(((long long)a + b + 1) >> 1);
}
inline unsigned __uhadd(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a + b) >> 1);
}
inline unsigned __urhadd(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a + b + 1) >> 1);
}
inline unsigned __sad(int a, int b, unsigned c)
{
	return c + (unsigned)(a > b ? (long long)a - b : (long long)b - a);
}
inline unsigned __usad(unsigned a, unsigned b, unsigned c)
{
	return c + (a > b ? a - b : b - a);
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long both = ((unsigned long long)y << 32) | x;
	unsigned r = 0;
	for (int k = 0; k < 4; ++k)
		r |= (unsigned)((both >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
	return r;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift)
{
	unsigned long long both = ((unsigned long long)hi << 32) | lo;
	return (unsigned)((both << (shift & 31)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift)
{
	unsigned long long both = ((unsigned long long)hi << 32) | lo;
	return (unsigned)(both >> (shift & 31));
}
/* Conversions with a rounding mode: _rn to nearest even, _rz toward zero,
 * _ru up, _rd down. */
#define CJ_EMU_CONVERT(name, From, To, round)                                                      \
	inline To name(From x)                                                                     \
	{                                                                                          \
		return (To)round(x);                                                               \
	}
CJ_EMU_CONVERT(__float2int_rn, float, int, nearbyintf)
CJ_EMU_CONVERT(__float2int_rz, float, int, truncf)
CJ_EMU_CONVERT(__float2int_ru, float, int, ceilf)
CJ_EMU_CONVERT(__float2int_rd, float, int, floorf)
CJ_EMU_CONVERT(__float2uint_rn, float, unsigned, nearbyintf)
CJ_EMU_CONVERT(__float2uint_rz, float, unsigned, truncf)
CJ_EMU_CONVERT(__float2ll_rn, float, long long, nearbyintf)
CJ_EMU_CONVERT(__float2ll_rz, float, long long, truncf)
CJ_EMU_CONVERT(__double2int_rn, double, int, nearbyint)
CJ_EMU_CONVERT(__double2int_rz, double, int, trunc)
CJ_EMU_CONVERT(__double2float_rn, double, float, )
CJ_EMU_CONVERT(__int2float_rn, int, float, )
CJ_EMU_CONVERT(__uint2float_rn, unsigned, float, )
CJ_EMU_CONVERT(__ll2float_rn, long long, float, )
CJ_EMU_CONVERT(__int2double_rn, int, double, )
#undef CJ_EMU_CONVERT
/* __ldg and the cache-hinted loads and stores: plain accesses on the CPU. */
#define CJ_PLAIN_LOAD(name)                                                                        \
	template <typename T> inline T name(const T *p)                                            \
	{                                                                                          \
		return *p;                                                                         \
	}
#define CJ_PLAIN_STORE(name)                                                                       \
	template <typename T> inline void name(T *p, T v)                                          \
	{                                                                                          \
		*p = v;                                                                            \
	}
CJ_PLAIN_LOAD(__ldg)
CJ_PLAIN_LOAD(__ldcg)
CJ_PLAIN_LOAD(__ldca)
CJ_PLAIN_LOAD(__ldcs)
CJ_PLAIN_LOAD(__ldlu)
CJ_PLAIN_LOAD(__ldcv)
CJ_PLAIN_STORE(__stwb)
CJ_PLAIN_STORE(__stcg)
CJ_PLAIN_STORE(__stcs)
CJ_PLAIN_STORE(__stwt)
#undef CJ_PLAIN_LOAD
#undef CJ_PLAIN_STORE
/* Fast math and the arithmetic with a rounding mode: the plain operation on a
 * CPU. */
#define CJ_EMU_MATH1(name, T, expr)                                                                \
	inline T name(T x)                                                                         \
	{                                                                                          \
		return expr;                                                                       \
	}
#define CJ_EMU_MATH2(name, T, expr)                                                                \
	inline T name(T x, T y)                                                                    \
	{                                                                                          \
		return expr;                                                                       \
	}
CJ_EMU_MATH1(__expf, float, expf(x))
CJ_EMU_MATH1(__exp10f, float, exp10f(x))
CJ_EMU_MATH1(__logf, float, logf(x))
CJ_EMU_MATH1(__log2f, float, log2f(x))
CJ_EMU_MATH1(__log10f, float, log10f(x))
CJ_EMU_MATH1(__sinf, float, sinf(x))
CJ_EMU_MATH1(__cosf, float, cosf(x))
CJ_EMU_MATH1(__tanf, float, tanf(x))
CJ_EMU_MATH1(__frcp_rn, float, 1.0f / x)
CJ_EMU_MATH1(__fsqrt_rn, float, sqrtf(x))
CJ_EMU_MATH1(__frsqrt_rn, float, 1.0f / sqrtf(x))
CJ_EMU_MATH1(rsqrtf, float, 1.0f / sqrtf(x))
CJ_EMU_MATH1(rsqrt, double, 1.0 / sqrt(x))
CJ_EMU_MATH1(rcbrtf, float, 1.0f / cbrtf(x))
CJ_EMU_MATH1(__saturatef, float, x<0.0f ? 0.0f : x> 1.0f ? 1.0f : x)
CJ_EMU_MATH2(__powf, float, powf(x, y))
CJ_EMU_MATH2(__fdividef, float, x / y)
CJ_EMU_MATH2(__fdiv_rn, float, x / y)
CJ_EMU_MATH2(__fadd_rn, float, x + y)
CJ_EMU_MATH2(__fadd_rz, float, x + y)
CJ_EMU_MATH2(__fsub_rn, float, x - y)
CJ_EMU_MATH2(__fmul_rn, float, x *y)
CJ_EMU_MATH2(__fmul_rz, float, x *y)
CJ_EMU_MATH2(__dadd_rn, double, x + y)
CJ_EMU_MATH2(__dmul_rn, double, x *y)
CJ_EMU_MATH2(__ddiv_rn, double, x / y)
#undef CJ_EMU_MATH1
#undef CJ_EMU_MATH2
inline void __sincosf(float x, float *s, float *c)
{
	*s = sinf(x);
	*c = cosf(x);
}
inline float __fmaf_rn(float a, float b, float c)
{
	return fmaf(a, b, c);
}
/* A clock that advances at every read, so that a loop that waits for some
 * cycles to pass ends. */
inline long long clock64()
{
	return (long long)cj_emu::clock_ticks();
}
/* A thread that sleeps in a poll loop lets the others run, in any launch. */
inline void __nanosleep(unsigned)
{
	cj_emu::spin();
}
#define __trap() abort()

/* CUDA's min and max accept mixed argument types. */
#define CJ_EMU_MINMAX(T)                                                                           \
	inline T min(T a, T b)                                                                     \
	{                                                                                          \
		return a < b ? a : b;                                                              \
	}                                                                                          \
	inline T max(T a, T b)                                                                     \
	{                                                                                          \
		return a < b ? b : a;                                                              \
	}
CJ_EMU_MINMAX(int)
CJ_EMU_MINMAX(unsigned)
CJ_EMU_MINMAX(long long)
CJ_EMU_MINMAX(unsigned long long)
CJ_EMU_MINMAX(float)
CJ_EMU_MINMAX(double)
#undef CJ_EMU_MINMAX
inline float min(float a, int b)
{
	return min(a, (float)b);
}
inline float max(float a, int b)
{
	return max(a, (float)b);
}
inline long long min(long long a, int b)
{
	return min(a, (long long)b);
}
inline long long max(long long a, int b)
{
	return max(a, (long long)b);
}
inline long long min(int a, long long b)
{
	return min((long long)a, b);
}
inline long long max(int a, long long b)
{
	return max((long long)a, b);
}

#endif
