/*
 * smem_reverse: reverse an array, out[n - 1 - i] = in[i], through shared
 * memory so that both the reads and the writes are coalesced.
 *
 * Thread t of block b reads in[b * blockDim.x + t] into the shared tile;
 * after a barrier it writes one element of the tile, in reverse order, to
 * consecutive places of out. The launch gives you blockDim.x ints of dynamic
 * shared memory (the `extern __shared__` array below). n need not be a
 * multiple of blockDim.x.
 *
 * Judge it with: python3 judge.py smem_reverse
 */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	// TODO: load this block's tile, wait for the whole block, write it reversed.
}
