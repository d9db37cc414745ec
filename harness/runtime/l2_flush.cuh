/*
 * Emptying L2 before a timed launch, the same way for the judge
 * (run_cases.cu) and the benchmarks (bench/flushed_timer.cuh): a kernel
 * reads a buffer of twice the L2's size. Reading leaves L2 full of clean
 * lines of that buffer, so the timed kernel finds none of its own data there
 * and pays for no write-back that is not its own. A memset would leave L2
 * full of dirty lines instead, written back to memory while the timed kernel
 * runs: read-mostly kernels then measured 8 to 16 % slower than Nsight
 * Compute sees them (docs/speed.md).
 */
#pragma once

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>

/* Every thread XORs what it reads; the buffer is zeroed when it is made
 * (cj_l2_flush_buffer), so the store that keeps the loads from being
 * optimised away never happens. */
__global__ void cj_l2_flush_read(const uint4 *buffer, size_t n, unsigned *never)
{
	unsigned x = 0;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
	     i += (size_t)gridDim.x * blockDim.x) {
		uint4 v = buffer[i];
		x ^= v.x ^ v.y ^ v.z ^ v.w;
	}
	if (x == 0x9e3779b9u)
		*never = x;
}

/* An attribute of the current device into *value. */
static inline cudaError_t cj_l2_flush_attribute(cudaDeviceAttr attr, int *value)
{
	int device = 0;
	cudaError_t err = cudaGetDevice(&device);
	return err == cudaSuccess ? cudaDeviceGetAttribute(value, attr, device) : err;
}

/* The flush buffer: twice the L2 of the current device, zeroed; its size in
 * *bytes. */
static inline cudaError_t cj_l2_flush_buffer(void **buffer, size_t *bytes)
{
	int l2 = 0;
	cudaError_t err = cj_l2_flush_attribute(cudaDevAttrL2CacheSize, &l2);
	if (err != cudaSuccess)
		return err;
	*bytes = (size_t)(l2 > 0 ? l2 : 64 << 20) * 2;
	err = cudaMalloc(buffer, *bytes);
	return err == cudaSuccess ? cudaMemset(*buffer, 0, *bytes) : err;
}

/* One flush on stream s, four blocks of 512 threads an SM; the launch's
 * error is returned. */
static inline cudaError_t cj_l2_flush(void *buffer, size_t bytes, cudaStream_t s)
{
	int sms = 0;
	cudaError_t err = cj_l2_flush_attribute(cudaDevAttrMultiProcessorCount, &sms);
	if (err != cudaSuccess)
		return err;
	cj_l2_flush_read<<<sms * 4, 512, 0, s>>>((const uint4 *)buffer, bytes / sizeof(uint4),
	                                         (unsigned *)buffer);
	return cudaGetLastError();
}
