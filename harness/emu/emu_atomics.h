/*
 * Part of the emulator's <cuda_runtime.h> (included only from there): the
 * atomic functions, around which the scheduler may let other threads run.
 */
#ifndef HARNESS_EMU_EMU_ATOMICS_H
#define HARNESS_EMU_EMU_ATOMICS_H

/* ---- atomics ----------------------------------------------------------------
 * Relaxed, as on a GPU: an atomic orders nothing by itself, only with a fence
 * (see cj_emu::fence in races.cpp). ThreadSanitizer sees every one of them.
 * Around each one the other threads may take a turn (cj_emu::atomic_begin and
 * atomic_end, a schedule drawn from the run's seed), so a compare-and-swap
 * meets the updates a GPU's other threads make between a thread's read and its
 * swap; in a co-resident grid every atomic gives way, so a thread that polls a
 * flag with atomics lets the thread that sets it run. The last two parameters
 * name the learner's call, for reports. */
#define CJ_EMU_SITE const char *cj_file = __builtin_FILE(), int cj_line = __builtin_LINE()
template <typename T, typename F> inline T cj_emu_rmw(T *a, F op, const char *file, int line)
{
	cj_emu::atomic_begin(a, true, file, line);
	T old = op();
	cj_emu::atomic_end(a, cj_emu::peek(a, sizeof old) != cj_emu::peek(&old, sizeof old));
	return old;
}
#define CJ_EMU_RLX __ATOMIC_RELAXED
#define CJ_EMU_AT cj_file, cj_line
/* One atomic read-modify-write of an integer type T by a GCC builtin. */
#define CJ_EMU_FETCH(T, name, builtin)                                                             \
	inline T name(T *a, T v, CJ_EMU_SITE)                                                      \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return builtin(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);                  \
	}
/* A compare-and-swap loop: reads *a, and while update(old, next) asks for a
 * write (setting next), swaps next in unless another thread changed *a
 * meanwhile, when it tries again with the value that thread left. Returns the
 * value it replaced, or left. */
template <typename T, typename U>
inline T cj_emu_cas_loop(T *a, U update, const char *file, int line)
{
	return cj_emu_rmw(
	        a,
	        [&] {
		        T old = __atomic_load_n(a, CJ_EMU_RLX), next = old;
		        while (update(old, next) &&
		               !__atomic_compare_exchange_n(a, &old, next, false, CJ_EMU_RLX,
		                                            CJ_EMU_RLX))
			        ;
		        return old;
	        },
	        file, line);
}
/* An atomic that stores v while `better` holds of the value there (old). */
#define CJ_EMU_KEEP(T, name, better)                                                               \
	inline T name(T *a, T v, CJ_EMU_SITE)                                                      \
	{                                                                                          \
		return cj_emu_cas_loop(                                                            \
		        a,                                                                         \
		        [&](T old, T &next) {                                                      \
			        next = v;                                                          \
			        return (better);                                                   \
		        },                                                                         \
		        CJ_EMU_AT);                                                                \
	}
#define CJ_EMU_ATOMIC_INT(T)                                                                       \
	CJ_EMU_FETCH(T, atomicAdd, __atomic_fetch_add)                                             \
	CJ_EMU_FETCH(T, atomicSub, __atomic_fetch_sub)                                             \
	CJ_EMU_FETCH(T, atomicExch, __atomic_exchange_n)                                           \
	CJ_EMU_FETCH(T, atomicAnd, __atomic_fetch_and)                                             \
	CJ_EMU_FETCH(T, atomicOr, __atomic_fetch_or)                                               \
	CJ_EMU_FETCH(T, atomicXor, __atomic_fetch_xor)                                             \
	inline T atomicCAS(T *a, T expected, T desired, CJ_EMU_SITE)                               \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a,                                                                         \
		        [&] {                                                                      \
			        __atomic_compare_exchange_n(a, &expected, desired, false,          \
			                                    CJ_EMU_RLX, CJ_EMU_RLX);               \
			        return expected;                                                   \
		        },                                                                         \
		        CJ_EMU_AT);                                                                \
	}                                                                                          \
	CJ_EMU_KEEP(T, atomicMax, old < v)                                                         \
	CJ_EMU_KEEP(T, atomicMin, v < old)
CJ_EMU_ATOMIC_INT(int)
CJ_EMU_ATOMIC_INT(unsigned)
CJ_EMU_ATOMIC_INT(unsigned long long)
CJ_EMU_ATOMIC_INT(long long)
#undef CJ_EMU_ATOMIC_INT
#undef CJ_EMU_FETCH
#undef CJ_EMU_KEEP

template <typename F, typename B>
inline F cj_emu_atomic_float_add(F *a, F v, const char *file, int line)
{
	return cj_emu_bits_as<F>(cj_emu_cas_loop(
	        reinterpret_cast<B *>(a),
	        [&](B old, B &next) {
		        next = cj_emu_bits_as<B>(cj_emu_bits_as<F>(old) + v);
		        return true;
	        },
	        file, line));
}
inline float atomicAdd(float *a, float v, CJ_EMU_SITE)
{
	return cj_emu_atomic_float_add<float, unsigned>(a, v, CJ_EMU_AT);
}
inline double atomicAdd(double *a, double v, CJ_EMU_SITE)
{
	return cj_emu_atomic_float_add<double, unsigned long long>(a, v, CJ_EMU_AT);
}
inline float atomicExch(float *a, float v, CJ_EMU_SITE)
{
	unsigned bits = cj_emu_bits_as<unsigned>(v);
	unsigned *word = reinterpret_cast<unsigned *>(a);
	return cj_emu_bits_as<float>(cj_emu_rmw(
	        word, [&] { return __atomic_exchange_n(word, bits, CJ_EMU_RLX); }, CJ_EMU_AT));
}
inline unsigned atomicInc(unsigned *a, unsigned limit, CJ_EMU_SITE)
{
	return cj_emu_cas_loop(
	        a,
	        [&](unsigned old, unsigned &next) {
		        next = old >= limit ? 0 : old + 1;
		        return true;
	        },
	        CJ_EMU_AT);
}
inline unsigned atomicDec(unsigned *a, unsigned limit, CJ_EMU_SITE)
{
	return cj_emu_cas_loop(
	        a,
	        [&](unsigned old, unsigned &next) {
		        next = (old == 0 || old > limit) ? limit : old - 1;
		        return true;
	        },
	        CJ_EMU_AT);
}
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicCAS_block atomicCAS
#define atomicExch_block atomicExch
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin

#endif
