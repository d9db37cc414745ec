/*
 * The contract between the runtime and a problem's launch glue.
 *
 * Each harness/problems/<id>/glue.cuh is compiled after the learner's file
 * (or the reference) in one translation unit, harness/runtime/learner_tu.cu. The
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
 * Three builds read a device-driven glue (docs/trusted-runner.md):
 * - CJ_MODULE: the module, compiled device-only (nvcc -cubin) from the
 *   learner's file (or a reference) and the glue's device part, the code
 *   between `#ifndef CJ_RUNNER` and its #endif. No host code survives.
 * - CJ_RUNNER: the exercise's trusted runner, built with the judge from the
 *   runtime and the glue's host part (`#ifndef CJ_MODULE`), never with the
 *   learner's file. Its launches go to the kernels of a loaded module.
 * - neither (the emulator, and the linked host-driven exercises): one
 *   translation unit with both parts, as before.
 * A glue declares every kernel its host part launches, once, between the two
 * parts, with CJ_DECLARE_KERNEL(name, "symbol", (parameters)), and launches
 * it with CJ_LAUNCH(name, grid, block, shared_bytes, stream, args...);
 * CJ_KERNEL(name) is the handle the occupancy and cooperative-launch calls
 * take. "symbol" is the kernel's name in the module: the name itself for the
 * glue's extern "C" kernels, the mangled name for a kernel the learner
 * writes (the module build checks its signature, so the name is known).
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

#ifdef __cplusplus
template <class A, class B> struct cj_same_type {
	static const bool value = false;
};
template <class A> struct cj_same_type<A, A> {
	static const bool value = true;
};
#endif

#if defined(CJ_RUNNER)
/* The handle of kernel `symbol` in the module being run (the learner's, or
 * the reference's while it is timed); NULL, with the reason in the case's
 * error, when the module has no such kernel. run_cases.cu. */
const void *cj_module_kernel(const char *symbol);
/* 0 while the learner's module runs, 1 while the reference's does: glue
 * state that lives across launches (counters, caches) is kept per module. */
int cj_current_module(void);

#include <tuple>
#include <utility>
/* cudaLaunchKernel with every argument converted to the kernel's own
 * parameter type, as a <<<>>> launch converts them. The function pointer is
 * a null pointer of the kernel's type: the host never has the kernel. */
template <class... P, class... A, size_t... I>
static inline cudaError_t cj_launch_args(const void *k, dim3 g, dim3 b, size_t smem, cudaStream_t s,
                                         std::index_sequence<I...>, A &&...a)
{
	std::tuple<P...> v(static_cast<P>(a)...);
	void *args[] = {(void *)&std::get<I>(v)..., nullptr};
	return cudaLaunchKernel(k, g, b, args, smem, s);
}
template <class... P, class... A>
static inline cudaError_t cj_launch_as(void (*)(P...), const void *k, dim3 g, dim3 b, size_t smem,
                                       cudaStream_t s, A &&...a)
{
	static_assert(sizeof...(P) == sizeof...(A), "a kernel launched with the wrong arguments");
	/* k == NULL (cj_module_kernel said why) fails in cudaLaunchKernel, which
	 * leaves the error for the runtime's check after cj_launch. */
	return cj_launch_args<typename std::decay<P>::type...>(
	        k, g, b, smem, s, std::index_sequence_for<P...>{}, std::forward<A>(a)...);
}
#define CJ_DECLARE_KERNEL(name, symbol, params)                                                    \
	void name params;                                                                          \
	static const char cj_symbol_##name[] = symbol
#define CJ_KERNEL(name) cj_module_kernel(cj_symbol_##name)
#define CJ_LAUNCH(name, grid, block, smem, stream, ...)                                            \
	cj_launch_as((decltype(&name))nullptr, CJ_KERNEL(name), grid, block, smem, stream,         \
	             __VA_ARGS__)
#else
static inline int cj_current_module(void)
{
	return 0;
}
/* The kernel is defined above (the glue's, or the learner's): its signature
 * must be the one the runner launches it with. */
#define CJ_DECLARE_KERNEL(name, symbol, params)                                                    \
	static_assert(cj_same_type<decltype(&name), void(*) params>::value,                        \
	              "the judge launches `" #name "` as a __global__ function with the "          \
	              "parameters " #params)
#define CJ_KERNEL(name) name
#ifdef CJ_EMU
#define CJ_LAUNCH(name, grid, block, smem, stream, ...)                                            \
	cj_emu::launch_kernel(cj_emu::config(grid, block, smem, stream), name, __VA_ARGS__)
#else
#define CJ_LAUNCH(name, grid, block, smem, stream, ...)                                            \
	name<<<grid, block, smem, stream>>>(__VA_ARGS__)
#endif
#endif

/* Blocks needed to give every one of n elements its own thread. */
static inline unsigned cj_blocks_for(long long n, unsigned block)
{
	return (unsigned)((n + block - 1) / block);
}

#endif
