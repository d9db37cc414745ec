/* Mistake: stepping by blockDim.x instead of the whole grid, so the blocks
 * overlap and most elements get a * x added several times. */
// expect-emu: RACE (two blocks update one element with nothing ordering them; the emulator
// sees that before the wrong sums)
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += blockDim.x)
		y[i] = a * x[i] + y[i];
}
