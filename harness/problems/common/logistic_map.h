/*
 * One step of the logistic map v = r v (1 - v) as the exercises' given device
 * code takes it (branch_by_warp's path_a and path_b, stream_overlap's
 * transform): one multiplication and one fmaf, so that every copy computes
 * the same float bit for bit. The judge's own copies take their steps with
 * this function: the golden model (value_pool.c, C) and stream_overlap's
 * serial baseline (its glue.cuh, CUDA device code, which includes this
 * header after the learner's file: every name here starts with cj_, which a
 * learner's #define may not use).
 */
#ifndef CJ_COMMON_LOGISTIC_MAP_H
#define CJ_COMMON_LOGISTIC_MAP_H

#include <math.h>

#ifdef __cplusplus /* a glue: nvcc, or the emulator's cuda_runtime.h */
#define CJ_STEP_FN static __host__ __device__ __forceinline__
#else
#define CJ_STEP_FN static inline
#endif

/* cj_v after one step of the map with r = cj_r. */
CJ_STEP_FN float cj_logistic_step(float cj_r, float cj_v)
{
	float cj_t = cj_r * cj_v;
	return fmaf(-cj_t, cj_v, cj_t);
}

#undef CJ_STEP_FN

#endif
