/*
 * Host-driven glue for stream_overlap (glue.h: cj_host_run). The learner's
 * host_alloc provides the two host buffers (kept while the case's size stays
 * the same: cj_kept_in); the glue checks that they are
 * page-locked, fills h_in from the case's input, runs run_pipeline with four
 * non-blocking streams, waits for the device, and hands h_out back as the
 * output. On the case marked `measure` (GPU only) it also times, alternately,
 * the serial sum (one stream: copy in, transform, copy out, all of n) and the
 * learner's pipeline, on the same buffers (a second round when the first is
 * not well within the rule: the better one counts). Timed repetitions report the
 * pipeline's own time (cj_measure.run_ms). The kernel transform is
 * given.cuh's, which this glue includes after the learner's file (the
 * learner's file declares it).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include <chrono>
#include <string.h>
#include <time.h>

#include "cuda_check.h"
#include "common/host_streams.cuh"
#include "common/logistic_map.h"
#include "stream_overlap/layout.h"
#include "stream_overlap/given.cuh"

#define CJ_OVERLAP_STREAMS 4

static cudaError_t cj_require_pinned(const void *p, unsigned *flags)
{
#ifndef CJ_EMU /* the emulator has no page-locked memory to tell apart */
	cudaPointerAttributes a;
	CJ_CHECK(cudaPointerGetAttributes(&a, p));
	if (a.type != cudaMemoryTypeHost)
		*flags |= CJ_HOST_PAGEABLE;
#else
	(void)p;
	(void)flags;
#endif
	return cudaSuccess;
}

/* h_out poisoned: by the device, over the bus, where it can reach it (the
 * page-locked memory a right host_alloc gives: a fifth of the CPU's time for
 * 64 MB), else by the CPU. */
static void cj_poison_host(float *h_out, size_t bytes)
{
#ifndef CJ_EMU
	if (cudaMemset(h_out, 0xff, bytes) == cudaSuccess)
		return;
	(void)cudaGetLastError(); /* not the device's to reach: not an error of the run */
#endif
	memset(h_out, 0xff, bytes);
}

/* One run of the learner's pipeline, with h_out poisoned first; ms gets the
 * host time from the call to the idle device. */
static cudaError_t cj_run_learner(const float *h_in, float *h_out, void *const dev[], long long n,
                                  cudaStream_t *streams, double *ms)
{
	/* Nothing of an earlier run may pass for this one's work. */
	cj_poison_host(h_out, (size_t)n * sizeof(float));
	CJ_CHECK(cudaMemset(dev[CJ_B_IN], 0xff, (size_t)n * sizeof(float)));
	CJ_CHECK(cudaMemset(dev[CJ_B_OUT], 0xff, (size_t)n * sizeof(float)));
	CJ_CHECK(cudaDeviceSynchronize());
	auto t0 = std::chrono::steady_clock::now();
	run_pipeline(h_in, h_out, (float *)dev[CJ_B_IN], (float *)dev[CJ_B_OUT], n, streams,
	             CJ_OVERLAP_STREAMS);
	CJ_CHECK(cudaGetLastError());
	CJ_CHECK(cudaDeviceSynchronize());
	*ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
	              .count();
	return cudaSuccess;
}

/* The serial sum's kernel: the exercise's transform (3.8f, 2048 steps: cases.c
 * and the template say the same), as the judge's own code, so that nothing in
 * the learner's file can make the baseline slower. */
__global__ void cj_serial_transform(const float *in, float *out, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float v = in[i];
		for (int k = 0; k < 2048; ++k)
			v = cj_logistic_step(3.8f, v);
		out[i] = v;
	}
}

/* The serial sum: the same work, one step after another on one stream. */
static cudaError_t cj_run_serial(const float *h_in, float *h_out, void *const dev[], long long n,
                                 cudaStream_t s, cudaEvent_t ev[2], float *ms)
{
	size_t bytes = (size_t)n * sizeof(float);
	CJ_CHECK(cudaEventRecord(ev[0], s));
	CJ_CHECK(cudaMemcpyAsync(dev[CJ_B_IN], h_in, bytes, cudaMemcpyHostToDevice, s));
	cj_serial_transform<<<cj_blocks_for(n, 256), 256, 0, s>>>((const float *)dev[CJ_B_IN],
	                                                          (float *)dev[CJ_B_OUT], n);
	CJ_CHECK(cudaGetLastError());
	CJ_CHECK(cudaMemcpyAsync(h_out, dev[CJ_B_OUT], bytes, cudaMemcpyDeviceToHost, s));
	CJ_CHECK(cudaEventRecord(ev[1], s));
	CJ_CHECK(cudaStreamSynchronize(s));
	CJ_CHECK(cudaEventElapsedTime(ms, ev[0], ev[1]));
	return cudaSuccess;
}

static float cj_median(float *v, int k)
{
	for (int i = 1; i < k; ++i)
		for (int j = i; j > 0 && v[j - 1] > v[j]; --j) {
			float t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

static cudaError_t cj_overlap_case(const struct cj_wire_case *c, void *const dev[],
                                   struct cj_measure *m, float *h_in, float *h_out,
                                   cudaStream_t *streams, cudaEvent_t ev[2])
{
	long long n = c->param[CJ_P_N];
	CJ_CHECK(cj_require_pinned(h_in, &m->host_flags));
	CJ_CHECK(cj_require_pinned(h_out, &m->host_flags));
	CJ_CHECK(cudaMemcpy(h_in, dev[CJ_B_IN], (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
	double learner;
	if (m->want && !m->host_flags) {
		/* A round that is not well within the rule (end to end at most
		 * 0.75 of the serial sum: problems.yaml) is measured again after
		 * a pause, and the better round counts: a round can fall in the
		 * moment another program on the machine starts or ends on the
		 * device, which slows the pipeline (the reference measured 1.18x
		 * against the serial sum so, 1.50x otherwise). */
		enum { WARMUP = 1, REPS = 7, ROUNDS = 2 };
		const double well_within = 0.70;
		for (int round = 0; round < ROUNDS; ++round) {
			if (round > 0) {
				if (m->learner_ms <= well_within * m->baseline_ms)
					break;
				struct timespec pause = {0, 30 * 1000 * 1000};
				nanosleep(&pause, NULL);
			}
			float mine[REPS], serial[REPS];
			for (int r = 0; r < WARMUP + REPS; ++r) {
				float s;
				CJ_CHECK(cj_run_serial(h_in, h_out, dev, n, streams[0], ev, &s));
				CJ_CHECK(cj_run_learner(h_in, h_out, dev, n, streams, &learner));
				if (r >= WARMUP) {
					serial[r - WARMUP] = s;
					mine[r - WARMUP] = (float)learner;
				}
			}
			float l = cj_median(mine, REPS), b = cj_median(serial, REPS);
			if (round == 0 || l * m->baseline_ms < m->learner_ms * b) {
				m->learner_ms = l;
				m->baseline_ms = b;
			}
		}
		m->reps = REPS;
	}
	/* The run whose results are judged; in timed repetitions its time is the
	 * pipeline's alone, without host_alloc and the glue's own copies. */
	CJ_CHECK(cj_run_learner(h_in, h_out, dev, n, streams, &learner));
	if (m->timing)
		m->run_ms = (float)learner;
	CJ_CHECK(cudaMemcpy(dev[CJ_B_OUT], h_out, (size_t)n * sizeof(float),
	                    cudaMemcpyHostToDevice));
	return cudaSuccess;
}

/* The learner's two host buffers, kept from one call to the next while n
 * stays the same (a timed case's repetitions, the measured case and the
 * timed one): host_alloc and host_free run once for each size of case, not
 * once for each call. Page-locked memory takes long to get and to give back
 * (tens of ms for 64 MB), and only run_pipeline is timed. */
static float *cj_kept_in, *cj_kept_out;
static long long cj_kept_n = -1;

static void cj_free_kept(void)
{
	if (cj_kept_in)
		host_free(cj_kept_in);
	if (cj_kept_out)
		host_free(cj_kept_out);
	cj_kept_in = cj_kept_out = NULL;
	cj_kept_n = -1;
}

cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], struct cj_measure *m)
{
	long long n = c->param[CJ_P_N];
	cudaStream_t streams[CJ_OVERLAP_STREAMS] = {0};
	cudaEvent_t ev[2] = {0, 0};
	cudaError_t e = cudaSuccess;
	if (n != cj_kept_n) {
		cj_free_kept();
		cj_kept_in = host_alloc(n);
		cj_kept_out = host_alloc(n);
		cj_kept_n = n;
	}
	float *h_in = cj_kept_in, *h_out = cj_kept_out;
	if (!h_in || !h_out) {
		snprintf(cj_error_sink, cj_error_sink_len,
		         "host_alloc(%lld) returned NULL: it must return room for that many floats",
		         n);
		e = cudaErrorMemoryAllocation;
	}
	if (e == cudaSuccess)
		e = cj_create_streams_events(streams, CJ_OVERLAP_STREAMS, ev, 2, cudaEventDefault);
	if (e == cudaSuccess)
		e = cj_overlap_case(c, dev, m, h_in, h_out, streams, ev);
	cj_destroy_streams_events(streams, CJ_OVERLAP_STREAMS, ev, 2);
	if (e != cudaSuccess)
		cj_free_kept();
	return e;
}
