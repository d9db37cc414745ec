/*
 * Launch glue for atomic_max_float: one thread per value; thread i performs
 *   olds[i] = atomicMaxFloat(&slots[slot_of[i]], vals[i]);
 * The kernel, cj_atomic_max_kernel, and cj_launch() are those of both
 * atomic-slot exercises: common/slot_update.cuh, with the names defined
 * below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "atomic_max_float/layout.h"

#define CJ_SLOT_KERNEL cj_atomic_max_kernel
#define CJ_SLOT_UPDATE atomicMaxFloat
#include "common/slot_update.cuh"
