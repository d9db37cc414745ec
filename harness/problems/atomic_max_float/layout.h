/*
 * The parameter layout of atomic_max_float: the atomic-slot layout it shares with
 * atomic_add_cas (common/slots_layout.h), included by its cases.c and its
 * glue.cuh.
 */
#ifndef CJ_LAYOUT_ATOMIC_MAX_FLOAT_H
#define CJ_LAYOUT_ATOMIC_MAX_FLOAT_H

#include "../common/slots_layout.h"

#endif
