/* The case set and its memfd; see cases.h. */
#include "run/cases.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "report/lang.h"
#include "rng.h"
#include "util.h"

/* The header and case table sit in the first bytes of the file. */
#define HEADER_BYTES                                                                               \
	(((sizeof(struct cj_wire_header) + CASES_MAX * sizeof(struct cj_wire_case)) + CJ_ALIGN -   \
	  1) /                                                                                     \
	 CJ_ALIGN * CJ_ALIGN)

int case_set_init(struct case_set *set, uint64_t reserve, char *err, size_t errlen)
{
	memset(set, 0, sizeof *set);
	set->fd = memfd_create("cudajudge-cases", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (set->fd < 0) {
		snprintf(err, errlen, "memfd_create: %s", strerror(errno));
		return -1;
	}
	set->reserved = HEADER_BYTES + reserve;
	if (ftruncate(set->fd, (off_t)set->reserved) != 0) {
		snprintf(err, errlen, "cannot size the case file to %llu bytes: %s",
		         (unsigned long long)set->reserved, strerror(errno));
		close(set->fd);
		set->fd = -1;
		return -1;
	}
	/* The test binary must not be able to shrink the file under our mapping
	 * (SIGBUS in the engine) or grow it. */
	if (fcntl(set->fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
		snprintf(err, errlen, "cannot seal the case file: %s", strerror(errno));
		close(set->fd);
		set->fd = -1;
		return -1;
	}
	set->base = mmap(NULL, set->reserved, PROT_READ | PROT_WRITE, MAP_SHARED, set->fd, 0);
	if (set->base == MAP_FAILED) {
		snprintf(err, errlen, "cannot map the case file: %s", strerror(errno));
		close(set->fd);
		set->fd = -1;
		return -1;
	}
	set->used = HEADER_BYTES;
	set->int_poison = 0xff;
	return 0;
}

struct jcase *case_new(struct case_set *set, const char *name)
{
	if (set->n >= CASES_MAX)
		die("a problem asked for more than %d cases", CASES_MAX);
	struct jcase *c = &set->cases[set->n++];
	memset(c, 0, sizeof *c);
	utf8_copy(c->name, sizeof c->name, name); /* a Chinese name may not fit whole */
	return c;
}

struct jbuf *case_buf(struct case_set *set, struct jcase *c, const char *name, uint32_t elem,
                      uint32_t role, uint64_t count)
{
	if (c->nbuf >= CJ_MAX_BUFS)
		die("case '%s' has more than %d buffers", c->name, CJ_MAX_BUFS);
	uint64_t bytes = (count * CJ_ELEM_SIZE + CJ_ALIGN - 1) / CJ_ALIGN * CJ_ALIGN;
	if (set->used + bytes > set->reserved)
		die("case '%s' needs more than the %llu MiB reserved for cases", c->name,
		    (unsigned long long)(set->reserved >> 20));
	struct jbuf *b = &c->buf[c->nbuf++];
	memset(b, 0, sizeof *b);
	snprintf(b->name, sizeof b->name, "%s", name);
	b->elem = elem;
	b->role = role;
	b->count = count;
	b->data = set->base + set->used;
	/* Integer poison moves on by case (within 0x81..0xfe: a large negative
	 * int), so that a value left from an earlier case never reads as this
	 * case's poison; floats stay the all-ones NaN, which no result equals. */
	b->poison = elem == CJ_F32
	                    ? 0xff
	                    : (uint8_t)(0x81 +
	                                (set->int_poison - 0x81 + 37u * (unsigned)set->n) % 0x7e);
	set->used += bytes;
	if (role != CJ_IN)
		b->expect = xcalloc(count, CJ_ELEM_SIZE);
	return b;
}

double *case_scale(struct jbuf *b)
{
	if (!b->scale)
		b->scale = xcalloc(b->count, sizeof *b->scale);
	return b->scale;
}

/* The buffers' preparation in pieces of 8 MiB on every core: an output
 * poisoned, an in-out buffer's first contents kept (a timed case's are
 * hundreds of MiB: one thread took 0.2 to 0.4 s of an accepted judgement's
 * wait on the H200 host). */
#define PREPARE_PIECE_BYTES ((int64_t)8 << 20)

struct fill {
	uint8_t *to;
	const uint8_t *from; /* NULL: with poison */
	uint8_t poison;
};

static void fill_range(void *ctx, int64_t lo, int64_t hi)
{
	const struct fill *f = ctx;
	if (f->from)
		memcpy(f->to + lo, f->from + lo, (size_t)(hi - lo));
	else
		memset(f->to + lo, f->poison, (size_t)(hi - lo));
}

void case_set_prepare(struct case_set *set)
{
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			struct jbuf *jb = &set->cases[i].buf[b];
			int64_t bytes = (int64_t)(jb->count * CJ_ELEM_SIZE);
			if (jb->role == CJ_INOUT && !jb->initial) {
				jb->initial = xmalloc(bytes ? (size_t)bytes : 1);
				struct fill keep = {jb->initial, jb->data, 0};
				parallel_chunks(bytes, PREPARE_PIECE_BYTES, fill_range, &keep);
			}
			if (jb->role == CJ_OUT) { /* a record marked done without writing fails */
				struct fill poison = {jb->data, NULL, jb->poison};
				parallel_chunks(bytes, PREPARE_PIECE_BYTES, fill_range, &poison);
			}
		}
	set->prepared = true;
}

void case_set_publish(struct case_set *set, uint32_t warmup, uint32_t reps, int flush_l2)
{
	if (!set->prepared)
		case_set_prepare(set);
	set->prepared = false; /* the next publish after a run poisons again */
	struct cj_wire_header *h = (struct cj_wire_header *)set->base;
	/* Every byte but what a runner started early writes when it likes
	 * (mapped, ready_s), which a run before this one left set otherwise. */
	size_t mapped = offsetof(struct cj_wire_header, mapped),
	       ready = offsetof(struct cj_wire_header, ready_s);
	memset(h, 0, mapped);
	memset((uint8_t *)h + mapped + sizeof h->mapped, 0, ready - mapped - sizeof h->mapped);
	memset((uint8_t *)h + ready + sizeof h->ready_s, 0,
	       HEADER_BYTES - ready - sizeof h->ready_s);
	if (!set->runner_waits) {
		h->mapped = 0;
		h->ready_s = 0;
	}
	h->magic = CJ_WIRE_MAGIC;
	h->version = CJ_WIRE_VERSION;
	h->size = set->used;
	h->ncases = (uint32_t)set->n;
	h->warmup = warmup;
	h->reps = reps;
	h->flush_l2 = (uint32_t)flush_l2;
	h->current = -1;
	h->go = set->runner_waits ? 0 : 1;
	for (int i = 0; i < set->n; ++i) {
		const struct jcase *c = &set->cases[i];
		struct cj_wire_case *w = &h->cases[i];
		utf8_copy(w->name, sizeof w->name, c->name);
		memcpy(w->param, c->param, sizeof w->param);
		w->nbuf = (uint32_t)c->nbuf;
		w->timed = c->timed;
		w->measure = c->measure;
		w->guard_buf = -1;
		for (int b = 0; b < c->nbuf; ++b) {
			w->buf[b].offset = (uint64_t)((uint8_t *)c->buf[b].data - set->base);
			w->buf[b].count = c->buf[b].count;
			w->buf[b].elem = c->buf[b].elem;
			w->buf[b].role = c->buf[b].role;
			w->buf[b].poison = c->buf[b].poison;
			snprintf(w->buf[b].name, sizeof w->buf[b].name, "%s", c->buf[b].name);
		}
	}
}

void case_set_pending(struct case_set *set)
{
	struct cj_wire_header *h = (struct cj_wire_header *)set->base;
	h->magic = CJ_WIRE_MAGIC;
	h->version = CJ_WIRE_VERSION;
	h->size = 0;
	h->go = 0;
	set->runner_waits = true;
}

void case_set_go(struct case_set *set)
{
	struct cj_wire_header *h = (struct cj_wire_header *)set->base;
	__atomic_store_n(&h->go, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &h->go, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
	set->runner_waits = false;
}

bool case_is_big(const struct jcase *c)
{
	uint64_t bytes = 0;
	for (int b = 0; b < c->nbuf; ++b)
		bytes += c->buf[b].count * CJ_ELEM_SIZE;
	return c->timed || bytes >= (16u << 20);
}

struct cj_wire_case *case_record(struct case_set *set, int i)
{
	return &((struct cj_wire_header *)set->base)->cases[i];
}

int case_set_current(const struct case_set *set)
{
	int cur = ((const struct cj_wire_header *)set->base)->current;
	return cur >= 0 && cur < set->n ? cur : -1;
}

/* Not util.h's fnv1a: a timed case's inputs are hundreds of MiB, hashed
 * before and after every run, so they are hashed in pieces of 8 MiB on every
 * core (parallel_chunks), each folding 64-bit words on four independent lanes,
 * and the pieces' hashes are folded in order. It keys nothing kept: it only
 * tells whether the inputs changed during a run. */
#define HASH_PIECE_WORDS ((uint64_t)1 << 20)

struct hash_pieces {
	const uint64_t **start; /* each piece's first word */
	uint64_t *words;        /* its length, a multiple of 4 */
	uint64_t *hash;
};

static void hash_pieces(void *ctx, int64_t lo, int64_t hi)
{
	struct hash_pieces *p = ctx;
	for (int64_t i = lo; i < hi; ++i) {
		uint64_t h[4] = {0x9e3779b97f4a7c15ull, 1, 2, 3};
		const uint64_t *w = p->start[i];
		for (uint64_t k = 0; k < p->words[i]; k += 4)
			for (int l = 0; l < 4; ++l)
				h[l] = (h[l] ^ w[k + l]) * 0x100000001b3ull + (h[l] >> 29);
		p->hash[i] = ((h[0] * 31 + h[1]) * 31 + h[2]) * 31 + h[3];
	}
}

/* The pieces of the inputs, counted, and written into p when its arrays are
 * there. */
static int64_t list_pieces(const struct case_set *set, struct hash_pieces *p)
{
	int64_t k = 0;
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			const struct jbuf *jb = &set->cases[i].buf[b];
			if (jb->role != CJ_IN)
				continue;
			/* buffers start CJ_ALIGN-aligned and are padded to it: whole
			 * groups of four words */
			uint64_t words = (jb->count * CJ_ELEM_SIZE + 31) / 32 * 4;
			for (uint64_t at = 0; at < words; at += HASH_PIECE_WORDS, ++k)
				if (p->start) {
					p->start[k] = (const uint64_t *)jb->data + at;
					p->words[k] = words - at < HASH_PIECE_WORDS
					                      ? words - at
					                      : HASH_PIECE_WORDS;
				}
		}
	return k;
}

uint64_t case_set_hash_inputs(const struct case_set *set)
{
	struct hash_pieces p = {NULL, NULL, NULL};
	int64_t n = list_pieces(set, &p);
	p.start = xcalloc((size_t)n + 1, sizeof *p.start);
	p.words = xcalloc((size_t)n + 1, sizeof *p.words);
	p.hash = xcalloc((size_t)n + 1, sizeof *p.hash);
	list_pieces(set, &p);
	parallel_chunks(n, 1, hash_pieces, &p);
	uint64_t h = 0x9e3779b97f4a7c15ull;
	for (int64_t i = 0; i < n; ++i)
		h = (h ^ p.hash[i]) * 0x100000001b3ull + (h >> 29);
	free(p.start);
	free(p.words);
	free(p.hash);
	return h;
}

int case_set_copy_one(struct case_set *to, const struct case_set *from, int which, char *err,
                      size_t errlen)
{
	const struct jcase *src = &from->cases[which];
	uint64_t bytes = 0;
	for (int b = 0; b < src->nbuf; ++b)
		bytes += (src->buf[b].count * CJ_ELEM_SIZE + CJ_ALIGN - 1) / CJ_ALIGN * CJ_ALIGN;
	if (case_set_init(to, bytes, err, errlen) != 0)
		return -1;
	to->int_poison = from->int_poison;
	struct jcase *c = case_new(to, src->name);
	memcpy(c->param, src->param, sizeof c->param);
	c->timed = src->timed;
	for (int b = 0; b < src->nbuf; ++b) {
		const struct jbuf *sb = &src->buf[b];
		struct jbuf *nb = case_buf(to, c, sb->name, sb->elem, sb->role, sb->count);
		/* Inputs are copied; the engine never reads what a run left in them. */
		if (sb->role != CJ_OUT)
			memcpy(nb->data, sb->data, sb->count * CJ_ELEM_SIZE);
		if (sb->expect)
			memcpy(nb->expect, sb->expect, sb->count * CJ_ELEM_SIZE);
	}
	return 0;
}

void case_set_free(struct case_set *set)
{
	for (int i = 0; i < set->n; ++i)
		for (int b = 0; b < set->cases[i].nbuf; ++b) {
			if (!set->kept) {
				free(set->cases[i].buf[b].expect);
				free(set->cases[i].buf[b].scale);
			}
			free(set->cases[i].buf[b].initial);
		}
	if (set->kept)
		munmap(set->kept, set->kept_len);
	if (set->base && set->base != MAP_FAILED)
		munmap(set->base, set->reserved);
	if (set->fd >= 0)
		close(set->fd);
	memset(set, 0, sizeof *set);
	set->fd = -1;
}

void case_chunk_rng(struct rng *r, uint64_t key, int64_t lo)
{
	rng_seed(r, key ^ ((uint64_t)lo * 0x9e3779b97f4a7c15ull));
}
