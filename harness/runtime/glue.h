/*
 * The contract between the runtime and a problem's launch glue.
 *
 * Each harness/problems/<id>.cuh is compiled after the learner's file (or the
 * reference) in one translation unit, harness/runtime/learner_tu.cu, and
 * defines cj_launch(). The runtime owns everything else: device buffers,
 * poisoning, guard zones, error checks, synchronisation and timing.
 */
#ifndef HARNESS_RUNTIME_GLUE_H
#define HARNESS_RUNTIME_GLUE_H

#include <cuda_runtime.h>

#include "wire.h"

/*
 * Enqueues the problem's kernel(s) for one case on `stream`. dev[i] is the
 * device pointer of buffer i of the case, in the order the engine declared
 * them. Must not synchronise or allocate: the runtime checks the launch error
 * and synchronises after it returns, and calls it again for timed repetitions.
 */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream);

/* Blocks needed to give every one of n elements its own thread. */
static inline unsigned cj_blocks_for(long long n, unsigned block)
{
	return (unsigned)((n + block - 1) / block);
}

#endif
