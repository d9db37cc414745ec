/*
 * Reference for warp_compact: one ballot tells every lane which lanes keep
 * their value. A kept lane's place is the number of kept lanes below it (the
 * ballot masked to the lower lanes, counted with __popc); the warp's total is
 * the count of the whole ballot.
 */
__device__ int warp_compact(int v, bool keep, int *out)
{
	const unsigned lane = threadIdx.x & 31u;
	const unsigned kept = __ballot_sync(0xffffffffu, keep);
	const unsigned below = (1u << lane) - 1u; /* lanes 0 .. lane-1 */
	if (keep)
		out[__popc(kept & below)] = v;
	return __popc(kept);
}
