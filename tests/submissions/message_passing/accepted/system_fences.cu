// AC: __threadfence_system() orders at least as much as __threadfence(): correct, only slower.
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	__threadfence_system();
	atomicAdd(flag, 1);
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicAdd(flag, 0) != 1)
		;
	__threadfence_system();
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
