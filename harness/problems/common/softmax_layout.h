/*
 * The parameter layout of the row-softmax exercises, warp_softmax and
 * block_softmax: a rows x len matrix stored row after row, each row taken
 * by one warp (warp_softmax) or one block (block_softmax), `per` rows in
 * turn. Included through each one's layout.h by its cases (cases.c and
 * common/softmax_cases.c) and its glue.
 */
#ifndef CJ_LAYOUT_SOFTMAX_H
#define CJ_LAYOUT_SOFTMAX_H

/* param[] */
enum {
	CJ_P_ROWS,  /* rows of the matrix */
	CJ_P_LEN,   /* elements per row, >= 1 */
	CJ_P_BLOCK, /* blockDim.x: a multiple of 32, at most 1024 */
	CJ_P_PER,   /* rows per warp (warp_softmax) or per block (block_softmax), >= 1 */
};

/* the buffers, in the order common/softmax_cases.c declares them */
enum {
	CJ_B_X, /* float, rows * len */
	CJ_B_Y, /* float, rows * len */
};

#endif
