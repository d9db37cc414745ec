// expect-emu: RULE
// expect-gpu: RULE
// Hostile (grading mode): hands in the reference solution with its comments
// and blank space changed.
// Stopped by: under --grading, rules.c compares the file with the
// exercise's reference, whitespace and comments aside: RULE reference-copy.
// hostile-grading

__device__ int warp_inclusive_scan(int v){const int lane=threadIdx.x&31;
#pragma unroll
for(int d=1;d<32;d<<=1){const int below=__shfl_up_sync(0xffffffffu,v,d);if(lane>=d)v+=below;}
return v;}
