/*
 * The parameter layout of atomic_add_cas: the atomic-slot layout it shares with
 * atomic_max_float (common/slots_layout.h), included by its cases.c and its
 * glue.cuh.
 */
#ifndef CJ_LAYOUT_ATOMIC_ADD_CAS_H
#define CJ_LAYOUT_ATOMIC_ADD_CAS_H

#include "../common/slots_layout.h"

#endif
