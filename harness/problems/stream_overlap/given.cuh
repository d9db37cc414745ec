/*
 * The code stream_overlap gives the learner: the kernel transform, which the
 * learner's run_pipeline launches on each chunk. Its steps are those of the
 * golden model (cases.c, common/logistic_map.h) and of the glue's serial
 * baseline. The learner's file declares it and may not define it
 * (templates/stream_overlap.cu says so); the glue includes this file after
 * it, so this definition is the one every build compiles. The object check
 * of the learner's file puts this file ahead of it (build/host_object.c), so
 * that the launches resolve there too.
 */
#ifndef CJ_GIVEN_STREAM_OVERLAP_CUH
#define CJ_GIVEN_STREAM_OVERLAP_CUH

__global__ void transform(const float *in, float *out, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float v = in[i];
		for (int k = 0; k < 2048; ++k) {
			float t = 3.8f * v;
			v = fmaf(-t, v, t);
		}
		out[i] = v;
	}
}

#endif
