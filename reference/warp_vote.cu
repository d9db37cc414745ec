/*
 * Reference for warp_vote: one ballot gathers every lane's vote into a 32-bit
 * mask that all lanes receive; its population count is the number of true
 * votes, and any / all follow from it without further votes.
 */
__device__ int warp_vote(bool pred, bool *any, bool *all)
{
	const unsigned votes = __ballot_sync(0xffffffffu, pred);
	*any = votes != 0u;
	*all = votes == 0xffffffffu;
	return __popc(votes);
}
