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
inline unsigned short __half_as_ushort(__half h)
{
	unsigned short u;
	std::memcpy(&u, &h, sizeof u);
	return u;
}
inline short __half_as_short(__half h)
{
	short s;
	std::memcpy(&s, &h, sizeof s);
	return s;
}
inline __half __ushort_as_half(unsigned short u)
{
	__half h;
	std::memcpy(&h, &u, sizeof h);
	return h;
}
inline __half __short_as_half(short s)
{
	__half h;
	std::memcpy(&h, &s, sizeof h);
	return h;
}
#define CJ_EMU_HALF_BINARY(name, op)                                                               \
	inline __half name(__half a, __half b)                                                     \
	{                                                                                          \
		return __half((float)a.x op(float) b.x);                                           \
	}
CJ_EMU_HALF_BINARY(__hadd, +)
CJ_EMU_HALF_BINARY(__hsub, -)
CJ_EMU_HALF_BINARY(__hmul, *)
CJ_EMU_HALF_BINARY(__hdiv, /)
#undef CJ_EMU_HALF_BINARY
inline __half __hneg(__half a)
{
	return __half(-(float)a.x);
}
inline __half __habs(__half a)
{
	return __half(fabsf((float)a.x));
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
inline bool __heq(__half a, __half b)
{
	return (float)a.x == (float)b.x;
}
inline bool __hne(__half a, __half b)
{
	return (float)a.x != (float)b.x;
}
inline bool __hlt(__half a, __half b)
{
	return (float)a.x < (float)b.x;
}
inline bool __hle(__half a, __half b)
{
	return (float)a.x <= (float)b.x;
}
inline bool __hgt(__half a, __half b)
{
	return (float)a.x > (float)b.x;
}
inline bool __hge(__half a, __half b)
{
	return (float)a.x >= (float)b.x;
}
inline bool __hisnan(__half a)
{
	return std::isnan((float)a.x);
}
inline bool __hisinf(__half a)
{
	return std::isinf((float)a.x);
}
inline __half hsqrt(__half a)
{
	return __half(sqrtf((float)a.x));
}
inline __half hexp(__half a)
{
	return __half(expf((float)a.x));
}
inline __half hlog(__half a)
{
	return __half(logf((float)a.x));
}
inline __half hrsqrt(__half a)
{
	return __half(1.0f / sqrtf((float)a.x));
}
inline __half operator+(__half a, __half b)
{
	return __hadd(a, b);
}
inline __half operator-(__half a, __half b)
{
	return __hsub(a, b);
}
inline __half operator*(__half a, __half b)
{
	return __hmul(a, b);
}
inline __half operator/(__half a, __half b)
{
	return __hdiv(a, b);
}
inline __half operator-(__half a)
{
	return __hneg(a);
}
inline __half &operator+=(__half &a, __half b)
{
	return a = __hadd(a, b);
}
inline __half &operator-=(__half &a, __half b)
{
	return a = __hsub(a, b);
}
inline __half &operator*=(__half &a, __half b)
{
	return a = __hmul(a, b);
}
inline __half &operator/=(__half &a, __half b)
{
	return a = __hdiv(a, b);
}
inline bool operator==(__half a, __half b)
{
	return __heq(a, b);
}
inline bool operator!=(__half a, __half b)
{
	return __hne(a, b);
}
inline bool operator<(__half a, __half b)
{
	return __hlt(a, b);
}
inline bool operator<=(__half a, __half b)
{
	return __hle(a, b);
}
inline bool operator>(__half a, __half b)
{
	return __hgt(a, b);
}
inline bool operator>=(__half a, __half b)
{
	return __hge(a, b);
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
inline __half2 __hadd2(__half2 a, __half2 b)
{
	return __half2{__hadd(a.x, b.x), __hadd(a.y, b.y)};
}
inline __half2 __hsub2(__half2 a, __half2 b)
{
	return __half2{__hsub(a.x, b.x), __hsub(a.y, b.y)};
}
inline __half2 __hmul2(__half2 a, __half2 b)
{
	return __half2{__hmul(a.x, b.x), __hmul(a.y, b.y)};
}
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c)
{
	return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
inline __half2 __hmax2(__half2 a, __half2 b)
{
	return __half2{__hmax(a.x, b.x), __hmax(a.y, b.y)};
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
