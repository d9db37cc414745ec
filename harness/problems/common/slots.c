/* The atomic-slot exercises' cases; see slots.h. */
#include "slots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/report/lang.h"
#include "../../engine/run/cases.h"
#include "../../engine/util.h"
#include "case_table.h"
#include "slots_layout.h"

struct slot_case slot_buffers(struct case_set *set, struct jcase *c)
{
	uint64_t n = (uint64_t)c->param[CJ_P_N], slots = (uint64_t)c->param[CJ_P_SLOTS];
	struct jbuf *vals = case_buf(set, c, "vals", CJ_F32, CJ_IN, n);
	struct jbuf *slot_of = case_buf(set, c, "slot_of", CJ_I32, CJ_IN, n);
	struct jbuf *sl = case_buf(set, c, "slots", CJ_F32, CJ_INOUT, slots);
	case_buf(set, c, "olds", CJ_F32, CJ_OUT, n)->by_extra = true;
	return (struct slot_case){c, vals->data, slot_of->data, sl->data, sl->expect};
}

void slot_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	if (buf == CJ_B_SLOTS) {
		w->block = -1;
		w->thread = -1;
		return;
	}
	w->block = (int64_t)index / c->param[CJ_P_BLOCK];
	w->thread = (int64_t)index % c->param[CJ_P_BLOCK];
}

/* A grouping: by chunk of CASE_CHUNK threads, nslots each, how many threads
 * of each slot the chunk has and where the first of them goes. */
struct grouping {
	const struct jcase *c;
	int64_t nslots;
	uint32_t *count;
	int64_t *at;
	struct slot_thread *threads;
};

static void count_chunk(void *ctx, int64_t lo, int64_t hi)
{
	const struct grouping *g = ctx;
	const int32_t *slot_of = g->c->buf[CJ_B_SLOT_OF].data;
	uint32_t *count = g->count + lo / CASE_CHUNK * g->nslots;
	for (int64_t i = lo; i < hi; ++i)
		count[slot_of[i]]++;
}

/* Sorts the chunk's threads by slot in the cache, then copies each slot's
 * run to its place: one run a slot, not one scattered write a thread. */
static void place_chunk(void *ctx, int64_t lo, int64_t hi)
{
	const struct grouping *g = ctx;
	const int32_t *slot_of = g->c->buf[CJ_B_SLOT_OF].data;
	const float *vals = g->c->buf[CJ_B_VALS].data, *olds = g->c->buf[CJ_B_OLDS].data;
	const uint32_t *count = g->count + lo / CASE_CHUNK * g->nslots;
	const int64_t *at = g->at + lo / CASE_CHUNK * g->nslots;
	uint32_t *next = xmalloc((size_t)g->nslots * sizeof *next);
	struct slot_thread *run = xmalloc((size_t)(hi - lo) * sizeof *run);
	uint32_t from = 0;
	for (int64_t k = 0; k < g->nslots; ++k) {
		next[k] = from;
		from += count[k];
	}
	for (int64_t i = lo; i < hi; ++i)
		run[next[slot_of[i]]++] = (struct slot_thread){vals[i], olds[i]};
	for (int64_t k = 0; k < g->nslots; ++k)
		memcpy(g->threads + at[k], run + next[k] - count[k], count[k] * sizeof *run);
	free(next);
	free(run);
}

bool slot_threads_make(const struct jcase *c, struct slot_threads *t)
{
	int64_t n = c->param[CJ_P_N], nslots = c->param[CJ_P_SLOTS];
	int64_t chunks = (n + CASE_CHUNK - 1) / CASE_CHUNK;
	struct grouping g = {c, nslots, calloc((size_t)(chunks * nslots + 1), sizeof *g.count),
	                     malloc((size_t)(chunks * nslots + 1) * sizeof *g.at), NULL};
	t->first = malloc((size_t)(nslots + 1) * sizeof *t->first);
	t->threads = g.threads = malloc((size_t)(n + 1) * sizeof *t->threads);
	if (!g.count || !g.at || !t->first || !t->threads) {
		free(g.count);
		free(g.at);
		slot_threads_free(t);
		return false;
	}
	parallel_chunks(n, CASE_CHUNK, count_chunk, &g);
	/* slot by slot, each chunk's threads after the earlier chunks' */
	int64_t to = 0;
	for (int64_t k = 0; k < nslots; ++k) {
		t->first[k] = to;
		for (int64_t ch = 0; ch < chunks; ++ch) {
			g.at[ch * nslots + k] = to;
			to += g.count[ch * nslots + k];
		}
	}
	t->first[nslots] = to;
	parallel_chunks(n, CASE_CHUNK, place_chunk, &g);
	free(g.count);
	free(g.at);
	return true;
}

void slot_threads_free(struct slot_threads *t)
{
	free(t->first);
	free(t->threads);
	t->first = NULL;
	t->threads = NULL;
}

int64_t slots_per_chunk(const struct jcase *c)
{
	int64_t n = c->param[CJ_P_N], nslots = c->param[CJ_P_SLOTS];
	int64_t per = n > 0 ? CASE_CHUNK * nslots / n : nslots;
	return per > 0 ? per : 1;
}

int64_t slot_thread_first(const struct jcase *c, const int64_t *at)
{
	int64_t n = c->param[CJ_P_N], k = 0;
	while (k < c->param[CJ_P_SLOTS] && at[k] < 0)
		++k;
	if (k == c->param[CJ_P_SLOTS])
		return n; /* none to look for */
	const int32_t *slot_of = c->buf[CJ_B_SLOT_OF].data;
	int64_t *seen = xcalloc((size_t)c->param[CJ_P_SLOTS] + 1, sizeof *seen);
	int64_t i = 0;
	while (i < n && seen[slot_of[i]]++ != at[slot_of[i]])
		++i;
	free(seen);
	return i;
}

void slot_check_out_of_memory(char *why, size_t whylen)
{
	snprintf(why, whylen,
	         L("out of memory while checking returned values", "检查返回值时内存不足"));
}
