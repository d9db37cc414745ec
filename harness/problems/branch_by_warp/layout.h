/*
 * The parameter layout of branch_by_warp: n floats in, n out, blocks of 256 (the
 * layout it shares with the other elementwise exercises,
 * common/elementwise_layout.h), included by its cases.c and its glue.cuh.
 */
#ifndef CJ_LAYOUT_BRANCH_BY_WARP_H
#define CJ_LAYOUT_BRANCH_BY_WARP_H

#include "../common/elementwise_layout.h"

#endif
