/*
 * The parameter layout of stream_overlap: n floats in, n out, blocks of 256 (the
 * layout it shares with the other elementwise exercises,
 * common/elementwise_layout.h), included by its cases.c and its glue.cuh.
 */
#ifndef CJ_LAYOUT_STREAM_OVERLAP_H
#define CJ_LAYOUT_STREAM_OVERLAP_H

#include "../common/elementwise_layout.h"

#endif
