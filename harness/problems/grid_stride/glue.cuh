/*
 * Launch glue for grid_stride: a grid deliberately smaller (or larger) than
 * the data, so that only a grid-stride loop covers every element.
 *   param[0] n       elements of x and y
 *   param[1] grid    gridDim.x
 *   param[2] block   blockDim.x
 *   param[3] a       the scale factor, as the bits of a float
 *   buffers  0 x (float, n, in)  1 y (float, n, in-out)
 */
#include <string.h>

CJ_DECLARE_KERNEL(saxpy_grid_stride, "_Z17saxpy_grid_stridexfPKfPf",
                  (long long n, float a, const float *x, float *y));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	unsigned bits = (unsigned)c->param[3];
	float a;
	memcpy(&a, &bits, sizeof a);
	CJ_LAUNCH(saxpy_grid_stride, (unsigned)c->param[1], (unsigned)c->param[2], 0, stream,
	          (long long)c->param[0], a, (const float *)dev[0], (float *)dev[1]);
}
#endif
