/*
 * warp_compact: pack the values a warp keeps, in lane order, without gaps.
 *
 * All 32 lanes of a warp call warp_compact together with the same out.
 * The lanes whose keep is true store their v at out[0], out[1], ... in
 * increasing lane order; the others store nothing. Every lane returns the
 * number of values kept by the warp.
 *
 * Judge it with: python3 judge.py warp_compact
 */
__device__ int warp_compact(int v, bool keep, int *out)
{
	// TODO: find each kept lane's place from a ballot (__ballot_sync, __popc).
	if (keep)
		out[0] = v;
	return keep ? 1 : 0;
}
