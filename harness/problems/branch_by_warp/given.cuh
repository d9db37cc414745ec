/*
 * The code branch_by_warp gives the learner: path_a and path_b, the two long
 * chains of arithmetic that the learner's kernel and the glue's divergent
 * baseline both call. Their steps are those of the golden model (cases.c,
 * common/logistic_map.h). The learner's file declares them and may not define
 * them (templates/branch_by_warp.cu says so); the glue includes this file in
 * its device part, after the learner's file, so these definitions are the
 * ones the module compiles and the learner's file cannot make the baseline
 * slower or faster.
 */
#ifndef CJ_GIVEN_BRANCH_BY_WARP_CUH
#define CJ_GIVEN_BRANCH_BY_WARP_CUH

__device__ float path_a(float v)
{
	for (int k = 0; k < 512; ++k) {
		float t = 3.9f * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

__device__ float path_b(float v)
{
	for (int k = 0; k < 384; ++k) {
		float t = 3.7f * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

#endif
