/*
 * The emulator's profiler: what a kernel's warps do with memory, branches,
 * barriers and atomics, counted exactly. Linked only into the profile build
 * of a file (harness/engine/build/emu_build.c, `judge --profile`), never into
 * the program that is judged: there the learner's translation unit is
 * compiled with -fsanitize-coverage=trace-pc as well, and linked with
 * --wrap=__tsan_read4 and its kin, so that ThreadSanitizer's calls before
 * every load and store, and the coverage call at the start of every basic
 * block, come here with the address and the instruction's place. Races are
 * not looked for in this build.
 *
 * Theory of operation: the threads of a warp run one after another on the
 * emulator, each until it reaches a barrier, a warp operation or its end
 * (scheduler.cpp). The k-th time lane l reaches a place (a load, a store, a
 * basic block, an atomic, a barrier) since the warp last stopped is lane l's
 * part in the warp's k-th step there, as in a GPU's warp that runs the lanes
 * of one instruction together; lanes that do not reach it are inactive in
 * that step. When all the warp's threads have stopped, its steps are
 * complete and are counted into their place (flush_warp): the lanes active,
 * and for a memory access the shared-memory banks (32 of 4 bytes; lanes
 * reading the same word share it) or the 32-byte sectors of global memory it
 * touches. Places are told apart by the instruction's address; at the end of
 * every launch the places are named by the learner's file and line (the
 * innermost frame that is not the emulator's own headers) and written,
 * summed by line, to the file $CJ_PROFILE_OUT, which the engine reads
 * (harness/engine/profile/).
 */
#include "internal.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace cj_emu
{

namespace
{

/* The profiler's own memory (its tables grow and are cleared by the threads
 * of the launch, through the C library): nothing the race detector should
 * see, for as long as one lives. */
struct unseen {
	unseen()
	{
		__tsan_ignore_thread_begin();
	}
	~unseen()
	{
		__tsan_ignore_thread_end();
	}
	unseen(const unseen &) = delete;
	unseen &operator=(const unseen &) = delete;
};

/* What a place does. */
enum place_kind { K_LOAD, K_STORE, K_ATOMIC, K_BRANCH, K_BARRIER, K_KINDS };
/* Where an access goes: the block's shared memory, or a device buffer;
 * anything else (a thread's own stack, the emulator's records) is not
 * counted. */
enum space { S_NONE, S_SHARED, S_GLOBAL };

struct place {
	place(place_kind k, space s, uintptr_t at, const char *f, int l)
	    : kind(k), sp(s), pc(at), file(f), line(l)
	{
	}
	place_kind kind;
	space sp;
	uintptr_t pc;     /* loads, stores and branches; 0 for the others */
	const char *file; /* atomics and barriers: the learner's call */
	int line;
	uintptr_t sample = 0; /* an address it touched, to name its variable */
	std::string buffer;   /* the device buffer of that address */
	/* summed over its warp-wide steps */
	uint64_t steps = 0, lanes = 0, partial = 0;
	uint64_t wavefronts = 0, ideal_wavefronts = 0, conflicted = 0, max_ways = 0;
	uint64_t sectors = 0, ideal_sectors = 0;
	uint64_t same_address = 0; /* atomics: lanes whose word another lane of the step hit */
	std::unordered_map<uintptr_t, uint64_t> per_address; /* atomics by word */
};

/* One warp-wide step at a place: the active lanes and their addresses. */
struct step {
	uint32_t mask = 0;
	uint8_t bytes = 0;
	uintptr_t addr[32];
};

/* One warp's steps since it last stopped, by place, and by place the
 * branch steps' active lanes. */
struct warp_steps {
	std::vector<std::vector<step>> access;
	std::vector<std::vector<uint32_t>> branch;
	std::vector<int> touched; /* the places with steps */
};

/* What tells places apart: the instruction (pc), or for atomics and
 * barriers the learner's call (file, line), with the kind and the space. */
struct place_key {
	uintptr_t at;
	int line;
	place_kind kind;
	space sp;
	bool operator==(const place_key &o) const
	{
		return at == o.at && line == o.line && kind == o.kind && sp == o.sp;
	}
};
struct place_hash {
	size_t operator()(const place_key &k) const
	{
		return (size_t)(((uint64_t)k.at * 0x9e3779b97f4a7c15ULL) ^
		                ((uint64_t)(unsigned)k.line << 8) ^ ((uint64_t)k.kind << 2) ^
		                (uint64_t)k.sp);
	}
};

std::vector<place> places;
std::unordered_map<place_key, int, place_hash> place_of;
std::vector<std::vector<uint32_t>> times(MAX_THREADS); /* per thread, per place: k */
std::vector<warp_steps> warps(MAX_THREADS / 32);

struct launch_record {
	dim3 grid, block;
	unsigned dynamic_shared;
};
std::vector<launch_record> launches;
bool in_launch = false;

int place_for(uintptr_t pc, const char *file, int line, place_kind kind, space sp)
{
	place_key key{pc ? pc : (uintptr_t)file, line, kind, sp};
	auto it = place_of.find(key);
	if (it != place_of.end())
		return it->second;
	int id = (int)places.size();
	places.emplace_back(kind, sp, pc, file, line);
	place_of.emplace(key, id);
	return id;
}

/* Where address a lies, and in global memory its buffer. */
space space_of(uintptr_t a, const region **in)
{
	uintptr_t s0 = (uintptr_t)__start_cj_shared, s1 = (uintptr_t)cj_shared_end;
	uintptr_t d0 = (uintptr_t)dynamic_shared, d1 = d0 + sizeof dynamic_shared;
	if ((a >= s0 && a < s1) || (a >= d0 && a < d1))
		return S_SHARED;
	for (const region &r : regions)
		if (a >= (uintptr_t)r.data && a < (uintptr_t)r.data + r.bytes) {
			*in = &r;
			return S_GLOBAL;
		}
	return S_NONE;
}

/* The thread running now, when a launch's thread runs. */
int running()
{
	return in_launch && Bp->running && Bp->current >= 0 ? Bp->current : -1;
}

/* The k of thread t at place id, counted. */
uint32_t next_time(int t, int id)
{
	std::vector<uint32_t> &k = times[(size_t)t];
	if (k.size() <= (size_t)id)
		k.resize(places.size() + 16, 0);
	return k[(size_t)id]++;
}

void touch(warp_steps &w, int id)
{
	if (w.access.size() <= (size_t)id) {
		w.access.resize(places.size() + 16);
		w.branch.resize(places.size() + 16);
	}
	if (w.access[(size_t)id].empty() && w.branch[(size_t)id].empty())
		w.touched.push_back(id);
}

void record_access(uintptr_t a, unsigned bytes, place_kind kind, uintptr_t pc, const char *file,
                   int line)
{
	int t = running();
	if (t < 0)
		return;
	const region *buffer = nullptr;
	space sp = space_of(a, &buffer);
	if (sp == S_NONE)
		return;
	/* A device buffer's sectors are counted from its start, as cudaMalloc's
	 * are (256-byte aligned): the emulator ends a buffer at a guard page
	 * instead, and its start is aligned only to what its size allows. */
	uintptr_t at = a;
	if (buffer)
		at = (a - (uintptr_t)buffer->data) +
		     ((uintptr_t)(buffer - regions.data()) + 1) * ((uintptr_t)1 << 40);
	unseen quiet;
	int id = place_for(pc, file, line, kind, sp);
	uint32_t k = next_time(t, id);
	warp_steps &w = warps[(size_t)(t / 32)];
	touch(w, id);
	std::vector<step> &s = w.access[(size_t)id];
	if (s.size() <= k)
		s.resize(k + 1);
	int lane = t % 32;
	s[k].mask |= 1u << lane;
	s[k].bytes = (uint8_t)bytes;
	s[k].addr[lane] = at;
	place &p = places[(size_t)id];
	if (!p.sample) {
		p.sample = a;
		if (buffer)
			p.buffer = buffer->name;
	}
	if (kind == K_ATOMIC)
		++p.per_address[at & ~(uintptr_t)3];
}

/* ---- a warp-wide step, counted --------------------------------------------- */

/* The distinct 4-byte words of a step's lanes, into words; their number. */
int words_of(const step &s, uintptr_t *words, int cap)
{
	int n = 0;
	for (int l = 0; l < 32; ++l) {
		if (!(s.mask >> l & 1))
			continue;
		uintptr_t first = s.addr[l] / 4,
		          last = (s.addr[l] + (s.bytes ? s.bytes : 4) - 1) / 4;
		for (uintptr_t w = first; w <= last && n < cap; ++w) {
			bool seen = false;
			for (int i = 0; i < n && !seen; ++i)
				seen = words[i] == w;
			if (!seen)
				words[n++] = w;
		}
	}
	return n;
}

void count_shared(place &p, const step &s)
{
	uintptr_t words[32 * 4];
	int n = words_of(s, words, 32 * 4);
	int per_bank[32] = {};
	int ways = 0;
	for (int i = 0; i < n; ++i)
		ways = std::max(ways, ++per_bank[words[i] % 32]);
	int ideal = std::max(1, (n + 31) / 32);
	p.wavefronts += (uint64_t)std::max(ways, ideal);
	p.ideal_wavefronts += (uint64_t)ideal;
	if (ways > ideal)
		++p.conflicted;
	p.max_ways = std::max(p.max_ways, (uint64_t)ways);
}

void count_global(place &p, const step &s)
{
	uintptr_t words[32 * 4];
	int n = words_of(s, words, 32 * 4);
	uintptr_t sectors[32 * 4];
	int m = 0;
	for (int i = 0; i < n; ++i) {
		uintptr_t sector = words[i] / 8;
		bool seen = false;
		for (int j = 0; j < m && !seen; ++j)
			seen = sectors[j] == sector;
		if (!seen)
			sectors[m++] = sector;
	}
	p.sectors += (uint64_t)m;
	p.ideal_sectors += (uint64_t)std::max(1, (n + 7) / 8);
}

void count_same_address(place &p, const step &s)
{
	for (int l = 0; l < 32; ++l) {
		if (!(s.mask >> l & 1))
			continue;
		bool shared_word = false;
		for (int o = 0; o < 32 && !shared_word; ++o)
			shared_word = o != l && (s.mask >> o & 1) && s.addr[o] / 4 == s.addr[l] / 4;
		p.same_address += shared_word;
	}
}

void count_step(place &p, uint32_t mask, unsigned existing)
{
	++p.steps;
	p.lanes += (uint64_t)__builtin_popcount(mask);
	if ((mask & existing) != existing)
		++p.partial;
}

/* Threads [first, end) of the block have stopped: their warp's steps are
 * complete. */
void flush_warp(int first, int end)
{
	unseen quiet;
	int wi = first / 32;
	warp_steps &w = warps[(size_t)wi];
	unsigned existing = existing_lanes(wi);
	for (int id : w.touched) {
		place &p = places[(size_t)id];
		for (const step &s : w.access[(size_t)id]) {
			if (!s.mask)
				continue;
			count_step(p, s.mask, existing);
			if (p.sp == S_SHARED)
				count_shared(p, s);
			else
				count_global(p, s);
			if (p.kind == K_ATOMIC)
				count_same_address(p, s);
		}
		for (uint32_t mask : w.branch[(size_t)id])
			if (mask)
				count_step(p, mask, existing);
		w.access[(size_t)id].clear();
		w.branch[(size_t)id].clear();
	}
	w.touched.clear();
	for (int t = first; t < end; ++t)
		std::fill(times[(size_t)t].begin(), times[(size_t)t].end(), 0);
}

/* ---- naming the places, and the file the engine reads ---------------------- */

/* The innermost frame of pc that is not the emulator's headers, the
 * runtime's or the C++ library's, as "file:line", or "" (memory.cpp). */
std::string frame_of(uintptr_t pc)
{
	return learner_frame(reinterpret_cast<const void *>(pc), std::string());
}

/* The variable a shared address lies in ("tile"), or the device buffer's
 * name ("in"), or "". */
std::string name_of(const place &p)
{
	if (p.sp == S_GLOBAL)
		return p.buffer;
	if (p.sample >= (uintptr_t)dynamic_shared &&
	    p.sample < (uintptr_t)dynamic_shared + sizeof dynamic_shared)
		return "extern __shared__";
	char name[512] = "";
	__sanitizer_symbolize_global(reinterpret_cast<void *>(p.sample), "%g", name, sizeof name);
	std::string s = name;
	size_t colons = s.rfind("::");
	if (colons != std::string::npos)
		s = s.substr(colons + 2);
	for (char &c : s)
		if (c == '\t' || c == '\n')
			c = ' ';
	return s;
}

const char *const kind_names[K_KINDS] = {"load", "store", "atomic", "branch", "barrier"};

struct line_total {
	place sum{K_LOAD, S_NONE, 0, nullptr, 0};
	std::string name;
};

/* Every place summed by (kind, space, file:line) and written out, replacing
 * what an earlier launch wrote. */
void write_out()
{
	const char *out = std::getenv("CJ_PROFILE_OUT");
	if (!out || !*out)
		return;
	std::map<std::string, line_total> lines;
	static std::vector<std::string> named; /* each place's file:line, once */
	named.resize(places.size());
	for (size_t i = 0; i < places.size(); ++i) {
		const place &p = places[i];
		if (!p.steps)
			continue;
		if (named[i].empty())
			named[i] = p.pc ? frame_of(p.pc)
			                : std::string(p.file) + ":" + std::to_string(p.line);
		if (named[i].empty())
			continue;
		std::string key = std::string(kind_names[p.kind]) + "\t" +
		                  (p.sp == S_SHARED   ? "shared"
		                   : p.sp == S_GLOBAL ? "global"
		                                      : "-") +
		                  "\t" + named[i];
		line_total &t = lines[key];
		place &s = t.sum;
		if (t.name.empty() && (p.kind == K_LOAD || p.kind == K_STORE || p.kind == K_ATOMIC))
			t.name = name_of(p);
		s.steps += p.steps;
		s.lanes += p.lanes;
		s.partial += p.partial;
		s.wavefronts += p.wavefronts;
		s.ideal_wavefronts += p.ideal_wavefronts;
		s.conflicted += p.conflicted;
		s.max_ways = std::max(s.max_ways, p.max_ways);
		s.sectors += p.sectors;
		s.ideal_sectors += p.ideal_sectors;
		s.same_address += p.same_address;
		for (const auto &a : p.per_address)
			s.per_address[a.first] += a.second;
	}
	std::string tmp = std::string(out) + ".part";
	FILE *f = std::fopen(tmp.c_str(), "w");
	if (!f)
		return;
	std::fprintf(f, "cudajudge-profile 1\nshared_static\t%zu\n", static_shared_bytes());
	for (const launch_record &l : launches)
		std::fprintf(f, "launch\t%u %u %u\t%u %u %u\t%u\n", l.grid.x, l.grid.y, l.grid.z,
		             l.block.x, l.block.y, l.block.z, l.dynamic_shared);
	for (const auto &e : lines) {
		const place &s = e.second.sum;
		uint64_t atomics = 0, most = 0;
		for (const auto &a : s.per_address) {
			atomics += a.second;
			most = std::max(most, a.second);
		}
		std::fprintf(
		        f,
		        "place\t%s\t%s\t%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu "
		        "%zu %llu\n",
		        e.first.c_str(), e.second.name.c_str(), (unsigned long long)s.steps,
		        (unsigned long long)s.lanes, (unsigned long long)s.partial,
		        (unsigned long long)s.wavefronts, (unsigned long long)s.ideal_wavefronts,
		        (unsigned long long)s.conflicted, (unsigned long long)s.max_ways,
		        (unsigned long long)s.sectors, (unsigned long long)s.ideal_sectors,
		        (unsigned long long)s.same_address, (unsigned long long)atomics,
		        s.per_address.size(), (unsigned long long)most);
	}
	std::fputs("end\n", f);
	if (std::fclose(f) == 0)
		std::rename(tmp.c_str(), out);
}

/* ---- what the runtime tells the profiler ----------------------------------- */

void on_launch(const dim3 &grid, const dim3 &block, unsigned dynamic_shared_bytes)
{
	unseen quiet;
	launches.push_back(launch_record{grid, block, dynamic_shared_bytes});
	in_launch = true;
}

void on_launch_end()
{
	unseen quiet;
	in_launch = false;
	write_out();
}

void on_barrier(const char *file, int line)
{
	int t = running();
	if (t < 0)
		return;
	unseen quiet;
	int id = place_for(0, file, line, K_BARRIER, S_NONE);
	uint32_t k = next_time(t, id);
	warp_steps &w = warps[(size_t)(t / 32)];
	touch(w, id);
	std::vector<uint32_t> &b = w.branch[(size_t)id];
	if (b.size() <= k)
		b.resize(k + 1, 0);
	b[k] |= 1u << (t % 32);
}

void on_atomic(void *addr, const char *file, int line)
{
	record_access((uintptr_t)addr, 4, K_ATOMIC, 0, file, line);
}

const profile_hooks hooks = {on_launch, on_launch_end, flush_warp, on_barrier, on_atomic};

__attribute__((constructor)) void start_profiler()
{
	profiler = &hooks;
}

} // namespace

} // namespace cj_emu

/* ---- the instrumentation's calls ---------------------------------------------
 * ThreadSanitizer's, renamed by the link (--wrap): the caller's return address
 * is the instruction's place. */
using cj_emu::K_LOAD;
using cj_emu::K_STORE;

#define CJ_PROFILE_ACCESS(name, kind, bytes)                                                       \
	extern "C" void __wrap___tsan_##name(void *a)                                              \
	{                                                                                          \
		cj_emu::record_access((uintptr_t)a, bytes, kind,                                   \
		                      (uintptr_t)__builtin_return_address(0) - 1, nullptr, 0);     \
	}
CJ_PROFILE_ACCESS(read1, K_LOAD, 1)
CJ_PROFILE_ACCESS(read2, K_LOAD, 2)
CJ_PROFILE_ACCESS(read4, K_LOAD, 4)
CJ_PROFILE_ACCESS(read8, K_LOAD, 8)
CJ_PROFILE_ACCESS(read16, K_LOAD, 16)
CJ_PROFILE_ACCESS(unaligned_read2, K_LOAD, 2)
CJ_PROFILE_ACCESS(unaligned_read4, K_LOAD, 4)
CJ_PROFILE_ACCESS(unaligned_read8, K_LOAD, 8)
CJ_PROFILE_ACCESS(unaligned_read16, K_LOAD, 16)
CJ_PROFILE_ACCESS(write1, K_STORE, 1)
CJ_PROFILE_ACCESS(write2, K_STORE, 2)
CJ_PROFILE_ACCESS(write4, K_STORE, 4)
CJ_PROFILE_ACCESS(write8, K_STORE, 8)
CJ_PROFILE_ACCESS(write16, K_STORE, 16)
CJ_PROFILE_ACCESS(unaligned_write2, K_STORE, 2)
CJ_PROFILE_ACCESS(unaligned_write4, K_STORE, 4)
CJ_PROFILE_ACCESS(unaligned_write8, K_STORE, 8)
CJ_PROFILE_ACCESS(unaligned_write16, K_STORE, 16)
#undef CJ_PROFILE_ACCESS

/* A copy of a range (a struct, memcpy): not one warp-wide access; not counted. */
extern "C" void __wrap___tsan_read_range(void *, unsigned long)
{
}
extern "C" void __wrap___tsan_write_range(void *, unsigned long)
{
}

/* The start of a basic block (-fsanitize-coverage=trace-pc). */
extern "C" void __sanitizer_cov_trace_pc()
{
	int t = cj_emu::running();
	if (t < 0)
		return;
	uintptr_t pc = (uintptr_t)__builtin_return_address(0) - 1;
	cj_emu::unseen quiet;
	int id = cj_emu::place_for(pc, nullptr, 0, cj_emu::K_BRANCH, cj_emu::S_NONE);
	uint32_t k = cj_emu::next_time(t, id);
	cj_emu::warp_steps &w = cj_emu::warps[(size_t)(t / 32)];
	cj_emu::touch(w, id);
	std::vector<uint32_t> &b = w.branch[(size_t)id];
	if (b.size() <= k)
		b.resize(k + 1, 0);
	b[k] |= 1u << (t % 32);
}
