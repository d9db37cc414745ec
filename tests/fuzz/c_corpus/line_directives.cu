#line 1 "warp_scan.cuh"
__shared__ int t[32];
# 12 "/usr/include/stdio.h" 1 3 4
#line 7
#line X "y"
# 3 "/tmp/Jos\303\251 M\303\274ller/a\"b\\it's.cu" 2
int after;
