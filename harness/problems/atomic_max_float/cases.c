/* atomic_max_float: cases, golden model, the check of returned old values, and
 * diagnoses (device side: glue.cuh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../../engine/util.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/slots.h"
#include "layout.h"

/* Distributions of the values a case draws from. */
enum spread { MIXED, NEGATIVE, ZEROS, INFINITIES, HUGE_MAGNITUDE, MINUS_ZERO, FALLING };

static float draw(struct rng *rng, enum spread s)
{
	switch (s) {
	case NEGATIVE:
		return (float)-rng_uniform(rng, 1e-3, 1e6);
	case ZEROS: {
		static const float pick[] = {0.0f, -0.0f, -1.0f, -1e-30f, 1e-30f};
		return pick[rng_range(rng, 0, 4)];
	}
	case INFINITIES:
		switch (rng_range(rng, 0, 9)) {
		case 0:
			return INFINITY;
		case 1:
		case 2:
			return -INFINITY;
		default:
			return (float)rng_uniform(rng, -1e6, 1e6);
		}
	case HUGE_MAGNITUDE:
		return (float)rng_uniform(rng, -3e38, 3e38);
	case MINUS_ZERO: /* -0.0 and negatives, nothing above -0.0 */
		return rng_range(rng, 0, 3) == 0 ? -0.0f : (float)-rng_uniform(rng, 1e-3, 1e3);
	default:
		return (float)rng_uniform(rng, -1e6, 1e6);
	}
}

/* A case: {name, {n threads, blockDim.x, addresses}, n on the emulator
 * (whose threads are fibers: the same contention) when fewer}, how the
 * values are drawn, and what every address starts with (NAN: drawn as the
 * values are). */
struct max_row {
	struct case_row head;
	enum spread spread;
	float init;
};

/* How the values are drawn, and the largest of each chunk's by address. */
struct draw {
	enum spread spread;
	float top; /* FALLING's first value */
	float *v;
	int32_t *to;
	int nslots;
	/* nslots by chunk of CASE_CHUNK values, from -inf; when drawn at once,
	 * the one chunk is want itself, from the addresses' start */
	float *most;
};

/* Values [lo, hi), their addresses, and their chunk's largest by address:
 * the first of equal ones (+0.0 and -0.0), as an atomic max in that order. */
static void fill_values(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct draw *d = ctx;
	float *most = d->most + lo / CASE_CHUNK * d->nslots;
	for (int64_t i = lo; i < hi; ++i) {
		if (d->spread == FALLING) {
			d->v[i] = d->top - (float)i - (float)rng_uniform(rng, 0.0, 0.5);
			d->to[i] = (int32_t)(i / 8 % d->nslots);
		} else {
			d->v[i] = draw(rng, d->spread);
			d->to[i] = (int32_t)rng_range(rng, 0, d->nslots - 1);
		}
		if (d->v[i] > most[d->to[i]])
			most[d->to[i]] = d->v[i];
	}
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct max_row *r = row;
	int64_t n = c->param[CJ_P_N];
	int nslots = (int)c->param[CJ_P_SLOTS];
	enum spread spread = r->spread;
	struct slot_case b = slot_buffers(set, c);
	float *want = b.want;
	/* MINUS_ZERO: every address starts below -0.0, so -0.0 must raise it */
	for (int j = 0; j < nslots; ++j)
		b.start[j] = want[j] = isnan(r->init)
		                               ? draw(rng, spread == MINUS_ZERO ? NEGATIVE : spread)
		                               : r->init;
	/* FALLING: eight neighbouring threads of a warp share an address, the
	 * first of them with its largest value and the others falling after it.
	 * That thread reads the address before the others raise it, so a swap
	 * whose failure is ignored loses the largest value whenever its
	 * neighbours get in between (on the emulator, whose threads give way at
	 * atomics, once in four; as on a GPU): with 32 such groups a block, all
	 * but certain in every run, not only when the draw happens to say so. */
	float top = spread == FALLING ? (float)rng_uniform(rng, 1e4, 1e6) : 0;
	struct draw d = {spread, top, b.vals, b.slot_of, nslots, want};
	int64_t chunks = (n + CASE_CHUNK - 1) / CASE_CHUNK;
	if (c->parallel) {
		d.most = xmalloc((size_t)(chunks * nslots) * sizeof *d.most);
		for (int64_t k = 0; k < chunks * nslots; ++k)
			d.most[k] = -INFINITY;
	}
	fill_case(c, rng, n, CASE_CHUNK, fill_values, &d);
	if (!c->parallel)
		return;
	for (int64_t k = 0; k < chunks; ++k) /* in order: the first of equal ones stays */
		for (int j = 0; j < nslots; ++j)
			if (d.most[k * nslots + j] > want[j])
				want[j] = d.most[k * nslots + j];
	free(d.most);
}

/* -0.0 >= 0.0 is true, but its bits are INT_MIN: a sign test on the float
 * sends it to an integer atomicMax that never lets it win (-0.0 against
 * negative addresses). */
/* clang-format off */
static const struct max_row case_rows[] = {
	{{LT("sample: 64 threads, one address", "样例：64 个线程，一个地址"), {64, 64, 1}}, MIXED, -INFINITY},
	{{LT("1M threads on one address", "1M 个线程争用一个地址"), {1 << 20, 256, 1}, GPU_ONLY}, MIXED, -INFINITY},
	{{LT("64K threads on one address", "64K 个线程争用一个地址"), {EMU_ONLY, 256, 1}, 1 << 16}, MIXED, -INFINITY},
	{{LT("all negative", "全为负数"), {100000, 256, 16}}, NEGATIVE, NAN},
	{{LT("signed zeros", "带符号的零"), {4096, 128, 8}}, ZEROS, -0.0f},
	{{LT("-0.0 against negative addresses", "-0.0 对上全为负数的地址"), {2048, 128, 16}}, MINUS_ZERO, NAN},
	{{LT("infinities", "无穷大"), {10000, 96, 32}}, INFINITIES, NAN},
	{{LT("the initial value is the max", "初始值就是最大值"), {5000, 256, 4}}, MIXED, 1e30f},
	{{LT("each address's largest value comes first", "每个地址的最大值最先到达"), {4096, 256, 32}}, FALLING, -INFINITY},
	{{LT("huge magnitudes, 4096 addresses", "极大数值，4096 个地址"), {200000, 128, 4096}, 50000}, HUGE_MAGNITUDE, -INFINITY},
	{{LT("timed", "计时"), {PERF_N, 256, 4096}}, MIXED, -INFINITY},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static float fold_zero(float v)
{
	return v == 0.0f ? 0.0f : v;
}

/* The values one address ever held (its initial value and its threads'
 * values), as an open-addressing hash set with -0 folded into +0: "did this
 * address ever hold this value?" in constant time. */
struct seen_set {
	uint32_t *keys; /* 0 = empty: a key is a value's bits with the sign flipped */
	int shift;      /* 32 - log2 of the slots */
};

/* Never 0: -0.0, whose bits flipped are 0, is folded into +0.0. */
static uint32_t seen_key(float value)
{
	uint32_t bits;
	value = fold_zero(value);
	memcpy(&bits, &value, sizeof bits);
	return bits ^ 0x80000000u;
}

static uint32_t seen_at(const struct seen_set *s, uint32_t k)
{
	return (k * 0x9e3779b1u) >> s->shift;
}

/* log2 of the slots of a set of count values: at least twice as many. */
static int seen_bits(int64_t count)
{
	int bits = 4;
	while ((int64_t)1 << bits < 2 * count)
		++bits;
	return bits;
}

/* Empties the set, sized for count values, in keys (as many slots or more). */
static void seen_clear(struct seen_set *s, uint32_t *keys, int64_t count)
{
	int bits = seen_bits(count);
	s->keys = keys;
	s->shift = 32 - bits;
	memset(keys, 0, ((size_t)1 << bits) * sizeof *keys);
}

static void seen_add(struct seen_set *s, uint32_t k)
{
	uint32_t mask = UINT32_MAX >> s->shift;
	uint32_t i = seen_at(s, k);
	while (s->keys[i] && s->keys[i] != k)
		i = (i + 1) & mask;
	s->keys[i] = k;
}

static bool seen_has(const struct seen_set *s, uint32_t k)
{
	uint32_t mask = UINT32_MAX >> s->shift;
	for (uint32_t i = seen_at(s, k); s->keys[i]; i = (i + 1) & mask)
		if (s->keys[i] == k)
			return true;
	return false;
}

/* What check_olds finds, address by address on every core. */
struct olds_check {
	const struct jcase *c;
	struct slot_threads t;
	/* by address: its first thread (counted in index order among the
	 * address's) that got back a value the address never held or one above
	 * its final maximum (above_max), else -1; and whether a thread that
	 * stored its final maximum got back a smaller old value */
	int64_t *bad;
	bool *above_max, *raised;
	bool out_of_memory;
};

static void check_slots(void *ctx, int64_t lo, int64_t hi)
{
	struct olds_check *o = ctx;
	const float *start = o->c->buf[CJ_B_SLOTS].initial, *final = o->c->buf[CJ_B_SLOTS].expect;
	const int64_t *first = o->t.first;
	int64_t most = 0;
	for (int64_t k = lo; k < hi; ++k)
		most = first[k + 1] - first[k] > most ? first[k + 1] - first[k] : most;
	uint32_t *keys = malloc(((size_t)1 << seen_bits(most + 1)) * sizeof *keys);
	if (!keys) {
		__atomic_store_n(&o->out_of_memory, true, __ATOMIC_RELAXED);
		return;
	}
	for (int64_t k = lo; k < hi; ++k) {
		const struct slot_thread *t = o->t.threads + first[k];
		int64_t count = first[k + 1] - first[k];
		struct seen_set known;
		seen_clear(&known, keys, count + 1);
		seen_add(&known, seen_key(start[k]));
		for (int64_t j = 0; j < count; ++j)
			seen_add(&known, seen_key(t[j].val));
		o->bad[k] = -1;
		for (int64_t j = 0; j < count; ++j) {
			bool held = !isnan(t[j].old) && seen_has(&known, seen_key(t[j].old));
			if (!held || t[j].old > final[k]) {
				o->bad[k] = j;
				o->above_max[k] = held;
				break;
			}
			o->raised[k] |= t[j].val == final[k] && t[j].old < t[j].val;
		}
	}
	free(keys);
}

/* Every returned old value must be one the address really held: its initial
 * value or another thread's value, never above the final maximum; and some
 * thread holding the maximum must have seen a smaller old value (it did the
 * last raise). The first thread in index order that breaks a rule is named. */
static bool check_olds(const struct jcase *c, char *why, size_t whylen)
{
	int64_t n = c->param[CJ_P_N];
	int nslots = (int)c->param[CJ_P_SLOTS];
	const float *olds = c->buf[CJ_B_OLDS].data;
	const float *start = c->buf[CJ_B_SLOTS].initial, *final = c->buf[CJ_B_SLOTS].expect;
	const int32_t *to = c->buf[CJ_B_SLOT_OF].data;

	struct olds_check o = {.c = c};
	o.bad = malloc((size_t)(nslots + 1) * sizeof *o.bad);
	o.above_max = calloc((size_t)nslots + 1, sizeof *o.above_max);
	o.raised = calloc((size_t)nslots + 1, sizeof *o.raised);
	bool ok = o.bad && o.above_max && o.raised && slot_threads_make(c, &o.t);
	if (ok)
		parallel_chunks(nslots, slots_per_chunk(c), check_slots, &o);
	if (!ok || o.out_of_memory) {
		slot_check_out_of_memory(why, whylen);
		ok = false;
	}

	int64_t i = ok ? slot_thread_first(c, o.bad) : n; /* the first wrong old value */
	if (i < n && !o.above_max[to[i]]) {
		snprintf(why, whylen,
		         L("thread %lld (block %lld, thread %lld) got back %g, a value "
		           "address %d never held: atomicMaxFloat must return the value "
		           "before the update",
		           "线程 %lld（block %lld 的线程 %lld）拿回了 %g，而地址 %d "
		           "从未存过这个值：atomicMaxFloat 必须返回更新之前的值"),
		         (long long)i, (long long)(i / c->param[CJ_P_BLOCK]),
		         (long long)(i % c->param[CJ_P_BLOCK]), (double)olds[i], to[i]);
		ok = false;
	} else if (i < n) {
		snprintf(why, whylen,
		         L("thread %lld got back %g, larger than the final maximum %g of "
		           "address %d",
		           "线程 %lld 拿回了 %g，比最终的最大值 %g（地址 %d）还大"),
		         (long long)i, (double)olds[i], (double) final[to[i]], to[i]);
		ok = false;
	}
	/* Whoever raised an address to its final maximum saw something smaller. */
	for (int j = 0; j < nslots && ok; ++j) {
		if (final[j] > start[j] && !o.raised[j]) {
			snprintf(why, whylen,
			         L("address %d ends at %g, but no thread that stored %g got back a "
			           "smaller old value: is the value returned before or after the "
			           "update?",
			           "地址 %d 最终是 %g，但存入 %g "
			           "的线程没有一个拿回更小的旧值：返回的是更新之前的值，还是更新之"
			           "后的值？"),
			         j, (double) final[j], (double) final[j]);
			ok = false;
		}
	}
	slot_threads_free(&o.t);
	free(o.bad);
	free(o.above_max);
	free(o.raised);
	return ok;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SLOTS)
		return NULL;
	const float *got = c->buf[CJ_B_SLOTS].data, *want = c->buf[CJ_B_SLOTS].expect;
	int nslots = (int)c->param[CJ_P_SLOTS];
	bool below = true, negative_only = true, minus_zero_lost = true, is_min = true;
	const float *vals = c->buf[CJ_B_VALS].data;
	const int32_t *to = c->buf[CJ_B_SLOT_OF].data;
	for (int j = 0; j < nslots; ++j) {
		if (got[j] == want[j])
			continue;
		below &= got[j] < want[j];
		negative_only &= want[j] < 0;
		minus_zero_lost &= want[j] == 0.0f && signbit(want[j]) && got[j] < 0;
	}
	for (int64_t i = 0; i < c->param[CJ_P_N] && is_min; ++i)
		is_min = !(vals[i] < got[to[i]]);
	/* Before the direction: bits compared as ints also end at the smallest
	 * value where every value is negative. */
	if (minus_zero_lost)
		return L("addresses whose maximum is -0.0 kept a negative value: -0.0 >= 0 is true "
		         "for floats, yet its bits read as an int are INT_MIN, below every "
		         "negative float's, so a sign test on the value that sends it to an "
		         "integer atomicMax never lets it win; compare floats in an atomicCAS loop",
		         "最大值为 -0.0 的地址还留着一个负数：对 float 来说 -0.0 >= 0 成立，但它"
		         "的位模式当作 int 是 INT_MIN，比任何负 float 的位都小，所以按数值判断"
		         "符号、把它交给整数 atomicMax 的写法永远不会让它胜出；请在 atomicCAS "
		         "循环里比较 float 值");
	if (negative_only)
		return L("only addresses whose maximum is negative are wrong (they end at the "
		         "smallest value): the bits of negative floats order backwards as "
		         "integers (-2.0f's bits are a larger int than -1.0f's), so compare the "
		         "floats (__int_as_float(old) < val), not their bits",
		         "只有最大值为负数的地址出错（它们最终是最小值）：负 float 的位模式当作"
		         "整数比较时顺序是反的（-2.0f 的位是比 -1.0f 更大的 int），所以要比较 "
		         "float 值本身（__int_as_float(old) < val），而不是它们的位");
	if (is_min && c->param[CJ_P_N] > 1)
		return L("the addresses end at the smallest value, not the largest: check the "
		         "direction of the comparison",
		         "各地址最终是最小值而不是最大值：检查比较的方向");
	if (below)
		return L("some addresses end below the true maximum: updates were lost between a "
		         "read and a write; make the read-compare-write one atomicCAS loop",
		         "有些地址最终小于真正的最大值：在读和写之间丢失了更新；把“读取、比较、写入"
		         "”做成一个 atomicCAS 循环");
	return NULL;
}

SLOT_PROBLEM(atomic_max_float, check_olds, diagnose);
