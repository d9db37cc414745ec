/*
 * The parameter layout of event_dependency: n floats in, n out, blocks of 256 (the
 * layout it shares with the other elementwise exercises,
 * common/elementwise_layout.h), included by its cases.c and its glue.cuh.
 */
#ifndef CJ_LAYOUT_EVENT_DEPENDENCY_H
#define CJ_LAYOUT_EVENT_DEPENDENCY_H

#include "../common/elementwise_layout.h"

#endif
