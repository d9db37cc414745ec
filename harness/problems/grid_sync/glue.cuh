/*
 * Launch glue for grid_sync: one cooperative launch per case
 * (cudaLaunchCooperativeKernel), so every block is resident at once and
 * grid.sync() is allowed. The grid is as large as fits on the device, found
 * with the occupancy API for this very kernel (the learner's code decides
 * how many registers it needs), and at most `blocks`; usually far smaller
 * than n, so every thread handles many elements.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "grid_sync/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cooperative_groups.h>

extern "C" __global__ void cj_grid_sync_kernel(float *a, float *b, int n, int steps)
{
	blur_steps(a, b, n, steps);
}
#endif

CJ_DECLARE_KERNEL(cj_grid_sync_kernel, "cj_grid_sync_kernel",
                  (float *a, float *b, int n, int steps));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	int n = (int)c->param[CJ_P_N], steps = (int)c->param[CJ_P_STEPS],
	    block = (int)c->param[CJ_P_BLOCK];
	int wanted = (int)c->param[CJ_P_BLOCKS], device = 0, sms = 0, per_sm = 0;
	if (cudaGetDevice(&device) != cudaSuccess ||
	    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
	    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, CJ_KERNEL(cj_grid_sync_kernel),
	                                                  block, 0) != cudaSuccess)
		return; /* the runtime's check after cj_launch reports it */
	int grid = sms * per_sm < wanted ? sms * per_sm : wanted;
	float *pa = (float *)dev[CJ_B_A], *pb = (float *)dev[CJ_B_B];
	void *args[] = {&pa, &pb, &n, &steps};
	/* grid 0 (nothing fits) fails here with a launch error the runtime reports */
	cudaLaunchCooperativeKernel(CJ_KERNEL(cj_grid_sync_kernel), dim3((unsigned)grid),
	                            dim3((unsigned)block), args, 0, stream);
}
#endif
