/*
 * cj-probe: what the engine needs to know about the device, as key=value
 * lines: name, compute capability, SMs, L2 size, and the measured
 * device-to-device copy bandwidth (bytes read + written per second) that
 * bandwidth percentages are quoted against. Exit 5 without a device.
 * Usage: cj-probe [--no-bandwidth]
 */
#include <algorithm>
#include <string.h>
#include <vector>

#include "cuda_check.h"
#include "wire.h"

char *cj_error_sink;
size_t cj_error_sink_len;
bool cj_error_final;

static char error_text[512];

static cudaError_t copy_bandwidth(double *gbps)
{
	const size_t bytes = (size_t)1 << 30;
	void *src = NULL, *dst = NULL;
	CJ_CHECK(cudaMalloc(&src, bytes));
	CJ_CHECK(cudaMalloc(&dst, bytes));
	CJ_CHECK(cudaMemset(src, 1, bytes));
	cudaEvent_t a, b;
	CJ_CHECK(cudaEventCreate(&a));
	CJ_CHECK(cudaEventCreate(&b));
	std::vector<float> ms;
	for (int r = 0; r < 23; ++r) {
		CJ_CHECK(cudaEventRecord(a));
		CJ_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice));
		CJ_CHECK(cudaEventRecord(b));
		CJ_CHECK(cudaEventSynchronize(b));
		float t;
		CJ_CHECK(cudaEventElapsedTime(&t, a, b));
		if (r >= 3)
			ms.push_back(t);
	}
	std::sort(ms.begin(), ms.end());
	float median = (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
	*gbps = 2.0 * (double)bytes / (median * 1e-3) / 1e9;
	CJ_CHECK(cudaFree(src));
	CJ_CHECK(cudaFree(dst));
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	cj_error_sink = error_text;
	cj_error_sink_len = sizeof error_text;
	bool measure = !(argc > 1 && !strcmp(argv[1], "--no-bandwidth"));
	int count = 0;
	cudaError_t e = cudaGetDeviceCount(&count);
	if (e != cudaSuccess || count == 0) {
		printf("error=%s\n", e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
		return CJ_EXIT_NO_DEVICE;
	}
	cudaDeviceProp p;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
		printf("error=cannot read the device's properties\n");
		return CJ_EXIT_NO_DEVICE;
	}
	char uuid[33];
	for (int i = 0; i < 16; ++i)
		snprintf(uuid + 2 * i, 3, "%02x", (unsigned char)p.uuid.bytes[i]);
	printf("name=%s\ncc=%d%d\nsm_count=%d\nl2_bytes=%d\nuuid=%s\n", p.name, p.major, p.minor,
	       p.multiProcessorCount, p.l2CacheSize, uuid);
	if (measure) {
		double gbps = 0;
		if (copy_bandwidth(&gbps) != cudaSuccess) {
			printf("error=%s\n", error_text);
			return 1;
		}
		printf("copy_gbps=%.1f\n", gbps);
	}
	return 0;
}
