int before;
/* never closed
__shared__ int inside[32];
