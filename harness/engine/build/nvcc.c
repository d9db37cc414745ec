/* Finding nvcc and its one command line; see nvcc.h. */
#include "build/nvcc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "learner_file.h"
#include "util.h"

char *find_nvcc(void)
{
	const char *env = getenv("NVCC");
	if (env && !strcmp(env, "none"))
		return NULL; /* judged as on a machine without the CUDA toolkit */
	if (env && access(env, X_OK) == 0)
		return xstrdup(env);
	char *p = find_in_dirs(getenv("PATH"), "nvcc");
	for (const char *const *v = (const char *const[]){"CUDA_PATH", "CUDA_HOME", NULL}; !p && *v;
	     ++v) {
		const char *base = getenv(*v);
		if (base) {
			char *dir = xasprintf("%s/bin", base);
			p = find_in_dirs(dir, "nvcc");
			free(dir);
		}
	}
	return p ? p : find_in_dirs("/usr/local/cuda/bin", "nvcc");
}

struct nvcc_job nvcc_job_of(const struct build_paths *p, const char *id, const char *glue,
                            const char *source, int cc, const char *out, const char *keep_dir)
{
	return (struct nvcc_job){.nvcc = p->nvcc,
	                         .root = p->root,
	                         .id = id,
	                         .glue = glue,
	                         .source = source,
	                         .cc = cc,
	                         .out = out,
	                         .keep_dir = keep_dir};
}

void nvcc_line_init(struct nvcc_line *l, const struct nvcc_job *job)
{
	char **o = l->owned;
	memset(l, 0, sizeof *l);
	o[0] = xasprintf("-arch=sm_%d", job->cc);
	o[1] = xasprintf("-I%s/harness/runtime", job->root);
	o[2] = xasprintf("-I%s/harness/problems", job->root);
	/* A path nvcc's shell would misread goes through a link (learner_file.h). */
	char *learner = job->keep_dir ? learner_file_for_nvcc(job->source, job->keep_dir)
	                              : xstrdup(job->source);
	o[3] = xasprintf("-DCJ_LEARNER_FILE=\"%s\"", learner);
	free(learner);
	o[4] = xasprintf("-DCJ_GLUE=\"%s\"", job->glue);
	o[5] = xasprintf("%s/harness/runtime/learner_tu.cu", job->root);
	int n = 0;
	char **a = l->argv;
	a[n++] = (char *)job->nvcc;
	a[n++] = "-std=c++17";
	a[n++] = "-O3";
	a[n++] = "-lineinfo";
	a[n++] = o[0];
	a[n++] = job->ptx ? "-ptx" : job->module ? "-cubin" : "-c";
	if (job->module)
		a[n++] = "-DCJ_MODULE";
	if (job->pic) {
		a[n++] = "-Xcompiler";
		a[n++] = "-fPIC";
	}
	for (int i = 1; i <= 4; ++i)
		a[n++] = o[i];
	if (job->keep_dir) {
		a[n++] = "-keep";
		a[n++] = "-keep-dir";
		a[n++] = (char *)job->keep_dir;
	}
	if (job->depfile) {
		a[n++] = "-MD";
		a[n++] = "-MF";
		a[n++] = (char *)job->depfile;
	}
	a[n++] = o[5];
	a[n++] = "-o";
	a[n++] = (char *)job->out;
	a[n] = NULL;
}

void nvcc_line_free(struct nvcc_line *l)
{
	for (size_t i = 0; i < sizeof l->owned / sizeof l->owned[0]; ++i)
		free(l->owned[i]);
}

static _Noreturn void nvcc_line_usage(void)
{
	die("usage: nvcc-line --nvcc PATH --root DIR --id ID --glue FILE --file FILE --arch sm_XY "
	    "[--module] --out FILE [--depfile FILE] [--keep-dir DIR] [--run]");
}

int nvcc_line_main(int argc, char **argv)
{
	struct nvcc_job job = {0};
	bool run = false;
	for (int i = 0; i < argc; ++i) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		const char **to = !strcmp(a, "--nvcc")       ? &job.nvcc
		                  : !strcmp(a, "--root")     ? &job.root
		                  : !strcmp(a, "--id")       ? &job.id
		                  : !strcmp(a, "--glue")     ? &job.glue
		                  : !strcmp(a, "--file")     ? &job.source
		                  : !strcmp(a, "--out")      ? &job.out
		                  : !strcmp(a, "--depfile")  ? &job.depfile
		                  : !strcmp(a, "--keep-dir") ? &job.keep_dir
		                                             : NULL;
		if (!strcmp(a, "--module"))
			job.module = true;
		else if (!strcmp(a, "--run"))
			run = true;
		else if (to && v)
			*to = v, ++i;
		else if (!strcmp(a, "--arch") && v && !strncmp(v, "sm_", 3) && atoi(v + 3) > 0)
			job.cc = atoi(v + 3), ++i;
		else
			nvcc_line_usage();
	}
	if (!job.nvcc || !job.root || !job.id || !job.glue || !job.source || !job.out || !job.cc)
		nvcc_line_usage();
	struct nvcc_line line;
	nvcc_line_init(&line, &job);
	if (run) {
		fflush(NULL);
		execvp(line.argv[0], line.argv);
		die("cannot run %s: %s", line.argv[0], strerror(errno));
	}
	for (int i = 0; line.argv[i]; ++i)
		puts(line.argv[i]);
	nvcc_line_free(&line);
	return 0;
}
