__global__ void k(int *in)
{
	extern __shared__ int  tile[];
	tile[0] = in[0];
}
