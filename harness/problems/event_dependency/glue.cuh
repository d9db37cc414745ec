/*
 * Host-driven glue for event_dependency (glue.h: cj_host_run). The glue
 * creates the producer and consumer streams (non-blocking) and the event,
 * poisons d_tmp, and first holds the producer stream with a kernel that
 * waits for the host. It then calls the learner's produce_then_consume, and
 * lets the producer go only once the consumer stream has finished or 20 ms
 * have passed. A consumer that does not wait for the producer's event has
 * read d_tmp before anything was written there: wrong results every time
 * (its kernel runs at once and takes microseconds; 20 ms leaves room for its
 * launch to reach a device that other programs share).
 * The hold gives up by itself after 2 s, so host code that waits for the
 * producer before returning is not stuck: it returns after more than 1 s,
 * which the glue reports (CJ_HOST_BLOCKED, a TLE). Timed repetitions (the
 * perf case) run without the hold: they time the two kernels and the wait.
 * On the emulator there is no hold: its deferred streams (cuda_runtime.h:
 * defer_streams) run the consumer stream first wherever no event wait stops
 * it, which shows the same mistakes every time, and queued work that runs
 * during the learner's call means its host code waited (CJ_HOST_BLOCKED).
 * The kernels produce and consume are given.cuh's, which this glue includes
 * after the learner's file (the learner's file declares them).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include <chrono>

#include "cuda_check.h"
#include "common/host_streams.cuh"
#include "event_dependency/layout.h"
#include "event_dependency/given.cuh"

#ifndef CJ_EMU
static __device__ unsigned long long cj_globaltimer_ns(void)
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

__global__ void cj_hold_stream(const volatile int *release, unsigned long long limit_ns)
{
	unsigned long long t0 = cj_globaltimer_ns();
	while (*release == 0 && cj_globaltimer_ns() - t0 < limit_ns)
		__nanosleep(20000);
}
#endif

static cudaError_t cj_dependency_case(const struct cj_wire_case *c, void *const dev[],
                                      volatile int *release, int *release_dev, float *d_tmp,
                                      cudaStream_t producer, cudaStream_t consumer,
                                      cudaEvent_t ready, cudaEvent_t consumer_done, int timing,
                                      float *run_ms, unsigned *host_flags)
{
	long long n = c->param[CJ_P_N];
	CJ_CHECK(cudaMemset(d_tmp, 0xff, (size_t)n * sizeof(float))); /* NaN */
	CJ_CHECK(cudaDeviceSynchronize());
#ifndef CJ_EMU
	*release = 0;
	if (!timing) { /* timed repetitions measure the two kernels and the dependency */
		cj_hold_stream<<<1, 1, 0, producer>>>(release_dev, 2000000000ull);
		CJ_CHECK(cudaGetLastError());
	}
#else
	(void)release;
	(void)release_dev;
#endif
	auto start = std::chrono::steady_clock::now();
#ifdef CJ_EMU
	unsigned long long ops_before = cj_emu::deferred_ops_run();
#endif
	produce_then_consume((const float *)dev[CJ_B_IN], d_tmp, (float *)dev[CJ_B_OUT], n,
	                     producer, consumer, ready);
	CJ_CHECK(cudaGetLastError());
#ifndef CJ_EMU
	/* Half the hold: only a wait for the held producer takes that long. */
	if (!timing && std::chrono::steady_clock::now() - start > std::chrono::seconds(1))
		*host_flags |= CJ_HOST_BLOCKED;
#else
	/* Queued work that ran during the call: the host code waited for it. */
	if (!timing && cj_emu::deferred_ops_run() != ops_before)
		*host_flags |= CJ_HOST_BLOCKED;
#endif
#ifndef CJ_EMU
	CJ_CHECK(cudaEventRecord(consumer_done, consumer));
	auto t0 = std::chrono::steady_clock::now();
	cudaError_t q = cudaSuccess;
	while (!timing && (q = cudaEventQuery(consumer_done)) == cudaErrorNotReady &&
	       std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(20))
		;
	*release = 1;
	if (q != cudaErrorNotReady)
		CJ_CHECK(q);
#else
	(void)consumer_done;
#endif
	CJ_CHECK(cudaDeviceSynchronize());
	if (timing) /* from the call to the idle device, without the glue's set-up */
		*run_ms = std::chrono::duration<float, std::milli>(
		                  std::chrono::steady_clock::now() - start)
		                  .count();
	return cudaSuccess;
}

cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], struct cj_measure *m)
{
	long long n = c->param[CJ_P_N];
	int *release = NULL, *release_dev = NULL;
	float *d_tmp = NULL;
	cudaStream_t streams[2] = {NULL, NULL}; /* the producer's, the consumer's */
	cudaEvent_t events[2] = {NULL, NULL};   /* ready (the learner's), the consumer's done */
#ifndef CJ_EMU
	cudaError_t e =
	        cj_note_error(cudaHostAlloc((void **)&release, sizeof(int), cudaHostAllocMapped),
	                      "cudaHostAlloc", __FILE__, __LINE__);
	if (e == cudaSuccess)
		e = cj_note_error(cudaHostGetDevicePointer((void **)&release_dev, release, 0),
		                  "cudaHostGetDevicePointer", __FILE__, __LINE__);
#else
	/* No hold: the emulator's deferred streams run the consumer first instead
	 * (cuda_runtime.h: defer_streams). */
	cudaError_t e = cudaSuccess;
	cj_emu::defer_streams(true);
#endif
	if (e == cudaSuccess)
		e = cj_note_error(cudaMalloc((void **)&d_tmp, (size_t)n * sizeof(float)),
		                  "cudaMalloc", __FILE__, __LINE__);
	if (e == cudaSuccess)
		e = cj_create_streams_events(streams, 2, events, 2, cudaEventDisableTiming);
	if (e == cudaSuccess)
		e = cj_dependency_case(c, dev, release, release_dev, d_tmp, streams[0], streams[1],
		                       events[0], events[1], m->timing, &m->run_ms, &m->host_flags);
#ifdef CJ_EMU
	cj_emu::defer_streams(false);
#endif
	if (release)
		*release = 1;    /* never leave the hold waiting */
	cudaDeviceSynchronize(); /* after a failure these may fail too: the first error counts */
	cj_destroy_streams_events(streams, 2, events, 2);
	if (d_tmp)
		cudaFree(d_tmp);
	if (release)
		cudaFreeHost(release);
	return e;
}
