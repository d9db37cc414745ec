/*
 * stream_overlap: run transform over n floats that live on the host, with the
 * copies of one chunk overlapping the kernel of another.
 *
 * You write three host functions:
 *   host_alloc(count)  room for count floats of host memory that the GPU can
 *                      copy asynchronously (page-locked); host_free frees it.
 *   run_pipeline(...)  h_in -> d_in, transform(d_in -> d_out), d_out -> h_out,
 *                      in chunks, on the given non-blocking streams. The
 *                      judge waits for the device after it returns.
 * The judge allocates h_in and h_out with your host_alloc, and d_in, d_out
 * (n floats each) itself. It compares h_out with transform's results and your
 * end-to-end time with the serial sum: copy in + transform + copy out of the
 * whole array, one after another. Yours must take at most 0.75 of it.
 *
 * transform is given (out[i] = in[i] after 2048 steps of a logistic map, for
 * i < n): the judge defines it after your file, which only declares it. Read
 * it in harness/problems/stream_overlap/given.cuh; do not define it here.
 *
 * Judge it with: python3 judge.py stream_overlap
 */
#include <stdlib.h>

/* Given: harness/problems/stream_overlap/given.cuh. */
__global__ void transform(const float *in, float *out, long long n);

float *host_alloc(long long count)
{
	// TODO: page-locked memory.
	return (float *)malloc((size_t)count * sizeof(float));
}

void host_free(float *p)
{
	free(p);
}

void run_pipeline(const float *h_in, float *h_out, float *d_in, float *d_out, long long n,
                  cudaStream_t *streams, int nstreams)
{
	// TODO: for each chunk, on streams[chunk % nstreams]: copy in, launch
	// transform on the chunk, copy out.
}
