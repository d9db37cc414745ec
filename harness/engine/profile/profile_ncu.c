/* Nsight Compute on a GPU: where ncu is, its command line, and its CSV read
 * into struct profile_figures; see profile.h and docs/profile.md (which says
 * what each metric gives). The CSV is written by ncu about a run of the
 * learner's code, so it is read as untrusted text: a line or a value it does
 * not expect is skipped. It decides no verdict. */
#include "profile/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/json.h"
#include "util.h"

/* The metrics asked for, in the order of the NCU_* bits (profile_gpu.metrics). */
enum {
	NCU_TIME,
	NCU_SHARED_LD,
	NCU_SHARED_ST,
	NCU_SHARED_ATOM,
	NCU_WAVEFRONTS_LD,
	NCU_WAVEFRONTS_ST,
	NCU_WAVEFRONTS_ATOM,
	NCU_CONFLICTS_LD,
	NCU_CONFLICTS_ST,
	NCU_CONFLICTS_ATOM,
	NCU_GLOBAL_LD,
	NCU_GLOBAL_ST,
	NCU_GLOBAL_ATOM,
	NCU_GLOBAL_RED,
	NCU_SECTORS_LD,
	NCU_SECTORS_ST,
	NCU_BRANCHES,
	NCU_DIVERGENT,
	NCU_LANES,
	NCU_ACHIEVED,
	NCU_THEORETICAL,
	NCU_LIMIT_REGISTERS,
	NCU_LIMIT_SHARED,
	NCU_LIMIT_WARPS,
	NCU_LIMIT_BLOCKS,
	NCU_REGISTERS,
	NCU_L2_RED,
	NCU_L2_ATOM,
	NCU_LANES_ON,
	NCU_DRAM_READ,
	NCU_DRAM_WRITE,
	NCU_METRICS
};

/* The metrics measured on an H200 (ncu 2025.3.1) with sensible values; the
 * others are in its list of metrics of the chip (gh100). The bytes at DRAM
 * (dram__bytes_{read,write}.sum) were not in that run: they are in gh100's
 * list and the usual measure of DRAM traffic, and are kept here too. A run
 * that ncu refuses for a metric's sake is made again with these alone. */
static const unsigned verified_metrics =
        ~((1u << NCU_SHARED_LD) | (1u << NCU_SHARED_ST) | (1u << NCU_SHARED_ATOM) |
          (1u << NCU_WAVEFRONTS_ATOM) | (1u << NCU_CONFLICTS_ATOM) | (1u << NCU_L2_ATOM) |
          (1u << NCU_LANES_ON));

static const char *const metric_names[NCU_METRICS] = {
        "gpu__time_duration.sum",
        "smsp__inst_executed_op_shared_ld.sum",
        "smsp__inst_executed_op_shared_st.sum",
        "smsp__inst_executed_op_shared_atom.sum",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
        "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
        "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
        "smsp__sass_branch_targets.sum",
        "smsp__sass_branch_targets_threads_divergent.sum",
        "smsp__thread_inst_executed_per_inst_executed.ratio",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "sm__maximum_warps_per_active_cycle_pct",
        "launch__occupancy_limit_registers",
        "launch__occupancy_limit_shared_mem",
        "launch__occupancy_limit_warps",
        "launch__occupancy_limit_blocks",
        "launch__registers_per_thread",
        "lts__t_requests_op_red.sum",
        "lts__t_requests_op_atom.sum",
        "smsp__thread_inst_executed_pred_on_per_inst_executed.ratio",
        "dram__bytes_read.sum",
        "dram__bytes_write.sum",
};

/* ---- finding ncu and its command line -------------------------------------- */

char *find_ncu(const char *nvcc)
{
	/* $CUDAJUDGE_NCU decides alone: a wrong one says "no ncu", never another */
	const char *env = getenv("CUDAJUDGE_NCU");
	if (env && *env)
		return executable_path(xstrdup(env));
	return find_cuda_tool(nvcc, "ncu");
}

char **ncu_argv(const char *ncu, const char *log_path, char *const prog_argv[], bool verified)
{
	/* --clock-control none: the GPU's clocks as the judged run had them (and
	 * no need for the right to lock them). --launch-count: a bound on the
	 * time one case can take under replay. --print-units base: values in
	 * their base units, never rescaled. */
	static char metrics[2048];
	size_t at = 0;
	for (int m = 0; m < NCU_METRICS; ++m)
		if (!verified || ((verified_metrics >> m) & 1u))
			at += (size_t)snprintf(metrics + at, sizeof metrics - at, "%s%s",
			                       at ? "," : "", metric_names[m]);
	static char *const common[] = {"--clock-control",  "none",           "--csv",
	                               "--print-units",    "base",           "--target-processes",
	                               "application-only", "--launch-count", "64",
	                               "--metrics",        metrics,          NULL};
	char *log[] = {"--log-file", (char *)log_path, NULL};
	char *const *const groups[] = {log, common, NULL};
	return tool_argv(ncu, groups, prog_argv);
}

enum text_code ncu_refused(const char *text, char *why, size_t size)
{
	if (!text)
		return T_NONE;
	if (strstr(text, "ERR_NVGPUCTRPERM")) {
		snprintf(why, size, "ERR_NVGPUCTRPERM");
		return T_profile_ncu_refused;
	}
	static const char *const phrases[] = {"profiling is not supported",
	                                      "Profiling is not supported",
	                                      "not supported on this device"};
	for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; ++i)
		if (strstr(text, phrases[i])) {
			snprintf(why, size, "%s", phrases[i]);
			return T_profile_ncu_refused;
		}
	return T_NONE;
}

/* ---- reading the CSV -------------------------------------------------------- */

#define MAX_FIELDS 32

/* Splits one CSV line (changed in place) into at most MAX_FIELDS fields:
 * quoted ("a, b", "" for a quote) or bare. */
static int split_csv(char *line, char *fields[MAX_FIELDS])
{
	int n = 0;
	char *p = line;
	while (n < MAX_FIELDS) {
		char *out = p;
		fields[n++] = p;
		if (*p == '"') {
			++p;
			while (*p) {
				if (*p == '"' && p[1] == '"') {
					*out++ = '"';
					p += 2;
				} else if (*p == '"') {
					++p;
					break;
				} else {
					*out++ = *p++;
				}
			}
			while (*p && *p != ',')
				++p;
		} else {
			while (*p && *p != ',')
				*out++ = *p++;
		}
		bool more = *p == ',';
		*out = '\0';
		if (!more)
			break;
		p = p + 1;
	}
	return n;
}

/* A value: digits with thousands separators and one decimal point; false for
 * "n/a", "" or anything else. */
static bool ncu_number(const char *s, double *v)
{
	char digits[64];
	size_t k = 0;
	bool any = false;
	for (; *s && k + 1 < sizeof digits; ++s) {
		if (*s == ',' || *s == ' ')
			continue;
		bool digit = *s >= '0' && *s <= '9';
		if (!digit && !strchr(".-+eE", *s))
			return false;
		any |= digit;
		digits[k++] = *s;
	}
	digits[k] = '\0';
	if (!any || *s)
		return false;
	char *end;
	*v = strtod(digits, &end);
	return *end == '\0';
}

static bool ncu_dim3(const char *s, unsigned d[3])
{
	return sscanf(s, " (%u, %u, %u)", &d[0], &d[1], &d[2]) == 3;
}

/* One launch of a kernel, as its rows name it. */
struct launch {
	char id[24];
	char kernel[128];
	unsigned grid[3], block[3];
	double v[NCU_METRICS];
	unsigned have;
};

/* The judge's own kernels, run around the learner's in every case (the
 * runtime's: harness/runtime/run_cases.cu, l2_flush.cuh) or for a speed
 * rule's comparison (the exercises' baselines): not the learner's. The
 * exercise's launch glue (cj_..._kernel) is counted: the learner's device
 * function runs inlined in it. */
static bool judges_own(const char *kernel)
{
	static const char *const own[] = {"cj_l2_flush_read",    "cj_dirty_shared",
	                                  "cj_digest_words",     "cj_divergent_baseline",
	                                  "cj_serial_transform", "cj_hold_stream"};
	size_t len = strcspn(kernel, "(");
	for (size_t i = 0; i < sizeof own / sizeof own[0]; ++i)
		if (len == strlen(own[i]) && !strncmp(kernel, own[i], len))
			return true;
	return false;
}

static int column(char *header[], int n, const char *name)
{
	for (int i = 0; i < n; ++i)
		if (!strcmp(header[i], name))
			return i;
	return -1;
}

static uint64_t count(double v)
{
	return v > 0 ? (uint64_t)(v + 0.5) : 0;
}

/* The launch's counters added to f; the longest launch's shape, ratios and
 * percentages kept. */
static void add_launch(const struct launch *l, struct profile_figures *f, double *longest)
{
	const double *v = l->v;
	uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	uint64_t blocks = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	if (f->launches++ == 0) {
		memcpy(f->grid, l->grid, sizeof f->grid);
		memcpy(f->block, l->block, sizeof f->block);
	}
	if (threads > f->threads_per_block && threads <= 1024)
		f->threads_per_block = (unsigned)threads;
	f->blocks += blocks;
	f->warps += blocks * ((threads + 31) / 32);
	f->gpu.metrics |= l->have;
	f->gpu.time_ns += v[NCU_TIME];
	/* shared requests: the warp-wide shared instructions; where ncu did not
	 * give them, the wavefronts they would take without conflicts */
	for (int k = 0; k < ACCESS_KINDS; ++k) {
		int m = NCU_SHARED_LD + k;
		double wf = v[NCU_WAVEFRONTS_LD + k], bc = v[NCU_CONFLICTS_LD + k];
		f->shared_steps[k] += (l->have >> m) & 1u ? count(v[m])
		                      : wf > bc           ? count(wf - bc)
		                                          : 0;
	}
	uint64_t wavefronts = count(v[NCU_WAVEFRONTS_LD]) + count(v[NCU_WAVEFRONTS_ST]) +
	                      count(v[NCU_WAVEFRONTS_ATOM]);
	uint64_t conflicts = count(v[NCU_CONFLICTS_LD]) + count(v[NCU_CONFLICTS_ST]) +
	                     count(v[NCU_CONFLICTS_ATOM]);
	f->wavefronts += wavefronts;
	f->gpu.bank_conflicts += conflicts;
	f->ideal_wavefronts += wavefronts > conflicts ? wavefronts - conflicts : 0;
	f->global_steps[ACCESS_LOAD] += count(v[NCU_GLOBAL_LD]);
	f->global_steps[ACCESS_STORE] += count(v[NCU_GLOBAL_ST]);
	uint64_t atomics = count(v[NCU_GLOBAL_ATOM]) + count(v[NCU_GLOBAL_RED]);
	f->global_steps[ACCESS_ATOMIC] += atomics;
	uint64_t sectors = count(v[NCU_SECTORS_LD]) + count(v[NCU_SECTORS_ST]);
	f->sectors += sectors;
	/* the fewest: 4 sectors (128 bytes) per request of loads and stores, a
	 * warp's 32 four-byte words side by side; ncu does not say the width */
	f->ideal_sectors += 4 * (count(v[NCU_GLOBAL_LD]) + count(v[NCU_GLOBAL_ST]));
	f->branch_steps += count(v[NCU_BRANCHES]);
	f->partial_steps += count(v[NCU_DIVERGENT]);
	f->atomics_shared += count(v[NCU_SHARED_ATOM]);
	f->atomics_global += atomics;
	f->gpu.l2_atomics += count(v[NCU_L2_RED]) + count(v[NCU_L2_ATOM]);
	/* bytes at DRAM over the time of the launches that have both */
	const unsigned dram = (1u << NCU_DRAM_READ) | (1u << NCU_DRAM_WRITE) | (1u << NCU_TIME);
	if ((l->have & dram) == dram) {
		f->gpu.dram_bytes += (double)(count(v[NCU_DRAM_READ]) + count(v[NCU_DRAM_WRITE]));
		f->gpu.dram_time_ns += v[NCU_TIME];
	}
	if (*longest < 0 || v[NCU_TIME] > *longest) {
		*longest = v[NCU_TIME];
		snprintf(f->gpu.kernel, sizeof f->gpu.kernel, "%s", l->kernel);
		f->gpu.lanes = v[NCU_LANES];
		/* lanes switched off by a predicate are idle too (a short
		 * branch compiled to predicated instructions) */
		f->gpu.lanes_on = (l->have >> NCU_LANES_ON) & 1u ? v[NCU_LANES_ON] : v[NCU_LANES];
		f->gpu.achieved_pct = v[NCU_ACHIEVED];
		f->gpu.occupancy_pct = v[NCU_THEORETICAL];
		f->gpu.registers = (unsigned)count(v[NCU_REGISTERS]);
		for (int i = 0; i < 4; ++i)
			f->gpu.limit[i] = (unsigned)count(v[NCU_LIMIT_REGISTERS + i]);
	}
}

bool ncu_parse(const char *csv, struct profile_figures *f)
{
	memset(f, 0, sizeof *f);
	f->gpu.on = true;
	if (!csv)
		return false;
	char *text = xstrdup(csv);
	int c_id = -1, c_kernel = -1, c_block = -1, c_grid = -1, c_metric = -1, c_value = -1;
	int columns = 0;
	struct launch cur;
	bool have_cur = false;
	double longest = -1;
	for (char *line = text; *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		size_t len = strlen(line);
		if (len && line[len - 1] == '\r')
			line[len - 1] = '\0';
		char *fields[MAX_FIELDS];
		int n = line[0] == '"' ? split_csv(line, fields) : 0;
		if (n > 0 && c_metric < 0) {
			c_id = column(fields, n, "ID");
			c_kernel = column(fields, n, "Kernel Name");
			c_block = column(fields, n, "Block Size");
			c_grid = column(fields, n, "Grid Size");
			c_metric = column(fields, n, "Metric Name");
			c_value = column(fields, n, "Metric Value");
			columns = n;
			if (c_id < 0 || c_kernel < 0 || c_value < 0)
				c_metric = -1;
		} else if (n == columns && c_metric >= 0) {
			if (!have_cur || strcmp(cur.id, fields[c_id]) != 0) {
				if (have_cur && cur.have)
					add_launch(&cur, f, &longest);
				memset(&cur, 0, sizeof cur);
				snprintf(cur.id, sizeof cur.id, "%s", fields[c_id]);
				snprintf(cur.kernel, sizeof cur.kernel, "%s", fields[c_kernel]);
				if (c_block < 0 || !ncu_dim3(fields[c_block], cur.block))
					cur.block[0] = cur.block[1] = cur.block[2] = 1;
				if (c_grid < 0 || !ncu_dim3(fields[c_grid], cur.grid))
					cur.grid[0] = cur.grid[1] = cur.grid[2] = 1;
				have_cur = true;
			}
			double v;
			if (!judges_own(cur.kernel) && ncu_number(fields[c_value], &v))
				for (int m = 0; m < NCU_METRICS; ++m)
					if (!strcmp(fields[c_metric], metric_names[m])) {
						cur.v[m] = v;
						cur.have |= 1u << m;
					}
		}
		line = nl ? nl + 1 : line + strlen(line);
	}
	if (have_cur && cur.have)
		add_launch(&cur, f, &longest);
	free(text);
	f->made = f->launches > 0;
	return f->made;
}

void ncu_missing(const struct profile_figures *f, struct strbuf *b)
{
	for (int m = 0, k = 0; m < NCU_METRICS; ++m)
		if (!((f->gpu.metrics >> m) & 1u))
			sb_printf(b, "%s\"%s\"", k++ ? "," : "", metric_names[m]);
}
