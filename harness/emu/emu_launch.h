/*
 * Part of the emulator's <cuda_runtime.h> (included only from there): what
 * kernel<<<...>>>(...) is rewritten into, cooperative launches, deferred
 * streams and the occupancy query.
 */
#ifndef HARNESS_EMU_EMU_LAUNCH_H
#define HARNESS_EMU_EMU_LAUNCH_H

namespace cj_emu
{
void set_launch_error(cudaError_t e);

/* Streams. By default every stream operation runs when it is issued, in issue
 * order. A glue for which stream order is the lesson (event_dependency) turns
 * on deferred streams: operations on streams created while it is on wait in
 * their stream's queue until a synchronising call (cudaStreamSynchronize,
 * cudaDeviceSynchronize, cudaEventSynchronize, the queries, cudaStreamDestroy),
 * which runs them one at a time, always from the newest stream that can go
 * on: a stream that was not made to wait for another's event (with
 * cudaStreamWaitEvent, after that event's cudaEventRecord) runs first. */
void defer_streams(bool on);
bool defers(cudaStream_t s);
void enqueue(cudaStream_t s, std::function<void()> op);
/* Deferred operations run so far: a glue compares it around a call to learn
 * whether the learner's host code waited for queued work. */
unsigned long long deferred_ops_run();

/* kernel<<<grid, block, shared, stream>>>(args) is rewritten by the engine
 * into cj_emu::launch_kernel(cj_emu::config(grid, block, shared, stream),
 * kernel, args); every thread gets its own copy of the arguments. */
struct config {
	dim3 grid, block;
	size_t shared;
	cudaStream_t stream;
	config(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0)
	    : grid(g), block(b), shared(s), stream(st)
	{
	}
};

template <typename... P, typename... A>
void launch_kernel(const config &c, void (*kernel)(P...), A &&...args)
{
	using args_t = std::tuple<std::decay_t<P>...>;
	struct call {
		void (*kernel)(P...);
		args_t args;
	};
	void (*body)(void *) = [](void *p) {
		auto *x = static_cast<call *>(p);
		args_t mine = x->args;
		std::apply(x->kernel, mine);
	};
	if (defers(c.stream)) {
		auto later = std::make_shared<call>(call{kernel, args_t(std::forward<A>(args)...)});
		enqueue(c.stream, [c, body, later]() {
			launch(c.grid, c.block, (unsigned)c.shared, body, later.get(),
			       CJ_EMU_CORESIDENT != 0);
		});
		return;
	}
	call ctx{kernel, args_t(std::forward<A>(args)...)};
	launch(c.grid, c.block, (unsigned)c.shared, body, &ctx, CJ_EMU_CORESIDENT != 0);
}

template <typename... P, size_t... I>
void launch_cooperative(void (*kernel)(P...), dim3 grid, dim3 block, size_t shared, void **args,
                        std::index_sequence<I...>)
{
	using args_t = std::tuple<std::decay_t<P>...>;
	struct call {
		void (*kernel)(P...);
		args_t args;
	} ctx{kernel, args_t(*static_cast<std::decay_t<P> *>(args[I])...)};
	launch(
	        grid, block, (unsigned)shared,
	        [](void *p) {
		        auto *x = static_cast<call *>(p);
		        args_t mine = x->args;
		        std::apply(x->kernel, mine);
	        },
	        &ctx, true);
}
} // namespace cj_emu

/* A cooperative launch: every block runs at the same time (grid.sync()). */
template <typename... P>
inline cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(P...), dim3 grid, dim3 block,
                                               void **args, size_t shared = 0,
                                               cudaStream_t stream = 0)
{
	(void)stream;
	cj_emu::launch_cooperative(kernel, grid, block, shared, args,
	                           std::index_sequence_for<P...>{});
	return cudaPeekAtLastError();
}

/* The emulator's one "multiprocessor" holds 2048 threads, like a GPU's. */
template <typename K>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, K, int block_size,
                                                                 size_t shared)
{
	(void)shared;
	if (block_size <= 0 || block_size > 1024)
		return cudaErrorInvalidValue;
	*blocks = 2048 / block_size;
	return cudaSuccess;
}

#endif
