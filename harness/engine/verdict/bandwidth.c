/*
 * The bandwidth a timed case reached and its tier. The bytes are those the
 * exercise must move (perf.n * perf.bytes_per_elem), set against this GPU's
 * copy bandwidth; where the exercise's own access pattern has a lower
 * ceiling (perf.ceiling, a percent of copy bandwidth measured with a kernel
 * of that pattern by bench/ceilings.py), the tier is of that ceiling. Gold
 * from 90 %, silver from 80 %, bronze from 50 %.
 */
#include "verdict/bandwidth.h"

void grade_bandwidth(struct timing *t, const struct perf_spec *perf)
{
	t->bandwidth = perf->bandwidth;
	t->tier = NULL;
	t->gbps = t->pct_of_copy = 0;
	t->ceiling_pct = t->ceiling_gbps = t->pct_of_ceiling = 0;
	if (!t->bandwidth || t->median_ms <= 0)
		return;
	double bytes = (double)perf->n * perf->bytes_per_elem;
	t->gbps = bytes / (t->median_ms * 1e-3) / 1e9;
	if (t->copy_gbps <= 0)
		return; /* no device measured: no percent, no tier */
	t->pct_of_copy = 100.0 * t->gbps / t->copy_gbps;
	double graded = t->pct_of_copy;
	if (perf->ceiling_pct > 0) {
		t->ceiling_pct = perf->ceiling_pct;
		t->ceiling_gbps = t->copy_gbps * perf->ceiling_pct / 100;
		t->pct_of_ceiling = 100.0 * t->gbps / t->ceiling_gbps;
		t->ceiling_why = perf->ceiling_why;
		graded = t->pct_of_ceiling;
	}
	t->tier = graded >= 90 ? "gold" : graded >= 80 ? "silver" : graded >= 50 ? "bronze" : NULL;
}
