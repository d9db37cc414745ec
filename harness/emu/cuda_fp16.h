/*
 * The emulator's <cuda_fp16.h>: __half (half) and __half2 (half2) on the host
 * compiler's _Float16, with the conversions, the arithmetic and comparison
 * intrinsics and operators that reductions and softmax kernels use. Arithmetic
 * rounds to half after each operation, as on a GPU.
 */
#ifndef HARNESS_EMU_CUDA_FP16_H
#define HARNESS_EMU_CUDA_FP16_H
#include "cuda_runtime.h"

struct __half {
	_Float16 x;
	__half() = default;
	constexpr __half(float f) : x((_Float16)f)
	{
	}
	constexpr __half(double d) : x((_Float16)d)
	{
	}
	constexpr __half(int i) : x((_Float16)i)
	{
	}
	constexpr __half(unsigned u) : x((_Float16)u)
	{
	}
	constexpr operator float() const
	{
		return (float)x;
	}
};
typedef __half half;
struct __align__(4) __half2
{
	__half x, y;
};
typedef __half2 half2;

inline __half __float2half(float f)
{
	return __half(f);
}
inline __half __float2half_rn(float f)
{
	return __half(f);
}
inline float __half2float(__half h)
{
	return (float)h.x;
}
inline __half __int2half_rn(int i)
{
	return __half(i);
}
inline int __half2int_rn(__half h)
{
	return (int)nearbyintf((float)h.x);
}
inline int __half2int_rz(__half h)
{
	return (int)(float)h.x;
}
CJ_EMU_REINTERPRET(__half_as_ushort, __half, unsigned short)
CJ_EMU_REINTERPRET(__half_as_short, __half, short)
CJ_EMU_REINTERPRET(__ushort_as_half, unsigned short, __half)
CJ_EMU_REINTERPRET(__short_as_half, short, __half)
/* The arithmetic in float, rounded to half after each operation; each
 * intrinsic with its operator. */
#define CJ_EMU_HALF_ARITHMETIC(name, op)                                                           \
	inline __half name(__half a, __half b)                                                     \
	{                                                                                          \
		return __half((float)a.x op(float) b.x);                                           \
	}                                                                                          \
	inline __half operator op(__half a, __half b)                                              \
	{                                                                                          \
		return name(a, b);                                                                 \
	}                                                                                          \
	inline __half &operator op##=(__half &a, __half b)                                         \
	{                                                                                          \
		return a = name(a, b);                                                             \
	}
CJ_EMU_HALF_ARITHMETIC(__hadd, +)
CJ_EMU_HALF_ARITHMETIC(__hsub, -)
CJ_EMU_HALF_ARITHMETIC(__hmul, *)
CJ_EMU_HALF_ARITHMETIC(__hdiv, /)
#undef CJ_EMU_HALF_ARITHMETIC
#define CJ_EMU_HALF_COMPARE(name, op)                                                              \
	inline bool name(__half a, __half b)                                                       \
	{                                                                                          \
		return (float)a.x op(float) b.x;                                                   \
	}                                                                                          \
	inline bool operator op(__half a, __half b)                                                \
	{                                                                                          \
		return name(a, b);                                                                 \
	}
CJ_EMU_HALF_COMPARE(__heq, ==)
CJ_EMU_HALF_COMPARE(__hne, !=)
CJ_EMU_HALF_COMPARE(__hlt, <)
CJ_EMU_HALF_COMPARE(__hle, <=)
CJ_EMU_HALF_COMPARE(__hgt, >)
CJ_EMU_HALF_COMPARE(__hge, >=)
#undef CJ_EMU_HALF_COMPARE
/* Functions of one half, x its value in float. */
#define CJ_EMU_HALF_MATH(name, expr)                                                               \
	inline __half name(__half h)                                                               \
	{                                                                                          \
		const float x = (float)h.x;                                                        \
		return __half(expr);                                                               \
	}
CJ_EMU_HALF_MATH(__hneg, -x)
CJ_EMU_HALF_MATH(__habs, fabsf(x))
CJ_EMU_HALF_MATH(hsqrt, sqrtf(x))
CJ_EMU_HALF_MATH(hexp, expf(x))
CJ_EMU_HALF_MATH(hlog, logf(x))
CJ_EMU_HALF_MATH(hrsqrt, 1.0f / sqrtf(x))
#undef CJ_EMU_HALF_MATH
inline __half operator-(__half a)
{
	return __hneg(a);
}
inline __half __hfma(__half a, __half b, __half c)
{
	return __half(fmaf((float)a.x, (float)b.x, (float)c.x));
}
inline __half __hmax(__half a, __half b)
{
	return (float)a.x < (float)b.x ? b : a;
}
inline __half __hmin(__half a, __half b)
{
	return (float)b.x < (float)a.x ? b : a;
}
inline bool __hisnan(__half a)
{
	return std::isnan((float)a.x);
}
inline bool __hisinf(__half a)
{
	return std::isinf((float)a.x);
}

inline __half2 make_half2(__half x, __half y)
{
	return __half2{x, y};
}
inline __half2 __halves2half2(__half x, __half y)
{
	return __half2{x, y};
}
inline __half2 __floats2half2_rn(float x, float y)
{
	return __half2{__half(x), __half(y)};
}
inline __half2 __float2half2_rn(float f)
{
	return __half2{__half(f), __half(f)};
}
inline __half2 __half2half2(__half h)
{
	return __half2{h, h};
}
inline float2 __half22float2(__half2 h)
{
	return float2{(float)h.x.x, (float)h.y.x};
}
inline __half2 __float22half2_rn(float2 f)
{
	return __half2{__half(f.x), __half(f.y)};
}
inline float __low2float(__half2 h)
{
	return (float)h.x.x;
}
inline float __high2float(__half2 h)
{
	return (float)h.y.x;
}
inline __half __low2half(__half2 h)
{
	return h.x;
}
inline __half __high2half(__half2 h)
{
	return h.y;
}
/* __half2 arithmetic: the __half operation on each of the two lanes. */
#define CJ_EMU_HALF2_LANES(name, of)                                                               \
	inline __half2 name(__half2 a, __half2 b)                                                  \
	{                                                                                          \
		return __half2{of(a.x, b.x), of(a.y, b.y)};                                        \
	}
CJ_EMU_HALF2_LANES(__hadd2, __hadd)
CJ_EMU_HALF2_LANES(__hsub2, __hsub)
CJ_EMU_HALF2_LANES(__hmul2, __hmul)
CJ_EMU_HALF2_LANES(__hmax2, __hmax)
#undef CJ_EMU_HALF2_LANES
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
	return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
inline __half2 operator+(__half2 a, __half2 b)
{
	return __hadd2(a, b);
}
inline __half2 operator*(__half2 a, __half2 b)
{
	return __hmul2(a, b);
}
#endif
