/*
 * Reference for grid_stride: each thread starts at its global index and steps
 * by the size of the whole grid, so any grid covers any n exactly once, and
 * neighbouring threads touch neighbouring elements in every round (coalesced).
 * Where x and y are 16-byte aligned, the loop runs over float4s (four
 * elements a load, so each thread keeps more bytes in flight) and a second
 * grid-stride loop takes the last n % 4 elements; otherwise it runs over
 * single floats.
 */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	const long long stride = (long long)blockDim.x * gridDim.x;
	const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	long long done = 0; /* elements the float4 loop covers */
	if ((((unsigned long long)x | (unsigned long long)y) & 15) == 0) {
		const float4 *x4 = (const float4 *)x;
		float4 *y4 = (float4 *)y;
		const long long n4 = n / 4;
		for (long long i = first; i < n4; i += stride) {
			float4 u = x4[i], v = y4[i];
			v.x = a * u.x + v.x;
			v.y = a * u.y + v.y;
			v.z = a * u.z + v.z;
			v.w = a * u.w + v.w;
			y4[i] = v;
		}
		done = n4 * 4;
	}
	for (long long i = done + first; i < n; i += stride)
		y[i] = a * x[i] + y[i];
}
