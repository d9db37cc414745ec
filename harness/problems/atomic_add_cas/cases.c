/* atomic_add_cas: cases, golden model and the check of the returned values
 * (device side: glue.cuh).
 *
 * Every value is a whole number from 1 to 8 and every starting value a whole
 * number, and no sum leaves the range where floats hold whole numbers exactly
 * (below 2^24), so the final sums are exact whatever the order. Because every
 * value is positive, the values a slot held strictly increase: sorting the
 * returned values of one slot must give its history, start, start + v1, ...,
 * each step adding the value of the thread that got the previous one. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/slots.h"
#include "layout.h"

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t n = c->param[CJ_P_N], slots = c->param[CJ_P_SLOTS];
	struct slot_case b = slot_buffers(set, c);
	for (int64_t k = 0; k < slots; ++k)
		b.want[k] = b.start[k] = (float)rng_range(rng, -1000, 1000);
	for (int64_t i = 0; i < n; ++i) {
		b.vals[i] = (float)rng_range(rng, 1, 8);
		b.slot_of[i] = (int32_t)rng_range(rng, 0, slots - 1);
		b.want[b.slot_of[i]] += b.vals[i]; /* exact: whole numbers below 2^24 */
	}
}

/* The cases: {name, {n threads, blockDim.x, slots}}. Every thread retries
 * until its turn: the work grows with the square of the threads on one
 * address (32768 take about 0.1 s on an H200, 65536 about 0.4 s, four times
 * as many over 5 s). */
/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: 32 threads, one slot", "样例：32 个线程，一个槽位"), {32, 32, 1}},
	{LT("one block of 256, 4 slots", "一个 256 线程的 block，4 个槽位"), {256, 256, 4}},
	{LT("many blocks, one slot", "多个 block，一个槽位"), {20000, 128, 1}},
	{LT("many blocks, 1000 slots", "多个 block，1000 个槽位"), {50000, 256, 1000}},
	{LT("block 1024, 3 slots", "block 1024，3 个槽位"), {1024 * 40, 1024, 3}},
	{LT("heavy contention: 32768 threads, one slot", "激烈争用：32768 个线程，一个槽位"), {1 << 15, 256, 1}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 256, 4096}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

/* A returned old value as a key that sorts as the floats compare, with the
 * thread's place among its slot's threads below it: sorted, the same order
 * as a stable sort of the old values. -0 sorts with +0; NaN, which compares
 * neither way, first. */
static uint64_t old_key(float old, int64_t j)
{
	uint32_t b;
	old = old == 0.0f ? 0.0f : old;
	memcpy(&b, &old, sizeof b);
	b = isnan(old) ? 0 : b >> 31 ? ~b : b | 0x80000000u;
	return (uint64_t)b << 32 | (uint32_t)j;
}

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* What check_olds finds, slot by slot on every core. */
struct history_check {
	const struct jcase *c;
	struct slot_threads t;
	/* the lowest slot found broken so far (slots after it are skipped),
	 * taken atomically; slots when none is */
	int64_t broken;
	/* by broken slot: the place in its sorted history where it breaks, the
	 * thread there (counted among the slot's threads in index order, else
	 * -1), and what the slot held before that thread's update */
	int64_t *place, *thread;
	float *held;
	bool out_of_memory;
};

static void lower_to(int64_t *x, int64_t v)
{
	int64_t now = __atomic_load_n(x, __ATOMIC_RELAXED);
	while (v < now &&
	       !__atomic_compare_exchange_n(x, &now, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

static void check_slots(void *ctx, int64_t lo, int64_t hi)
{
	struct history_check *o = ctx;
	const float *start = o->c->buf[CJ_B_SLOTS].initial;
	const int64_t *first = o->t.first;
	int64_t most = 0;
	for (int64_t k = lo; k < hi; ++k)
		most = first[k + 1] - first[k] > most ? first[k + 1] - first[k] : most;
	uint64_t *keys = malloc((size_t)(most + 1) * sizeof *keys);
	if (!keys) {
		__atomic_store_n(&o->out_of_memory, true, __ATOMIC_RELAXED);
		return;
	}
	for (int64_t k = lo; k < hi && k < __atomic_load_n(&o->broken, __ATOMIC_RELAXED); ++k) {
		const struct slot_thread *t = o->t.threads + first[k];
		int64_t count = first[k + 1] - first[k];
		for (int64_t j = 0; j < count; ++j)
			keys[j] = old_key(t[j].old, j);
		qsort(keys, (size_t)count, sizeof *keys, by_key);
		float expect = start[k];
		for (int64_t at = 0; at < count; ++at) {
			int64_t j = (int64_t)(uint32_t)keys[at];
			if (t[j].old != expect) {
				o->place[k] = at;
				o->thread[k] = j;
				o->held[k] = expect;
				lower_to(&o->broken, k);
				break;
			}
			expect += t[j].val;
		}
	}
	free(keys);
}

/* The returned values of each slot, in increasing order, must be its history;
 * the first slot whose history breaks is named, at the first place it does. */
static bool check_olds(const struct jcase *c, char *why, size_t whylen)
{
	int64_t slots = c->param[CJ_P_SLOTS];
	const float *v = c->buf[CJ_B_VALS].data, *olds = c->buf[CJ_B_OLDS].data;
	struct history_check o = {.c = c, .broken = slots};
	o.place = malloc((size_t)(slots + 1) * sizeof *o.place);
	o.thread = malloc((size_t)(slots + 1) * sizeof *o.thread);
	o.held = malloc((size_t)(slots + 1) * sizeof *o.held);
	bool ok = o.place && o.thread && o.held && slot_threads_make(c, &o.t);
	if (ok)
		parallel_chunks(slots, slots_per_chunk(c), check_slots, &o);
	if (!ok || o.out_of_memory) {
		slot_check_out_of_memory(why, whylen);
		ok = false;
	} else if (o.broken < slots) {
		int64_t k = o.broken;
		for (int64_t m = 0; m < slots; ++m)
			o.thread[m] = m == k ? o.thread[m] : -1;
		int64_t i = slot_thread_first(c, o.thread);
		float expect = o.held[k];
		bool is_new = olds[i] == expect + v[i];
		snprintf(why, whylen,
		         L("slot %lld: thread %lld (block %lld, thread %lld) got %g "
		           "back, but after the %lld updates before it the slot "
		           "held %g. %s",
		           "槽位 %lld：线程 %lld（block %lld，线程 %lld）拿回了 "
		           "%g，但在它之前的 %lld 次更新之后，槽位里是 %g。%s"),
		         (long long)k, (long long)i, (long long)(i / c->param[CJ_P_BLOCK]),
		         (long long)(i % c->param[CJ_P_BLOCK]), (double)olds[i],
		         (long long)o.place[k], (double)expect,
		         is_new ? L("That is the value after its own update: return "
		                    "the old value, the one the successful "
		                    "atomicCAS returned",
		                    "这是它自己更新之后的值：应返回旧值，也就是成功"
		                    "的那次 atomicCAS 返回的值")
		                : L("Each thread must get back the value the slot "
		                    "held just before its own update",
		                    "每个线程拿回的必须是槽位在它自己更新之前的值"));
		ok = false;
	}
	slot_threads_free(&o.t);
	free(o.place);
	free(o.thread);
	free(o.held);
	return ok;
}

static uint32_t float_bits(float v)
{
	uint32_t b;
	memcpy(&b, &v, sizeof b);
	return b;
}

/* True when every shown slot holds its start's bits plus the values' bits, added
 * as unsigned integers: the sum of the bit patterns, not of the floats. */
static bool bits_added(const struct jcase *c, const struct case_findings *f)
{
	const float *got = c->buf[CJ_B_SLOTS].data, *start = c->buf[CJ_B_SLOTS].initial;
	const float *v = c->buf[CJ_B_VALS].data;
	const int32_t *to = c->buf[CJ_B_SLOT_OF].data;
	if (!start)
		return false;
	for (int i = 0; i < f->report.nshown; ++i) {
		uint64_t k = f->report.shown[i].index;
		uint32_t sum = float_bits(start[k]);
		for (int64_t t = 0; t < c->param[CJ_P_N]; ++t)
			if ((uint64_t)to[t] == k)
				sum += float_bits(v[t]);
		if (sum != float_bits(got[k]))
			return false;
	}
	return true;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SLOTS || f->report.nshown == 0)
		return NULL;
	if (bits_added(c, f))
		return L("each slot holds the sum of the bit patterns, added as integers: the new "
		         "value must be the float sum, __float_as_uint(__uint_as_float(assumed) + "
		         "val), not assumed + __float_as_uint(val)",
		         "每个槽位里是位模式按整数相加的和：新值必须是 float 的和，即 "
		         "__float_as_uint(__uint_as_float(assumed) + val)，而不是 assumed + "
		         "__float_as_uint(val)");
	const float *got = c->buf[CJ_B_SLOTS].data;
	uint64_t k = f->report.shown[0].index;
	if (got[k] < (float)f->report.shown[0].want)
		return L("the sums are too small: updates were lost, as when two threads read the "
		         "same old value and both write old + val; retry until atomicCAS returns "
		         "the value you expected",
		         "和偏小：有更新丢失了，比如两个线程读到同一个旧值，又都写入 old + "
		         "val；要一直重试，直到 atomicCAS 返回你预期的值");
	return NULL;
}

SLOT_PROBLEM(atomic_add_cas, check_olds, diagnose);
