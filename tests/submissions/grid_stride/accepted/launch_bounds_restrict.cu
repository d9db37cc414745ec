// AC: the grid-stride loop as the CUDA blog writes it, with the declarations real kernels carry:
// <device_launch_parameters.h> and <cuda.h> (Visual Studio's template includes them),
// __launch_bounds__, __restrict__ pointers, __ldg reads.
#include <cuda.h>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

__global__ void __launch_bounds__(1024)
        saxpy_grid_stride(long long n, float a, const float *__restrict__ x, float *__restrict__ y)
{
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += (long long)blockDim.x * gridDim.x)
		y[i] = a * __ldg(&x[i]) + y[i];
}
