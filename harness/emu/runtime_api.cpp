/*
 * The CUDA runtime API of the emulator (cudaMalloc, cudaMemcpy, devices,
 * errors), and its streams and events: by default each operation runs when
 * it is issued; deferred streams (see defer_streams in cuda_runtime.h) queue
 * them until a synchronising call.
 */
#include "internal.h"

namespace cj_emu
{

cudaError_t last_error = cudaSuccess;

void set_launch_error(cudaError_t e)
{
	last_error = e;
}

} // namespace cj_emu

using namespace cj_emu;

/* ---- streams and events (see defer_streams in cuda_runtime.h) ---------- */
struct cj_emu_op {
	std::function<bool()> ready; /* false while an event wait is not satisfied */
	std::function<void()> run;
};
struct cj_emu_stream {
	bool deferred;
	std::deque<cj_emu_op> queue;
};
struct cj_emu_event {
	double ms;
	unsigned long long recorded;  /* records issued */
	unsigned long long completed; /* the latest record that has run */
};

static bool defer_new_streams;
static unsigned long long ops_run;
static std::vector<cj_emu_stream *> deferred_streams; /* oldest first */

void cj_emu::defer_streams(bool on)
{
	defer_new_streams = on;
}

bool cj_emu::defers(cudaStream_t s)
{
	return s && s->deferred;
}

unsigned long long cj_emu::deferred_ops_run()
{
	return ops_run;
}

void cj_emu::enqueue(cudaStream_t s, std::function<void()> op)
{
	s->queue.push_back(cj_emu_op{[] { return true; }, std::move(op)});
}

/* Runs every deferred operation, one at a time, from the newest stream whose
 * next operation may run. Waits only name records issued before them, so
 * some stream can always go on. */
static void drain_streams()
{
	for (;;) {
		cj_emu_stream *pick = NULL;
		for (auto it = deferred_streams.rbegin(); it != deferred_streams.rend() && !pick;
		     ++it)
			if (!(*it)->queue.empty() && (*it)->queue.front().ready())
				pick = *it;
		if (!pick)
			return; /* nothing left (a stuck wait cannot be built from the API) */
		cj_emu_op op = std::move(pick->queue.front());
		pick->queue.pop_front();
		++ops_run;
		op.run();
	}
}

/* Synchronising with the device, a stream or an event, or asking whether one
 * is done: all work issued so far runs now, so the answer is always "done". */
static cudaError_t all_done()
{
	drain_streams();
	return cudaSuccess;
}

static double now_ms()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* The errors the emulator gives, by name and in CUDA's words; the last one
 * stands for any other. */
static const struct {
	cudaError_t code;
	const char *name, *text;
} errors[] = {
        {cudaSuccess, "cudaSuccess", "no error"},
        {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
        {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
        {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
         "invalid configuration argument"},
        {cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
         "an illegal memory access was encountered"},
        {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
        {cudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};
static const size_t nerrors = sizeof errors / sizeof errors[0];

static size_t error_row(cudaError_t e)
{
	size_t i = 0;
	while (i + 1 < nerrors && errors[i].code != e)
		++i;
	return i;
}

const char *cudaGetErrorString(cudaError_t e)
{
	return errors[error_row(e)].text;
}

const char *cudaGetErrorName(cudaError_t e)
{
	return errors[error_row(e)].name;
}

cudaError_t cudaGetLastError(void)
{
	cudaError_t e = last_error;
	last_error = cudaSuccess;
	return e;
}
cudaError_t cudaPeekAtLastError(void)
{
	return last_error;
}
cudaError_t cudaGetDeviceCount(int *count)
{
	*count = 1;
	return cudaSuccess;
}
cudaError_t cudaGetDevice(int *device)
{
	*device = 0;
	return cudaSuccess;
}
cudaError_t cudaSetDevice(int device)
{
	return device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int device)
{
	if (device != 0)
		return cudaErrorInvalidDevice;
	std::memset(p, 0, sizeof *p);
	std::snprintf(p->name, sizeof p->name, "cudajudge CPU emulator");
	p->totalGlobalMem = (size_t)16 << 30;
	p->sharedMemPerBlock = 48 * 1024;
	p->warpSize = 32;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
	p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = INT_MAX;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->major = 9;
	p->minor = 0;
	p->multiProcessorCount = 1;
	p->l2CacheSize = 1 << 20;
	p->cooperativeLaunch = 1;
	return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, device);
	switch (attr) {
	case cudaDevAttrMaxThreadsPerBlock:
		*value = p.maxThreadsPerBlock;
		break;
	case cudaDevAttrWarpSize:
		*value = 32;
		break;
	case cudaDevAttrMultiProcessorCount:
		*value = p.multiProcessorCount;
		break;
	case cudaDevAttrL2CacheSize:
		*value = p.l2CacheSize;
		break;
	case cudaDevAttrComputeCapabilityMajor:
		*value = p.major;
		break;
	case cudaDevAttrComputeCapabilityMinor:
		*value = p.minor;
		break;
	case cudaDevAttrCooperativeLaunch:
		*value = 1;
		break;
	default:
		return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void)
{
	return all_done();
}
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value)
{
	if (limit == cudaLimitMallocHeapSize)
		set_device_heap_limit(value);
	return limit <= cudaLimitMallocHeapSize ? cudaSuccess : cudaErrorInvalidValue;
}
cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit)
{
	switch (limit) {
	case cudaLimitStackSize:
		*value = STACK_BYTES;
		return cudaSuccess;
	case cudaLimitPrintfFifoSize:
		*value = (size_t)1 << 20;
		return cudaSuccess;
	case cudaLimitMallocHeapSize:
		*value = device_heap_limit();
		return cudaSuccess;
	}
	return cudaErrorInvalidValue;
}
cudaError_t cudaDeviceReset(void)
{
	return cudaSuccess;
}
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	*free_bytes = *total_bytes = p.totalGlobalMem;
	return cudaSuccess;
}
cudaError_t cudaDriverGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}
cudaError_t cudaMalloc(void **ptr, size_t bytes)
{
	return allocate(ptr, bytes);
}
cudaError_t cudaFree(void *ptr)
{
	for (size_t i = 0; i < regions.size(); ++i)
		if (regions[i].data == ptr) {
			munmap(regions[i].map, regions[i].map_bytes);
			regions.erase(regions.begin() + (long)i);
			return cudaSuccess;
		}
	return ptr ? cudaErrorInvalidDevicePointer : cudaSuccess;
}
cudaError_t cudaMallocHost(void **ptr, size_t bytes)
{
	*ptr = std::malloc(bytes ? bytes : 1);
	return *ptr ? cudaSuccess : cudaErrorMemoryAllocation;
}
cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned)
{
	return cudaMallocHost(ptr, bytes);
}
cudaError_t cudaFreeHost(void *ptr)
{
	std::free(ptr);
	return cudaSuccess;
}
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind)
{
	std::memmove(dst, src, bytes);
	return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t s)
{
	if (defers(s)) {
		enqueue(s, [=] { cudaMemcpy(dst, src, bytes, kind); });
		return cudaSuccess;
	}
	return cudaMemcpy(dst, src, bytes, kind);
}
cudaError_t cudaMemset(void *dst, int value, size_t bytes)
{
	std::memset(dst, value, bytes);
	return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t s)
{
	if (defers(s)) {
		enqueue(s, [=] { cudaMemset(dst, value, bytes); });
		return cudaSuccess;
	}
	return cudaMemset(dst, value, bytes);
}
cudaError_t cudaStreamCreate(cudaStream_t *s)
{
	*s = new cj_emu_stream();
	(*s)->deferred = defer_new_streams;
	if ((*s)->deferred)
		deferred_streams.push_back(*s);
	return cudaSuccess;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned)
{
	return cudaStreamCreate(s);
}
cudaError_t cudaStreamDestroy(cudaStream_t s)
{
	if (defers(s)) {
		drain_streams(); /* work already issued still completes */
		deferred_streams.erase(
		        std::find(deferred_streams.begin(), deferred_streams.end(), s));
	}
	delete s;
	return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t)
{
	return all_done();
}
cudaError_t cudaStreamQuery(cudaStream_t)
{
	return all_done();
}
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned)
{
	if (!e)
		return cudaErrorInvalidValue;
	unsigned long long target = e->recorded; /* the latest record issued so far */
	if (defers(s))
		s->queue.push_back(
		        cj_emu_op{[e, target] { return e->completed >= target; }, [] {}});
	else if (e->completed < target)
		drain_streams();
	return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t *e)
{
	*e = new cj_emu_event{0, 0, 0};
	return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned)
{
	return cudaEventCreate(e);
}
cudaError_t cudaEventDestroy(cudaEvent_t e)
{
	delete e;
	return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
	unsigned long long seq = ++e->recorded;
	auto mark = [e, seq] {
		e->ms = now_ms();
		e->completed = std::max(e->completed, seq);
	};
	if (defers(s))
		enqueue(s, mark);
	else
		mark();
	return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t)
{
	return all_done();
}
cudaError_t cudaEventQuery(cudaEvent_t)
{
	return all_done();
}
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
	*ms = (float)(b->ms - a->ms);
	return cudaSuccess;
}
