/*
 * transpose: out[c * rows + r] = in[r * cols + c] for a rows x cols matrix,
 * through a shared-memory tile so that both the reads of in and the writes of
 * out are coalesced.
 *
 * Launch: blockDim = (32, 8); block (bx, by) owns the 32 x 32 tile of in
 * whose top-left element is in[(by * 32) * cols + bx * 32]; gridDim =
 * (ceil(cols / 32), ceil(rows / 32)). Each thread moves 4 elements (32 / 8).
 * rows and cols are any sizes from 1 up.
 *
 * Judge it with: python3 judge.py transpose
 */
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	// TODO: load the tile (rows of in) into shared memory, wait for the
	// block, then store the tile's columns as rows of out.
}
