/* The emulator's build; see emu_build.h. */
#include "build/emu_build.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "build/cache.h"
#include "build/compiler.h"
#include "build/host_object.h"
#include "build/module.h"
#include "build/side_check.h"
#include "problem.h"
#include "report/lang.h"
#include "report/texts.h"
#include "rewrite.h"
#include "rules.h"
#include "run/supervise.h"
#include "util.h"

#ifndef CJ_EMU_CHECK_CC
#define CJ_EMU_CHECK_CC 90 /* any target will do: the check reads no machine code */
#endif

char *find_cxx(void)
{
	const char *env = getenv("CXX");
	if (env && *env) {
		if (strchr(env, '/'))
			return access(env, X_OK) == 0 ? xstrdup(env) : NULL;
		return find_in_dirs(getenv("PATH"), env);
	}
	char *p = find_in_dirs(getenv("PATH"), "g++");
	return p ? p : find_in_dirs(getenv("PATH"), "c++");
}

/* Writes `src` rewritten for the emulator to `dst`; 0 on success. */
static int write_rewritten(const char *src, const char *dst, char **log)
{
	char *text = read_file(src, NULL);
	if (!text) {
		*log = say_alloc(T_file_unreadable,
		                 FIELDS(F_STR("file", src), F_STR("error", strerror(errno))));
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
		*log = say_alloc(T_file_unwritable,
		                 FIELDS(F_STR("file", dst), F_STR("error", strerror(errno))));
	return rc;
}

/* ---- the emulator's precompiled prelude ---- */

/* The emulator's g++ command line: the compiler, `flags` (what the compile
 * and its precompiled prelude share), then `rest`; both NULL-terminated, and
 * argv has room for `cap` words. */
static void emulator_cxx_argv(char **argv, size_t cap, const char *cxx, char *const flags[],
                              char *const rest[])
{
	size_t n = 0;
	argv[n++] = (char *)cxx;
	for (int i = 0; flags[i] && n + 1 < cap; ++i)
		argv[n++] = flags[i];
	for (int i = 0; rest[i] && n + 1 < cap; ++i)
		argv[n++] = rest[i];
	argv[n] = NULL;
}

/* What every emulated test program starts with (harness/runtime/glue.h: the
 * emulator's CUDA headers and the C++ library they pull in), parsed once by
 * g++ into build/cache/pch and given to each compile with -include: about
 * half a second less per judgement. `flags` are the compile's own options,
 * which the precompiled header must share. Returns the header to -include
 * (malloc'd), or NULL when none could be made (then g++ parses the headers
 * itself, as before). *seconds: the time spent making it, 0 when it was
 * there. */
static char *emulator_prelude(const struct build_paths *p, char *const flags[], double *seconds)
{
	*seconds = 0;
	if (!p->build || getenv("CUDAJUDGE_NO_PCH"))
		return NULL;
	uint64_t h = FNV1A_OFFSET;
	h = fnv1a(h, "prelude-v1", 11);
	h = fnv1a(h, p->cxx, strlen(p->cxx) + 1);
	for (int i = 0; flags[i]; ++i)
		h = fnv1a(h, flags[i], strlen(flags[i]) + 1);
	char *emu = xasprintf("%s/harness/emu", p->root);
	char *rt = xasprintf("%s/harness/runtime", p->root);
	h = hash_tree(h, emu);
	h = hash_tree(h, rt);
	free(emu);
	free(rt);
	char *dir = xasprintf("%s/cache/pch", p->build);
	make_dirs(dir);
	char *header = xasprintf("%s/prelude-%016llx.h", dir, (unsigned long long)h);
	char *pch = xasprintf("%s.gch", header);
	free(dir);
	if (access(header, R_OK) == 0 && access(pch, R_OK) == 0) {
		free(pch);
		return header;
	}
	/* Made under names of this process's own, then renamed into place: two
	 * judgements making it at once each end with a whole one. */
	char *tmp_h = xasprintf("%s.%d.h", header, (int)getpid());
	char *tmp_pch = xasprintf("%s.gch", tmp_h);
	bool ok = false;
	FILE *f = fopen(tmp_h, "w");
	if (f) {
		ok = fputs("#include \"glue.h\"\n", f) >= 0;
		ok = fclose(f) == 0 && ok;
	}
	if (ok) {
		char *rest[] = {"-x", "c++-header", tmp_h, "-o", tmp_pch, NULL};
		char *argv[64];
		emulator_cxx_argv(argv, sizeof argv / sizeof argv[0], p->cxx, flags, rest);
		char *log = NULL;
		ok = run_tool(argv, &log, seconds) == 0;
		free(log);
	}
	/* the header first: a header without its .gch is only slower */
	ok = ok && rename(tmp_h, header) == 0 && rename(tmp_pch, pch) == 0;
	unlink(tmp_h);
	unlink(tmp_pch);
	free(tmp_h);
	free(tmp_pch);
	free(pch);
	if (!ok) {
		free(header);
		return NULL;
	}
	/* A new prelude replaces the ones made for headers that have changed
	 * since: those not used for a day go (each is some 60 MB). Both of the
	 * emulator's kinds of launch have a prelude of their own in use. */
	char keep[32];
	snprintf(keep, sizeof keep, "prelude-%016llx", (unsigned long long)h);
	char *folder = xasprintf("%s/cache/pch", p->build);
	forget_unused(folder, "prelude-", keep, 86400);
	free(folder);
	return header;
}

/* ---- nvcc's device-only check, beside the host compile (side_check.h) ---- */

struct device_check {
	const struct build_paths *p;
	const char *id, *source, *workdir;
};

static void device_check(void *arg, struct build_result *res)
{
	const struct device_check *d = arg;
	char *module = xasprintf("%s/check.cubin", d->workdir);
	build_module(d->p, d->id, d->source, CJ_EMU_CHECK_CC, d->workdir, module, res);
	free(module);
}

/* ---- host code: the object check, then what the rules check reads ---- */

static void host_checks(void *arg, struct build_result *res)
{
	const struct device_check *d = arg;
	memset(res, 0, sizeof *res);
	check_host_object(d->p, d->id, d->source, CJ_EMU_CHECK_CC, d->workdir, res);
	/* the PTX and preprocessed source in workdir, as the device check
	 * leaves them: the rules check has no nvcc to run after the build */
	if (res->status == BUILD_OK)
		(void)rules_make_ptx(d->p, d->id, d->source, CJ_EMU_CHECK_CC, d->workdir);
}

/* ---- the build ---- */

/* Starts the file's checks beside the host compile (`side`): nvcc's
 * device-only check, or for host code the object check (as on the GPU)
 * and then nvcc -ptx for the rules check. Their verdict comes first. */
static void start_checks(const struct build_paths *p, const char *id, const char *source,
                         const char *workdir, struct side_check *side)
{
	/* The same device-only check as on the GPU, with nvcc (docs/
	 * trusted-runner.md): the emulator runs device code as host code, so
	 * host code, C library calls and a redefined judge name would otherwise
	 * go unnoticed here. Its PTX and preprocessed source stay in workdir,
	 * where the rules check reads them. */
	struct device_check d = {p, id, source, workdir};
	if (p->nvcc)
		side_check_start(side, problem_is_host_driven(id) ? host_checks : device_check, &d);
}

/* A link of the emulated program that fails on a relocation: its static data
 * (device arrays are the program's own variables there) is past the 2 GiB
 * that x86-64's code model reaches, which only a huge array makes. Said in
 * the learner's words above the linker's. */
static void explain_huge_arrays(const char *shown, struct build_result *res)
{
	if (res->status != BUILD_LINK_FAILED || !res->log ||
	    !strstr(res->log, "relocation truncated to fit"))
		return;
	char *text = say_alloc(T_huge_static_arrays, FIELDS(F_STR("file", shown)));
	char *both = xasprintf("%s%s", text, res->log);
	free(text);
	free(res->log);
	res->log = both;
}

/* What the profile build's link renames (profile.cpp's --wrap): every call
 * ThreadSanitizer's instrumentation makes before a load or a store. */
static const char *const profile_wraps[] = {"read1",
                                            "read2",
                                            "read4",
                                            "read8",
                                            "read16",
                                            "unaligned_read2",
                                            "unaligned_read4",
                                            "unaligned_read8",
                                            "unaligned_read16",
                                            "write1",
                                            "write2",
                                            "write4",
                                            "write8",
                                            "write16",
                                            "unaligned_write2",
                                            "unaligned_write4",
                                            "unaligned_write8",
                                            "unaligned_write16",
                                            "read_range",
                                            "write_range"};
#define PROFILE_WRAPS (sizeof profile_wraps / sizeof profile_wraps[0])

/* The profile build's link: ld_argv (NULL-terminated, its last word the
 * object before -lpthread) with the wraps and the profiler's library added,
 * malloc'd; `owned` gets the words to free. */
static char **profile_link(const struct build_paths *p, char *const ld_argv[], char **owned)
{
	size_t n = 0;
	while (ld_argv[n])
		++n;
	char **argv = xcalloc(n + PROFILE_WRAPS + 2, sizeof *argv);
	size_t k = 0;
	for (size_t i = 0; i < n; ++i) {
		if (!strcmp(ld_argv[i], "-Wl,--no-whole-archive")) {
			owned[PROFILE_WRAPS] =
			        xasprintf("%s/harness/emu/libcjrt_emu_profile.a", p->build);
			argv[k++] = owned[PROFILE_WRAPS];
		}
		argv[k++] = ld_argv[i];
		if (i == 1) /* after -fsanitize=thread */
			for (size_t w = 0; w < PROFILE_WRAPS; ++w) {
				owned[w] = xasprintf("-Wl,--wrap=__tsan_%s", profile_wraps[w]);
				argv[k++] = owned[w];
			}
	}
	argv[k] = NULL;
	return argv;
}

/* g++ of the rewritten learner's file and glue in workdir (learner.cu,
 * glue.cuh), then the link with libcjrt_emu.a. The dependency list is
 * workdir/tu.d unless nvcc writes that one (`beside`: its check runs). A
 * profile build also counts every basic block (trace-pc) and links the
 * profiler (harness/emu/profile.cpp), without the precompiled prelude,
 * whose options it would not share. */
static void compile_emulated(const struct build_paths *p, const char *workdir, const char *out_bin,
                             bool coresident, bool beside, bool profile, struct build_result *res)
{
	char *inc_emu = xasprintf("-I%s/harness/emu", p->root);
	char *inc_rt = xasprintf("-I%s/harness/runtime", p->root);
	char *inc_pb = xasprintf("-I%s/harness/problems", p->root);
	char *def_src = xasprintf("-DCJ_LEARNER_FILE=\"%s/learner.cu\"", workdir);
	char *def_glue = xasprintf("-DCJ_GLUE=\"%s/glue.cuh\"", workdir);
	/* The emulator's reports name __FILE__: from the root, they stay short. */
	char *map_root = xasprintf("-fmacro-prefix-map=%s/=", p->root);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *obj = xasprintf("%s/tu.o", workdir);
	char *lib = xasprintf("%s/harness/emu/libcjrt_emu.a", p->build);
	char *layout = xasprintf("-Wl,-T,%s/harness/emu/shared.ld", p->root);
	char *deps = xasprintf("%s/%s.d", workdir, beside ? "tu_host" : "tu");
	/* What the precompiled prelude must share with the compile. */
	char *flags[] = {"-std=c++17",
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
	                 map_root,
	                 profile ? "-fsanitize-coverage=trace-pc" : NULL,
	                 NULL};
	double prelude_s = 0;
	char *prelude = profile ? NULL : emulator_prelude(p, flags, &prelude_s);
	char *rest[] = {"-include", prelude, def_src, def_glue, "-MD", "-MF", deps,
	                "-x",       "c++",   "-c",    tu,       "-o",  obj,   NULL};
	char *cc_argv[64];
	emulator_cxx_argv(cc_argv, sizeof cc_argv / sizeof cc_argv[0], p->cxx, flags,
	                  prelude ? rest : rest + 2); /* without a prelude, no -include */
	char *ld_argv[] = {(char *)p->cxx,
	                   "-fsanitize=thread",
	                   layout,
	                   "-o",
	                   (char *)out_bin,
	                   "-Wl,--whole-archive",
	                   lib,
	                   "-Wl,--no-whole-archive",
	                   obj,
	                   "-lpthread",
	                   NULL};
	double check_s = res->check_s;
	char *wraps[PROFILE_WRAPS + 1] = {NULL};
	char **link = profile ? profile_link(p, ld_argv, wraps) : ld_argv;
	compile_and_link(p, cc_argv, link, false, res);
	if (profile)
		free(link);
	for (size_t w = 0; w <= PROFILE_WRAPS; ++w)
		free(wraps[w]);
	res->check_s = check_s;
	res->compile_s += check_s + prelude_s;
	char *owned[] = {prelude,  inc_emu, inc_rt, inc_pb, def_src, def_glue,
	                 map_root, tu,      obj,    lib,    layout,  deps};
	for (size_t i = 0; i < sizeof owned / sizeof owned[0]; ++i)
		free(owned[i]);
}

static const char *const kept_names[] = {"test", "tu.d", NULL};

/* The whole build: checks, rewriting, compile and link. A profile build is
 * of a file already judged (or a reference): no checks. */
static void build_afresh(const struct build_paths *p, const char *id, const char *source,
                         const char *workdir, const char *out_bin, bool coresident, bool profile,
                         struct build_result *res)
{
	struct side_check side = {.pid = -1};
	double started = now_s();
	char *learner = xasprintf("%s/learner.cu", workdir);
	char *glue_src = problem_glue_path(p->root, id);
	char *glue = xasprintf("%s/glue.cuh", workdir);
	char *raw = NULL;
	bool compiled = false;
	if (!profile)
		start_checks(p, id, source, workdir, &side);
	if (write_rewritten(source, learner, &raw) != 0 ||
	    write_rewritten(glue_src, glue, &raw) != 0) {
		res->status = BUILD_TOOL_FAILED;
		res->log = raw;
	} else {
		compile_emulated(p, workdir, out_bin, coresident, side_check_started(&side),
		                 profile, res);
		explain_huge_arrays(relative_to(source, p->root), res);
		compiled = true;
	}
	if (side_check_started(&side)) {
		struct build_result check;
		side_check_finish(&side, &check);
		if (compiled && check.status != BUILD_OK) {
			free(res->log); /* the check's CE (or failure) is the verdict */
			*res = check;
		} else {
			free(check.log);
		}
		if (compiled && check.status == BUILD_OK) {
			res->check_s = check.compile_s;
			res->compile_s = now_s() - started - res->link_s; /* the two side by side */
		}
	}
	free(learner);
	free(glue_src);
	free(glue);
}

static int build_emulated(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident, bool profile,
                          struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char *emu_lib =
	        xasprintf("%s/harness/emu/libcjrt_emu%s.a", p->build, profile ? "_profile" : "");
	bool built = access(emu_lib, R_OK) == 0;
	free(emu_lib);
	if (!built) {
		res->status = BUILD_TOOL_FAILED;
		res->log = xstrdup(text_of(T_emulator_not_built));
		return 0;
	}
	static const char *const kinds[2][2] = {{"emu", "emu-coresident"},
	                                        {"emu-profile", "emu-profile-coresident"}};
	char *kept =
	        kept_build_path(p, "emu", id, build_key(p, id, source, kinds[profile][coresident]));
	char *deps = xasprintf("%s/tu.d", workdir);
	const char *files[] = {out_bin, deps, NULL};
	if (!kept_build_take(kept, kept_names, files, res)) {
		build_afresh(p, id, source, workdir, out_bin, coresident, profile, res);
		if (res->status == BUILD_OK)
			kept_build_keep(kept, kept_names, files, res->log);
	}
	free(kept);
	free(deps);
	return 0;
}

int build_emulated_binary(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident,
                          struct build_result *res)
{
	return build_emulated(p, id, source, workdir, out_bin, coresident, false, res);
}

int build_emulated_profile(const struct build_paths *p, const char *id, const char *source,
                           const char *workdir, const char *out_bin, bool coresident,
                           struct build_result *res)
{
	return build_emulated(p, id, source, workdir, out_bin, coresident, true, res);
}
