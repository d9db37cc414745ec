/*
 * Launch glue for transpose: in is rows x cols (row-major), out is cols x rows.
 * Blocks of 64 x 8 threads, one block per 64 x 64 tile of in:
 * gridDim = (ceil(cols / 64), ceil(rows / 64)).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "transpose/layout.h"

CJ_DECLARE_KERNEL(transpose, "_Z9transposePKfPfii",
                  (const float *in, float *out, int rows, int cols));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	int rows = (int)c->param[CJ_P_ROWS], cols = (int)c->param[CJ_P_COLS];
	dim3 grid(cj_blocks_for(cols, 64), cj_blocks_for(rows, 64)), block(64, 8);
	CJ_LAUNCH(transpose, grid, block, 0, stream, (const float *)dev[CJ_B_IN],
	          (float *)dev[CJ_B_OUT], rows, cols);
}
#endif
