/* warp_vote: cases, golden model and diagnoses (device side: glue.cuh). */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/lane_patterns.h"
#include "../common/warp_runs.h"
#include "layout.h"

/* The golden model of one run of 32 starting at element w: pad lanes past n
 * vote false. */
static void golden_run(const int32_t *x, int64_t w, int64_t n, int32_t *count, int32_t *flags)
{
	int c = 0;
	for (int k = 0; k < 32 && w + k < n; ++k)
		c += x[w + k] > 0;
	for (int k = 0; k < 32 && w + k < n; ++k) {
		count[w + k] = c;
		flags[w + k] = (c > 0 ? 1 : 0) | (c == 32 ? 2 : 0);
	}
}

/* The golden model of the runs of elements [lo, hi) of case c (ctx); lo is
 * a multiple of 32. */
static void golden_runs(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const int32_t *x = c->buf[CJ_B_X].data;
	for (int64_t w = lo; w < hi; w += 32)
		golden_run(x, w, hi, c->buf[CJ_B_COUNT].expect, c->buf[CJ_B_FLAGS].expect);
}

/* How a case's x is drawn. */
enum votes {
	/* warp 0 alternates +k / -k (16 true), warp 1 is all positive */
	SAMPLE,
	/* Every run of 32 gets a pattern in turn (starting at a random one), so
	 * each case mixes warps where no lane, every lane, one lane and some
	 * lanes vote true. Values are random: positive where the vote is true,
	 * else <= 0. */
	PATTERNED,
	ONE_POSITIVE, /* one element, in [1, 100] */
};

/* A case: {name, {n, blockDim.x, runs of 32 per warp}, n on the emulator
 * when fewer}, and how its x is drawn. */
struct vote_row {
	struct case_row head;
	enum votes votes;
};

struct patterned {
	int32_t *x;
	int first; /* the pattern of run 0 */
};

static void fill_patterned(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct patterned *d = ctx;
	for (int64_t w = lo; w < hi; w += 32) {
		enum lane_pattern p = (enum lane_pattern)((d->first + w / 32) % PATTERNS);
		int special = (int)rng_range(rng, 0, 31);
		for (int k = 0; k < 32 && w + k < hi; ++k)
			d->x[w + k] = lane_picked(rng, p, k, special)
			                      ? (int32_t)rng_range(rng, 1, 1000000)
			                      : (int32_t)rng_range(rng, -1000000, 0);
	}
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct vote_row *r = row;
	int64_t n = c->param[CJ_P_N];
	int32_t *x = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n)->data;
	case_buf(set, c, "count", CJ_I32, CJ_OUT, (uint64_t)n);
	case_buf(set, c, "flags", CJ_I32, CJ_OUT, (uint64_t)n);
	if (r->votes == SAMPLE) {
		for (int i = 0; i < n; ++i)
			x[i] = i < 32 && i % 2 ? -(i + 1) : i + 1;
	} else if (r->votes == ONE_POSITIVE) {
		x[0] = (int32_t)rng_range(rng, 1, 100);
	} else {
		struct patterned d = {x, (int)rng_range(rng, 0, PATTERNS - 1)};
		fill_case(c, rng, n, CASE_CHUNK, fill_patterned, &d);
	}
	parallel_chunks(n, CASE_CHUNK, golden_runs, c);
}

/* clang-format off */
static const struct vote_row case_rows[] = {
	{{LT("sample: two warps", "样例：两个 warp"), {64, 64, 1}}, SAMPLE},
	{{LT("every pattern, block 32", "各种模式，block 32"), {32 * 40, 32, 1}}, PATTERNED},
	{{LT("partial last warp, block 96", "最后一个 warp 不满，block 96"), {96 * 5 + 45, 96, 1}}, PATTERNED},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1}}, ONE_POSITIVE},
	{{LT("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"), {1024 * 5 + 77, 1024, 1}}, PATTERNED},
	{{LT("random, block 256", "随机，block 256"), {100003, 256, 1}, 20003}, PATTERNED},
	{{LT("4 runs of 32 per warp", "每个 warp 处理 4 段 32 个"), {20000 + 13, 128, 4}}, PATTERNED},
	{{LT("timed", "计时"), {PERF_N, 256, 8}}, PATTERNED},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	where_in_runs(index, c->param[CJ_P_CHUNKS], c->param[CJ_P_BLOCK], w); /* see glue.cuh */
}

/* What a known mistake returns in lane k of a run whose lanes' votes are the
 * bits of `votes` (lanes past n vote false). */
typedef int32_t (*mistake_fn)(uint32_t votes, int k);

static int32_t own_vote(uint32_t votes, int k)
{
	return votes >> k & 1;
}

static int32_t rank_upto(uint32_t votes, int k)
{
	return __builtin_popcount(votes & ((2u << k) - 1)); /* lanes 0..k */
}

static int32_t rank_from(uint32_t votes, int k)
{
	return __builtin_popcount(votes >> k);
}

static int32_t count_false(uint32_t votes, int k)
{
	(void)k;
	return 32 - __builtin_popcount(votes);
}

static int32_t flags_swapped(uint32_t votes, int k)
{
	(void)k;
	int c = __builtin_popcount(votes);
	return (c == 32 ? 1 : 0) | (c > 0 ? 2 : 0);
}

static int32_t flags_own(uint32_t votes, int k)
{
	return votes >> k & 1 ? 3 : 0;
}

/* A look for a mistake over every run of a buffer, in chunks on every core:
 * a chunk that finds what rules the mistake out says so, and the chunks
 * after it stop. */
struct mistake_look {
	const struct jcase *c;
	int buf;
	mistake_fn mistake; /* every_lane */
	bool ruled_out;     /* taken atomically */
	bool others_wrong;  /* only_lane0: a lane other than 0 is wrong */
};

static bool ruled_out(struct mistake_look *l)
{
	return __atomic_load_n(&l->ruled_out, __ATOMIC_RELAXED);
}

static void rule_out(struct mistake_look *l)
{
	__atomic_store_n(&l->ruled_out, true, __ATOMIC_RELAXED);
}

static void every_lane_range(void *ctx, int64_t lo, int64_t hi)
{
	struct mistake_look *l = ctx;
	const int32_t *x = l->c->buf[CJ_B_X].data, *got = l->c->buf[l->buf].data;
	for (int64_t w = lo; w < hi && !ruled_out(l); w += 32) {
		int lanes = hi - w < 32 ? (int)(hi - w) : 32;
		uint32_t votes = 0;
		for (int k = 0; k < lanes; ++k)
			votes |= (uint32_t)(x[w + k] > 0) << k;
		for (int k = 0; k < lanes; ++k)
			if (got[w + k] != l->mistake(votes, k)) {
				rule_out(l);
				break;
			}
	}
}

/* True when every element of buffer buf is what `mistake` predicts. */
static bool every_lane(const struct jcase *c, int buf, mistake_fn mistake)
{
	struct mistake_look l = {c, buf, mistake, false, false};
	parallel_chunks(c->param[CJ_P_N], CASE_CHUNK, every_lane_range, &l);
	return !l.ruled_out;
}

static void lane0_range(void *ctx, int64_t lo, int64_t hi)
{
	struct mistake_look *l = ctx;
	const int32_t *got = l->c->buf[l->buf].data, *want = l->c->buf[l->buf].expect;
	bool others_wrong = false;
	for (int64_t w = lo; w < hi && !ruled_out(l); w += 32) {
		if (got[w] != want[w]) {
			rule_out(l);
			break;
		}
		for (int64_t i = w + 1; i < w + 32 && i < hi; ++i)
			others_wrong |= got[i] != want[i];
	}
	if (others_wrong)
		__atomic_store_n(&l->others_wrong, true, __ATOMIC_RELAXED);
}

/* True when lane 0 of every run is right and some other lane is wrong. */
static bool only_lane0(const struct jcase *c, int buf)
{
	struct mistake_look l = {c, buf, NULL, false, false};
	parallel_chunks(c->param[CJ_P_N], CASE_CHUNK, lane0_range, &l);
	return !l.ruled_out && l.others_wrong;
}

/* The known mistakes, in the order they are tried: the buffer, what lane k
 * of a run returns under the mistake (NULL: only lane 0 is right), and what
 * to say. */
static const struct mistake {
	int buf;
	mistake_fn fn;
	struct lang_pair text;
} mistakes[] = {
        {CJ_B_COUNT, own_vote,
         LT("each lane returned its own vote (0 or 1): __ballot_sync gathers "
            "every lane's vote into one 32-bit mask, and __popc counts its "
            "bits",
            "每个 lane 都返回了自己的投票（0 或 1）：__ballot_sync 把每个 "
            "lane 的投票收集成一个 32 位掩码，再用 __popc 数出其中的 1")},
        {CJ_B_COUNT, rank_upto,
         LT("lane k counted only lanes 0..k: that is a rank (what warp_compact "
            "needs), not the warp's total; count every bit of the ballot",
            "lane k 只数了 lane 0..k：这是排名（warp_compact "
            "需要的东西），不是整个 warp 的总数；要数 ballot 的每一位")},
        {CJ_B_COUNT, rank_from,
         LT("lane k counted only lanes k..31 (was the ballot shifted by the "
            "lane number?): every lane must count all 32 bits",
            "lane k 只数了 lane k..31（是不是把 ballot 按 lane "
            "编号移位了？）：每个 lane 都要数全部 32 位")},
        {CJ_B_COUNT, count_false,
         LT("the count is of lanes whose pred is false: count the set bits of "
            "__ballot_sync(0xffffffff, pred)",
            "数的是 pred 为假的 lane：应该数 __ballot_sync(0xffffffff, pred) "
            "中为 1 的位")},
        {CJ_B_COUNT, NULL,
         LT("only lane 0 has the right count: every lane must return it "
            "(__ballot_sync gives every lane the same mask)",
            "只有 lane 0 的计数正确：每个 lane 都必须返回它（__ballot_sync "
            "给每个 lane 的掩码都一样）")},
        {CJ_B_FLAGS, flags_swapped,
         LT("*any and *all are swapped: any is true when at least one lane "
            "votes true (__any_sync), all when every lane does (__all_sync)",
            "*any 和 *all 弄反了：至少一个 lane 投真时 any "
            "为真（__any_sync），每个 lane 都投真时 all 为真（__all_sync）")},
        {CJ_B_FLAGS, flags_own,
         LT("*any and *all only reflect the lane's own vote: they are about "
            "the whole warp (__any_sync, __all_sync)",
            "*any 和 *all 只反映了 lane 自己的投票：它们说的是整个 "
            "warp（__any_sync、__all_sync）")},
        {CJ_B_FLAGS, NULL,
         LT("only lane 0 has the right *any and *all: every lane must set them",
            "只有 lane 0 的 *any 和 *all 正确：每个 lane 都必须设置它们")},
};

static const char *diagnose_mistake(const struct jcase *c, const struct case_findings *f)
{
	for (const struct mistake *m = mistakes;
	     m < mistakes + sizeof mistakes / sizeof mistakes[0]; ++m)
		if (f->bad_buf == m->buf &&
		    (m->fn ? every_lane(c, m->buf, m->fn) : only_lane0(c, m->buf)))
			return lang_pick(m->text);
	return NULL;
}

/* What a value of the flags buffer means: bit 0 is *any, bit 1 is *all. */
static const char *flags_words(int32_t v)
{
	switch (v) {
	case 0:
		return L("0 (*any false, *all false)", "0（*any 为假，*all 为假）");
	case 1:
		return L("1 (*any true, *all false)", "1（*any 为真，*all 为假）");
	case 2:
		return L("2 (*any false, *all true)", "2（*any 为假，*all 为真）");
	case 3:
		return L("3 (*any true, *all true)", "3（*any 为真，*all 为真）");
	default:
		return L("a value that is neither 0, 1, 2 nor 3", "一个不是 0、1、2、3 的值");
	}
}

/* The flags buffer in words, from its first mismatch: the learner never
 * sees the encoding otherwise. */
static const char *flags_explained(const struct case_findings *f, const char *mistake)
{
	static char text[768];
	const struct mismatch *m = &f->report.shown[0];
	int32_t want = (int32_t)m->want, got = (int32_t)m->got;
	char meaning[512];
	snprintf(meaning, sizeof meaning,
	         L("flags holds each lane's *any in bit 0 and its *all in bit 1 (flags = *any + 2 "
	           "* *all): element %llu should be %s but is %s",
	           "flags 用第 0 位存每个 lane 的 *any，第 1 位存它的 *all（flags = *any + 2 * "
	           "*all）：第 %llu 个元素应为 %s，实际是 %s"),
	         (unsigned long long)m->index, flags_words(want), flags_words(got));
	if (mistake)
		snprintf(text, sizeof text, L("%s. %s", "%s。注：%s"), mistake, meaning);
	else
		snprintf(text, sizeof text, "%s", meaning);
	return text;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	/* (flags never written: the engine's own diagnosis says so) */
	if (f->bad_buf == CJ_B_FLAGS && f->report.nshown > 0 &&
	    f->report.unwritten < f->report.bad) {
		const char *mistake = diagnose_mistake(c, f);
		return flags_explained(f, mistake);
	}
	return diagnose_mistake(c, f);
}

TABLE_PROBLEM(warp_vote, locate, diagnose);
