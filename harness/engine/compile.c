/* Building test binaries with nvcc; see compile.h. */
#include "compile.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rewrite.h"
#include "supervise.h"
#include "lang.h"
#include "util.h"

static char *search_dirs(const char *dirs, const char *name)
{
	if (!dirs)
		return NULL;
	char *copy = xstrdup(dirs), *save = NULL;
	for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", d, name);
		if (access(p, X_OK) == 0) {
			free(copy);
			return p;
		}
		free(p);
	}
	free(copy);
	return NULL;
}

char *find_nvcc(void)
{
	const char *env = getenv("NVCC");
	if (env && access(env, X_OK) == 0)
		return xstrdup(env);
	char *p = search_dirs(getenv("PATH"), "nvcc");
	for (const char *const *v = (const char *const[]){"CUDA_PATH", "CUDA_HOME", NULL}; !p && *v;
	     ++v) {
		const char *base = getenv(*v);
		if (base) {
			char *dir = xasprintf("%s/bin", base);
			p = search_dirs(dir, "nvcc");
			free(dir);
		}
	}
	return p ? p : search_dirs("/usr/local/cuda/bin", "nvcc");
}

/* True when the line starts with "path(digits): " where path has no spaces. */
static bool nvcc_location(const char *line, size_t len, size_t *open, size_t *close)
{
	size_t i = 0;
	while (i < len && line[i] != '(' && line[i] != ' ')
		++i;
	if (i == 0 || i >= len || line[i] != '(')
		return false;
	size_t j = i + 1;
	while (j < len && isdigit((unsigned char)line[j]))
		++j;
	if (j == i + 1 || j + 2 > len || line[j] != ')' || line[j + 1] != ':')
		return false;
	*open = i;
	*close = j;
	return true;
}

char *rewrite_compiler_log(const char *log, const char *root)
{
	struct strbuf out = {0};
	char *prefix = xasprintf("%s/", root);
	size_t plen = strlen(prefix);
	for (const char *line = log; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		struct strbuf l = {0};
		/* Strip the root wherever it appears on the line. */
		for (size_t i = 0; i < len;) {
			if (len - i >= plen && !strncmp(line + i, prefix, plen)) {
				i += plen;
				continue;
			}
			sb_add(&l, line + i, 1);
			++i;
		}
		char *s = sb_take(&l);
		size_t open, close;
		/* nvcc's own summary line names the glue file, not the learner's. */
		if (strstr(s, "detected in the compilation of")) {
			free(s);
		} else if (nvcc_location(s, strlen(s), &open, &close)) {
			sb_add(&out, s, open);
			sb_puts(&out, ":");
			sb_add(&out, s + open + 1, close - open - 1);
			sb_puts(&out, s + close + 1);
			sb_puts(&out, "\n");
			free(s);
		} else {
			sb_puts(&out, s);
			sb_puts(&out, "\n");
			free(s);
		}
		line += len + (end ? 1 : 0);
	}
	free(prefix);
	return sb_take(&out);
}

static const struct run_limits tool_limits = {
        .wall_s = 300, .output_keep = 256 * 1024, .output_kill = 64 << 20};

/* Runs a compiler command; 0 if it succeeded, 1 if it reported errors, -1 if
 * it could not run or was killed. */
static int run_tool(char **argv, char **log, double *seconds)
{
	struct run_result r;
	if (run_supervised(argv, -1, &tool_limits, &r) != 0) {
		*log = xstrdup(r.error);
		return -1;
	}
	*seconds = r.wall_s;
	if (r.end == RUN_NOT_STARTED) {
		*log = xstrdup(r.error);
		run_result_free(&r);
		return -1;
	}
	*log = r.output;
	r.output = NULL;
	if (r.end == RUN_MEMORY || r.end == RUN_TIMED_OUT) {
		/* What it was given to compile made it grow or run without end
		 * (#include "/dev/zero"): the file's doing, a CE. */
		char *more = xasprintf(
		        L("%s\nthe compiler was stopped: %s. Does the file #include something "
		          "that is not a header?\n",
		          "%s\n编译器被终止了：%s。文件是否 #include 了不是头文件的东西？\n"),
		        *log,
		        r.end == RUN_TIMED_OUT ? L("it ran past 300 s", "运行超过了 300 s")
		                               : L("it held more than 4 GiB of memory",
		                                   "它占用了超过 4 GiB 的内存"));
		free(*log);
		*log = more;
		return 1;
	}
	if (r.end != RUN_EXITED) {
		char *more = xasprintf(
		        L("%s\n%s was stopped (%s)\n", "%s\n%s 被终止了（%s）\n"), *log, argv[0],
		        r.end == RUN_TIMED_OUT ? L("it ran past 300 s", "运行超过了 300 s")
		                               : L("killed", "被强行结束"));
		free(*log);
		*log = more;
		return -1;
	}
	return r.exit_code == 0 ? 0 : 1;
}

/* Compiles with cc_argv, then (unless compile_only) links with ld_argv;
 * fills res with the status, both phases' times and their rewritten logs. */
static void compile_and_link(const struct build_paths *p, char **cc_argv, char **ld_argv,
                             bool compile_only, struct build_result *res)
{
	char *raw = NULL;
	int rc = run_tool(cc_argv, &raw, &res->compile_s);
	res->log = rewrite_compiler_log(raw, p->root);
	free(raw);
	if (rc != 0) {
		res->status = rc < 0 ? BUILD_TOOL_FAILED : BUILD_COMPILE_FAILED;
		return;
	}
	if (compile_only)
		return;
	rc = run_tool(ld_argv, &raw, &res->link_s);
	char *link_log = rewrite_compiler_log(raw, p->root);
	free(raw);
	char *both = xasprintf("%s%s", res->log, link_log);
	free(res->log);
	free(link_log);
	res->log = both;
	res->status = rc < 0 ? BUILD_TOOL_FAILED : rc > 0 ? BUILD_LINK_FAILED : BUILD_OK;
}

int build_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                      const char *workdir, const char *out_bin, bool compile_only,
                      struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *inc_rt = xasprintf("-I%s/harness/runtime", p->root);
	char *inc_pb = xasprintf("-I%s/harness/problems", p->root);
	char *def_src = xasprintf("-DCJ_LEARNER_FILE=\"%s\"", source);
	char *def_glue = xasprintf("-DCJ_GLUE=\"%s.cuh\"", id);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *obj = xasprintf("%s/tu.o", workdir);
	char *lib = xasprintf("%s/harness/runtime/libcjrt.a", p->build);

	/* -keep leaves the PTX and the preprocessed source in workdir for the
	 * RULE check (rules.h) at no extra cost. */
	char *deps = xasprintf("%s/tu.d", workdir); /* read by build_used_reference() */
	char *cc_argv[] = {(char *)p->nvcc,
	                   "-std=c++17",
	                   "-O3",
	                   "-lineinfo",
	                   arch,
	                   inc_rt,
	                   inc_pb,
	                   def_src,
	                   def_glue,
	                   "-keep",
	                   "-keep-dir",
	                   (char *)workdir,
	                   "-MD",
	                   "-MF",
	                   deps,
	                   "-c",
	                   tu,
	                   "-o",
	                   obj,
	                   NULL};
	/* The runtime first: its .preinit_array entry (run_cases.cu) runs before
	 * anything the learner's file could add there. */
	char *ld_argv[] = {(char *)p->nvcc,
	                   arch,
	                   "-o",
	                   (char *)out_bin,
	                   "-Xlinker",
	                   "--whole-archive",
	                   lib,
	                   "-Xlinker",
	                   "--no-whole-archive",
	                   obj,
	                   NULL};
	compile_and_link(p, cc_argv, ld_argv, compile_only, res);
	free(deps);
	free(arch);
	free(inc_rt);
	free(inc_pb);
	free(def_src);
	free(def_glue);
	free(tu);
	free(obj);
	free(lib);
	return 0;
}

char *find_cxx(void)
{
	const char *env = getenv("CXX");
	if (env && *env) {
		if (strchr(env, '/'))
			return access(env, X_OK) == 0 ? xstrdup(env) : NULL;
		return search_dirs(getenv("PATH"), env);
	}
	char *p = search_dirs(getenv("PATH"), "g++");
	return p ? p : search_dirs(getenv("PATH"), "c++");
}

/* Writes `src` rewritten for the emulator to `dst`; 0 on success. */
static int write_rewritten(const char *src, const char *dst, char **log)
{
	char *text = read_file(src, NULL);
	if (!text) {
		*log = xasprintf(L("cannot read %s: %s\n", "无法读取 %s：%s\n"), src,
		                 strerror(errno));
		return -1;
	}
	char *out = rewrite_for_emulator(text, src);
	free(text);
	FILE *f = fopen(dst, "w");
	int rc = f && fputs(out, f) >= 0 ? 0 : -1;
	if (f && fclose(f) != 0)
		rc = -1;
	free(out);
	if (rc)
		*log = xasprintf(L("cannot write %s: %s\n", "无法写入 %s：%s\n"), dst,
		                 strerror(errno));
	return rc;
}

int build_emulated_binary(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident,
                          struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char *learner = xasprintf("%s/learner.cu", workdir);
	char *glue_src = xasprintf("%s/harness/problems/%s.cuh", p->root, id);
	char *glue = xasprintf("%s/glue.cuh", workdir);
	char *raw = NULL;
	char *emu_lib = xasprintf("%s/harness/emu/libcjrt_emu.a", p->build);
	bool built = access(emu_lib, R_OK) == 0;
	free(emu_lib);
	if (!built) {
		res->status = BUILD_TOOL_FAILED;
		res->log = xstrdup(L("the CPU emulator was not built: this C++ compiler could not "
		                     "build harness/emu (see meson's warning; python3 judge.py "
		                     "doctor)\n",
		                     "CPU 模拟器没有构建：这个 C++ 编译器无法构建 harness/emu（见 "
		                     "meson 的警告；python3 judge.py doctor）\n"));
		goto out;
	}
	if (write_rewritten(source, learner, &raw) != 0 ||
	    write_rewritten(glue_src, glue, &raw) != 0) {
		res->status = BUILD_TOOL_FAILED;
		res->log = raw;
		goto out;
	}
	char *inc_emu = xasprintf("-I%s/harness/emu", p->root);
	char *inc_rt = xasprintf("-I%s/harness/runtime", p->root);
	char *inc_pb = xasprintf("-I%s/harness/problems", p->root);
	char *def_src = xasprintf("-DCJ_LEARNER_FILE=\"%s\"", learner);
	char *def_glue = xasprintf("-DCJ_GLUE=\"%s\"", glue);
	/* The emulator's reports name __FILE__: from the root, they stay short. */
	char *map_root = xasprintf("-fmacro-prefix-map=%s/=", p->root);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *obj = xasprintf("%s/tu.o", workdir);
	char *lib = xasprintf("%s/harness/emu/libcjrt_emu.a", p->build);
	char *deps = xasprintf("%s/tu.d", workdir);
	char *cc_argv[] = {(char *)p->cxx,
	                   "-std=c++17",
	                   "-O1",
	                   "-g",
	                   "-fsanitize=thread",
	                   "-fno-omit-frame-pointer",
	                   "-fno-strict-aliasing",
	                   "-DCJ_EMU",
	                   coresident ? "-DCJ_EMU_CORESIDENT=1" : "-DCJ_EMU_CORESIDENT=0",
	                   inc_emu,
	                   inc_rt,
	                   inc_pb,
	                   def_src,
	                   def_glue,
	                   "-MD",
	                   "-MF",
	                   deps,
	                   map_root,
	                   "-x",
	                   "c++",
	                   "-c",
	                   tu,
	                   "-o",
	                   obj,
	                   NULL};
	char *ld_argv[] = {(char *)p->cxx,
	                   "-fsanitize=thread",
	                   "-o",
	                   (char *)out_bin,
	                   "-Wl,--whole-archive",
	                   lib,
	                   "-Wl,--no-whole-archive",
	                   obj,
	                   "-lpthread",
	                   NULL};
	compile_and_link(p, cc_argv, ld_argv, false, res);
	free(deps);
	free(inc_emu);
	free(inc_rt);
	free(inc_pb);
	free(def_src);
	free(def_glue);
	free(map_root);
	free(tu);
	free(obj);
	free(lib);
out:
	free(learner);
	free(glue_src);
	free(glue);
	return 0;
}

char *build_used_reference(const char *workdir, const char *root, const char *source)
{
	char *path = xasprintf("%s/tu.d", workdir);
	char *deps = read_file(path, NULL);
	free(path);
	if (!deps)
		return NULL;
	char *folder = xasprintf("%s/reference/", root), *found = NULL;
	char own[PATH_MAX];
	if (!realpath(source, own))
		snprintf(own, sizeof own, "%s", source);
	/* "target : dep dep \\\n dep ...": every word but the target and ':'. */
	char *save = NULL;
	for (char *w = strtok_r(deps, " \t\n\\", &save); w && !found;
	     w = strtok_r(NULL, " \t\n\\", &save)) {
		char real[PATH_MAX];
		if (!strcmp(w, ":") || !realpath(w, real))
			continue;
		if (!strncmp(real, folder, strlen(folder)) && strcmp(real, own) != 0)
			found = xstrdup(relative_to(real, root));
	}
	free(folder);
	free(deps);
	return found;
}

/* FNV-1a over the files a reference binary is built from. */
static uint64_t hash_files(const char *const paths[], int cc)
{
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)cc;
	for (int i = 0; paths[i]; ++i) {
		size_t len = 0;
		char *text = read_file(paths[i], &len);
		const unsigned char *s = (const unsigned char *)(text ? text : paths[i]);
		if (!text)
			len = strlen(paths[i]);
		for (size_t k = 0; k < len; ++k)
			h = (h ^ s[k]) * 0x100000001b3ull;
		h = (h ^ 0xff) * 0x100000001b3ull;
		free(text);
	}
	return h;
}

int build_reference(const struct build_paths *p, const char *id, int cc, char **bin,
                    struct build_result *res)
{
	char *source = xasprintf("%s/reference/%s.cu", p->root, id);
	char *glue = xasprintf("%s/harness/problems/%s.cuh", p->root, id);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *lib = xasprintf("%s/harness/runtime/libcjrt.a", p->build);
	const char *inputs[] = {source, glue, tu, lib, NULL};
	uint64_t key = hash_files(inputs, cc);
	char *dir = xasprintf("%s/cache/reference", p->build);
	char *stamp = xasprintf("%s/%s-sm%d.key", dir, id, cc);
	*bin = xasprintf("%s/%s-sm%d", dir, id, cc);
	char want[32];
	snprintf(want, sizeof want, "%016llx", (unsigned long long)key);

	char *have = read_file(stamp, NULL);
	bool fresh = have && !strcmp(have, want) && access(*bin, X_OK) == 0;
	free(have);
	int rc = 0;
	if (fresh) {
		memset(res, 0, sizeof *res);
		res->log = xstrdup("");
		res->cached = true;
	} else if (make_dirs(dir) != 0) {
		memset(res, 0, sizeof *res);
		res->status = BUILD_TOOL_FAILED;
		res->log = xasprintf(L("cannot create %s: %s", "无法创建 %s：%s"), dir,
		                     strerror(errno));
	} else {
		/* Build under a private name, then rename: two judges may race here. */
		char *work = xasprintf("%s/%s-sm%d.tmp%d", dir, id, cc, (int)getpid());
		char *tmp_bin = xasprintf("%s/bin", work);
		make_dirs(work);
		build_test_binary(p, id, source, cc, work, tmp_bin, false, res);
		if (res->status == BUILD_OK) {
			FILE *f = fopen(stamp, "w");
			if (rename(tmp_bin, *bin) != 0 || !f || fputs(want, f) < 0) {
				res->status = BUILD_TOOL_FAILED;
				char *more =
				        xasprintf(L("%scannot store the reference binary in %s\n",
				                    "%s无法把参考解的可执行文件存入 %s\n"),
				                  res->log, dir);
				free(res->log);
				res->log = more;
			}
			if (f)
				fclose(f);
		}
		remove_tree(work);
		free(work);
		free(tmp_bin);
	}
	free(source);
	free(glue);
	free(tu);
	free(lib);
	free(dir);
	free(stamp);
	return rc;
}
