/* The exercises that have a harness. */
#include <string.h>

#include "../engine/util.h"
#include "problem.h"

extern const struct problem warp_scan_problem;
extern const struct problem atomic_max_float_problem;
extern const struct problem block_reduce_sum_problem;
extern const struct problem warp_reduce_problem;
extern const struct problem warp_allreduce_problem;
extern const struct problem histogram_problem;
extern const struct problem cg_reduce_problem;
extern const struct problem warp_vote_problem;
extern const struct problem warp_compact_problem;
extern const struct problem warp_softmax_problem;
extern const struct problem block_softmax_problem;
extern const struct problem block_scan_problem;
extern const struct problem global_softmax_problem;
extern const struct problem branch_by_warp_problem;
extern const struct problem grid_stride_problem;
extern const struct problem smem_reverse_problem;
extern const struct problem shared_reduce_problem;
extern const struct problem transpose_problem;
extern const struct problem stream_overlap_problem;
extern const struct problem event_dependency_problem;
extern const struct problem atomic_add_cas_problem;
extern const struct problem message_passing_problem;
extern const struct problem atomic_ref_flag_problem;
extern const struct problem last_block_reduce_problem;
extern const struct problem barrier_phases_problem;
extern const struct problem memcpy_async_problem;
extern const struct problem grid_sync_problem;

/* One exercise per line, so that adding an exercise is a one-line change. */
/* clang-format off */
const struct problem *const all_problems[] = {
        &warp_scan_problem,
        &atomic_max_float_problem,
        &block_reduce_sum_problem,
        &warp_reduce_problem,
        &warp_allreduce_problem,
        &histogram_problem,
        &cg_reduce_problem,
        &warp_vote_problem,
        &warp_compact_problem,
        &warp_softmax_problem,
        &block_softmax_problem,
        &block_scan_problem,
        &global_softmax_problem,
        &branch_by_warp_problem,
        &grid_stride_problem,
        &smem_reverse_problem,
        &shared_reduce_problem,
        &transpose_problem,
        &stream_overlap_problem,
        &event_dependency_problem,
        &atomic_add_cas_problem,
        &message_passing_problem,
        &atomic_ref_flag_problem,
        &last_block_reduce_problem,
        &barrier_phases_problem,
        &memcpy_async_problem,
        &grid_sync_problem,
        NULL,
};
/* clang-format on */

const struct problem *problem_find(const char *id)
{
	for (int i = 0; all_problems[i]; ++i)
		if (!strcmp(all_problems[i]->id, id))
			return all_problems[i];
	return NULL;
}

/* The exercises whose glue defines cj_host_run. */
static const char *const host_driven[] = {"stream_overlap", "event_dependency", NULL};

bool problem_is_host_driven(const char *id)
{
	for (int i = 0; host_driven[i]; ++i)
		if (!strcmp(host_driven[i], id))
			return true;
	return false;
}

char *problem_glue_path(const char *root, const char *id)
{
	return xasprintf("%s/harness/problems/%s/glue.cuh", root, id);
}
