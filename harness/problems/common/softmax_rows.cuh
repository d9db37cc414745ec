/*
 * The launch glue of the row-softmax exercises, block_softmax and
 * warp_softmax (their layout: common/softmax_layout.h): a rows x len matrix
 * stored row after row (row r starts at element r * len), cut into groups
 * of `per` consecutive rows; row group g, rows g * per .. g * per + per - 1,
 * is one block's (block_softmax) or one warp's (warp_softmax), whose threads
 * all call the learner's row function once per row, in order. Groups past
 * the last row do not call it at all.
 * An exercise's glue.cuh defines, then includes this file:
 *   cj_softmax_group()            device part: the row group of the calling
 *                                 thread (and what a group does first)
 *   cj_softmax_row(x, y, len)     device part: the learner's call on one row
 *   cj_softmax_blocks(groups, block)  host part: the blocks of `block`
 *                                 threads that make `groups` row groups
 *   CJ_SOFTMAX_KERNEL             the kernel's name (extern "C": its symbol
 *                                 in the module is that name)
 * This file defines the kernel (device part), declares it, and defines
 * cj_launch (host part). Every name here starts with cj_ or CJ_, which a
 * learner's #define may not use.
 */
#ifndef CJ_COMMON_SOFTMAX_ROWS_CUH
#define CJ_COMMON_SOFTMAX_ROWS_CUH

#include "common/named_kernel.cuh"
#include "common/softmax_layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        CJ_SOFTMAX_KERNEL(const float *cj_x, float *cj_y, long long cj_rows, int cj_len, int cj_per)
{
	long long cj_group = cj_softmax_group();
	for (int cj_k = 0; cj_k < cj_per; ++cj_k) {
		long long cj_r = cj_group * cj_per + cj_k;
		if (cj_r >= cj_rows) /* the same for every thread of the group */
			break;
		cj_softmax_row(cj_x + cj_r * cj_len, cj_y + cj_r * cj_len, cj_len);
	}
}
#endif

CJ_DECLARE_NAMED_KERNEL(CJ_SOFTMAX_KERNEL, (const float *cj_x, float *cj_y, long long cj_rows,
                                            int cj_len, int cj_per));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *cj_c, void *const cj_dev[], cudaStream_t cj_stream)
{
	long long cj_rows = cj_c->param[CJ_P_ROWS];
	unsigned cj_block = (unsigned)cj_c->param[CJ_P_BLOCK];
	int cj_per = (int)cj_c->param[CJ_P_PER];
	CJ_LAUNCH(CJ_SOFTMAX_KERNEL, cj_softmax_blocks((cj_rows + cj_per - 1) / cj_per, cj_block),
	          cj_block, 0, cj_stream, (const float *)cj_dev[CJ_B_X], (float *)cj_dev[CJ_B_Y],
	          cj_rows, (int)cj_c->param[CJ_P_LEN], cj_per);
}
#endif

#endif
