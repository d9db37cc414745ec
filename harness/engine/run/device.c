/* Device discovery through cj-probe, with a cache; see device.h. */
#include "run/device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/lang.h"
#include "run/supervise.h"
#include "util.h"

static void parse_probe(const char *text, struct device_info *d)
{
	memset(d, 0, sizeof *d);
	char *copy = xstrdup(text), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		const char *v = eq + 1;
		if (!strcmp(line, "name"))
			snprintf(d->name, sizeof d->name, "%s", v);
		else if (!strcmp(line, "cc"))
			d->cc = atoi(v);
		else if (!strcmp(line, "sm_count"))
			d->sm_count = atoi(v);
		else if (!strcmp(line, "l2_bytes"))
			d->l2_bytes = atoll(v);
		else if (!strcmp(line, "uuid"))
			snprintf(d->uuid, sizeof d->uuid, "%s", v);
		else if (!strcmp(line, "copy_gbps"))
			d->copy_gbps = atof(v);
		else if (!strcmp(line, "error"))
			/* cj-probe's own words for a machine without a GPU; CUDA's error
			 * strings stay as the runtime says them */
			snprintf(d->error, sizeof d->error, "%s",
			         !strcmp(v, "no CUDA device")
			                 ? L("no CUDA device", "没有 CUDA 设备")
			                 : v);
	}
	free(copy);
	d->found = d->cc > 0 && d->copy_gbps > 0;
}

int device_query(const char *build, bool fresh, struct device_info *d)
{
	char *cache = xasprintf("%s/cache/device.txt", build);
	char *text = fresh ? NULL : read_file(cache, NULL);
	if (text) {
		parse_probe(text, d);
		free(text);
		if (d->found) {
			free(cache);
			return 0;
		}
	}
	char *probe = xasprintf("%s/cj-probe", build);
	char *argv[] = {probe, NULL};
	struct run_limits lim = {.wall_s = 60, .output_keep = 8192, .output_kill = 1 << 20};
	struct run_result r;
	memset(d, 0, sizeof *d);
	if (run_supervised(argv, -1, &lim, &r) != 0 || r.end == RUN_NOT_STARTED) {
		snprintf(d->error, sizeof d->error,
		         L("cannot run the device probe: %.200s", "无法运行设备探测程序：%.200s"),
		         r.error);
	} else {
		parse_probe(r.output ? r.output : "", d);
		if (r.end == RUN_TIMED_OUT)
			snprintf(d->error, sizeof d->error, "%s",
			         L("the device probe hung for 60 s", "设备探测程序卡住了 60 s"));
		else if (!d->found && !d->error[0])
			snprintf(d->error, sizeof d->error,
			         L("the device probe failed (exit %d)",
			           "设备探测程序失败了（退出状态 %d）"),
			         r.exit_code);
		if (d->found) {
			char *dir = xasprintf("%s/cache", build);
			make_dirs(dir);
			free(dir);
			FILE *f = fopen(cache, "w");
			if (f) {
				fputs(r.output, f);
				fclose(f);
			}
		}
	}
	run_result_free(&r);
	free(probe);
	free(cache);
	return 0;
}
