int before;
const char *r = R"d(never closed
__shared__ int inside[32];
