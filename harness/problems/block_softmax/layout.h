/*
 * The parameter layout of block_softmax: the row-softmax layout it shares with
 * warp_softmax (common/softmax_layout.h; CJ_P_PER is its rows per
 * block), included by its cases.c and its glue.cuh.
 */
#ifndef CJ_LAYOUT_BLOCK_SOFTMAX_H
#define CJ_LAYOUT_BLOCK_SOFTMAX_H

#include "../common/softmax_layout.h"

#endif
