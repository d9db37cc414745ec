/*
 * The parameter layout of warp_softmax: the row-softmax layout it shares with
 * block_softmax (common/softmax_layout.h; CJ_P_PER is its rows per
 * warp), included by its cases.c and its glue.cuh.
 */
#ifndef CJ_LAYOUT_WARP_SOFTMAX_H
#define CJ_LAYOUT_WARP_SOFTMAX_H

#include "../common/softmax_layout.h"

#endif
