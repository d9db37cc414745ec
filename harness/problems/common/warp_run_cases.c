/* Which rows of warp_run_cases.h are each exercise's cases. */
#include "warp_run_cases.h"

static bool has(const void *row, enum warp_run_exercise which)
{
	const struct warp_run_range *r = &((const struct warp_run_row *)row)->range[which];
	return r->lo <= r->hi;
}

bool warp_run_scan_has(const void *row)
{
	return has(row, WARP_RUN_SCAN);
}

bool warp_run_reduce_has(const void *row)
{
	return has(row, WARP_RUN_REDUCE);
}
