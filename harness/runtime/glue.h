/*
 * The contract between the runtime and a problem's launch glue.
 *
 * Each harness/problems/<id>.cuh is compiled after the learner's file (or the
 * reference) in one translation unit, harness/runtime/learner_tu.cu. The
 * runtime owns device buffers, poisoning, guard zones, error checks,
 * synchronisation and timing. A glue defines one of two entries:
 *
 * - cj_launch (device-driven exercises, most of them): enqueues kernels on
 *   the runtime's stream and nothing else.
 * - cj_host_run (host-driven exercises: streams, events, page-locked memory):
 *   calls the learner's host code, which creates its own streams and may
 *   allocate and synchronise. It owns everything between "inputs are on the
 *   device" and "outputs are on the device"; the runtime still checks the
 *   guard zones and copies the outputs back.
 *
 * Both entries are weak symbols, so a glue defines only the one it needs.
 *
 * Speed rules. An exercise whose point is speed (faster than a baseline, or
 * overlapped compared with running one step after another) names the rule in
 * its struct problem (harness/problems/problem.h: `speed`) and marks one case
 * `measure`. On that case, and only on a GPU, the test binary measures two
 * medians in the same run: the learner's code and the baseline. A device-driven
 * glue supplies the baseline as cj_baseline_launch and the runtime times both;
 * a host-driven glue measures both itself and fills struct cj_measure. The
 * engine, never the test binary, turns the two numbers into a verdict.
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
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
        __attribute__((weak));

/*
 * Optional, with cj_launch: enqueues the baseline the learner's kernels must
 * beat (same buffers, same stream, same rules as cj_launch). The runtime
 * times it against cj_launch on the case marked `measure`.
 */
void cj_baseline_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
        __attribute__((weak));

/* What a host-driven glue is asked for and reports besides the outputs. */
struct cj_measure {
	int want;            /* in: 1 when the case is marked measure and a GPU runs it */
	int timing;          /* in: 1 in the timed repetitions of a timed case */
	unsigned reps;       /* out: repetitions behind each median, 0 if not measured */
	float learner_ms;    /* out: median of the learner's code */
	float baseline_ms;   /* out: median of what it must beat */
	unsigned host_flags; /* out: enum cj_host_flag (wire.h) */
	float run_ms;        /* out, optional: the part of this call to report as its time
	                      * (e.g. without allocations); 0: the runtime's clock decides */
};

/*
 * Host-driven exercises: runs the learner's host code for one case. dev[i]
 * holds buffer i (inputs copied in, outputs poisoned, guard zones around).
 * Leaves the outputs in dev[] and the device idle. May allocate, create
 * streams and events, and synchronise; must free what it allocates. Returns
 * the first CUDA error (recorded with CJ_CHECK from cuda_check.h), or
 * cudaSuccess. Called once to check the case, and again for timed repetitions
 * (with m->timing == 1 and m->want == 0).
 */
cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], struct cj_measure *m)
        __attribute__((weak));

/* Blocks needed to give every one of n elements its own thread. */
static inline unsigned cj_blocks_for(long long n, unsigned block)
{
	return (unsigned)((n + block - 1) / block);
}

#endif
