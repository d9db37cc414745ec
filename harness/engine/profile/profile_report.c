/* The profile as the summary's JSON: each kernel's figures, the occupancy
 * its launch shape allows, and the findings that the exercise's table of
 * costs (problems.yaml's profile) asks about; see profile.h and
 * docs/profile.md, which says what each figure means. */
#include "profile/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"
#include "util.h"

/* ---- occupancy: what one SM of an H200 (sm_90) holds ------------------------
 * The limits of compute capability 9.0 (CUDA C++ Programming Guide, table of
 * technical specifications): 2048 threads (64 warps) and 32 blocks per SM,
 * 228 KiB of shared memory per SM, of which the system reserves 1 KiB per
 * block. Registers are not known on the emulator, so they are not counted. */
#define SM_WARPS 64
#define SM_BLOCKS 32
#define SM_SHARED_BYTES (228u * 1024)
#define BLOCK_RESERVED_SHARED 1024u

struct occupancy {
	unsigned threads, warps;        /* of a block */
	uint64_t shared;                /* bytes of shared memory a block holds */
	unsigned by_threads, by_shared; /* blocks per SM each limit allows */
	unsigned blocks;
	double pct; /* of the SM's warps */
	const char *limited_by;
};

/* On a GPU: the blocks per SM each limit allows, as ncu measured them. */
static void gpu_occupancy(const struct profile_figures *f, struct occupancy *o)
{
	static const char *const names[4] = {"registers", "shared_memory", "threads", "blocks"};
	o->blocks = 0;
	o->limited_by = NULL;
	for (int i = 0; i < 4; ++i)
		if (f->gpu.limit[i] && (!o->limited_by || f->gpu.limit[i] < o->blocks)) {
			o->blocks = f->gpu.limit[i];
			o->limited_by = names[i];
		}
	o->by_shared = f->gpu.limit[NCU_BY_SHARED];
	o->pct = f->gpu.occupancy_pct;
	if (!o->limited_by)
		o->warps = 0;
}

static void occupancy_of(const struct profile_figures *f, struct occupancy *o)
{
	memset(o, 0, sizeof *o);
	if (f->gpu.on) {
		o->threads = f->threads_per_block;
		o->warps = (o->threads + 31) / 32;
		gpu_occupancy(f, o);
		return;
	}
	o->threads = f->threads_per_block;
	o->warps = (o->threads + 31) / 32;
	o->shared = f->shared_static + f->shared_dynamic;
	if (!o->warps)
		return;
	o->by_threads = SM_WARPS / o->warps;
	o->by_shared = (unsigned)(SM_SHARED_BYTES / (o->shared + BLOCK_RESERVED_SHARED));
	o->blocks = SM_BLOCKS;
	o->limited_by = "blocks";
	if (o->by_threads < o->blocks) {
		o->blocks = o->by_threads;
		o->limited_by = "threads";
	}
	if (o->by_shared < o->blocks) {
		o->blocks = o->by_shared;
		o->limited_by = "shared_memory";
	}
	o->pct = 100.0 * o->blocks * o->warps / SM_WARPS;
}

/* ---- the figures ------------------------------------------------------------ */

static double ratio(uint64_t a, uint64_t b, double none)
{
	return b ? (double)a / (double)b : none;
}

static double rounded(double v, double scale)
{
	return (double)(long long)(v * scale + 0.5) / scale;
}

static const char *const access_names[ACCESS_KINDS] = {"load", "store", "atomic"};

static void place_json(struct strbuf *b, const char *key, const struct profile_place *p,
                       bool memory)
{
	json_key(b, key);
	if (!p->where[0]) {
		sb_puts(b, "null");
		return;
	}
	sb_puts(b, "{");
	json_kv_str(b, "where", p->where);
	if (memory) {
		json_kv_str(b, "name", p->name[0] ? p->name : NULL);
		json_kv_str(b, "kind", access_names[p->kind]);
	}
	sb_printf(b, ",\"steps\":%llu,\"partial\":%llu", (unsigned long long)p->steps,
	          (unsigned long long)p->partial);
	if (memory)
		sb_printf(b, ",\"cost\":%llu,\"ideal\":%llu", (unsigned long long)p->cost,
		          (unsigned long long)p->ideal);
	if (p->ways)
		sb_printf(b, ",\"ways\":%llu,\"conflicted\":%llu", (unsigned long long)p->ways,
		          (unsigned long long)p->conflicted);
	if (p->kind == ACCESS_ATOMIC && memory)
		sb_printf(b, ",\"atomics\":%llu,\"addresses\":%llu,\"most_on_one_address\":%llu",
		          (unsigned long long)p->atomics, (unsigned long long)p->addresses,
		          (unsigned long long)p->most);
	sb_puts(b, "}");
}

static void steps_json(struct strbuf *b, const uint64_t steps[ACCESS_KINDS])
{
	sb_printf(b, "\"loads\":%llu,\"stores\":%llu,\"atomics\":%llu",
	          (unsigned long long)steps[ACCESS_LOAD], (unsigned long long)steps[ACCESS_STORE],
	          (unsigned long long)steps[ACCESS_ATOMIC]);
}

static uint64_t all_steps(const uint64_t steps[ACCESS_KINDS])
{
	return steps[ACCESS_LOAD] + steps[ACCESS_STORE] + steps[ACCESS_ATOMIC];
}

static void why_json(struct strbuf *b, const struct message *why)
{
	json_key(b, "why_not");
	if (why->code == T_NONE) {
		sb_puts(b, "null");
		return;
	}
	char *en = message_in(why, false), *zh = message_in(why, true);
	sb_puts(b, "{");
	message_json(b, "code", "fields", why);
	json_kv_pair(b, "text", en, zh);
	sb_puts(b, "}");
	free(en);
	free(zh);
}

/* Achieved DRAM throughput in GB/s: bytes over nanoseconds; -1 when ncu gave
 * no bytes at DRAM with a time. */
static double dram_gbps(const struct profile_figures *f)
{
	return f->gpu.dram_time_ns > 0 ? f->gpu.dram_bytes / f->gpu.dram_time_ns : -1;
}

/* The end of a GPU's figures: what only ncu measures, the occupancy it
 * measured, the metrics it did not give; the DRAM throughput against the
 * device's copy bandwidth (copy_gbps, 0 when unknown). */
static void gpu_figures_json(struct strbuf *b, const struct profile_figures *f, double copy_gbps)
{
	struct occupancy o;
	occupancy_of(f, &o);
	sb_printf(b, ",\"l2_requests\":%llu", (unsigned long long)f->gpu.l2_atomics);
	sb_printf(b,
	          "},\"occupancy\":{\"model\":\"measured\",\"registers_counted\":true,"
	          "\"threads_per_block\":%u,\"registers_per_thread\":%u,"
	          "\"shared_bytes_per_block\":null,\"blocks_per_sm\":%u",
	          o.threads, f->gpu.registers, o.blocks);
	json_kv_num(b, "pct", rounded(o.pct, 10));
	json_kv_num(b, "achieved_pct", rounded(f->gpu.achieved_pct, 10));
	json_kv_str(b, "limited_by", o.limited_by);
	sb_puts(b, "},\"gpu\":{");
	json_kv_str(b, "kernel", f->gpu.kernel);
	json_kv_num(b, "time_ns", rounded(f->gpu.time_ns, 1));
	json_kv_num(b, "active_lanes", rounded(f->gpu.lanes, 100));
	json_kv_num(b, "predicated_on_lanes", rounded(f->gpu.lanes_on, 100));
	sb_printf(b, ",\"bank_conflicts\":%llu", (unsigned long long)f->gpu.bank_conflicts);
	double gbps = dram_gbps(f);
	if (gbps >= 0) {
		json_kv_num(b, "dram_bytes", rounded(f->gpu.dram_bytes, 1));
		json_kv_num(b, "dram_gbps", rounded(gbps, 10));
	} else {
		sb_puts(b, ",\"dram_bytes\":null,\"dram_gbps\":null");
	}
	if (gbps >= 0 && copy_gbps > 0)
		json_kv_num(b, "dram_pct_of_copy", rounded(100 * gbps / copy_gbps, 10));
	else
		sb_puts(b, ",\"dram_pct_of_copy\":null");
	sb_puts(b, ",\"missing\":[");
	ncu_missing(f, b);
	sb_puts(b, "]}}");
}

static void figures_json(struct strbuf *b, const struct profile_side *s, double copy_gbps)
{
	const struct profile_figures *f = &s->fig;
	sb_puts(b, "{");
	json_kv_str(b, "file", s->file);
	sb_printf(b, ",\"made\":%s", s->why.code == T_NONE && f->made ? "true" : "false");
	why_json(b, &s->why);
	if (s->why.code != T_NONE || !f->made) {
		sb_puts(b, "}");
		return;
	}
	sb_printf(b,
	          ",\"launches\":{\"count\":%d,\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
	          "\"blocks\":%llu,\"warps\":%llu,\"shared_static_bytes\":%llu,"
	          "\"shared_dynamic_bytes\":%u}",
	          f->launches, f->grid[0], f->grid[1], f->grid[2], f->block[0], f->block[1],
	          f->block[2], (unsigned long long)f->blocks, (unsigned long long)f->warps,
	          (unsigned long long)f->shared_static, f->shared_dynamic);
	sb_puts(b, ",\"shared\":{");
	steps_json(b, f->shared_steps);
	sb_printf(b, ",\"wavefronts\":%llu,\"ideal_wavefronts\":%llu,\"conflicted\":%llu",
	          (unsigned long long)f->wavefronts, (unsigned long long)f->ideal_wavefronts,
	          (unsigned long long)f->conflicted);
	json_kv_num(b, "wavefronts_per_access",
	            rounded(ratio(f->wavefronts, all_steps(f->shared_steps), 0), 100));
	place_json(b, "worst", &f->shared_worst, true);
	sb_puts(b, "},\"global\":{");
	steps_json(b, f->global_steps);
	sb_printf(b, ",\"sectors\":%llu,\"ideal_sectors\":%llu", (unsigned long long)f->sectors,
	          (unsigned long long)f->ideal_sectors);
	json_kv_num(b, "sectors_per_access",
	            rounded(ratio(f->sectors, all_steps(f->global_steps), 0), 100));
	json_kv_num(b, "ideal_per_access",
	            rounded(ratio(f->ideal_sectors, all_steps(f->global_steps), 0), 100));
	place_json(b, "worst", &f->global_worst, true);
	sb_printf(b, "},\"divergence\":{\"warp_steps\":%llu,\"partial\":%llu",
	          (unsigned long long)f->branch_steps, (unsigned long long)f->partial_steps);
	json_kv_num(b, "pct", rounded(100 * ratio(f->partial_steps, f->branch_steps, 0), 10));
	place_json(b, "worst", &f->branch_worst, false);
	if (f->gpu.on) /* ncu counts no barrier waits */
		sb_puts(b, "},\"barriers\":{\"warp_waits\":null,\"per_warp\":null");
	else
		sb_printf(b, "},\"barriers\":{\"warp_waits\":%llu",
		          (unsigned long long)f->barrier_steps);
	if (!f->gpu.on)
		json_kv_num(b, "per_warp", rounded(ratio(f->barrier_steps, f->warps, 0), 100));
	place_json(b, "worst", &f->barrier_worst, false);
	if (f->gpu.on) /* warp-wide requests; ncu does not see addresses */
		sb_printf(b,
		          "},\"atomics\":{\"shared\":%llu,\"global\":%llu,"
		          "\"same_address_lanes\":null,\"most_on_one_address\":null",
		          (unsigned long long)f->atomics_shared,
		          (unsigned long long)f->atomics_global);
	else
		sb_printf(b,
		          "},\"atomics\":{\"shared\":%llu,\"global\":%llu,"
		          "\"same_address_lanes\":%llu,\"most_on_one_address\":%llu",
		          (unsigned long long)f->atomics_shared,
		          (unsigned long long)f->atomics_global,
		          (unsigned long long)f->same_address,
		          (unsigned long long)f->most_on_one_address);
	place_json(b, "worst", &f->atomic_worst, true);
	if (f->gpu.on) {
		gpu_figures_json(b, f, copy_gbps);
		return;
	}
	struct occupancy o;
	occupancy_of(f, &o);
	sb_printf(b,
	          "},\"occupancy\":{\"model\":\"sm_90\",\"registers_counted\":false,"
	          "\"threads_per_block\":%u,\"shared_bytes_per_block\":%llu,"
	          "\"blocks_per_sm\":%u",
	          o.threads, (unsigned long long)o.shared, o.blocks);
	json_kv_num(b, "pct", rounded(o.pct, 10));
	json_kv_str(b, "limited_by", o.limited_by);
	sb_puts(b, "}}");
}

/* ---- the findings ----------------------------------------------------------- */

/* What the comparison of the two kernels needs of each. */
struct measures {
	bool made;
	double passes,
	        passes_per_access; /* shared: wavefronts against the fewest, and per access */
	double sectors;            /* global: sectors against the fewest */
	double divergent;          /* fraction of warp steps with lanes idle */
	double barriers;           /* barrier waits per warp */
	uint64_t global_atomics, most;
	struct occupancy occ;
};

static void measure(const struct profile_side *s, struct measures *m)
{
	const struct profile_figures *f = &s->fig;
	memset(m, 0, sizeof *m);
	m->made = s->why.code == T_NONE && f->made;
	m->passes = ratio(f->wavefronts, f->ideal_wavefronts, 1);
	m->passes_per_access = ratio(f->wavefronts, all_steps(f->shared_steps), 0);
	m->sectors = ratio(f->sectors, f->ideal_sectors, 1);
	m->divergent = ratio(f->partial_steps, f->branch_steps, 0);
	m->barriers = ratio(f->barrier_steps, f->warps, 0);
	m->global_atomics = f->atomics_global;
	m->most = f->most_on_one_address;
	occupancy_of(f, &m->occ);
}

/* A finding: its cost, text code, and fields in each language (they differ
 * in the words of the access and the advice only). */
struct finding {
	enum profile_cost cost;
	enum text_code code;
	const char *where;
	struct text_field en[12], zh[12];
};

/* "loads of `tile`" in each language. */
static void access_words(const struct profile_place *p, char en[96], char zh[96])
{
	static const enum text_code words[ACCESS_KINDS] = {T_profile_loads, T_profile_stores,
	                                                   T_profile_atomic_ops};
	const char *kind_en = text_in(words[p->kind], false),
	           *kind_zh = text_in(words[p->kind], true);
	if (!p->name[0]) {
		snprintf(en, 96, "%s", kind_en);
		snprintf(zh, 96, "%s", kind_zh);
		return;
	}
	char *e = say_in(false, T_profile_access_of,
	                 FIELDS(F_STR("kind", kind_en), F_STR("name", p->name)));
	char *z = say_in(true, T_profile_access_of,
	                 FIELDS(F_STR("kind", kind_zh), F_STR("name", p->name)));
	snprintf(en, 96, "%s", e);
	snprintf(zh, 96, "%s", z);
	free(e);
	free(z);
}

/* Sets both languages' fields: `common` (ending with its sentinel) then the
 * advice. */
static void set_fields(struct finding *fd, const struct text_field *common,
                       const struct text_pair *advice)
{
	int n = 0;
	while (common[n].name && n < 10) {
		fd->en[n] = common[n];
		fd->zh[n] = common[n];
		++n;
	}
	fd->en[n] = F_STR("advice", advice->en);
	fd->zh[n] = F_STR("advice", advice->zh);
	fd->en[n + 1] = fd->zh[n + 1] = (struct text_field){NULL, 0, NULL, 0, 0};
}

/* "1.0", or "?" when the reference has no profile. */
static void ref_text(char out[32], bool made, const char *fmt, double v)
{
	if (!made)
		snprintf(out, 32, "?");
	else
		snprintf(out, 32, fmt, v);
}

static void finding_json(struct strbuf *b, const struct finding *fd)
{
	char *en = say_in(false, fd->code, fd->en), *zh = say_in(true, fd->code, fd->zh);
	struct message m;
	char unused[8];
	say(&m, unused, sizeof unused, fd->code, fd->en);
	sb_puts(b, "{");
	json_kv_str(b, "cost", profile_cost_name(fd->cost));
	json_kv_str(b, "where", fd->where);
	message_json(b, "code", "fields", &m);
	json_kv_pair(b, "text", en, zh);
	sb_puts(b, "}");
	free(en);
	free(zh);
}

/* Whether cost shows in the learner's kernel (l) more than in the
 * reference's (r, when it has a profile); fills fd when it does. The
 * thresholds are in docs/profile.md. */
/* The learner's kernel as a finding names it: its name without the
 * parameters; for the exercise's launch glue (cj_...) around the learner's
 * device function, that function, the first of the exercise's signature. */
static void kernel_name(const struct profile_figures *f, const char *signature, char out[96])
{
	snprintf(out, 96, "%.*s", (int)strcspn(f->gpu.kernel, "("), f->gpu.kernel);
	const char *paren = signature ? strchr(signature, '(') : NULL;
	if (strncmp(out, "cj_", 3) != 0 || !paren)
		return;
	const char *start = paren;
	while (start > signature &&
	       (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
	        (start[-1] >= 'A' && start[-1] <= 'Z') || (start[-1] >= '0' && start[-1] <= '9')))
		--start;
	snprintf(out, 96, "%.*s", (int)(paren - start), start);
}

/* The share of lanes idle per warp instruction on a GPU: switched off by
 * divergence or by a predicate; 0 when ncu did not say. */
static double idle_lanes(const struct profile_figures *f)
{
	double on = f->gpu.lanes_on;
	return on > 0 && on <= 32 ? 1 - on / 32 : 0;
}

/* shows() on a GPU: the same thresholds where ncu measures the same thing
 * (docs/profile.md says where it does not); no place is named. */
static bool gpu_shows(enum profile_cost cost, const struct profile_figures *f,
                      const struct measures *l, const struct measures *r,
                      const struct profile_figures *rf, const char *signature,
                      const struct text_pair *advice, struct finding *fd, char buf[4][96])
{
	/* in buf: the finding's fields point into them until it is written */
	char *kernel = buf[0], *pct = buf[1], *ref = buf[2], *ref2 = buf[3];
	kernel_name(f, signature, kernel);
	fd->cost = cost;
	fd->where = NULL;
	switch (cost) {
	case COST_BANK_CONFLICTS:
		if (!all_steps(f->shared_steps) || l->passes < 1.25 ||
		    (r->made && l->passes < r->passes + 0.25))
			return false;
		ref_text(ref, r->made, "%.1f", r->passes_per_access);
		fd->code = T_profile_gpu_bank_conflicts;
		set_fields(fd,
		           FIELDS(F_STR("kernel", kernel), F_NUM("mine", l->passes_per_access),
		                  F_NUM("ideal",
		                        ratio(f->ideal_wavefronts, all_steps(f->shared_steps), 1)),
		                  F_INT("conflicts", f->gpu.bank_conflicts), F_STR("ref", ref)),
		           advice);
		return true;
	case COST_COALESCING: {
		uint64_t steps = f->global_steps[ACCESS_LOAD] + f->global_steps[ACCESS_STORE];
		if (!steps || l->sectors < 1.5 || (r->made && l->sectors < r->sectors + 0.5))
			return false;
		uint64_t ref_steps = rf->global_steps[ACCESS_LOAD] + rf->global_steps[ACCESS_STORE];
		ref_text(ref, r->made, "%.1f", ratio(rf->sectors, ref_steps, 0));
		fd->code = T_profile_gpu_coalescing;
		set_fields(fd,
		           FIELDS(F_STR("kernel", kernel),
		                  F_NUM("mine", ratio(f->sectors, steps, 0)), F_STR("ref", ref)),
		           advice);
		return true;
	}
	case COST_DIVERGENCE: {
		/* branches that split a warp, or lanes idle (a branch may be
		 * compiled to predicated instructions, which split nothing) */
		double idle = idle_lanes(f), ref_idle = idle_lanes(rf);
		bool split = f->branch_steps && l->divergent >= 0.10 &&
		             (!r->made || l->divergent >= r->divergent + 0.10);
		bool idle_shows = idle >= 0.10 && (!r->made || idle >= ref_idle + 0.10);
		if (!split && !idle_shows)
			return false;
		ref_text(ref, r->made, "%.0f %%", 100 * r->divergent);
		ref_text(ref2, r->made, "%.1f", 32 * (1 - ref_idle));
		ref_text(pct, true, "%.0f %%", 100 * l->divergent);
		fd->code = T_profile_gpu_divergence;
		set_fields(fd,
		           FIELDS(F_STR("pct", pct), F_STR("ref", ref),
		                  F_NUM("lanes", 32 * (1 - idle)), F_STR("ref_lanes", ref2)),
		           advice);
		return true;
	}
	case COST_ATOMICS:
		/* warp-wide: 8 requests are the emulator's 256 lanes */
		if (l->global_atomics < 8 || (r->made && l->global_atomics < 4 * r->global_atomics))
			return false;
		ref_text(ref, r->made, "%.0f", (double)r->global_atomics);
		fd->code = T_profile_gpu_atomics;
		set_fields(fd,
		           FIELDS(F_INT("count", l->global_atomics), F_INT("l2", f->gpu.l2_atomics),
		                  F_STR("ref", ref)),
		           advice);
		return true;
	case COST_OCCUPANCY:
		if (!l->occ.warps || !l->occ.limited_by ||
		    strcmp(l->occ.limited_by, "shared_memory") || l->occ.pct >= 75 ||
		    (r->made && l->occ.pct > r->occ.pct - 10))
			return false;
		ref_text(ref, r->made, "%.0f %%", r->occ.pct);
		ref_text(pct, true, "%.0f %%", l->occ.pct);
		fd->code = T_profile_gpu_occupancy;
		set_fields(fd,
		           FIELDS(F_INT("threads", l->occ.threads), F_INT("blocks", l->occ.blocks),
		                  F_STR("pct", pct), F_STR("ref", ref)),
		           advice);
		return true;
	default: /* barriers: ncu counts no barrier waits */
		return false;
	}
}

static bool shows(enum profile_cost cost, const struct profile_figures *f, const struct measures *l,
                  const struct measures *r, const struct text_pair *advice, struct finding *fd,
                  char buf[4][96])
{
	/* in buf: the finding's fields point into them until it is written (pct
	 * only where what_zh is not used) */
	char *what_en = buf[0], *what_zh = buf[1], *ref = buf[2], *ref2 = buf[3];
	char *pct = buf[1];
	fd->cost = cost;
	switch (cost) {
	case COST_BANK_CONFLICTS:
		if (!f->shared_worst.where[0] || l->passes < 1.25 ||
		    (r->made && l->passes < r->passes + 0.25))
			return false;
		access_words(&f->shared_worst, what_en, what_zh);
		ref_text(ref, r->made, "%.1f", r->passes_per_access);
		fd->code = T_profile_bank_conflicts;
		fd->where = f->shared_worst.where;
		set_fields(fd,
		           FIELDS(F_STR("what", what_en), F_STR("where", fd->where),
		                  F_INT("ways", f->shared_worst.ways),
		                  F_NUM("mine", l->passes_per_access), F_STR("ref", ref)),
		           advice);
		fd->zh[0] = F_STR("what", what_zh);
		return true;
	case COST_COALESCING: {
		const struct profile_place *w = &f->global_worst;
		if (!w->where[0] || !w->steps || l->sectors < 1.5 ||
		    (r->made && l->sectors < r->sectors + 0.5))
			return false;
		access_words(w, what_en, what_zh);
		ref_text(ref, r->made, "%.2f", r->sectors);
		fd->code = T_profile_coalescing;
		fd->where = w->where;
		set_fields(fd,
		           FIELDS(F_STR("what", what_en), F_STR("where", fd->where),
		                  F_NUM("mine", ratio(w->cost, w->steps, 0)),
		                  F_NUM("ideal", ratio(w->ideal, w->steps, 0)),
		                  F_NUM("all", l->sectors), F_STR("ref", ref)),
		           advice);
		fd->zh[0] = F_STR("what", what_zh);
		return true;
	}
	case COST_DIVERGENCE:
		if (!f->branch_worst.where[0] || l->divergent < 0.10 ||
		    (r->made && l->divergent < r->divergent + 0.10))
			return false;
		ref_text(ref, r->made, "%.0f %%", 100 * r->divergent);
		ref_text(pct, true, "%.0f %%", 100 * l->divergent);
		fd->code = T_profile_divergence;
		fd->where = f->branch_worst.where;
		set_fields(fd,
		           FIELDS(F_STR("pct", pct), F_STR("ref", ref), F_STR("where", fd->where)),
		           advice);
		return true;
	case COST_ATOMICS:
		if (!f->atomic_worst.where[0] || l->global_atomics < 256 || l->most < 64 ||
		    (r->made &&
		     (l->global_atomics < 4 * r->global_atomics || l->most < 4 * r->most)))
			return false;
		ref_text(ref, r->made, "%.0f", (double)r->global_atomics);
		ref_text(ref2, r->made, "%.0f", (double)r->most);
		fd->code = T_profile_atomics;
		fd->where = f->atomic_worst.where;
		set_fields(fd,
		           FIELDS(F_INT("count", l->global_atomics), F_INT("most", l->most),
		                  F_STR("where", fd->where), F_STR("ref", ref),
		                  F_STR("ref_most", ref2)),
		           advice);
		return true;
	case COST_BARRIERS:
		if (!f->barrier_worst.where[0] || l->barriers < 2 ||
		    (r->made && (l->barriers < r->barriers + 2 || l->barriers < 1.5 * r->barriers)))
			return false;
		ref_text(ref, r->made, "%.1f", r->barriers);
		fd->code = T_profile_barriers;
		fd->where = f->barrier_worst.where;
		set_fields(fd,
		           FIELDS(F_NUM("per_warp", l->barriers), F_STR("where", fd->where),
		                  F_STR("ref", ref)),
		           advice);
		return true;
	case COST_OCCUPANCY:
		if (!l->occ.warps || strcmp(l->occ.limited_by, "shared_memory") ||
		    l->occ.pct >= 75 || (r->made && l->occ.pct > r->occ.pct - 10))
			return false;
		ref_text(ref, r->made, "%.0f %%", r->occ.pct);
		ref_text(pct, true, "%.0f %%", l->occ.pct);
		fd->code = T_profile_occupancy;
		fd->where = NULL;
		set_fields(fd,
		           FIELDS(F_INT("shared", l->occ.shared), F_INT("threads", l->occ.threads),
		                  F_INT("blocks", l->occ.blocks), F_STR("pct", pct),
		                  F_STR("ref", ref)),
		           advice);
		return true;
	default:
		return false;
	}
}

/* The findings of the exercise's table, or the line that says none shows. */
static void findings_json(struct strbuf *b, const struct problem_entry *e, const struct profile *p)
{
	struct measures l, r;
	measure(&p->learner, &l);
	measure(&p->reference, &r);
	sb_puts(b, ",\"looks_for\":[");
	int listed = 0, found = 0;
	struct strbuf names = {0};
	for (int c = 0; c < COST_COUNT; ++c)
		if (e->profile.advice[c].en) {
			sb_printf(b, "%s\"%s\"", listed ? "," : "",
			          profile_cost_name((enum profile_cost)c));
			sb_printf(&names, "%s%s", listed++ ? ", " : "",
			          profile_cost_name((enum profile_cost)c));
		}
	sb_puts(b, "],\"findings\":[");
	for (int c = 0; l.made && c < COST_COUNT; ++c) {
		struct finding fd;
		char buf[4][96];
		memset(&fd, 0, sizeof fd);
		if (!e->profile.advice[c].en)
			continue;
		bool found_here = p->learner.fig.gpu.on
		                          ? gpu_shows((enum profile_cost)c, &p->learner.fig, &l, &r,
		                                      &p->reference.fig, e->signature,
		                                      &e->profile.advice[c], &fd, buf)
		                          : shows((enum profile_cost)c, &p->learner.fig, &l, &r,
		                                  &e->profile.advice[c], &fd, buf);
		if (!found_here)
			continue;
		if (found++)
			sb_puts(b, ",");
		finding_json(b, &fd);
	}
	sb_puts(b, "]");
	char *costs = sb_take(&names);
	json_key(b, "quiet");
	if (l.made && listed && !found) {
		const struct text_field fields[] = {F_STR("costs", costs), {NULL, 0, NULL, 0, 0}};
		char *en = say_in(false, T_profile_none, fields),
		     *zh = say_in(true, T_profile_none, fields);
		sb_puts(b, "{\"code\":\"profile_none\"");
		json_kv_pair(b, "text", en, zh);
		sb_puts(b, "}");
		free(en);
		free(zh);
	} else {
		sb_puts(b, "null");
	}
	free(costs);
}

char *profile_json(const struct problem_entry *e, const struct profile *p)
{
	struct strbuf b = {0};
	sb_puts(&b, "{");
	json_kv_str(&b, "backend", p->backend);
	bool made = p->why.code == T_NONE;
	sb_printf(&b, ",\"made\":%s", made ? "true" : "false");
	why_json(&b, &p->why);
	json_kv_num(&b, "seconds", rounded(p->seconds, 1000));
	if (p->device)
		json_kv_str(&b, "device", p->device);
	if (p->backend && !strcmp(p->backend, "gpu")) {
		json_key(&b, "copy_gbps");
		if (p->copy_gbps > 0)
			json_num(&b, rounded(p->copy_gbps, 10));
		else
			sb_puts(&b, "null");
	}
	if (made) {
		sb_puts(&b, ",\"case\":{");
		json_kv_str(&b, "name", p->case_name);
		sb_printf(&b, ",\"params\":{\"n\":%lld,\"block\":%lld}}", p->case_params[0],
		          p->case_params[1]);
		sb_puts(&b, ",\"learner\":");
		figures_json(&b, &p->learner, p->copy_gbps);
		sb_puts(&b, ",\"reference\":");
		figures_json(&b, &p->reference, p->copy_gbps);
		findings_json(&b, e, p);
	}
	sb_puts(&b, "}");
	return sb_take(&b);
}
