/*
 * transpose: out[c * rows + r] = in[r * cols + c] for a rows x cols matrix,
 * through a shared-memory tile so that both the reads of in and the writes of
 * out are coalesced.
 *
 * Launch: blockDim = (64, 8); block (bx, by) owns the 64 x 64 tile of in
 * whose top-left element is in[(by * 64) * cols + bx * 64]; gridDim =
 * (ceil(cols / 64), ceil(rows / 64)). Each thread moves 8 of the tile's
 * elements (64 * 64 / 512): 8 loads from in, then 8 stores to out. rows and
 * cols are any sizes from 1 up.
 *
 * Judge it with: python3 judge.py transpose
 */
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	// TODO: load the tile (rows of in) into shared memory, wait for the
	// block, then store the tile's columns as rows of out.
}
