/*
 * Launch glue for atomic_add_cas: one thread per value; thread i adds vals[i]
 * to slots[slot_of[i]] with the learner's atomicAddCAS and stores what it
 * returned in olds[i]:
 *   olds[i] = atomicAddCAS(&slots[slot_of[i]], vals[i]);
 * The kernel, cj_add_kernel, and cj_launch() are those of both atomic-slot
 * exercises: common/slot_update.cuh, with the names defined below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "atomic_add_cas/layout.h"

#define CJ_SLOT_KERNEL cj_add_kernel
#define CJ_SLOT_UPDATE atomicAddCAS
#include "common/slot_update.cuh"
