// Latency probe: context, pageable H2D from a memfd, D2D, memset.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
#define C(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
int main() {
	double t0 = now();
	int n = 0; C(cudaGetDeviceCount(&n));
	double t1 = now();
	C(cudaFree(0));
	double t2 = now();
	size_t bytes = (size_t)256 << 20;
	int fd = memfd_create("p", 0); ftruncate(fd, bytes);
	unsigned char *h = (unsigned char *)mmap(0, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memset(h, 1, bytes);
	void *a, *b; C(cudaMalloc(&a, bytes)); C(cudaMalloc(&b, bytes));
	double t3 = now();
	cudaStream_t s; C(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	for (int i = 0; i < 10; ++i) C(cudaMemcpyAsync(a, h, bytes, cudaMemcpyHostToDevice, s));
	C(cudaStreamSynchronize(s));
	double t4 = now();
	for (int i = 0; i < 10; ++i) C(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, s));
	C(cudaStreamSynchronize(s));
	double t5 = now();
	for (int i = 0; i < 10; ++i) C(cudaMemsetAsync(b, i, bytes, s));
	C(cudaStreamSynchronize(s));
	double t6 = now();
	C(cudaMemcpy(h, b, bytes, cudaMemcpyDeviceToHost));
	double t7 = now();
	printf("devcount %.3f  ctx %.3f  alloc %.3f  h2d x10 %.3f (%.1f GB/s)  d2d x10 %.4f  memset x10 %.4f  d2h %.3f\n",
	       t1 - t0, t2 - t1, t3 - t2, t4 - t3, 10 * bytes / (t4 - t3) / 1e9, t5 - t4, t6 - t5, t7 - t6);
	return 0;
}
