/*
 * Holding a stream until a timed launch is queued whole, the same way for
 * the judge (run_cases.cu) and the benchmarks: a kernel of one thread waits
 * on a flag in page-locked host memory, and the host raises the flag only
 * after it queued the L2 flush, the start event, the timed launch and the
 * stop event behind it. The GPU then reaches them one after another, with no
 * wait for the host in between: on a host whose cores are all busy (a class
 * graded many at a time, nvcc beside it) the thread that queues a launch can
 * be descheduled between the start event and the launch, and the event pair
 * would time that wait too.
 *
 * The wait ends by itself after CJ_GATE_LIMIT_NS, so that a host that never
 * raises the flag (a failed call between closing and opening) costs at most
 * that; the launches behind it then run as they would have without a gate.
 */
#pragma once

#include <cuda_runtime.h>
#include <stdint.h>

#define CJ_GATE_LIMIT_NS 50000000ull /* 50 ms */

/* Waits until *open is not 0, or limit_ns have passed on the GPU's clock. */
__global__ void cj_gate_wait(const volatile unsigned *open, unsigned long long limit_ns)
{
	unsigned long long t0, t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
	do {
		if (*open)
			return;
#if __CUDA_ARCH__ >= 700
		__nanosleep(500);
#endif
		asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	} while (t - t0 < limit_ns);
}

/* The flag, in page-locked host memory that the device reads; host NULL:
 * none could be made, and launches are not held (cj_gate_close does
 * nothing). */
struct cj_gate {
	unsigned *host;
	unsigned *dev;
};

/* Makes the flag; on failure leaves the gate empty and clears CUDA's error:
 * timing goes on without it. */
static inline void cj_gate_make(struct cj_gate *g)
{
	g->host = NULL;
	g->dev = NULL;
	void *p = NULL;
	if (cudaHostAlloc(&p, sizeof(unsigned), cudaHostAllocMapped) != cudaSuccess) {
		(void)cudaGetLastError();
		return;
	}
	void *d = NULL;
	if (cudaHostGetDevicePointer(&d, p, 0) != cudaSuccess) {
		(void)cudaGetLastError();
		cudaFreeHost(p);
		return;
	}
	g->host = (unsigned *)p;
	g->dev = (unsigned *)d;
	*g->host = 0;
}

/* Holds stream s: what is queued on it after this waits for cj_gate_open.
 * The launch's error is returned. */
static inline cudaError_t cj_gate_close(struct cj_gate *g, cudaStream_t s)
{
	if (!g->host)
		return cudaSuccess;
	__atomic_store_n(g->host, 0u, __ATOMIC_RELEASE);
	cj_gate_wait<<<1, 1, 0, s>>>(g->dev, CJ_GATE_LIMIT_NS);
	return cudaGetLastError();
}

/* Lets what was queued behind the gate run. */
static inline void cj_gate_open(struct cj_gate *g)
{
	if (g->host)
		__atomic_store_n(g->host, 1u, __ATOMIC_RELEASE);
}

static inline void cj_gate_free(struct cj_gate *g)
{
	if (g->host)
		cudaFreeHost(g->host);
	g->host = NULL;
	g->dev = NULL;
}
