/* What a timed case's median says of the memory traffic: GB/s, the percent
 * of copy bandwidth or of the exercise's own ceiling, and the tier; see
 * bandwidth.c. */
#ifndef HARNESS_ENGINE_VERDICT_BANDWIDTH_H
#define HARNESS_ENGINE_VERDICT_BANDWIDTH_H

#include "config/catalog.h"
#include "report/report.h"

/* Fills t's bandwidth fields from t->median_ms, t->copy_gbps (0: no device
 * measured) and the exercise's perf: nothing but bandwidth = false when its
 * time is not about memory traffic. */
void grade_bandwidth(struct timing *t, const struct perf_spec *perf);

#endif
