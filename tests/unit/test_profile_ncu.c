/*
 * Nsight Compute's CSV read into the profile's figures (harness/engine/
 * profile/profile_ncu.c) and the findings made of them on a GPU
 * (profile_report.c), without a GPU: CSVs recorded on an H200
 * (tests/profile/ncu/) and hand-made edge cases: header lines, thousands
 * separators, "n/a", a missing metric, several launches (summed; the longest
 * launch's ratios), the judge's own cj_ kernels skipped, ncu's refusals, the
 * DRAM throughput against the copy bandwidth (or without either).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/profile.h"
#include "report/json.h"
#include "util.h"
#include "unit.h"

static const char *ncu_dir = "tests/profile/ncu";

#define HEADER                                                                                     \
	"\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\","        \
	"\"Stream\",\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric "     \
	"Name\",\"Metric Unit\",\"Metric Value\"\n"

/* One row of a launch `id` of `kernel`. */
#define ROW(id, kernel, block, grid, metric, value)                                                \
	"\"" id "\",\"1\",\"r\",\"h\",\"" kernel "\",\"1\",\"7\",\"" block "\",\"" grid            \
	"\",\"0\",\"9.0\",\"Command line profiler metrics\",\"" metric "\",\"\",\"" value "\"\n"

static char *recorded(const char *name)
{
	char *path = xasprintf("%s/%s", ncu_dir, name);
	char *text = read_file(path, NULL);
	CHECK_MSG(text != NULL, "cannot read %s", path);
	free(path);
	return text;
}

/* The header lines and rows of `text` whose launch ID is `id`. */
static char *launch_of(const char *text, const char *id)
{
	struct strbuf b = {0};
	char *quoted = xasprintf("\"%s\",", id);
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) + 1 : strlen(line);
		if (line[0] != '"' || !strncmp(line, "\"ID\"", 4) ||
		    !strncmp(line, quoted, strlen(quoted)))
			sb_printf(&b, "%.*s", (int)len, line);
		line += len;
	}
	free(quoted);
	return sb_take(&b);
}

static void test_recorded_transpose(void)
{
	char *all = recorded("four_kernels.csv");
	char *csv = launch_of(all, "0");
	struct profile_figures f;
	CHECK(ncu_parse(csv, &f));
	CHECK(f.made && f.gpu.on);
	CHECK_INT(f.launches, ==, 1);
	CHECK_UINT(f.grid[0], ==, 128);
	CHECK_UINT(f.grid[1], ==, 128);
	CHECK_UINT(f.block[0], ==, 32);
	CHECK_UINT(f.block[1], ==, 8);
	CHECK_UINT(f.blocks, ==, 16384);
	CHECK_UINT(f.warps, ==, 16384 * 8);
	CHECK_STR_EQ(f.gpu.kernel, "transpose_unpadded(const float *, float *, int)");
	/* "16,905,919" + "562,985" wavefronts, "16,381,631" + "38,697" conflicts */
	CHECK_UINT(f.wavefronts, ==, 16905919 + 562985);
	CHECK_UINT(f.gpu.bank_conflicts, ==, 16381631 + 38697);
	CHECK_UINT(f.ideal_wavefronts, ==, 1048576);
	/* no shared instruction counts in this CSV: one request per ideal wavefront */
	CHECK_UINT(f.shared_steps[ACCESS_LOAD], ==, 524288);
	CHECK_UINT(f.global_steps[ACCESS_LOAD], ==, 524288);
	CHECK_UINT(f.global_steps[ACCESS_STORE], ==, 524288);
	CHECK_UINT(f.sectors, ==, 4194304);
	CHECK_UINT(f.ideal_sectors, ==, 4194304);
	CHECK_UINT(f.gpu.registers, ==, 28);
	CHECK_UINT(f.gpu.limit[NCU_BY_REGISTERS], ==, 8);
	CHECK_UINT(f.gpu.limit[NCU_BY_SHARED], ==, 20);
	CHECK_DBL(f.gpu.occupancy_pct, ==, 100);
	CHECK_DBL(f.gpu.achieved_pct, ==, 93.15);
	CHECK_DBL(f.gpu.time_ns, ==, 84384);
	CHECK_DBL(f.gpu.lanes, ==, 32);
	/* "67,142,528" read and "46,661,632" written at DRAM in 84,384 ns */
	CHECK_DBL(f.gpu.dram_bytes, ==, 67142528.0 + 46661632.0);
	CHECK_DBL(f.gpu.dram_time_ns, ==, 84384);
	free(csv);
	free(all);
}

static void test_recorded_runner(void)
{
	char *csv = recorded("runner_transpose.csv");
	struct profile_figures f;
	CHECK(ncu_parse(csv, &f));
	CHECK_INT(f.launches, ==, 1);
	CHECK_STR_EQ(f.gpu.kernel, "transpose(const float *, float *, int, int)");
	CHECK_UINT(f.block[0], ==, 64);
	CHECK_UINT(f.global_steps[ACCESS_LOAD], ==, 128);
	CHECK_UINT(f.sectors, ==, 512);
	CHECK_UINT(f.gpu.bank_conflicts, ==, 3968);
	/* most metrics were not asked for in that run: listed as missing */
	struct strbuf b = {0};
	ncu_missing(&f, &b);
	char *missing = sb_take(&b);
	CHECK_CONTAINS(missing, "\"smsp__sass_branch_targets.sum\"");
	CHECK(strstr(missing, "gpu__time_duration") == NULL);
	/* no bytes at DRAM in this CSV: no throughput, the metrics missing */
	CHECK_CONTAINS(missing, "\"dram__bytes_read.sum\",\"dram__bytes_write.sum\"");
	CHECK_DBL(f.gpu.dram_bytes, ==, 0);
	CHECK_DBL(f.gpu.dram_time_ns, ==, 0);
	free(missing);
	free(csv);
}

static void test_own_kernels_skipped(void)
{
	char *csv = recorded("divergent.csv");
	struct profile_figures f;
	CHECK(ncu_parse(csv, &f));
	CHECK_INT(f.launches, ==, 1);
	CHECK_STR_EQ(f.gpu.kernel, "divergent(float *, int)");
	CHECK_UINT(f.branch_steps, ==, 1048576);
	CHECK_UINT(f.partial_steps, ==, 524288);
	CHECK_DBL(f.gpu.lanes, ==, 17.29);
	/* the cj_ launch's bytes at DRAM are not counted: one launch's alone */
	CHECK_DBL(f.gpu.dram_bytes, ==, 65536.0 + 39845888.0);
	CHECK_DBL(f.gpu.dram_time_ns, ==, 116960);
	free(csv);
	/* only the judge's own kernels: nothing of the learner's */
	const char *own = "==PROF== Connected to process 1 (/x)\n" HEADER ROW(
	        "0", "cj_l2_flush_read(const float4 *, int)", "(256, 1, 1)", "(4, 1, 1)",
	        "gpu__time_duration.sum", "1,000");
	CHECK(!ncu_parse(own, &f));
}

static void test_edge_cases(void)
{
	struct profile_figures f;
	CHECK(!ncu_parse(NULL, &f));
	CHECK(!ncu_parse("", &f));
	CHECK(!ncu_parse("==PROF== Disconnected from process 1\n==WARNING== No kernels were "
	                 "profiled.\n",
	                 &f));
	CHECK(!ncu_parse(HEADER, &f));
	/* n/a and garbage are missing values, not zeros; a row with too few
	 * fields is skipped; CRLF line ends */
	const char *odd = "==WARNING== Note: Running with unmodified GPU clocks.\r\n" HEADER ROW(
	        "0", "k(int, \"\"q\"\")", "(32, 1, 1)", "(2, 1, 1)",
	        "smsp__sass_branch_targets.sum", "n/a")
	        ROW("0", "k(int, \"\"q\"\")", "(32, 1, 1)", "(2, 1, 1)",
	            "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "1,234")
	                ROW("0", "k(int, \"\"q\"\")", "(32, 1, 1)", "(2, 1, 1)",
	                    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
	                    "12x") "\"0\",\"1\",\"short row\"\n";
	CHECK(ncu_parse(odd, &f));
	CHECK_STR_EQ(f.gpu.kernel, "k(int, \"q\")");
	CHECK_UINT(f.global_steps[ACCESS_LOAD], ==, 1234);
	CHECK_UINT(f.sectors, ==, 0);
	CHECK_UINT(f.branch_steps, ==, 0);
	struct strbuf b = {0};
	ncu_missing(&f, &b);
	char *missing = sb_take(&b);
	CHECK_CONTAINS(missing, "\"smsp__sass_branch_targets.sum\"");
	CHECK_CONTAINS(missing, "\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\"");
	free(missing);
}

/* Several launches: counters summed, blocks and warps too; the ratios and
 * percentages (and the kernel named) of the longest. */
static void test_several_launches(void)
{
	const char *two = HEADER ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)",
	                             "gpu__time_duration.sum", "1,000")
	        ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)", "smsp__sass_branch_targets.sum",
	            "100") ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)",
	                       "sm__maximum_warps_per_active_cycle_pct", "50")
	                ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)", "gpu__time_duration.sum",
	                    "3,000") ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)",
	                                 "smsp__sass_branch_targets.sum", "20")
	                        ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)",
	                            "sm__maximum_warps_per_active_cycle_pct", "100");
	struct profile_figures f;
	CHECK(ncu_parse(two, &f));
	CHECK_INT(f.launches, ==, 2);
	CHECK_UINT(f.branch_steps, ==, 120);
	CHECK_UINT(f.blocks, ==, 11);
	CHECK_UINT(f.warps, ==, 10 * 2 + 4);
	CHECK_UINT(f.block[0], ==, 64); /* the first launch's shape */
	CHECK_UINT(f.threads_per_block, ==, 128);
	CHECK_DBL(f.gpu.time_ns, ==, 4000);
	CHECK_DBL(f.gpu.occupancy_pct, ==, 100);
	CHECK_STR_EQ(f.gpu.kernel, "b(int)");
	/* the bytes at DRAM of the launches that have them, over their time alone */
	const char *dram = HEADER ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)",
	                              "gpu__time_duration.sum",
	                              "1,000") ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)",
	                                           "dram__bytes_read.sum", "3,000,000")
	        ROW("0", "a(int)", "(64, 1, 1)", "(10, 1, 1)", "dram__bytes_write.sum", "1,000,000")
	                ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)", "gpu__time_duration.sum",
	                    "3,000") ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)",
	                                 "dram__bytes_read.sum", "6,000,000")
	                        ROW("1", "b(int)", "(128, 1, 1)", "(1, 1, 1)",
	                            "dram__bytes_write.sum", "2,000,000")
	                                ROW("2", "c(int)", "(32, 1, 1)", "(1, 1, 1)",
	                                    "gpu__time_duration.sum", "5,000")
	                                        ROW("2", "c(int)", "(32, 1, 1)", "(1, 1, 1)",
	                                            "dram__bytes_read.sum", "n/a");
	CHECK(ncu_parse(dram, &f));
	CHECK_INT(f.launches, ==, 3);
	CHECK_DBL(f.gpu.dram_bytes, ==, 12000000);
	CHECK_DBL(f.gpu.dram_time_ns, ==, 4000); /* c's 5,000 ns have no bytes */
	CHECK_DBL(f.gpu.time_ns, ==, 9000);
}

static void test_refusals_and_argv(void)
{
	char why[128];
	CHECK_INT(ncu_refused("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission", why,
	                      sizeof why),
	          ==, T_profile_ncu_refused);
	CHECK_STR_EQ(why, "ERR_NVGPUCTRPERM");
	CHECK_INT(
	        ncu_refused("==ERROR== Profiling is not supported on this device", why, sizeof why),
	        ==, T_profile_ncu_refused);
	CHECK_INT(ncu_refused("==PROF== Disconnected", why, sizeof why), ==, T_NONE);
	CHECK_INT(ncu_refused(NULL, why, sizeof why), ==, T_NONE);
	char *prog[] = {"runner", "--wire", "3", NULL};
	char **argv = ncu_argv("/x/ncu", "/w/ncu.csv", prog, false);
	int dashes = -1, clock = -1, n = 0;
	for (; argv[n]; ++n) {
		if (!strcmp(argv[n], "--") && dashes < 0)
			dashes = n;
		if (!strcmp(argv[n], "--clock-control"))
			clock = n;
	}
	CHECK_STR_EQ(argv[0], "/x/ncu");
	CHECK(clock > 0 && !strcmp(argv[clock + 1], "none"));
	CHECK(dashes > 0 && !strcmp(argv[dashes + 1], "runner") && n == dashes + 4);
	int metrics = -1;
	for (int i = 0; argv[i]; ++i)
		if (!strcmp(argv[i], "--metrics"))
			metrics = i + 1;
	CHECK(metrics > 0);
	if (metrics > 0) {
		CHECK_CONTAINS(argv[metrics], "smsp__inst_executed_op_shared_ld.sum");
		CHECK_CONTAINS(argv[metrics], "gpu__time_duration.sum,");
		CHECK_CONTAINS(argv[metrics], "dram__bytes_read.sum,dram__bytes_write.sum");
	}
	free(argv);
	/* again with the metrics measured on an H200 alone */
	argv = ncu_argv("/x/ncu", "/w/ncu.csv", prog, true);
	for (int i = 0; argv[i]; ++i)
		if (!strcmp(argv[i], "--metrics")) {
			CHECK(strstr(argv[i + 1], "smsp__inst_executed_op_shared_ld") == NULL);
			CHECK(strstr(argv[i + 1], "pred_on") == NULL);
			CHECK_CONTAINS(argv[i + 1],
			               "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
			CHECK_CONTAINS(argv[i + 1], "dram__bytes_read.sum,dram__bytes_write.sum");
			CHECK(argv[i + 1][0] != ',');
		}
	free(argv);
}

/* ---- findings on a GPU ---------------------------------------------------- */

static void side(struct profile_side *s, const char *file, const char *csv)
{
	memset(s, 0, sizeof *s);
	s->file = file;
	CHECK(ncu_parse(csv, &s->fig));
}

static char *signature; /* the exercise's, for findings() */

static double copy_gbps; /* the device's, for findings() */

/* The findings of learner `mine` against reference `ref` (launch IDs of
 * four_kernels.csv, or CSV texts when `text`), every cost in the table. */
static char *findings(const char *mine, const char *ref, bool text)
{
	char *all = recorded("four_kernels.csv");
	char *l = text ? xstrdup(mine) : launch_of(all, mine);
	char *r = text ? xstrdup(ref) : launch_of(all, ref);
	static struct problem_entry e;
	memset(&e, 0, sizeof e);
	e.id = "x";
	e.signature = signature;
	for (int c = 0; c < COST_COUNT; ++c) {
		e.profile.advice[c].en = "ADVICE.";
		e.profile.advice[c].zh = "建议。";
	}
	struct profile p;
	memset(&p, 0, sizeof p);
	p.backend = "gpu";
	p.device = "NVIDIA H200";
	p.copy_gbps = copy_gbps;
	side(&p.learner, "mine.cu", l);
	side(&p.reference, "reference/x.cu", r);
	char *json = profile_json(&e, &p);
	free(l);
	free(r);
	free(all);
	return json;
}

static void test_findings(void)
{
	char *json = findings("0", "1", false); /* the unpadded tile against a strided copy */
	CHECK_CONTAINS(json, "\"cost\":\"bank_conflicts\"");
	CHECK_CONTAINS(json, "\"code\":\"profile_gpu_bank_conflicts\"");
	CHECK_CONTAINS(json, "`transpose_unpadded`");
	CHECK_CONTAINS(json, "\"device\":\"NVIDIA H200\"");
	CHECK_CONTAINS(json, "\"per_warp\":null");
	CHECK(strstr(json, "\"cost\":\"coalescing\"") == NULL);
	CHECK(strstr(json, "cj_") == NULL);
	free(json);
	json = findings("1", "0", false); /* the strided copy against the tile */
	CHECK_CONTAINS(json, "\"cost\":\"coalescing\"");
	CHECK(strstr(json, "\"cost\":\"bank_conflicts\"") == NULL);
	free(json);
	json = findings("2", "0", false); /* the divergent kernel */
	CHECK_CONTAINS(json, "\"cost\":\"divergence\"");
	CHECK_CONTAINS(json, "17.3 of 32 lanes");
	free(json);
	json = findings("3", "0", false); /* the contended atomicAdd */
	CHECK_CONTAINS(json, "\"cost\":\"atomics\"");
	CHECK_CONTAINS(json, "8192 warp-wide atomics");
	CHECK_CONTAINS(json, "393728 requests");
	free(json);
	json = findings("0", "0", false); /* the same kernel: nothing stands out */
	CHECK_CONTAINS(json, "\"findings\":[]");
	CHECK_CONTAINS(json, "\"code\":\"profile_none\"");
	free(json);
}

/* The exercise's launch glue around the learner's device function is named
 * by the function, never by its own cj_ name. */
static void test_glue_named_by_the_learners_function(void)
{
	char *all = recorded("four_kernels.csv");
	char *tile = launch_of(all, "0");
	struct strbuf b = {0};
	for (const char *p = tile; *p;) {
		const char *at = strstr(p, "transpose_unpadded(");
		if (!at) {
			sb_puts(&b, p);
			break;
		}
		sb_printf(&b, "%.*scj_tile_kernel(", (int)(at - p), p);
		p = at + strlen("transpose_unpadded(");
	}
	char *glue = sb_take(&b);
	char *ref = launch_of(all, "1");
	signature = "__device__ void tile_transpose(const float *in, float *out)";
	char *json = findings(glue, ref, true);
	signature = NULL;
	CHECK_CONTAINS(json, "\"cost\":\"bank_conflicts\"");
	CHECK_CONTAINS(json, "your `tile_transpose` take");
	CHECK_CONTAINS(json, "你的 `tile_transpose`");
	CHECK(strstr(json, "accesses of your `cj_") == NULL);
	free(json);
	free(ref);
	free(glue);
	free(tile);
	free(all);
}

#define OCC(id, shared_limit, pct)                                                                 \
	HEADER ROW(id, "r(float)", "(256, 1, 1)", "(8, 1, 1)",                                     \
	           "launch__occupancy_limit_shared_mem", shared_limit)                             \
	        ROW(id, "r(float)", "(256, 1, 1)", "(8, 1, 1)", "launch__occupancy_limit_warps",   \
	            "8") ROW(id, "r(float)", "(256, 1, 1)", "(8, 1, 1)",                           \
	                     "launch__occupancy_limit_registers", "8")                             \
	                ROW(id, "r(float)", "(256, 1, 1)", "(8, 1, 1)",                            \
	                    "launch__occupancy_limit_blocks", "32")                                \
	                        ROW(id, "r(float)", "(256, 1, 1)", "(8, 1, 1)",                    \
	                            "sm__maximum_warps_per_active_cycle_pct", pct)

static void test_occupancy_finding(void)
{
	char *json = findings(OCC("0", "4", "50"), OCC("0", "32", "100"), true);
	CHECK_CONTAINS(json, "\"cost\":\"occupancy\"");
	CHECK_CONTAINS(json, "\"limited_by\":\"shared_memory\"");
	CHECK_CONTAINS(json, "room for 4 blocks of 256 threads");
	free(json);
	/* held by registers, not shared memory: not this finding */
	json = findings(OCC("0", "12", "50"), OCC("0", "32", "100"), true);
	CHECK(strstr(json, "\"cost\":\"occupancy\"") == NULL);
	CHECK_CONTAINS(json, "\"limited_by\":\"registers\"");
	free(json);
}

/* The achieved DRAM throughput, bytes over time, against the copy bandwidth. */
static void test_dram_throughput(void)
{
	copy_gbps = 4236;
	char *json = findings("0", "1", false); /* the unpadded tile, the strided copy */
	copy_gbps = 0;
	CHECK_CONTAINS(json, "\"copy_gbps\":4236,");
	/* (67,142,528 + 46,661,632) bytes / 84,384 ns = 1348.6 GB/s = 31.8 % of 4236 */
	CHECK_CONTAINS(json, "\"dram_bytes\":113804160,\"dram_gbps\":1348.6,"
	                     "\"dram_pct_of_copy\":31.8,");
	/* (33,554,432 + 2,097,152) bytes / 11,936 ns = 2986.9 GB/s = 70.5 % */
	CHECK_CONTAINS(json, "\"dram_bytes\":35651584,\"dram_gbps\":2986.9,"
	                     "\"dram_pct_of_copy\":70.5,");
	free(json);
	/* the copy bandwidth unknown: the throughput without its share */
	json = findings("2", "3", false);
	CHECK_CONTAINS(json, "\"copy_gbps\":null,");
	CHECK_CONTAINS(json, "\"dram_gbps\":341.2,\"dram_pct_of_copy\":null,");
	CHECK_CONTAINS(json, "\"dram_gbps\":2.3,\"dram_pct_of_copy\":null,");
	free(json);
	/* a CSV without the bytes at DRAM: a profile, the figure null */
	char *runner = recorded("runner_transpose.csv");
	copy_gbps = 4236;
	json = findings(runner, runner, true);
	copy_gbps = 0;
	CHECK_CONTAINS(json, "\"made\":true");
	CHECK_CONTAINS(json, "\"dram_bytes\":null,\"dram_gbps\":null,\"dram_pct_of_copy\":null,");
	CHECK_CONTAINS(json, "\"dram__bytes_write.sum\"]");
	free(json);
	free(runner);
}

static const struct unit_test tests[] = {
        {"a transpose recorded on an H200", test_recorded_transpose},
        {"the trusted runner recorded on an H200", test_recorded_runner},
        {"the judge's own cj_ kernels are skipped", test_own_kernels_skipped},
        {"header lines, n/a, separators, missing metrics, short rows", test_edge_cases},
        {"several launches: summed, the longest's ratios", test_several_launches},
        {"ncu's refusals and its command line", test_refusals_and_argv},
        {"findings on a GPU, against the reference", test_findings},
        {"occupancy held by shared memory", test_occupancy_finding},
        {"DRAM throughput against the copy bandwidth", test_dram_throughput},
        {"the launch glue named by the learner's function",
         test_glue_named_by_the_learners_function},
        {0}};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&ncu_dir));
	return unit_main_after(tests, own, argc, argv);
}
