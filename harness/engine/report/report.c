/* JSON lines for judge.py; see report.h. */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"
#include "util.h"

static void emit(struct strbuf *b)
{
	char *s = sb_take(b);
	puts(s);
	fflush(stdout);
	free(s);
}

/* A number rounded to `per` parts of its unit (10: tenths). */
static double rounded(double v, double per)
{
	return round(v * per) / per;
}

static double clock_start = -1; /* when the judgement started (report_clock_start) */

void report_clock_start(double t)
{
	clock_start = t;
}

/* One phase event; seconds < 0: none; when: what "at" says, as now_s() tells
 * time (nothing without the judgement's start). */
static void phase_event(const char *phase, const char *state, double seconds, double when)
{
	struct strbuf b = {0};
	sb_puts(&b, "{\"type\":\"phase\",\"phase\":");
	json_str(&b, phase);
	sb_puts(&b, ",\"state\":");
	json_str(&b, state);
	if (seconds >= 0) {
		sb_puts(&b, ",\"seconds\":");
		json_num(&b, seconds);
	}
	if (clock_start >= 0) {
		sb_puts(&b, ",\"at\":");
		json_num(&b, rounded(when - clock_start, 1000));
	}
	sb_puts(&b, "}");
	emit(&b);
}

void report_phase_at(const char *phase, const char *state, double when)
{
	if (clock_start >= 0 && when > 0)
		phase_event(phase, state, -1, when);
}

void report_phase(const char *phase, const char *state, double seconds)
{
	phase_event(phase, state, seconds, now_s());
}

static void value(struct strbuf *b, uint32_t elem, double v)
{
	(void)elem;
	json_num(b, v);
}

static void mismatch_json(struct strbuf *b, const struct problem *p, const struct jcase *c, int buf,
                          const struct mismatch *m)
{
	struct where w = {-1, -1};
	p->locate(c, buf, m->index, &w);
	sb_puts(b, "{\"buffer\":");
	json_str(b, c->buf[buf].name);
	sb_printf(b, ",\"index\":%llu,\"block\":%lld,\"thread\":%lld,\"warp\":%lld,\"lane\":%lld",
	          (unsigned long long)m->index, (long long)w.block, (long long)w.thread,
	          w.thread >= 0 ? (long long)(w.thread / 32) : -1LL,
	          w.thread >= 0 ? (long long)(w.thread % 32) : -1LL);
	sb_puts(b, ",\"expected\":");
	value(b, c->buf[buf].elem, m->want);
	sb_puts(b, ",\"got\":");
	value(b, c->buf[buf].elem, m->got);
	sb_printf(b, ",\"unwritten\":%s}",
	          m->got_bits == c->buf[buf].poison * 0x01010101u ? "true" : "false");
}

char *report_case(const struct problem *p, const struct case_outcome *o)
{
	struct strbuf b = {0};
	const struct jcase *c = o->c;
	const struct buffer_report *r = &o->f.report;
	sb_puts(&b, "{\"type\":\"case\",\"name\":");
	json_str(&b, c->name);
	sb_puts(&b, ",\"verdict\":");
	json_str(&b, verdict_name(o->verdict));
	sb_puts(&b, ",\"params\":{");
	static const char *const names[] = {"n", "block"};
	for (int i = 0; i < 2; ++i)
		sb_printf(&b, "%s\"%s\":%lld", i ? "," : "", names[i], (long long)c->param[i]);
	/* every parameter, in the order the problem's glue documents them */
	sb_puts(&b, "},\"param\":[");
	for (int i = 0; i < CJ_MAX_PARAMS; ++i)
		sb_printf(&b, "%s%lld", i ? "," : "", (long long)c->param[i]);
	sb_puts(&b, "]");
	int bad = o->f.bad_buf;
	sb_printf(&b, ",\"buffer\":");
	json_str(&b, bad >= 0 ? c->buf[bad].name : NULL);
	sb_printf(&b, ",\"total\":%llu,\"bad\":%llu,\"unwritten\":%llu,\"mismatches\":[",
	          (unsigned long long)(bad >= 0 ? r->total : 0),
	          (unsigned long long)(bad >= 0 ? r->bad : 0),
	          (unsigned long long)(bad >= 0 ? r->unwritten : 0));
	for (int i = 0; bad >= 0 && i < r->nshown; ++i) {
		if (i)
			sb_puts(&b, ",");
		mismatch_json(&b, p, c, bad, &r->shown[i]);
	}
	sb_puts(&b, "],\"last\":");
	if (bad >= 0 && r->bad > (uint64_t)r->nshown)
		mismatch_json(&b, p, c, bad, &r->last);
	else
		sb_puts(&b, "null");
	sb_puts(&b, ",\"diagnosis\":");
	json_str(&b, o->diagnosis);
	sb_puts(&b, ",\"diagnosis_code\":");
	json_str(&b, o->diagnosis ? text_code_name(o->diagnosis_code) : NULL);
	sb_puts(&b, ",\"detail\":");
	json_str(&b, o->detail[0] ? o->detail : NULL);
	message_json(&b, "detail_code", "detail_fields", &o->said);
	sb_puts(&b, ",\"speed\":");
	if (o->speed.reps > 0) {
		sb_printf(&b, "{\"reps\":%u", o->speed.reps);
		json_kv_num(&b, "learner_ms", o->speed.learner_ms);
		json_kv_num(&b, "baseline_ms", o->speed.baseline_ms);
		json_kv_num(&b, "speedup", rounded(o->speed.speedup, 1000));
		json_kv_num(&b, "needs", o->speed.needs);
		sb_puts(&b, "}");
	} else {
		sb_puts(&b, "null");
	}
	sb_puts(&b, ",\"time_ms\":");
	if (o->time_ms >= 0)
		json_num(&b, o->time_ms);
	else
		sb_puts(&b, "null");
	sb_puts(&b, ",\"seconds\":");
	if (o->seconds >= 0)
		json_num(&b, o->seconds);
	else
		sb_puts(&b, "null");
	sb_puts(&b, "}");
	char *s = sb_take(&b);
	puts(s);
	fflush(stdout);
	return s;
}

/* v, or null where it means nothing (!have). */
static void json_num_or_null(struct strbuf *b, bool have, double v)
{
	if (have)
		json_num(b, v);
	else
		sb_puts(b, "null");
}

static void timing_json(struct strbuf *b, const struct timing *t)
{
	if (!t->have) {
		sb_puts(b, "null");
		return;
	}
	sb_puts(b, "{");
	json_kv_num(b, "median_ms", t->median_ms);
	json_kv_num(b, "min_ms", t->min_ms);
	json_kv_num(b, "max_ms", t->max_ms);
	sb_printf(b, ",\"reps\":%u", t->reps);
	json_kv_num(b, "copy_gbps", rounded(t->copy_gbps, 10));
	json_key(b, "gbps");
	json_num_or_null(b, t->bandwidth, rounded(t->gbps, 10));
	json_key(b, "pct_of_copy");
	json_num_or_null(b, t->bandwidth, rounded(t->pct_of_copy, 10));
	json_key(b, "ceiling");
	if (t->ceiling_pct > 0) {
		sb_puts(b, "{");
		json_kv_num(b, "pct_of_copy", rounded(t->ceiling_pct, 10));
		json_kv_num(b, "gbps", rounded(t->ceiling_gbps, 10));
		/* both languages: the page says it in either */
		json_kv_pair(b, "why", t->ceiling_why.en, t->ceiling_why.zh);
		sb_puts(b, "}");
	} else {
		sb_puts(b, "null");
	}
	json_key(b, "pct_of_ceiling");
	json_num_or_null(b, t->ceiling_pct > 0, rounded(t->pct_of_ceiling, 10));
	json_kv_str(b, "tier", t->tier);
	json_key(b, "ref_median_ms");
	json_num_or_null(b, t->ref_median_ms >= 0, t->ref_median_ms);
	json_key(b, "ratio_to_ref");
	json_num_or_null(b, t->ref_median_ms > 0, rounded(t->ratio_to_ref, 1000));
	json_kv_str(b, "ref_from", t->ref_median_ms > 0 ? t->ref_from : NULL);
	if (t->ref_median_ms > 0 && t->ref_from && !strcmp(t->ref_from, "kept"))
		json_kv_num(b, "ref_age_s", rounded(t->ref_age_s, 10));
	if (t->rounds > 1) {
		sb_printf(b, ",\"best_round\":%u,\"rounds\":[", t->best_round + 1);
		for (unsigned k = 0; k < t->rounds; ++k) {
			sb_puts(b, k ? ",{" : "{");
			json_kv_num(b, "median_ms", t->round_ms[k]);
			json_key(b, "ref_median_ms");
			json_num_or_null(b, t->round_ref_ms[k] > 0, t->round_ref_ms[k]);
			sb_puts(b, "}");
		}
		sb_puts(b, "]");
	}
	sb_puts(b, "}");
}

void report_summary(const struct summary *s, char *const case_json[], int ncases)
{
	struct strbuf b = {0};
	sb_puts(&b, "{\"type\":\"summary\"");
	json_kv_str(&b, "id", s->id);
	json_kv_str(&b, "file", s->file);
	json_kv_str(&b, "verdict", verdict_name(s->verdict));
	json_kv_str(&b, "backend", s->backend);
	sb_printf(&b, ",\"seed\":%llu", (unsigned long long)s->seed);
	json_kv_str(&b, "message", s->message ? s->message : "");
	if (s->said)
		message_json(&b, "code", "fields", s->said);
	sb_puts(&b, ",\"note\":");
	json_str(&b, s->note);
	json_kv_str(&b, "compile_log", s->compile_log ? s->compile_log : "");
	json_kv_str(&b, "program_output", s->program_output ? s->program_output : "");
	sb_puts(&b, ",\"cases\":[");
	for (int i = 0; i < ncases; ++i)
		sb_printf(&b, "%s%s", i ? "," : "", case_json[i]);
	sb_puts(&b, "],\"timing\":");
	timing_json(&b, &s->timing);
	json_kv_str(&b, "cases_from", s->cases_from);
	/* the phases' seconds, to the millisecond */
	static const char *const phases[] = {
	        "device", "compile",   "link",      "cases",   "cases_wait", "rules",     "wait",
	        "run",    "run_start", "run_timed", "run_end", "check",      "reference", "total"};
	const double seconds[] = {s->device_s,     s->compile_s,   s->link_s,    s->cases_s,
	                          s->cases_wait_s, s->rules_s,     s->wait_s,    s->run_s,
	                          s->run_start_s,  s->run_timed_s, s->run_end_s, s->check_s,
	                          s->reference_s,  s->total_s};
	sb_puts(&b, ",\"phases_s\":{");
	for (size_t i = 0; i < sizeof phases / sizeof *phases; ++i)
		json_kv_num(&b, phases[i], rounded(seconds[i], 1000));
	sb_printf(&b, "},\"build\":{\"cached\":%s", s->build_cached ? "true" : "false");
	sb_puts(&b, "},\"device\":");
	if (s->device && s->device->found) {
		sb_puts(&b, "{\"name\":");
		json_str(&b, s->device->name);
		sb_printf(&b, ",\"cc\":%d", s->device->cc);
		json_kv_num(&b, "copy_gbps", rounded(s->device->copy_gbps, 10));
		sb_puts(&b, "}");
	} else {
		sb_puts(&b, "null");
	}
	if (s->rules_json)
		sb_printf(&b, ",\"rules\":%s", s->rules_json);
	if (s->profile_json)
		sb_printf(&b, ",\"profile\":%s", s->profile_json);
	sb_puts(&b, "}");
	emit(&b);
}
