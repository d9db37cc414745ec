/*
 * The test binary's main: maps the case file (wire.h), runs every case on the
 * device, and writes outputs, guard findings and timings back. It decides
 * nothing: the engine compares the outputs with its own golden model.
 *
 * Per case: allocate each buffer between two guard zones, poison outputs,
 * copy inputs, fill shared memory with a marked NaN (GPU), launch through the
 * problem's cj_launch(), check the launch error, synchronise, check the guard
 * zones and that the inputs are unchanged, copy outputs back. A timed case
 * then runs warm-up launches and timed repetitions with CUDA events, flushing
 * L2 before each (l2_flush.cuh: a read of twice its size) and restoring
 * in-out buffers outside the timed region.
 *
 * Host-driven problems (glue.h: cj_host_run) replace "launch, check, sync"
 * by one call of their host entry, timed with the host's clock. A case
 * marked `measure` also gets the problem's speed rule measured (glue.h),
 * on a GPU only: the emulator never reports performance.
 *
 * Built three ways. Linked (libcjrt.a, host-driven exercises and the
 * emulator): the learner's translation unit is linked into the binary. As a
 * shared object (-DCJ_HOSTED, libcjrt_hosted.a, the host-driven exercises on
 * a GPU): linked the same way but loaded by the host runner
 * (host_runner.c), which starts the device beside the build, waits for go
 * and calls cj_hosted_main. As
 * the trusted runner (-DCJ_RUNNER, libcjrunner.a, one runner per exercise
 * with the glue's host part; docs/trusted-runner.md): the learner's device
 * code arrives as a module (nvcc -cubin) that the runner loads with
 * cudaLibraryLoadData; the glue's launches go to the module's kernels
 * (cj_module_kernel), and the reference's module, loaded beside it, is timed
 * alternately with the learner's on the timed case.
 *
 * Usage: <binary> --wire FD --expect-cc MAJORMINOR
 *        <runner> --wire FD --expect-cc MAJORMINOR --module FILE [--reference FILE]
 *        cj-host-runner --program FILE.so --wire FD --expect-cc MAJORMINOR
 */
#include <algorithm>
#include <chrono>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <vector>

#include "cuda_check.h"
#include "glue.h"
#include "wire_go.h"
#ifndef CJ_EMU
#include "l2_flush.cuh"
#endif

#ifdef CJ_RUNNER
#include <cxxabi.h>
#include <stdio.h>

/* The loaded modules: [0] the learner's, [1] the reference's (may be absent). */
static cudaLibrary_t cj_library[2];
static int cj_module_now;

int cj_current_module(void)
{
	return cj_module_now;
}

const void *cj_module_kernel(const char *symbol)
{
	enum { SLOTS = 16 };
	static struct {
		const char *symbol;
		int module;
		cudaKernel_t k;
	} seen[SLOTS];
	for (int i = 0; i < SLOTS && seen[i].symbol; ++i)
		if (seen[i].module == cj_module_now && !strcmp(seen[i].symbol, symbol))
			return (const void *)seen[i].k;
	cudaKernel_t k = NULL;
	if (!cj_library[cj_module_now] ||
	    cudaLibraryGetKernel(&k, cj_library[cj_module_now], symbol) != cudaSuccess || !k) {
		(void)cudaGetLastError(); /* the reason is said here, not as a CUDA error */
		if (cj_module_now == 0 && cj_error_sink && !cj_error_sink[0]) {
			int status = 1;
			char *plain = symbol[0] == '_' && symbol[1] == 'Z'
			                      ? abi::__cxa_demangle(symbol, NULL, NULL, &status)
			                      : NULL;
			if (status == 0 && plain)
				snprintf(cj_error_sink, cj_error_sink_len,
				         "the compiled file has no __global__ function %s: the "
				         "judge "
				         "launches it with exactly these parameters, from a file "
				         "that "
				         "is device code only",
				         plain);
			else
				snprintf(cj_error_sink, cj_error_sink_len,
				         "one of the judge's own kernels is missing from the "
				         "compiled "
				         "file: does the file #define or #undef a name the judge's "
				         "code uses (CUDA keywords, names starting with cj_)?");
			free(plain);
			cj_error_final = true;
		}
		return NULL;
	}
	for (int i = 0; i < SLOTS; ++i)
		if (!seen[i].symbol) {
			seen[i].symbol = symbol;
			seen[i].module = cj_module_now;
			seen[i].k = k;
			break;
		}
	return (const void *)k;
}

/* Loads the module in `path` into slot m; returns the CUDA error. */
static cudaError_t cj_load_module(int m, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return cudaErrorInvalidSource;
	std::vector<char> image;
	char buf[65536];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		image.insert(image.end(), buf, buf + got);
	fclose(f);
	if (image.empty())
		return cudaErrorInvalidSource;
	return cudaLibraryLoadData(&cj_library[m], image.data(), NULL, NULL, 0, NULL, NULL, 0);
}
#endif

char *cj_error_sink;
size_t cj_error_sink_len;
bool cj_error_final;
struct cj_wire_case *cj_current_case; /* for the emulator's fault reports */

#ifdef CJ_EMU
/* The emulator ends every allocation at an inaccessible page instead. */
static const size_t GUARD_BYTES = 0;
#else
static const size_t GUARD_BYTES = 64 * 1024;
#endif
static const unsigned char GUARD_BYTE = 0xa5;

struct device_buffer {
	unsigned char *base; /* guard, data, guard */
	size_t bytes;        /* data bytes */
	void *data() const
	{
		return base + GUARD_BYTES;
	}
};

static cudaError_t check_guards(struct cj_wire_case *c, const std::vector<device_buffer> &bufs)
{
	std::vector<unsigned char> host(GUARD_BYTES);
	for (size_t b = 0; b < bufs.size(); ++b)
		for (int side = -1; side <= 1; side += 2) {
			const unsigned char *at =
			        side < 0 ? bufs[b].base
			                 : bufs[b].base + GUARD_BYTES + bufs[b].bytes;
			CJ_CHECK(cudaMemcpy(host.data(), at, GUARD_BYTES, cudaMemcpyDeviceToHost));
			for (size_t i = 0; i < GUARD_BYTES; ++i) {
				size_t k = side < 0 ? GUARD_BYTES - 1 - i : i; /* nearest first */
				if (host[k] != GUARD_BYTE) {
					c->guard_buf = (int32_t)b;
					c->guard_side = side;
					c->guard_offset = (int64_t)i;
					return cudaSuccess;
				}
			}
		}
	return cudaSuccess;
}

/* The kernel may read its inputs, never change them: the engine judges the
 * outputs against the inputs it sent, and a timed repetition must start from
 * the same data. Sets *changed and explains in the case record when it did. */
static cudaError_t check_inputs(struct cj_wire_case *c, const unsigned char *file,
                                const std::vector<device_buffer> &bufs, bool *changed)
{
	*changed = false;
	std::vector<unsigned char> host;
	for (uint32_t b = 0; b < c->nbuf; ++b) {
		if (c->buf[b].role != CJ_IN)
			continue;
		host.resize(bufs[b].bytes);
		CJ_CHECK(cudaMemcpy(host.data(), bufs[b].data(), bufs[b].bytes,
		                    cudaMemcpyDeviceToHost));
		const unsigned char *sent = file + c->buf[b].offset;
		if (memcmp(host.data(), sent, bufs[b].bytes) == 0)
			continue;
		for (size_t i = 0; i < bufs[b].bytes; ++i)
			if (host[i] != sent[i]) {
				char name[sizeof c->buf[b].name + 1] = {0};
				memcpy(name, c->buf[b].name, sizeof c->buf[b].name);
				snprintf(c->error, sizeof c->error,
				         "the code wrote into the input buffer '%.16s' (element "
				         "%zu was "
				         "changed first): inputs are read-only; keep scratch "
				         "values in "
				         "registers, shared memory or an output",
				         name, i / CJ_ELEM_SIZE);
				*changed = true;
				return cudaSuccess;
			}
	}
	return cudaSuccess;
}

#ifndef CJ_EMU
/* Shared memory keeps what the last block on an SM left in it, often zeros,
 * so code that reads slots nothing wrote could pass by luck. Before each
 * checked launch every SM's shared memory gets the emulator's marked NaN, so
 * such reads go wrong on the GPU as they do on the emulator. */
__global__ void cj_dirty_shared(unsigned words)
{
	extern __shared__ unsigned cj_smem[];
	for (unsigned i = threadIdx.x; i < words; i += blockDim.x)
		cj_smem[i] = CJ_EMU_SHARED_POISON;
}

static cudaError_t dirty_shared_memory(cudaStream_t s)
{
	static int bytes = -1, blocks;
	if (bytes < 0) {
		int dev = 0, sms = 0, max = 0;
		CJ_CHECK(cudaGetDevice(&dev));
		CJ_CHECK(
		        cudaDeviceGetAttribute(&max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
		CJ_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
		CJ_CHECK(cudaFuncSetAttribute(cj_dirty_shared,
		                              cudaFuncAttributeMaxDynamicSharedMemorySize, max));
		bytes = max;
		blocks = 4 * sms; /* one fits an SM at a time: every SM gets some */
	}
	cj_dirty_shared<<<blocks, 256, (size_t)bytes, s>>>((unsigned)bytes / 4);
	CJ_CHECK(cudaGetLastError());
	CJ_CHECK(cudaStreamSynchronize(s));
	return cudaSuccess;
}
#endif

#ifndef CJ_EMU
/* An order-free digest of n words: the sum of a mix of each word with its
 * index. Lets the inputs of a timed case be checked unchanged on the device:
 * copying 256 MB back to compare took longer than the case's launches. */
__global__ void cj_digest_words(const unsigned *p, size_t n, unsigned long long *sum)
{
	unsigned long long acc = 0;
	size_t step = (size_t)gridDim.x * blockDim.x;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += step) {
		unsigned long long z = p[i] ^ (i * 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		acc += z ^ (z >> 31);
	}
	atomicAdd(sum, acc);
}

/* The digest of the read-only inputs (CJ_IN) among `bufs`. */
static cudaError_t digest_inputs(const struct cj_wire_case *c,
                                 const std::vector<device_buffer> &bufs, cudaStream_t s,
                                 unsigned long long *out)
{
	static unsigned long long *sum;
	if (!sum)
		CJ_CHECK(cudaMalloc((void **)&sum, sizeof *sum));
	*out = 0;
	for (uint32_t b = 0; b < c->nbuf; ++b) {
		if (c->buf[b].role != CJ_IN)
			continue;
		CJ_CHECK(cudaMemsetAsync(sum, 0, sizeof *sum, s));
		cj_digest_words<<<1024, 256, 0, s>>>((const unsigned *)bufs[b].data(),
		                                     bufs[b].bytes / 4, sum);
		CJ_CHECK(cudaGetLastError());
		unsigned long long got = 0;
		CJ_CHECK(cudaMemcpyAsync(&got, sum, sizeof got, cudaMemcpyDeviceToHost, s));
		CJ_CHECK(cudaStreamSynchronize(s));
		*out = *out * 1000003ull + got;
	}
	return cudaSuccess;
}
#endif

/* Where a launch's inputs come from. The first, checked launch copies them
 * from the case file; repeated launches (timed repetitions, a speed rule)
 * from a copy kept on the device: the case file is pageable host memory,
 * and copying 256 MB from it again for each of 2 x 22 repetitions took
 * longer than every launch of the case together (6 GB/s on the H200 host). */
struct launch_inputs {
	const unsigned char *file;       /* the case file: the inputs as sent */
	std::vector<device_buffer> kept; /* by buffer, inputs only; empty: from file */
	cudaStream_t s;
	bool have_digest;          /* digest is that of the inputs as sent */
	unsigned long long digest; /* digest_inputs() */
};

/* Poisons outputs and restores in-out buffers: the state before a launch. */
static cudaError_t prepare(const struct cj_wire_case *c, const struct launch_inputs &in,
                           const std::vector<device_buffer> &bufs, cudaStream_t s)
{
	for (uint32_t b = 0; b < c->nbuf; ++b) {
		const struct cj_wire_buf *w = &c->buf[b];
		if (w->role == CJ_OUT)
			CJ_CHECK(cudaMemsetAsync(bufs[b].data(), (int)(w->poison & 0xff),
			                         bufs[b].bytes, s));
		else if (!in.kept.empty())
			CJ_CHECK(cudaMemcpyAsync(bufs[b].data(), in.kept[b].data(), bufs[b].bytes,
			                         cudaMemcpyDeviceToDevice, s));
		else
			CJ_CHECK(cudaMemcpyAsync(bufs[b].data(), in.file + w->offset, bufs[b].bytes,
			                         cudaMemcpyHostToDevice, s));
	}
	/* Host-driven glue launches on streams of its own: the data must be in
	 * place before it starts. */
	CJ_CHECK(cudaStreamSynchronize(s));
	return cudaSuccess;
}

/* Keeps a device copy of the inputs in `bufs` (just prepared from the case
 * file) for repeated launches. Without the memory for it, they copy from the
 * file as before: slower, never different. */
static cudaError_t keep_inputs(const struct cj_wire_case *c, struct launch_inputs &in,
                               const std::vector<device_buffer> &bufs, cudaStream_t s)
{
	in.kept.assign(c->nbuf, device_buffer{NULL, 0});
	for (uint32_t b = 0; b < c->nbuf; ++b) {
		if (c->buf[b].role == CJ_OUT)
			continue;
		in.kept[b].bytes = bufs[b].bytes;
		if (cudaMalloc((void **)&in.kept[b].base, bufs[b].bytes + 2 * GUARD_BYTES) !=
		    cudaSuccess) {
			(void)cudaGetLastError();
			for (const device_buffer &k : in.kept)
				if (k.base)
					cudaFree(k.base);
			in.kept.clear();
			return cudaSuccess;
		}
		CJ_CHECK(cudaMemcpyAsync(in.kept[b].data(), bufs[b].data(), bufs[b].bytes,
		                         cudaMemcpyDeviceToDevice, s));
	}
	CJ_CHECK(cudaStreamSynchronize(s));
	return cudaSuccess;
}

/* Whether the inputs in `bufs` are still those sent: on the device against
 * their digest taken before the launch when there is one, else (or when
 * they differ, to say where) against the case file. */
static cudaError_t check_inputs_kept(struct cj_wire_case *c, const struct launch_inputs &in,
                                     const std::vector<device_buffer> &bufs, bool *changed)
{
#ifndef CJ_EMU
	if (in.have_digest) {
		unsigned long long now = 0;
		CJ_CHECK(digest_inputs(c, bufs, in.s, &now));
		*changed = false;
		if (now == in.digest)
			return cudaSuccess;
	}
#endif
	return check_inputs(c, in.file, bufs, changed);
}

/* Host-driven exercises: the outputs of every case, kept away from the case
 * file until the learner's code has run for the last time (cj_finish). */
struct cj_stashed {
	uint64_t offset;
	std::vector<unsigned char> bytes;
};
static std::vector<cj_stashed> cj_stash;

/* wire.h: done_code, then done_s. */
static void say_done(struct cj_wire_header *h, int code)
{
	double at = cj_wire_now_s();
	h->done_code = code;
	__atomic_store(&h->done_s, &at, __ATOMIC_RELEASE);
}

/* The end of the test process. With host code of the learner's linked in,
 * the outputs are written here, after its last call returned and the device
 * is idle, and the process ends with _exit: no destructor, atexit handler or
 * thread of anyone's runs after the outputs are in place. */
static int cj_finish(unsigned char *file, int code)
{
	if (!cj_host_run)
		return code;
	for (const cj_stashed &o : cj_stash)
		memcpy(file + o.offset, o.bytes.data(), o.bytes.size());
	fflush(stdout);
	fflush(stderr);
	/* what it printed is out: the engine may end the process from here */
	say_done((struct cj_wire_header *)file, code);
	_exit(code);
}

/* One run of the problem's code: cj_launch on `s`, or the host-driven entry.
 * Returns with the device idle; m (may be NULL) asks a host-driven glue to
 * measure its speed rule. */
static cudaError_t launch_checked(const struct cj_wire_case *c, void *const dev[], cudaStream_t s,
                                  struct cj_measure *m)
{
	if (cj_host_run) {
		struct cj_measure none = {};
		cudaError_t e = cj_host_run(c, dev, m ? m : &none);
		if (e != cudaSuccess) {
			if (!cj_error_sink[0]) /* the glue did not say where: say what */
				cj_note_error(e, "the exercise's host code", __FILE__, __LINE__);
			return e;
		}
		CJ_CHECK(cudaGetLastError());
		CJ_CHECK(cudaDeviceSynchronize());
		return cudaSuccess;
	}
	if (!cj_launch) {
		snprintf(cj_error_sink, cj_error_sink_len,
		         "judge bug: the problem's glue defines neither cj_launch nor cj_host_run "
		         "(harness/runtime/glue.h)");
		return cudaErrorUnknown;
	}
	cj_launch(c, dev, s);
	CJ_CHECK(cudaGetLastError());
	CJ_CHECK(cudaStreamSynchronize(s));
	return cudaSuccess;
}

static float median_of(std::vector<float> &v)
{
	std::sort(v.begin(), v.end());
	size_t m = v.size();
	return m == 0 ? 0 : m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

#ifndef CJ_EMU
/* The speed rule of a device-driven problem: the learner's launch and the
 * glue's baseline, alternately on the same inputs, so that clocks and
 * temperature treat both alike. */
static cudaError_t measure_baseline(struct cj_wire_case *c, const struct launch_inputs &in,
                                    const std::vector<device_buffer> &bufs, void *const dev[],
                                    cudaStream_t s)
{
	const unsigned warmup = 2, reps = 15;
	cudaEvent_t ev[4];
	for (int i = 0; i < 4; ++i)
		CJ_CHECK(cudaEventCreate(&ev[i]));
	std::vector<float> mine, base;
	for (unsigned r = 0; r < warmup + reps; ++r) {
		CJ_CHECK(prepare(c, in, bufs, s));
		CJ_CHECK(cudaEventRecord(ev[0], s));
		cj_launch(c, dev, s);
		CJ_CHECK(cudaGetLastError());
		CJ_CHECK(cudaEventRecord(ev[1], s));
		CJ_CHECK(prepare(c, in, bufs, s));
		CJ_CHECK(cudaEventRecord(ev[2], s));
		cj_baseline_launch(c, dev, s);
		CJ_CHECK(cudaGetLastError());
		CJ_CHECK(cudaEventRecord(ev[3], s));
		CJ_CHECK(cudaStreamSynchronize(s));
		float a = 0, b = 0;
		CJ_CHECK(cudaEventElapsedTime(&a, ev[0], ev[1]));
		CJ_CHECK(cudaEventElapsedTime(&b, ev[2], ev[3]));
		if (r >= warmup) {
			mine.push_back(a);
			base.push_back(b);
		}
	}
	for (int i = 0; i < 4; ++i)
		CJ_CHECK(cudaEventDestroy(ev[i]));
	c->measured_reps = reps;
	c->learner_ms = median_of(mine);
	c->baseline_ms = median_of(base);
	return cudaSuccess;
}
#endif

/* Timed repetitions of a host-driven problem, with the host's clock (its
 * code runs on streams of its own, so events on `s` would see nothing). */
static cudaError_t time_host_driven(struct cj_wire_case *c, const struct cj_wire_header *h,
                                    const struct launch_inputs &in,
                                    const std::vector<device_buffer> &bufs, void *const dev[],
                                    cudaStream_t s)
{
	std::vector<float> ms;
	for (uint32_t r = 0; r < h->warmup + h->reps; ++r) {
		CJ_CHECK(prepare(c, in, bufs, s));
		CJ_CHECK(cudaStreamSynchronize(s));
		struct cj_measure m = {};
		m.timing = 1;
		auto t0 = std::chrono::steady_clock::now();
		cudaError_t e = launch_checked(c, dev, s, &m);
		if (e != cudaSuccess)
			return e;
		auto t1 = std::chrono::steady_clock::now();
		float t = m.run_ms > 0 ? m.run_ms
		                       : std::chrono::duration<float, std::milli>(t1 - t0).count();
		if (r >= h->warmup)
			ms.push_back(t);
	}
	c->reps = (uint32_t)ms.size();
	if (!ms.empty()) {
		c->median_ms = median_of(ms);
		c->min_ms = ms.front();
		c->max_ms = ms.back();
	}
	return cudaSuccess;
}

static cudaError_t time_case(struct cj_wire_case *c, const struct cj_wire_header *h,
                             const struct launch_inputs &in, const std::vector<device_buffer> &bufs,
                             void *const dev[], cudaStream_t s)
{
	if (cj_host_run)
		return time_host_driven(c, h, in, bufs, dev, s);
	size_t flush_bytes = 0;
	void *flush = NULL;
#ifndef CJ_EMU
	if (h->flush_l2)
		CJ_CHECK(cj_l2_flush_buffer(&flush, &flush_bytes));
#else
	(void)flush_bytes;
#endif
	cudaEvent_t start, stop;
	CJ_CHECK(cudaEventCreate(&start));
	CJ_CHECK(cudaEventCreate(&stop));
	std::vector<float> ms, ref;
	/* rounds of reps launches each, after one warm-up: each round's medians
	 * besides the medians of all of them */
	uint32_t rounds =
	        h->rounds > 1 ? (h->rounds < CJ_MAX_ROUNDS ? h->rounds : CJ_MAX_ROUNDS) : 1;
	std::vector<float> round_ms[CJ_MAX_ROUNDS], round_ref[CJ_MAX_ROUNDS];
	int modules = 1;
#ifdef CJ_RUNNER
	/* The reference's module, when the engine gave one: timed in turn with
	 * the learner's on the same buffers, so that both see the same clocks. A
	 * reference that fails to launch leaves the ratio out, nothing else. */
	bool ref_ok = cj_library[1] != NULL;
	modules = ref_ok ? 2 : 1;
#endif
	for (uint32_t r = 0; r < h->warmup + rounds * h->reps; ++r)
		for (int m = 0; m < modules; ++m) {
			CJ_CHECK(prepare(c, in, bufs, s));
#ifndef CJ_EMU
			if (flush)
				CJ_CHECK(cj_l2_flush(flush, flush_bytes, s));
#endif
#ifdef CJ_RUNNER
			cj_module_now = m;
#endif
			CJ_CHECK(cudaEventRecord(start, s));
			cj_launch(c, dev, s);
			cudaError_t launched = cudaGetLastError();
			CJ_CHECK(cudaEventRecord(stop, s));
#ifdef CJ_RUNNER
			cj_module_now = 0;
			if (m == 1) {
				if (launched != cudaSuccess ||
				    cudaStreamSynchronize(s) != cudaSuccess) {
					modules =
					        1; /* no ratio, and the learner's timing goes on */
					ref.clear();
					for (uint32_t k = 0; k < rounds; ++k)
						round_ref[k].clear();
					(void)cudaGetLastError();
					continue;
				}
			} else
#endif
				CJ_CHECK(cj_note_error(launched, "cj_launch", __FILE__, __LINE__));
			CJ_CHECK(cudaStreamSynchronize(s));
			float t = 0;
			CJ_CHECK(cudaEventElapsedTime(&t, start, stop));
			if (r >= h->warmup) {
				uint32_t k = (r - h->warmup) / h->reps;
				(m ? ref : ms).push_back(t);
				(m ? round_ref : round_ms)[k].push_back(t);
			}
		}
#ifdef CJ_RUNNER
	if (!ref.empty()) {
		c->ref_reps = (uint32_t)ref.size();
		c->ref_median_ms = median_of(ref);
	}
#endif
	if (rounds > 1) {
		c->rounds = rounds;
		for (uint32_t k = 0; k < rounds; ++k) {
			c->round_median_ms[k] = round_ms[k].empty() ? 0 : median_of(round_ms[k]);
			c->round_ref_median_ms[k] =
			        round_ref[k].empty() ? 0 : median_of(round_ref[k]);
		}
	}
	CJ_CHECK(cudaEventDestroy(start));
	CJ_CHECK(cudaEventDestroy(stop));
	if (flush)
		CJ_CHECK(cudaFree(flush));
	std::sort(ms.begin(), ms.end());
	c->reps = (uint32_t)ms.size();
	if (!ms.empty()) {
		size_t m = ms.size();
		c->median_ms = m % 2 ? ms[m / 2] : (ms[m / 2 - 1] + ms[m / 2]) / 2;
		c->min_ms = ms.front();
		c->max_ms = ms.back();
	}
	return cudaSuccess;
}

/* The device to this program alone (want) or shared again (wire.h:
 * lock_handoff); false when the engine could not have it alone. */
static bool device_alone(struct cj_wire_header *h, bool want)
{
	if (!h->lock_handoff)
		return true;
	uint32_t asked = want ? 1u : 0u;
	__atomic_store_n(&h->want_alone, asked, __ATOMIC_RELEASE);
	uint32_t alone;
	while ((alone = __atomic_load_n(&h->alone, __ATOMIC_ACQUIRE)) != asked &&
	       !(want && alone == 2))
		usleep(500);
	return alone == asked;
}

/* Whether to run big case i (wire.h: ask_big): the engine looks at the
 * cases before it and answers. */
static bool may_run(struct cj_wire_header *h, uint32_t i)
{
	if (!h->ask_big || !h->cases[i].big)
		return true;
	int32_t asked = (int32_t)i + 1;
	__atomic_store_n(&h->asking, asked, __ATOMIC_RELEASE);
	int32_t got;
	while ((got = __atomic_load_n(&h->answer, __ATOMIC_ACQUIRE)) != asked && got != -asked)
		usleep(200);
	return got == asked;
}

/* Whether the engine may be asked about a big case after c (wire.h:
 * ask_big), and so look at c's outputs before the program's end. */
static bool big_case_after(const struct cj_wire_header *h, const struct cj_wire_case *c)
{
	for (uint32_t i = (uint32_t)(c - h->cases) + 1; h->ask_big && i < h->ncases; ++i)
		if (h->cases[i].big)
			return true;
	return false;
}

static cudaError_t run_case(struct cj_wire_case *c, struct cj_wire_header *h, unsigned char *file,
                            cudaStream_t s, bool *inputs_changed)
{
	std::vector<device_buffer> bufs(c->nbuf);
	void *dev[CJ_MAX_BUFS] = {0};
	cudaError_t e = cudaSuccess;
	for (uint32_t b = 0; b < c->nbuf && e == cudaSuccess; ++b) {
		bufs[b].bytes = c->buf[b].count * CJ_ELEM_SIZE;
		size_t total = bufs[b].bytes + 2 * GUARD_BYTES;
		e = cj_note_error(cudaMalloc((void **)&bufs[b].base, total), "cudaMalloc", __FILE__,
		                  __LINE__);
		if (e == cudaSuccess)
			/* On s: a plain cudaMemset goes to the legacy stream, which a
			 * non-blocking s does not wait for, so it could land on the
			 * inputs after prepare() copied them (seen with another
			 * process sharing the GPU). */
			e = cj_note_error(cudaMemsetAsync(bufs[b].base, GUARD_BYTE, total, s),
			                  "cudaMemsetAsync", __FILE__, __LINE__);
		dev[b] = bufs[b].data();
	}
	struct launch_inputs in = {file, {}, s, false, 0};
	if (e == cudaSuccess)
		e = prepare(c, in, bufs, s);
#ifdef CJ_EMU
	bool repeats = false; /* the emulator measures no speed */
#else
	bool repeats = c->timed || c->measure;
#endif
	if (e == cudaSuccess && repeats)
		e = keep_inputs(c, in, bufs, s);
#ifndef CJ_EMU
	/* The digest of the inputs as sent says after the launch that they are
	 * unchanged, without copying them back (a mailbox case's 80 MB read back
	 * and compared took 0.05 s of its 0.13). The learner's host code checks
	 * its inputs itself. */
	if (e == cudaSuccess && !cj_host_run) {
		e = digest_inputs(c, bufs, s, &in.digest);
		in.have_digest = e == cudaSuccess;
	}
	if (e == cudaSuccess)
		e = dirty_shared_memory(s);
#endif
	struct cj_measure m = {};
#ifndef CJ_EMU /* the emulator measures no speed */
	m.want = c->measure != 0;
#endif
	bool repeated = false; /* timed or measured launches ran from the kept inputs */
	if (e == cudaSuccess)
		e = launch_checked(c, dev, s, &m);
	if (e == cudaSuccess && cj_host_run) {
		c->measured_reps = m.reps;
		c->learner_ms = m.learner_ms;
		c->baseline_ms = m.baseline_ms;
		c->host_flags = m.host_flags;
	}
	if (e == cudaSuccess)
		e = check_guards(c, bufs);
	/* Host-driven glue may use an input's device buffer as its own staging
	 * area (stream_overlap's d_in); it checks its inputs itself. */
	if (e == cudaSuccess && c->guard_buf < 0 && !cj_host_run)
		e = check_inputs_kept(c, in, bufs, inputs_changed);
	for (uint32_t b = 0; b < c->nbuf && e == cudaSuccess; ++b)
		if (c->buf[b].role != CJ_IN && cj_host_run) {
			/* Host code of the learner's runs again (timed repetitions, later
			 * cases): its outputs reach the case file in cj_finish, whatever
			 * it wrote there meanwhile. When the engine looks at the cases
			 * before a big one (wire.h: ask_big), they are there now too. */
			cj_stash.push_back(
			        {c->buf[b].offset, std::vector<unsigned char>(bufs[b].bytes)});
			e = cj_note_error(cudaMemcpy(cj_stash.back().bytes.data(), bufs[b].data(),
			                             bufs[b].bytes, cudaMemcpyDeviceToHost),
			                  "cudaMemcpy (outputs)", __FILE__, __LINE__);
			if (e == cudaSuccess && big_case_after(h, c))
				memcpy(file + c->buf[b].offset, cj_stash.back().bytes.data(),
				       bufs[b].bytes);
		} else if (c->buf[b].role != CJ_IN)
			e = cj_note_error(cudaMemcpy(file + c->buf[b].offset, bufs[b].data(),
			                             bufs[b].bytes, cudaMemcpyDeviceToHost),
			                  "cudaMemcpy (outputs)", __FILE__, __LINE__);
#ifndef CJ_EMU
	if (e == cudaSuccess && c->measure && c->guard_buf < 0 && !cj_host_run && cj_launch &&
	    cj_baseline_launch) {
		if (device_alone(h, true)) {
			e = measure_baseline(c, in, bufs, dev, s);
			repeated = true;
		}
		device_alone(h, false);
	}
#endif
	if (e == cudaSuccess && c->timed && c->guard_buf < 0 && !*inputs_changed) {
		if (device_alone(h, true)) {
			e = time_case(c, h, in, bufs, dev, s);
			repeated = true;
		}
		device_alone(h, false);
	}
	/* The kept copy is device memory too: a repetition that wrote into it
	 * changed what the next ones read. None ran (the engine said no): it
	 * was never read. */
	if (e == cudaSuccess && repeated && !in.kept.empty() && !*inputs_changed &&
	    c->guard_buf < 0 && !cj_host_run)
		e = check_inputs_kept(c, in, in.kept, inputs_changed);
	for (const device_buffer &k : in.kept)
		if (k.base)
			cudaFree(k.base);
	for (uint32_t b = 0; b < c->nbuf; ++b)
		if (bufs[b].base)
			cudaFree(bufs[b].base); /* after a sticky error this fails too; ignore */
	return e;
}

static const char *module_path[2] __attribute__((unused)); /* the runner's --module, --reference */

static int parse_args(int argc, char **argv, int *fd, int *cc)
{
	*fd = -1;
	*cc = 0;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--wire"))
			*fd = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--expect-cc"))
			*cc = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--module"))
			module_path[0] = argv[i + 1];
		else if (!strcmp(argv[i], "--reference"))
			module_path[1] = argv[i + 1];
	}
	return *fd >= 0 ? 0 : -1;
}

/* The case file, mapped before any of the learner's static initialisers run
 * (they could otherwise use up the address space or close the descriptor,
 * and make the judge look broken): .preinit_array functions run before every
 * constructor, and the engine links the runtime ahead of the learner's code.
 * Built into a shared object for the host runner (-DCJ_HOSTED), the runner
 * maps it before it loads this program (host_runner.c). */
static unsigned char *cj_wire_file;
static size_t cj_wire_bytes; /* the file's size when mapped (the engine seals it) */

#ifndef CJ_HOSTED
static void cj_map_wire(int argc, char **argv, char **envp)
{
	(void)envp;
	int fd, want_cc;
	if (parse_args(argc, argv, &fd, &want_cc) == 0)
		cj_wire_file = cj_wire_map(fd, &cj_wire_bytes);
}

__attribute__((section(".preinit_array"),
               used)) static void (*const cj_preinit)(int, char **, char **) = cj_map_wire;
#endif

/* That the cases ended, and with what exit status (wire.h: done_s); for
 * host-driven glue, whose outputs go in after the learner's last call,
 * cj_finish says it once they are there. */
static void note_done(struct cj_wire_header *h, int code)
{
	if (cj_host_run)
		return;
	say_done(h, code);
}

static double ms_since(std::chrono::steady_clock::time_point t0)
{
	return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
	        .count();
}

/* The program's run, from `started` (its main, or the host runner's start or
 * go); `go_seen`: the host runner waited for go already. */
static int run_program(int argc, char **argv, std::chrono::steady_clock::time_point started,
                       bool go_seen)
{
	int fd, want_cc;
	if (parse_args(argc, argv, &fd, &want_cc) != 0) {
		fprintf(stderr, "usage: %s --wire FD --expect-cc MAJORMINOR\n", argv[0]);
		return CJ_EXIT_BAD_WIRE;
	}
	unsigned char *file = cj_wire_file;
	if (!file)
		return CJ_EXIT_BAD_WIRE;
	struct cj_wire_header *h = (struct cj_wire_header *)file;

	/* What stops the device from being used goes to stderr, which the
	 * engine shows in its JE message. */
	int count = 0;
	cudaError_t e = cudaGetDeviceCount(&count);
	if (e != cudaSuccess || count == 0) {
		fprintf(stderr, "cudaGetDeviceCount: %s\n",
		        e != cudaSuccess ? cudaGetErrorString(e) : "no device");
		return CJ_EXIT_NO_DEVICE;
	}
	cudaDeviceProp prop;
	if ((e = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess) {
		fprintf(stderr, "cudaGetDeviceProperties: %s\n", cudaGetErrorString(e));
		return CJ_EXIT_NO_DEVICE;
	}
	if (want_cc && prop.major * 10 + prop.minor != want_cc)
		return CJ_EXIT_WRONG_ARCH;
	cudaStream_t s;
	if ((e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess) {
		fprintf(stderr, "cudaStreamCreateWithFlags: %s\n", cudaGetErrorString(e));
		if (e != cudaErrorMemoryAllocation || h->ncases == 0)
			return CJ_EXIT_NO_DEVICE;
		/* The device was there a moment ago: the learner's own code, run
		 * before main (a static initialiser), took its memory. That fails
		 * the first case, like any allocation the cases cannot make. */
		struct cj_wire_case *c = &h->cases[0];
		h->current = 0;
		snprintf(c->error, sizeof c->error,
		         "cudaStreamCreateWithFlags: %s (before the first case: the device had no "
		         "memory left, taken by code that ran before main or by another program)",
		         cudaGetErrorString(e));
		c->cuda_error = (int32_t)e;
		c->state = CJ_CASE_FAILED;
		return CJ_EXIT_CASE_FAILED;
	}

	/* Started beside the build, it has its device now, and waits for its
	 * cases and its module (wire.h: go); the time to its first case is
	 * counted from then. Started once they were there, from main: the
	 * device's start is part of it. */
	bool waited = false;
	if (!go_seen && !cj_wire_wait_go(h, cj_wire_bytes, &waited))
		return CJ_EXIT_BAD_WIRE;
	if (waited)
		started = std::chrono::steady_clock::now();
#ifdef CJ_RUNNER
	if (!module_path[0]) {
		fprintf(stderr,
		        "usage: %s --wire FD --expect-cc MAJORMINOR --module FILE "
		        "[--reference FILE]\n",
		        argv[0]);
		return CJ_EXIT_BAD_WIRE;
	}
	if ((e = cj_load_module(0, module_path[0])) != cudaSuccess) {
		fprintf(stderr, "cudaLibraryLoadData (the compiled file): %s\n",
		        cudaGetErrorString(e));
		return CJ_EXIT_NO_DEVICE;
	}
	if (module_path[1] && cj_load_module(1, module_path[1]) != cudaSuccess) {
		cj_library[1] = NULL; /* no ratio to the reference; say nothing else */
		(void)cudaGetLastError();
	}
#endif
	h->start_ms = (float)ms_since(started);
	for (uint32_t i = 0; i < h->ncases; ++i) {
		struct cj_wire_case *c = &h->cases[i];
		if (!may_run(h, i)) {
			c->state = CJ_CASE_LEFT_OUT;
			continue;
		}
		auto case_started = std::chrono::steady_clock::now();
		h->current = (int32_t)i;
		c->state = CJ_CASE_STARTED;
		cj_error_sink = c->error;
		cj_error_sink_len = sizeof c->error;
		cj_error_final = false;
		cj_current_case = c;
		bool inputs_changed = false;
		cudaError_t e = run_case(c, h, file, s, &inputs_changed);
		c->case_ms = (float)ms_since(case_started);
		if (e != cudaSuccess || c->guard_buf >= 0 || inputs_changed) {
			c->cuda_error = (int32_t)e;
			c->state = CJ_CASE_FAILED;
			note_done(h, CJ_EXIT_CASE_FAILED);
			return cj_finish(file, CJ_EXIT_CASE_FAILED);
		}
		c->state = CJ_CASE_DONE;
	}
	h->current = -1;
	note_done(h, CJ_EXIT_OK);
	return cj_finish(file, CJ_EXIT_OK);
}

#ifdef CJ_HOSTED
/* wire_go.h; steady_clock is CLOCK_MONOTONIC. */
int cj_hosted_main(int argc, char **argv, unsigned char *file, size_t bytes, long long started_ns)
{
	cj_wire_file = file;
	cj_wire_bytes = bytes;
	return run_program(
	        argc, argv,
	        std::chrono::steady_clock::time_point(std::chrono::nanoseconds(started_ns)), true);
}
#else
int main(int argc, char **argv)
{
	return run_program(argc, argv, std::chrono::steady_clock::now(), false);
}
#endif
