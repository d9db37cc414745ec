/*
 * Launch glue for grid_stride: a grid deliberately smaller (or larger) than
 * the data, so that only a grid-stride loop covers every element.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include <string.h>

#include "grid_stride/layout.h"

CJ_DECLARE_KERNEL(saxpy_grid_stride, "_Z17saxpy_grid_stridexfPKfPf",
                  (long long n, float a, const float *x, float *y));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	unsigned bits = (unsigned)c->param[CJ_P_A];
	float a;
	memcpy(&a, &bits, sizeof a);
	CJ_LAUNCH(saxpy_grid_stride, (unsigned)c->param[CJ_P_GRID], (unsigned)c->param[CJ_P_BLOCK],
	          0, stream, (long long)c->param[CJ_P_N], a, (const float *)dev[CJ_B_X],
	          (float *)dev[CJ_B_Y]);
}
#endif
