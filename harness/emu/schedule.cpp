/*
 * The emulator's schedule: where threads give way (at atomics) and in which
 * order warps resume, drawn from a generator that each launch seeds from the
 * case being run. Asked by the scheduler (scheduler.cpp) and by the memory
 * model's atomics (races.cpp).
 */
#include "internal.h"

namespace cj_emu
{

/* ---- the schedule ---------------------------------------------------------
 * Where threads give way and in which order warps resume is drawn from a
 * generator seeded, at each launch, from the case being run (its name,
 * parameters and input data, which the run's seed decides) and the number of
 * launches of that case so far: the same seed gives the same schedule, and
 * another seed another one. CJ_EMU_SCHEDULE=<number> seeds it instead (the
 * emulator's own tests). */
uint64_t schedule_state = 0x2545f4914f6cdd1dULL;

uint64_t draw()
{
	/* splitmix64 */
	uint64_t z = (schedule_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A thread gives way before an atomic, and again after it, once in
 * 1 << GIVE_WAY_SHIFT times: often enough that every case with a few threads
 * on one word sees them interleave, rarely enough to keep correct loops fast. */
const int GIVE_WAY_SHIFT = 2;

bool give_way_now()
{
	return (draw() >> (64 - GIVE_WAY_SHIFT)) == 0;
}

bool schedule_fixed = false; /* CJ_EMU_SCHEDULE was set */
uint64_t schedule_base = 0;
const cj_wire_case *seeded_case = nullptr;
uint64_t case_seed = 0;
unsigned launches_of_case = 0;

namespace
{

uint64_t hash_bytes(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; ++i)
		h = (h ^ p[i]) * 0x100000001b3ULL; /* FNV-1a */
	return h;
}

/* The case file a case record lies in: the runtime maps it whole, from a
 * page boundary, with the header first and the case records after it. */
const cj_wire_header *header_of(const cj_wire_case *c)
{
	uintptr_t at = (uintptr_t)c - offsetof(cj_wire_header, cases);
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	for (int k = 0; k < 4096 && at >= page; ++k, at -= sizeof(cj_wire_case)) {
		const cj_wire_header *h = reinterpret_cast<const cj_wire_header *>(at);
		if (at % page == 0 && h->magic == CJ_WIRE_MAGIC && h->ncases > (uint32_t)k)
			return h;
	}
	return nullptr;
}

/* What the case depends on: its name, parameters and inputs (the first MiB
 * of each), all decided by the run's seed. */
uint64_t seed_of_case(const cj_wire_case *c)
{
	uint64_t h = hash_bytes(0xcbf29ce484222325ULL, (const unsigned char *)c->name,
	                        strnlen(c->name, sizeof c->name));
	h = hash_bytes(h, (const unsigned char *)c->param, sizeof c->param);
	const cj_wire_header *file = header_of(c);
	for (uint32_t b = 0; file && b < c->nbuf && b < CJ_MAX_BUFS; ++b) {
		const cj_wire_buf &buf = c->buf[b];
		if (!(buf.role & CJ_IN) || buf.offset + buf.count * CJ_ELEM_SIZE > file->size)
			continue;
		size_t bytes = std::min<size_t>(buf.count * CJ_ELEM_SIZE, (size_t)1 << 20);
		h = hash_bytes(h, (const unsigned char *)file + buf.offset, bytes);
	}
	return h;
}

} // namespace

/* Seeds the schedule of the launch about to run. */
void seed_schedule()
{
	if (cj_current_case != seeded_case || !launches_of_case) {
		seeded_case = cj_current_case;
		case_seed = schedule_fixed ? schedule_base
		            : seeded_case  ? seed_of_case(seeded_case)
		                           : 0x5eedULL;
		launches_of_case = 0;
	}
	schedule_state = case_seed ^ (0xd1b54a32d192ed03ULL * ++launches_of_case);
}

} // namespace cj_emu
