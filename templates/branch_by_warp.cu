/*
 * branch_by_warp: y[i] = path_a(x[i]) for even i, path_b(x[i]) for odd i,
 * at least 1.5 times as fast as the divergent baseline below.
 *
 * The baseline (the judge runs it in the same run to compare):
 *
 *     int i = blockIdx.x * blockDim.x + threadIdx.x;
 *     if (i < n) {
 *         if (i % 2 == 0) y[i] = path_a(x[i]);
 *         else            y[i] = path_b(x[i]);
 *     }
 *
 * Every warp holds 16 even and 16 odd i, so it runs both paths one after the
 * other. Your kernel gets at least one thread per element, the total a
 * multiple of 64, in blocks of 256 threads, and may give any element to any
 * thread.
 *
 * path_a and path_b are given (512 and 384 steps of a logistic map): the
 * judge defines them after your file, which only declares them, and its
 * baseline calls the same two. Read them in
 * harness/problems/branch_by_warp/given.cuh; do not define them here.
 *
 * Judge it with: python3 judge.py branch_by_warp
 */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	// TODO: choose, for each thread, an element so that all 32 threads of a
	// warp take the same path.
}
