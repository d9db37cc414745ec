/*
 * The kernels of bench/exercise_kernels.cuh on a GPU: each exercise's
 * reference and its CUB (or plain copy) counterpart, in the glue's kernel
 * shape, on the exercise's timed case, timed the way the judge times a
 * kernel (bench/flushed_timer.cuh, after harness/runtime/run_cases.cu):
 * before every launch the in-out buffers restored and the outputs poisoned,
 * then the L2 flushed, CUDA events around the launch alone; warm-up rounds,
 * then the median of the timed ones, the variants of an exercise in turn in
 * every round (as the judge times the learner's code and the reference).
 *
 *   cub_bench list
 *       one JSON object per exercise: {"id", "params" (param[1..] of its
 *       timed case, as cases.c has them), "variants": [{"name", "kernel"}]}
 *   cub_bench compare WARMUP CASE...
 *       CASE is ID:N:REPS[:P1,P2,...]: the exercise, its perf.n and
 *       perf.reps, and param[1..] of its timed case (default: "params").
 *       Each variant is launched once and its outputs checked (the same as
 *       the reference's, floats within 1e-4 + 1e-5 |x|; the reference and a
 *       copy against the exercise's own result), then all are timed. One
 *       JSON object per variant: {"id", "variant", "kernel", "n", "param",
 *       "reps", "median_ms", "min_ms", "max_ms", "ok", "why"}.
 *   cub_bench run ID VARIANT N WARMUP REPS [P1,P2,...]
 *       WARMUP + REPS launches of one variant alone, timed as above (for
 *       Nsight Compute: bench/timing_accuracy.py); one JSON object.
 *
 * Exit status: 0; 1 when a variant's outputs are wrong; 2 on a bad
 * argument or a CUDA error (the message names the call); 77 without a CUDA
 * device. Built by bench/cub_compare.py (nvcc -std=c++17 -O3 -arch=sm_XY
 * -Iharness/runtime -Iharness/problems).
 */
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "exercise_kernels.cuh"
#include "flushed_timer.cuh"

/* Inputs: count 4-byte elements of type elem, uniform in [lo, hi] (whole
 * numbers for ints), from a hash of the index and the seed. */
__global__ void cj_bench_fill(uint32_t *p, long long count, uint32_t elem, double lo, double hi,
                              uint32_t seed)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
	     i += (long long)gridDim.x * blockDim.x) {
		unsigned long long z = (unsigned long long)i * 0x9e3779b97f4a7c15ull + seed;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		double u = (double)((z ^ (z >> 31)) >> 11) * 0x1.0p-53; /* [0, 1) */
		if (elem == CJ_F32)
			p[i] = __float_as_uint((float)(lo + (hi - lo) * u));
		else
			p[i] = (uint32_t)(int)floor(lo + (hi - lo + 1) * u);
	}
}

[[noreturn]] static void usage_error(const char *message)
{
	std::fprintf(stderr,
	             "cub_bench: %s\n"
	             "usage: cub_bench list\n"
	             "       cub_bench compare WARMUP ID:N:REPS[:P1,P2,...]...\n"
	             "       cub_bench run ID VARIANT N WARMUP REPS [P1,P2,...]\n",
	             message);
	std::exit(2);
}

static const bench_exercise &exercise_named(const std::string &id)
{
	for (const bench_exercise &e : bench_exercises)
		if (id == e.id)
			return e;
	usage_error(("no exercise " + id + " here (cub_bench list)").c_str());
}

static long long number(const std::string &text, const char *what)
{
	char *end = nullptr;
	long long v = std::strtoll(text.c_str(), &end, 10);
	if (text.empty() || *end)
		usage_error((std::string(what) + " is not a whole number: '" + text + "'").c_str());
	return v;
}

/* "P1,P2,..." */
static std::vector<long long> params_of(const std::string &text)
{
	std::vector<long long> p;
	for (size_t at = 0; at <= text.size();) {
		size_t comma = text.find(',', at);
		if (comma == std::string::npos)
			comma = text.size();
		p.push_back(number(text.substr(at, comma - at), "a parameter"));
		at = comma + 1;
	}
	if (p.size() >= CJ_MAX_PARAMS)
		usage_error("more parameters than a case has");
	return p;
}

/* A timed case on the device: its buffers, and a copy of each in-out one
 * as the case sent it (restored before every launch, as the judge does). */
struct device_case {
	const bench_exercise &ex;
	cudaStream_t s;
	cj_wire_case c = {};
	std::vector<bench_buf> bufs;
	void *dev[CJ_MAX_BUFS] = {};
	void *kept[CJ_MAX_BUFS] = {};

	device_case(const bench_exercise &e, cudaStream_t stream, long long n,
	            const std::vector<long long> &params)
	    : ex(e), s(stream)
	{
		c.param[0] = n;
		for (size_t i = 0; i < params.size(); ++i)
			c.param[i + 1] = params[i];
		const char *refused = ex.buffers(c, bufs);
		if (refused) {
			std::fprintf(stderr, "cub_bench: %s: %s\n", ex.id, refused);
			std::exit(2);
		}
		for (size_t b = 0; b < bufs.size(); ++b) {
			size_t bytes = (size_t)bufs[b].count * 4;
			CHECK(cudaMalloc(&dev[b], bytes));
			if (bufs[b].role == CJ_OUT)
				continue;
			cj_bench_fill<<<1024, 256, 0, s>>>((uint32_t *)dev[b], bufs[b].count,
			                                   bufs[b].elem, bufs[b].lo, bufs[b].hi,
			                                   (uint32_t)(b + 1) * 7919u);
			CHECK(cudaGetLastError());
			if (bufs[b].role == CJ_INOUT) {
				CHECK(cudaMalloc(&kept[b], bytes));
				CHECK(cudaMemcpyAsync(kept[b], dev[b], bytes,
				                      cudaMemcpyDeviceToDevice, s));
			}
		}
		CHECK(cudaStreamSynchronize(s));
	}
	~device_case()
	{
		for (size_t b = 0; b < bufs.size(); ++b) {
			CHECK(cudaFree(dev[b]));
			CHECK(cudaFree(kept[b])); /* cudaFree(nullptr) does nothing */
		}
	}

	/* The state before a launch: outputs poisoned (0xff: a float NaN),
	 * in-out buffers as sent. */
	void prepare()
	{
		for (size_t b = 0; b < bufs.size(); ++b) {
			size_t bytes = (size_t)bufs[b].count * 4;
			if (bufs[b].role == CJ_OUT)
				CHECK(cudaMemsetAsync(dev[b], 0xff, bytes, s));
			else if (bufs[b].role == CJ_INOUT)
				CHECK(cudaMemcpyAsync(dev[b], kept[b], bytes,
				                      cudaMemcpyDeviceToDevice, s));
		}
		CHECK(cudaStreamSynchronize(s));
	}

	void launch(size_t v)
	{
		ex.variants[v].launch(&c, dev, s);
	}

	/* The buffers whose role is not `skip`, copied back (the others empty). */
	bench_words download(uint32_t skip)
	{
		bench_words w(bufs.size());
		for (size_t b = 0; b < bufs.size(); ++b) {
			if (bufs[b].role == skip)
				continue;
			w[b].resize((size_t)bufs[b].count);
			CHECK(cudaMemcpy(w[b].data(), dev[b], w[b].size() * 4,
			                 cudaMemcpyDeviceToHost));
		}
		return w;
	}
};

static void print_timing(const device_case &d, size_t v, const std::vector<float> &ms, bool ok,
                         const std::string &why)
{
	const bench_variant &var = d.ex.variants[v];
	std::printf("{\"id\":\"%s\",\"variant\":\"%s\",\"kernel\":\"%s\",\"n\":%lld,\"param\":[",
	            d.ex.id, var.name, var.kernel, (long long)d.c.param[0]);
	for (int i = 0; i < CJ_MAX_PARAMS; ++i)
		std::printf("%s%lld", i ? "," : "", (long long)d.c.param[i]);
	std::printf("],\"reps\":%zu,\"median_ms\":%.6f,\"min_ms\":%.6f,\"max_ms\":%.6f,"
	            "\"ok\":%s,\"why\":\"",
	            ms.size(), median_of_sorted(ms), ms.front(), ms.back(), ok ? "true" : "false");
	for (char ch : why)
		std::printf(ch == '"' || ch == '\\' ? "\\%c" : "%c", ch);
	std::printf("\"}\n");
	std::fflush(stdout);
}

/* Checks every variant of the case once, then times them in turn. Returns
 * whether every one gave the right outputs. */
static bool compare(device_case &d, int warmup, int reps)
{
	const bench_exercise &ex = d.ex;
	d.prepare();
	bench_words sent = d.download(CJ_OUT), ref;
	std::vector<std::string> why(ex.variants.size());
	std::vector<bool> ok(ex.variants.size(), true);
	for (size_t v = 0; v < ex.variants.size(); ++v) {
		d.prepare();
		d.launch(v);
		CHECK(cudaGetLastError());
		CHECK(cudaStreamSynchronize(d.s));
		bench_words got = d.download(CJ_IN);
		bench_check check = ex.variants[v].check;
		if (v == 0 && !check)
			why[v] = "not checked here: the judge checks the reference";
		else
			ok[v] = (check ? check : bench_same_as_reference)(d.c, d.bufs, sent, got,
			                                                  ref, &why[v]);
		if (v == 0)
			ref = std::move(got);
	}
	flushed_timer t(d.s);
	std::vector<std::vector<float>> ms = t.alternate_ms(
	        warmup, reps, ex.variants.size(), [&](size_t) { d.prepare(); },
	        [&](size_t v) { d.launch(v); });
	bool all = true;
	for (size_t v = 0; v < ex.variants.size(); ++v) {
		print_timing(d, v, ms[v], ok[v], why[v]);
		all = all && ok[v];
	}
	return all;
}

/* A timed case asked for: the exercise, its size, repetitions, param[1..]. */
struct asked_case {
	const bench_exercise *ex;
	long long n;
	int reps;
	std::vector<long long> params;
};

/* ID:N:REPS[:P1,P2,...] */
static asked_case case_of(const std::string &arg)
{
	std::vector<std::string> part;
	for (size_t at = 0; at <= arg.size();) {
		size_t colon = arg.find(':', at);
		colon = colon == std::string::npos ? arg.size() : colon;
		part.push_back(arg.substr(at, colon - at));
		at = colon + 1;
	}
	if (part.size() < 3 || part.size() > 4)
		usage_error(("not ID:N:REPS[:P1,P2,...]: " + arg).c_str());
	const bench_exercise &ex = exercise_named(part[0]);
	asked_case a = {&ex, number(part[1], "N"), (int)number(part[2], "REPS"),
	                part.size() > 3 ? params_of(part[3]) : ex.params};
	if (a.n <= 0 || a.reps <= 0)
		usage_error("N and REPS must be positive");
	return a;
}

static void list()
{
	for (const bench_exercise &e : bench_exercises) {
		std::printf("{\"id\":\"%s\",\"params\":[", e.id);
		for (size_t i = 0; i < e.params.size(); ++i)
			std::printf("%s%lld", i ? "," : "", e.params[i]);
		std::printf("],\"variants\":[");
		for (size_t v = 0; v < e.variants.size(); ++v)
			std::printf("%s{\"name\":\"%s\",\"kernel\":\"%s\"}", v ? "," : "",
			            e.variants[v].name, e.variants[v].kernel);
		std::printf("]}\n");
	}
}

int main(int argc, char **argv)
{
	std::vector<std::string> args(argv + 1, argv + argc);
	if (args.size() == 1 && args[0] == "list") {
		list();
		return 0;
	}
	/* Every argument is read before the device is: a wrong one is an error
	 * (2) on any machine. */
	bool run = !args.empty() && args[0] == "run";
	std::vector<asked_case> asked;
	size_t variant = 0;
	int warmup = 0;
	if (run && (args.size() == 6 || args.size() == 7)) {
		std::string spec = args[1] + ":" + args[3] + ":" + args[5];
		asked.push_back(case_of(args.size() > 6 ? spec + ":" + args[6] : spec));
		const bench_exercise &ex = *asked[0].ex;
		while (variant < ex.variants.size() && args[2] != ex.variants[variant].name)
			++variant;
		if (variant == ex.variants.size())
			usage_error(("no variant '" + args[2] + "' of " + ex.id).c_str());
		warmup = (int)number(args[4], "WARMUP");
	} else if (!run && args.size() >= 3 && args[0] == "compare") {
		warmup = (int)number(args[1], "WARMUP");
		for (size_t a = 2; a < args.size(); ++a)
			asked.push_back(case_of(args[a]));
	} else
		usage_error("wrong arguments");
	if (warmup < 0)
		usage_error("WARMUP must not be negative");

	int devices = 0;
	cudaError_t e = cudaGetDeviceCount(&devices);
	if (e != cudaSuccess || devices == 0) {
		std::fprintf(stderr, "cub_bench: no CUDA device (%s): this benchmark needs a GPU\n",
		             e != cudaSuccess ? cudaGetErrorString(e) : "none found");
		return 77;
	}
	cudaStream_t s;
	CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)); /* as the judge's */
	bool all = true;
	for (const asked_case &a : asked) {
		device_case d(*a.ex, s, a.n, a.params);
		if (run) {
			flushed_timer t(s);
			std::vector<std::vector<float>> ms = t.alternate_ms(
			        warmup, a.reps, 1, [&](size_t) { d.prepare(); },
			        [&](size_t) { d.launch(variant); });
			print_timing(d, variant, ms[0], true, "");
		} else
			all = compare(d, warmup, a.reps) && all;
	}
	CHECK(cudaStreamDestroy(s));
	if (!all)
		std::fprintf(stderr, "cub_bench: some outputs were wrong (\"ok\": false)\n");
	return all ? 0 : 1;
}
