/*
 * The parameter layout of histogram: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_HISTOGRAM_H
#define CJ_LAYOUT_HISTOGRAM_H

/* param[] */
enum {
	CJ_P_N,     /* values in data */
	CJ_P_BLOCK, /* blockDim.x: a multiple of 32, at most 1024 */
	/* gridDim.x; 0: as many blocks as the device can hold at once for this kernel (the
	 * occupancy calculator's answer times the number of SMs), as a persistent grid-stride
	 * kernel would use */
	CJ_P_GRID,
	CJ_P_NBINS, /* bins, 1..4096 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_DATA, /* int, n: values; those outside [0, nbins) are ignored */
	CJ_B_BINS, /* unsigned, nbins, in-out: counts to add to */
};

#endif
