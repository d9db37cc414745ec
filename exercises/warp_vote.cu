/*
 * warp_vote: count, "any" and "all" of a predicate over the 32 lanes of a warp.
 *
 * All 32 lanes of a warp call warp_vote together, each with its own pred.
 * Every lane must return how many lanes of its warp have pred true, and set
 * *any (at least one lane true) and *all (every lane true).
 *
 * Judge it with: python3 judge.py warp_vote
 */
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	// TODO: vote across the warp (__ballot_sync, __popc, __any_sync, __all_sync).
	*any = pred;
	*all = pred;
	return pred ? 1 : 0;
}
