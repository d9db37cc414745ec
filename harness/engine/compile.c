/* Building test binaries with nvcc; see compile.h. */
#include "compile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hostobj.h"
#include "rewrite.h"
#include "supervise.h"
#include "lang.h"
#include "util.h"

#ifndef CJ_EMU_CHECK_CC
#define CJ_EMU_CHECK_CC 90 /* any target will do: the check reads no machine code */
#endif

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

/* Appends `text` to res->log and turns the result into a CE. */
static void refuse(struct build_result *res, char *text)
{
	char *both = xasprintf("%s%s", res->log ? res->log : "", text);
	free(res->log);
	free(text);
	res->log = both;
	res->status = BUILD_COMPILE_FAILED;
	res->host_code = true;
}

/* A system call instruction in the object's host code: only inline asm
 * makes one, and it would reach the kernel past every library call the
 * object check sees. Without objdump nothing is checked here. */
static void check_system_calls(const char *obj, const char *shown, struct build_result *res)
{
	char *objdump = find_in_dirs(getenv("PATH"), "objdump");
	if (!objdump)
		return;
	char *argv[] = {objdump, "-d", "--no-show-raw-insn", (char *)obj, NULL};
	char *log = NULL;
	double s = 0;
	int rc = run_tool(argv, &log, &s);
	res->check_s += s;
	const char *hit = NULL;
	for (const char *const *w =
	             (const char *const[]){"\tsyscall", "\tsysenter", "\tint    $0x80", NULL};
	     rc == 0 && *w && !hit; ++w)
		hit = strstr(log, *w);
	if (hit)
		refuse(res,
		       xasprintf(L("%s: error: the file's host code makes a system call of its own "
		                   "(asm): in this exercise host code may only call the CUDA "
		                   "runtime, memory allocation, printing and maths. Remove the "
		                   "asm\n",
		                   "%s：错误：这个文件的主机代码自己发起了系统调用（asm）：本题的"
		                   "主机代码只能调用 CUDA 运行时、内存分配、打印和数学函数。请删掉"
		                   "这段 asm\n"),
		                 shown));
	if (hit) {
		res->host_code = false;
		res->object_refused = true;
	}
	free(log);
	free(objdump);
}

/* The object check of the host-code exercises (hostobj.h): the learner's
 * file compiled alone, its object read for constructors, destructors, calls
 * outside the allowlist and definitions of names that are not its own.
 * Leaves res BUILD_OK, or a CE with file:line and what to do. */
static uint64_t fnv_bytes(uint64_t h, const void *data, size_t len);

/* build/cache/hostobj/<hash>.ok: this file (and what it includes) passed the
 * object check with this nvcc, for cc, in this version of the check. */
static char *host_object_pass_marker(const struct build_paths *p, const char *source, int cc)
{
	if (!p->build)
		return NULL;
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)(HOSTOBJ_VERSION * 1000 + cc);
	h = fnv_bytes(h, source, strlen(source));
	h = hash_learner_sources(h, source, p->root);
	h = fnv_bytes(h, p->nvcc, strlen(p->nvcc));
	char *dir = xasprintf("%s/cache/hostobj", p->build);
	make_dirs(dir);
	char *marker = xasprintf("%s/%016llx.ok", dir, (unsigned long long)h);
	free(dir);
	return marker;
}

/* The learner's file and the glue share a translation unit in the real
 * build: a #define or #undef of a word the glue uses, or code in namespace
 * std (a specialisation of a template the glue times with), would change the
 * glue's own code. The line, and the word in `name`, or 0. */
static int changes_the_glue(const struct build_paths *p, const char *id, const char *source,
                            char *name, size_t len)
{
	char *text = read_file(source, NULL);
	if (!text)
		return 0;
	char *glue = xasprintf("%s/harness/problems/%s.cuh", p->root, id);
	int found = 0, n = 1;
	for (char *q = text; *q && !found; ++q) {
		if (*q == '\n') {
			++n;
			continue;
		}
		if (!strncmp(q, "namespace", 9) &&
		    (q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
			const char *r = q + 9;
			while (*r == ' ' || *r == '\t')
				++r;
			if (!strncmp(r, "std", 3) &&
			    !(isalnum((unsigned char)r[3]) || r[3] == '_')) {
				snprintf(name, len, "%s",
				         L("code in namespace std", "namespace std 里的代码"));
				found = n;
			}
			continue;
		}
		if (*q != '#')
			continue;
		const char *r = q + 1;
		while (*r == ' ' || *r == '\t')
			++r;
		int skip = !strncmp(r, "define", 6) ? 6 : !strncmp(r, "undef", 5) ? 5 : 0;
		if (!skip || (r[skip] != ' ' && r[skip] != '\t'))
			continue;
		r += skip;
		while (*r == ' ' || *r == '\t')
			++r;
		size_t k = 0;
		while (isalnum((unsigned char)r[k]) || r[k] == '_')
			++k;
		char word[96];
		snprintf(word, sizeof word, "%.*s", (int)(k < 95 ? k : 95), r);
		if (k && hostobj_line_of(glue, word) > 0) {
			snprintf(name, len, "%s", word);
			found = n;
		}
	}
	free(glue);
	free(text);
	return found;
}

static void check_host_object(const struct build_paths *p, const char *id, const char *source,
                              int cc, const char *workdir, struct build_result *res)
{
	char name[128] = "";
	int line = changes_the_glue(p, id, source, name, sizeof name);
	if (line) {
		res->log = xstrdup("");
		refuse(res,
		       xasprintf(
		               L("%s:%d: error: `%s` changes the judge's own code, which is "
		                 "compiled "
		                 "after your file: in this exercise a #define or #undef of a name "
		                 "the judge uses, and code in namespace std, are not allowed. "
		                 "Use another name, or a function of your own\n",
		                 "%s:%d：错误：`%s` 会改变评测自己的代码（它在你的文件之后编译）："
		                 "本题不允许 #define 或 #undef 评测使用的名字，也不允许在 "
		                 "namespace "
		                 "std 里写代码。请换一个名字，或者写你自己的函数\n"),
		               relative_to(source, p->root), line, name));
		res->host_code = false;
		res->object_refused = true;
		return;
	}
	char *marker = host_object_pass_marker(p, source, cc);
	if (marker && access(marker, F_OK) == 0) {
		free(marker);
		res->log = xstrdup("");
		return; /* passed before, unchanged: no second compile */
	}
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *obj = xasprintf("%s/learner_alone.o", workdir);
	char *cc_argv[] = {(char *)p->nvcc,
	                   "-std=c++17",
	                   "-O3",
	                   arch,
	                   "-Xcompiler",
	                   "-ffunction-sections",
	                   "-c",
	                   (char *)source,
	                   "-o",
	                   obj,
	                   NULL};
	compile_and_link(p, cc_argv, NULL, true, res);
	res->check_s = res->compile_s;
	if (res->status == BUILD_OK) {
		struct hostobj_result h;
		const char *shown = relative_to(source, p->root);
		if (hostobj_check(obj, &h)) {
			check_system_calls(obj, shown, res);
			FILE *f = res->status == BUILD_OK && marker ? fopen(marker, "w") : NULL;
			if (f)
				fclose(f);
		} else {
			line = hostobj_line_of(source, h.word);
			char *where = line ? xasprintf("%s:%d", shown, line) : xstrdup(shown);
			char *text = NULL;
			switch (h.finding) {
			case HOSTOBJ_STARTUP:
			case HOSTOBJ_EXIT_TABLE:
				text = xasprintf(
				        L("%s: error: this file has code that runs by itself "
				          "before or "
				          "after the judge's (%s%s%sa namespace-scope object with "
				          "a "
				          "constructor or destructor, a namespace-scope variable "
				          "initialised by a call, or a function marked constructor "
				          "or "
				          "destructor). In this exercise only the functions the "
				          "judge "
				          "calls may run: move such code into those functions, and "
				          "remove the attribute\n",
				          "%s：错误：这个文件里有在评测代码之前或之后自己运行的代码"
				          "（%s%s%"
				          "s带构造或析构函数的命名空间作用域对象、用函数调用初始化"
				          "的命名空间作用域变量，或标记为 constructor/destructor "
				          "的函数）"
				          "。本题只允许运行评测调用的函数：请把这样的代码放进这些函"
				          "数里，"
				          "并删掉该属性\n"),
				        where, *h.name ? "`" : "", h.name, *h.name ? "`: " : "");
				break;
			case HOSTOBJ_CALL:
				text = xasprintf(
				        L("%s: error: `%s` is not among what this exercise's host "
				          "code "
				          "may call (the CUDA runtime API, memory allocation, "
				          "printing "
				          "and maths): handlers run at exit, threads, signals, "
				          "files, "
				          "dynamic loading and memory protection are not allowed. "
				          "Remove the call (a function-local static object with a "
				          "destructor calls __cxa_atexit: make it an ordinary "
				          "local)\n",
				          "%s：错误：`%s` 不在本题主机代码允许调用的范围内（CUDA "
				          "运行时 "
				          "API、内存分配、打印和数学函数）：退出时的处理函数、线程"
				          "、信号、"
				          "文件、动态加载和内存保护都不允许。请删掉这个调用（带析构"
				          "函数的"
				          "函数内 static 对象会调用 "
				          "__cxa_atexit：请改成普通局部变量）\n"),
				        where, h.name);
				break;
			case HOSTOBJ_DEFINITION:
				text = xasprintf(L("%s: error: this file defines `%s`, a name that "
				                   "belongs to the "
				                   "judge, the CUDA toolkit or the C/C++ library "
				                   "(or an extern "
				                   "\"C\" function or global operator, which would "
				                   "replace one of "
				                   "theirs). Rename it, or make it static\n",
				                   "%s：错误：这个文件定义了 "
				                   "`%s`，这个名字属于评测、CUDA 工具包或 "
				                   "C/C++ 库（或者是 extern \"C\" "
				                   "函数、全局运算符，会替换掉它们的"
				                   "同名函数）。请改名，或者把它声明为 static\n"),
				                 where, h.word);
				break;
			default:
				res->status = BUILD_TOOL_FAILED;
				free(res->log);
				res->log = xasprintf(L("cannot read the compiled object %s\n",
				                       "无法读取编译出的目标文件 %s\n"),
				                     h.name);
			}
			if (text)
				refuse(res, text);
			res->host_code = false;
			res->object_refused = text != NULL;
			free(where);
		}
	}
	free(arch);
	free(obj);
	free(marker);
}

/* The one nvcc command line of a learner's file: harness/runtime/learner_tu.cu
 * with the exercise's glue, -O3 -lineinfo, its dependencies in workdir/tu.d
 * (build_used_reference) and, by -keep, the PTX and the preprocessed source
 * in workdir for the rules check (rules.h) and the device-only check at no
 * extra cost. module: device code only (-cubin) into out; else an object. */
struct nvcc_line {
	char *argv[24];
	char *owned[7];
};

static void nvcc_line_init(struct nvcc_line *l, const struct build_paths *p, const char *id,
                           const char *source, int cc, const char *workdir, bool module,
                           const char *out)
{
	char **o = l->owned;
	o[0] = xasprintf("-arch=sm_%d", cc);
	o[1] = xasprintf("-I%s/harness/runtime", p->root);
	o[2] = xasprintf("-I%s/harness/problems", p->root);
	o[3] = xasprintf("-DCJ_LEARNER_FILE=\"%s\"", source);
	o[4] = xasprintf("-DCJ_GLUE=\"%s.cuh\"", id);
	o[5] = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	o[6] = xasprintf("%s/tu.d", workdir);
	int n = 0;
	char **a = l->argv;
	a[n++] = (char *)p->nvcc;
	a[n++] = "-std=c++17";
	a[n++] = "-O3";
	a[n++] = "-lineinfo";
	a[n++] = o[0];
	a[n++] = module ? "-cubin" : "-c";
	if (module)
		a[n++] = "-DCJ_MODULE";
	for (int i = 1; i <= 4; ++i)
		a[n++] = o[i];
	a[n++] = "-keep";
	a[n++] = "-keep-dir";
	a[n++] = (char *)workdir;
	a[n++] = "-MD";
	a[n++] = "-MF";
	a[n++] = o[6];
	a[n++] = o[5];
	a[n++] = "-o";
	a[n++] = (char *)out;
	a[n] = NULL;
}

static void nvcc_line_free(struct nvcc_line *l)
{
	for (size_t i = 0; i < sizeof l->owned / sizeof l->owned[0]; ++i)
		free(l->owned[i]);
}

int build_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                      const char *workdir, const char *out_bin, bool compile_only,
                      struct build_result *res)
{
	memset(res, 0, sizeof *res);
	if (glue_is_host_driven(p->root, id)) {
		check_host_object(p, id, source, cc, workdir, res);
		if (res->status != BUILD_OK)
			return 0;
		double check_s = res->check_s;
		free(res->log);
		memset(res, 0, sizeof *res);
		res->check_s = check_s;
	}
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *obj = xasprintf("%s/tu.o", workdir);
	char *lib = xasprintf("%s/harness/runtime/libcjrt.a", p->build);
	struct nvcc_line line;
	nvcc_line_init(&line, p, id, source, cc, workdir, false, obj);
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
	double check_s = res->check_s;
	compile_and_link(p, line.argv, ld_argv, compile_only, res);
	res->check_s = check_s;
	res->compile_s += check_s;
	nvcc_line_free(&line);
	free(arch);
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

/* ---- the emulator's precompiled prelude ---- */

/* Every file below `dir` (names and contents, in name order), for the key of
 * the precompiled prelude: g++ does not notice a header that changed after
 * it was precompiled. */
static uint64_t hash_tree(uint64_t h, const char *dir, int depth)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort);
	for (int i = 0; i < n; ++i) {
		const char *name = names[i]->d_name;
		char *path = xasprintf("%s/%s", dir, name);
		struct stat st;
		if (name[0] != '.' && lstat(path, &st) == 0) {
			h = fnv_bytes(h, name, strlen(name));
			if (S_ISDIR(st.st_mode) && depth < 4) {
				h = hash_tree(h, path, depth + 1);
			} else if (S_ISREG(st.st_mode) && st.st_size < ((off_t)16 << 20)) {
				size_t len = 0;
				char *text = read_file(path, &len);
				if (text)
					h = fnv_bytes(h, text, len);
				free(text);
			}
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return h;
}

/* A new prelude replaces the ones made for headers that have changed since:
 * those not used for a day go (each is some 60 MB). Both of the emulator's
 * kinds of launch have a prelude of their own in use. */
static void forget_old_preludes(const char *keep)
{
	char *dir = xstrdup(keep);
	char *slash = strrchr(dir, '/');
	if (!slash) {
		free(dir);
		return;
	}
	*slash = '\0';
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);
	while (d && (e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "prelude-", 8) != 0 || !strncmp(e->d_name, slash + 1, 25))
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_atime > 86400 &&
		    now - st.st_mtime > 86400)
			unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
	free(dir);
}

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
	uint64_t h = 0xcbf29ce484222325ull;
	h = fnv_bytes(h, "prelude-v1", 10);
	h = fnv_bytes(h, p->cxx, strlen(p->cxx));
	for (int i = 0; flags[i]; ++i)
		h = fnv_bytes(h, flags[i], strlen(flags[i]));
	char *emu = xasprintf("%s/harness/emu", p->root);
	char *rt = xasprintf("%s/harness/runtime", p->root);
	h = hash_tree(h, emu, 0);
	h = hash_tree(h, rt, 0);
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
	forget_old_preludes(header);
	return header;
}

/* The emulator's nvcc device-only check runs in a child of the engine's own,
 * beside the host compile (two tools at once: on two cores the check's time
 * is hidden). The child sends its build_result back through a pipe. Where no
 * child can be started, the check runs at once and its result is held. */
struct side_check {
	pid_t pid; /* -1: no child running */
	int fd;    /* the pipe's read end */
	bool held; /* the check ran in the engine itself: `result` */
	struct build_result result;
};

static bool side_started(const struct side_check *side)
{
	return side->pid >= 0 || side->held;
}

struct side_record {
	enum build_status status;
	double compile_s;
	bool host_code, object_refused, cached;
	size_t log_len;
};

static void write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		len -= (size_t)n;
	}
}

static void start_device_check(const struct build_paths *p, const char *id, const char *source,
                               const char *workdir, struct side_check *side)
{
	side->pid = -1;
	side->held = false;
	int fds[2];
	pid_t pid = -1;
	if (pipe2(fds, O_CLOEXEC) == 0) {
		fflush(NULL); /* nothing buffered is written twice */
		pid = fork();
		if (pid < 0) {
			close(fds[0]);
			close(fds[1]);
		}
	}
	if (pid < 0) {
		char *module = xasprintf("%s/check.cubin", workdir);
		build_module(p, id, source, CJ_EMU_CHECK_CC, workdir, module, &side->result);
		free(module);
		side->held = true;
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* ends with the engine, and nvcc with it */
		struct build_result r;
		char *module = xasprintf("%s/check.cubin", workdir);
		build_module(p, id, source, CJ_EMU_CHECK_CC, workdir, module, &r);
		struct side_record rec = {r.status,         r.compile_s, r.host_code,
		                          r.object_refused, r.cached,    r.log ? strlen(r.log) : 0};
		write_all(fds[1], &rec, sizeof rec);
		write_all(fds[1], r.log ? r.log : "", rec.log_len);
		_exit(0);
	}
	close(fds[1]);
	side->pid = pid;
	side->fd = fds[0];
	supervise_spare_child(pid);
}

/* Waits for the check and returns its result, once; a check that died
 * without one is the judge's failure (BUILD_TOOL_FAILED). */
static void finish_device_check(struct side_check *side, struct build_result *res)
{
	memset(res, 0, sizeof *res);
	if (side->held) {
		*res = side->result;
		side->held = false;
		return;
	}
	struct side_record rec;
	struct strbuf got = {0};
	char chunk[8192];
	ssize_t n;
	while ((n = read(side->fd, chunk, sizeof chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		sb_add(&got, chunk, (size_t)n);
	}
	close(side->fd);
	while (waitpid(side->pid, NULL, 0) < 0 && errno == EINTR) {
		/* an ECHILD: already reaped by a run's cleanup, its result is in */
	}
	supervise_spare_child(0);
	side->pid = -1;
	side->fd = -1;
	size_t len = got.len;
	char *data = sb_take(&got);
	if (len >= sizeof rec) {
		memcpy(&rec, data, sizeof rec);
		if (rec.log_len == len - sizeof rec) {
			res->status = rec.status;
			res->compile_s = rec.compile_s;
			res->host_code = rec.host_code;
			res->object_refused = rec.object_refused;
			res->cached = rec.cached;
			res->log = xstrdup(data + sizeof rec);
			free(data);
			return;
		}
	}
	free(data);
	res->status = BUILD_TOOL_FAILED;
	res->log = xstrdup(L("the judge's nvcc check of the file ended without a result: judge "
	                     "again, and run `python3 judge.py doctor` if it happens again\n",
	                     "评测对文件的 nvcc 检查没有给出结果就结束了：请再评测一次；如果"
	                     "再次发生，请运行 `python3 judge.py doctor`\n"));
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
	char *text = xasprintf(
	        L("%s: error: the file's arrays outside functions (__device__, __constant__ and "
	          "global variables) take more than 2 GiB together: the CPU emulator keeps them "
	          "in the program's own memory, where static data is limited to 2 GiB. Declare "
	          "a smaller array, or keep the data in the buffers the exercise passes\n",
	          "%s：错误：这个文件在函数之外声明的数组（__device__、__constant__ 和全局变量）"
	          "加起来超过 2 GiB：CPU 模拟器把它们放在程序自己的内存里，而那里的静态数据最多 "
	          "2 GiB。请把数组改小，或者把数据放在练习传入的缓冲区里\n"),
	        shown);
	char *both = xasprintf("%s%s", text, res->log);
	free(text);
	free(res->log);
	res->log = both;
}

int build_emulated_binary(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident,
                          struct build_result *res)
{
	memset(res, 0, sizeof *res);
	struct side_check side = {.pid = -1};
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
	double started = now_s();
	if (p->nvcc && !glue_is_host_driven(p->root, id)) {
		/* The same device-only check as on the GPU, with nvcc (docs/
		 * trusted-runner.md): the emulator runs device code as host code,
		 * so host code, C library calls and a redefined judge name would
		 * otherwise go unnoticed here. Its PTX and preprocessed source stay
		 * in workdir, where the rules check reads them. Beside the host
		 * compile below; its verdict comes first. */
		start_device_check(p, id, source, workdir, &side);
	} else if (p->nvcc) {
		/* Host code: the object check, as on the GPU. */
		check_host_object(p, id, source, CJ_EMU_CHECK_CC, workdir, res);
		double check_s = res->check_s;
		if (res->status != BUILD_OK)
			goto out;
		free(res->log);
		memset(res, 0, sizeof *res);
		res->check_s = check_s;
	}
	if (write_rewritten(source, learner, &raw) != 0 ||
	    write_rewritten(glue_src, glue, &raw) != 0) {
		res->status = BUILD_TOOL_FAILED;
		res->log = raw;
		goto out;
	}
	/* nvcc's dependencies are workdir/tu.d (build_used_reference) */
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
	char *deps = xasprintf("%s/%s.d", workdir, side_started(&side) ? "tu_host" : "tu");
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
	                 NULL};
	double prelude_s = 0;
	char *prelude = emulator_prelude(p, flags, &prelude_s);
	char *rest[] = {"-include", prelude, def_src, def_glue, "-MD", "-MF", deps,
	                "-x",       "c++",   "-c",    tu,       "-o",  obj,   NULL};
	char *cc_argv[64];
	emulator_cxx_argv(cc_argv, sizeof cc_argv / sizeof cc_argv[0], p->cxx, flags,
	                  prelude ? rest : rest + 2); /* without a prelude, no -include */
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
	double check_s = res->check_s;
	compile_and_link(p, cc_argv, ld_argv, false, res);
	explain_huge_arrays(relative_to(source, p->root), res);
	free(prelude);
	res->check_s = check_s;
	res->compile_s += check_s + prelude_s;
	if (side_started(&side)) {
		struct build_result check;
		finish_device_check(&side, &check);
		if (check.status != BUILD_OK) { /* the check's CE (or failure) is the verdict */
			free(res->log);
			*res = check;
		} else {
			free(check.log);
			res->check_s = check.compile_s;
			res->compile_s = now_s() - started - res->link_s; /* the two side by side */
		}
	}
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
	if (side_started(&side)) { /* ended early: the check's result is not needed */
		struct build_result check;
		finish_device_check(&side, &check);
		free(check.log);
	}
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

/* ------------------------------------------------------------------------
 * Device-only modules (docs/trusted-runner.md)
 * ------------------------------------------------------------------------ */

bool glue_is_host_driven(const char *root, const char *id)
{
	char *glue = xasprintf("%s/harness/problems/%s.cuh", root, id);
	char *text = read_file(glue, NULL);
	free(glue);
	bool host = text && strstr(text, "cj_host_run(") != NULL;
	free(text);
	return host;
}

/* A token of nvcc's preprocessed output, with the file and line it came from. */
struct ii_lexer {
	const char *s;
	const char *file; /* points into the text: the last line marker's name */
	size_t file_len;
	int line;
	bool at_line_start;
};

enum { TOK_END, TOK_IDENT, TOK_STRING, TOK_PUNCT, TOK_OTHER };

struct ii_token {
	int kind;
	const char *at;
	size_t len;
	const char *file;
	size_t file_len;
	int line;
};

static void ii_next(struct ii_lexer *x, struct ii_token *t)
{
	for (;;) {
		const char *s = x->s;
		if (!*s) {
			t->kind = TOK_END;
			return;
		}
		if (*s == '\n') {
			x->line++;
			x->at_line_start = true;
			x->s++;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			x->s++;
			continue;
		}
		if (*s == '#' && x->at_line_start) {
			/* "# 12 "file" flags": a line marker; any other directive (#pragma)
			 * is skipped to the end of its line. */
			const char *p = s + 1;
			while (*p == ' ')
				++p;
			if (isdigit((unsigned char)*p)) {
				int line = atoi(p);
				const char *q = strchr(p, '"');
				const char *eol = strchr(p, '\n');
				if (q && (!eol || q < eol)) {
					const char *e = strchr(q + 1, '"');
					if (e && (!eol || e < eol)) {
						x->file = q + 1;
						x->file_len = (size_t)(e - q - 1);
					}
				}
				x->line = line - 1; /* the newline ending the marker counts */
			}
			const char *eol = strchr(s, '\n');
			x->s = eol ? eol : s + strlen(s);
			continue;
		}
		x->at_line_start = false;
		t->at = s;
		t->file = x->file;
		t->file_len = x->file_len;
		t->line = x->line;
		if (isalpha((unsigned char)*s) || *s == '_') {
			while (isalnum((unsigned char)*s) || *s == '_')
				++s;
			if ((*s == '"' || *s == '\'') && s - t->at <= 3) { /* u8"", L'' prefixes */
				x->s = s;
				continue;
			}
			t->kind = TOK_IDENT;
		} else if (*s == '"' || *s == '\'') {
			char q = *s++;
			while (*s && *s != q && *s != '\n') {
				if (*s == '\\' && s[1])
					++s;
				++s;
			}
			if (*s == q)
				++s;
			t->kind = TOK_STRING;
		} else if (isdigit((unsigned char)*s)) {
			while (isalnum((unsigned char)*s) || *s == '.' || *s == '_' || *s == '\'')
				++s;
			t->kind = TOK_OTHER;
		} else {
			++s;
			t->kind = TOK_PUNCT;
		}
		t->len = (size_t)(s - t->at);
		x->s = s;
		return;
	}
}

static bool tok_is(const struct ii_token *t, const char *word)
{
	return t->len == strlen(word) && !strncmp(t->at, word, t->len);
}

/* Whether a declaration at `file` counts as the learner's: the learner's file
 * itself, or a header that is neither the system's, the toolkit's nor the
 * judge's. */
static bool learner_owned(const struct ii_token *t, const char *learner, const char *root)
{
	if (!t->file)
		return false;
	if (t->file_len == strlen(learner) && !strncmp(t->file, learner, t->file_len))
		return true;
	if (t->file[0] != '/' || !strncmp(t->file, "/usr/", 5) || !strncmp(t->file, "/opt/", 5))
		return false;
	size_t rl = strlen(root);
	return !(t->file_len > rl && !strncmp(t->file, root, rl) &&
	         !strncmp(t->file + rl, "/harness/", 9));
}

/* One namespace-scope declaration being read. */
struct decl {
	struct ii_token first, name;
	int ntok;
	bool device, paren, eq, constant, skip, klass, body_done, after_body;
	bool is_asm, ns, ctor_args;
};

int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out)
{
	memset(out, 0, sizeof *out);
	struct ii_lexer x = {.s = ii, .line = 1, .at_line_start = true};
	/* Scopes: 'n' namespace or extern "C" block, 'o' anything else. */
	char stack[256];
	int depth = 0;
	struct decl d = {0};
	int paren = 0;
	struct ii_token t;
	for (ii_next(&x, &t); t.kind != TOK_END; ii_next(&x, &t)) {
		/* Only the learner's own lines are read: the file is included at
		 * namespace scope, and every header it includes is whole. */
		if (!learner_owned(&t, learner, root))
			continue;
		bool ns = depth == 0 || stack[depth - 1] == 'n';
		if (!ns) {
			if (tok_is(&t, "{"))
				stack[depth < 255 ? depth++ : depth] = 'o';
			else if (tok_is(&t, "}") && --depth >= 0 && depth < 256 && d.klass &&
			         (depth == 0 || stack[depth - 1] == 'n')) {
				d.body_done = true;
			}
			if (depth < 0)
				return 0; /* unbalanced: say nothing */
			continue;
		}
		if (d.ntok == 0 && tok_is(&t, ";"))
			continue;
		if (paren == 0 && tok_is(&t, "}")) { /* at namespace scope: the namespace ends */
			depth--;
			memset(&d, 0, sizeof d);
			paren = 0;
			if (depth < 0)
				return 0;
			continue;
		}
		if (d.ntok++ == 0)
			d.first = t;
		if (d.body_done && !tok_is(&t, ";"))
			d.after_body = true;
		if (tok_is(&t, "__attribute__") || tok_is(&t, "alignas") ||
		    tok_is(&t, "__declspec")) {
			/* Read the attribute's parentheses: device, global, shared,
			 * constant and managed say where the declaration lives. */
			struct ii_token a;
			int p = 0;
			do {
				ii_next(&x, &a);
				if (tok_is(&a, "("))
					p++;
				else if (tok_is(&a, ")"))
					p--;
				else if (tok_is(&a, "device") || tok_is(&a, "global") ||
				         tok_is(&a, "shared") || tok_is(&a, "constant") ||
				         tok_is(&a, "managed"))
					d.device = true;
			} while (a.kind != TOK_END && p > 0);
			continue;
		}
		if (tok_is(&t, "template")) {
			/* Skip the parameter list: its `class` is not a class. */
			struct ii_token a;
			ii_next(&x, &a);
			if (tok_is(&a, "<")) {
				/* <...> outside parentheses: `bool = (N > 2)` is no end */
				int p = 1, round = 0;
				while (p > 0) {
					ii_next(&x, &a);
					if (a.kind == TOK_END)
						break;
					round += tok_is(&a, "(") - tok_is(&a, ")");
					if (round == 0)
						p += tok_is(&a, "<") - tok_is(&a, ">");
				}
			}
			continue;
		}
		if (t.kind == TOK_IDENT && paren > 0)
			continue; /* parameters and arguments say nothing about the declaration */
		if (t.kind == TOK_IDENT) {
			if (tok_is(&t, "typedef") || tok_is(&t, "using") ||
			    tok_is(&t, "static_assert") || tok_is(&t, "friend") ||
			    (tok_is(&t, "extern") && d.ntok == 1))
				d.skip = true;
			else if (tok_is(&t, "constexpr") || tok_is(&t, "const") ||
			         tok_is(&t, "consteval"))
				d.constant = true;
			else if (paren == 0 && (tok_is(&t, "class") || tok_is(&t, "struct") ||
			                        tok_is(&t, "union") || tok_is(&t, "enum")))
				d.klass = true;
			else if (tok_is(&t, "asm") || tok_is(&t, "__asm__") || tok_is(&t, "__asm"))
				d.is_asm = true;
			else if (tok_is(&t, "namespace"))
				d.skip = d.ns = true;
			if (paren == 0 && !d.paren && !d.eq)
				d.name = t;
			/* extern "C" { ... }: a namespace-like block */
			continue;
		}
		if (tok_is(&t, "(")) {
			if (paren++ == 0)
				d.paren = true;
			continue;
		}
		if (tok_is(&t, ")")) {
			paren -= paren > 0;
			continue;
		}
		if (paren > 0) {
			if (t.kind == TOK_OTHER || t.kind == TOK_STRING)
				d.ctor_args = true; /* a literal: `T x(5);` is a variable */
			continue;
		}
		if (tok_is(&t, "=") && !d.eq)
			d.eq = true;
		if (tok_is(&t, "{")) {
			bool block = (d.ns && !d.eq) || (tok_is(&d.first, "extern") && d.ntok == 3);
			if (block) {
				stack[depth < 255 ? depth++ : depth] = 'n';
				memset(&d, 0, sizeof d);
				continue;
			}
			/* a class head has no parentheses of its own (attributes are
			 * read apart): `struct tm *f(void) {` is a function */
			bool function = d.paren && !d.eq;
			if (function && !d.device && !d.constant && !d.skip &&
			    learner_owned(&d.first, learner, root)) {
				out->found = true;
				out->line = d.first.line;
				out->function = true;
				snprintf(out->name, sizeof out->name, "%.*s", (int)d.name.len,
				         d.name.at);
				return 1;
			}
			stack[depth < 255 ? depth++ : depth] = 'o';
			if (function) /* a function body: the declaration ends with it */
				memset(&d, 0, sizeof d);
			else
				d.klass = d.klass || !d.eq; /* its body's end is watched for */
			continue;
		}
		if (tok_is(&t, ";")) {
			bool variable = !d.skip && !d.device && !d.constant &&
			                ((!d.paren && !d.klass) || d.eq || d.ctor_args ||
			                 (d.klass && d.after_body));
			if ((variable || d.is_asm) && learner_owned(&d.first, learner, root)) {
				out->found = true;
				out->line = d.first.line;
				out->function = false;
				out->is_asm = d.is_asm;
				snprintf(out->name, sizeof out->name, "%.*s", (int)d.name.len,
				         d.name.at);
				return 1;
			}
			memset(&d, 0, sizeof d);
			paren = 0;
		}
	}
	return 0;
}

/* `#define`/`#undef` in the learner's file of a name the judge's code uses:
 * CUDA's execution-space keywords and the judge's cj_ / CJ_ names. Writes
 * the name and line; true when found. */
static bool redefines_judge_name(const char *source, int *line, char *name, size_t len)
{
	char *text = read_file(source, NULL);
	if (!text)
		return false;
	static const char *const keywords[] = {
	        "__global__",  "__device__",        "__host__",      "__shared__", "__constant__",
	        "__managed__", "__launch_bounds__", "__attribute__", "extern",     NULL};
	bool found = false;
	int n = 1;
	for (char *p = text; *p && !found; ++n) {
		char *eol = strchr(p, '\n');
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			++q;
		if (*q == '#') {
			++q;
			while (*q == ' ' || *q == '\t')
				++q;
			int skip = !strncmp(q, "define", 6) ? 6 : !strncmp(q, "undef", 5) ? 5 : 0;
			if (skip && (q[skip] == ' ' || q[skip] == '\t')) {
				q += skip;
				while (*q == ' ' || *q == '\t')
					++q;
				size_t k = 0;
				while (isalnum((unsigned char)q[k]) || q[k] == '_')
					++k;
				bool judge =
				        (k > 3 && (!strncmp(q, "cj_", 3) || !strncmp(q, "CJ_", 3)));
				for (int i = 0; keywords[i] && !judge; ++i)
					judge = k == strlen(keywords[i]) &&
					        !strncmp(q, keywords[i], k);
				if (judge) {
					found = true;
					*line = n;
					snprintf(name, len, "%.*s", (int)k, q);
				}
			}
		}
		if (!eol)
			break;
		p = eol + 1;
	}
	free(text);
	return found;
}

/* The device-only check of a built module's preprocessed source. */
static void check_device_only(const struct build_paths *p, const char *source, const char *ii_path,
                              struct build_result *res)
{
	const char *shown = relative_to(source, p->root);
	int line = 0;
	char name[128] = "";
	if (redefines_judge_name(source, &line, name, sizeof name)) {
		refuse(res,
		       xasprintf(L("%s:%d: error: #define or #undef of `%s`, a name the judge's "
		                   "own code uses: the judge compiles your file together with "
		                   "its kernels; choose another name\n",
		                   "%s:%d: 错误：#define 或 #undef 了 `%s`，这是评测自身代码使用的"
		                   "名字：评测会把你的文件和它自己的 kernel 一起编译；请换一个"
		                   "名字\n"),
		                 shown, line, name));
		return;
	}
	char *ii = read_file(ii_path, NULL);
	if (!ii)
		return; /* nothing to read: the module itself still holds no host code */
	struct host_code h;
	char real[PATH_MAX];
	if (!realpath(source, real))
		snprintf(real, sizeof real, "%s", source);
	if (find_host_code(ii, real, p->root, &h) > 0) {
		if (h.function)
			refuse(res,
			       xasprintf(
			               L("%s:%d: error: `%s` is host code (a function without "
			                 "__device__ or __global__). In this exercise only device "
			                 "code is compiled: the judge's own host code launches "
			                 "your "
			                 "kernels and your file's host code is never run. Remove "
			                 "it, "
			                 "or mark it __device__ if your kernels call it\n",
			                 "%s:%d: 错误：`%s` 是主机代码（没有 __device__ 或 "
			                 "__global__ "
			                 "的函数）。本题只编译设备代码：由评测自己的主机代码启动你"
			                 "的 "
			                 "kernel，你文件里的主机代码永远不会运行。请删掉它；如果 "
			                 "kernel "
			                 "要调用它，请把它标成 __device__\n"),
			               shown, h.line, h.name));
		else if (h.is_asm)
			refuse(res,
			       xasprintf(
			               L("%s:%d: error: asm outside any function is host code, "
			                 "and in this exercise only device code is compiled: "
			                 "remove it\n",
			                 "%s:%d: 错误：函数之外的 asm 是主机代码，而本题只编译设备"
			                 "代码：请删掉它\n"),
			               shown, h.line));
		else
			refuse(res,
			       xasprintf(L("%s:%d: error: `%s` is a host variable (not __device__, "
			                   "__constant__ or __shared__, nor constexpr or const). "
			                   "In this "
			                   "exercise only device code is compiled, and device code "
			                   "cannot use a host variable: make it __device__ or "
			                   "constexpr, or remove it\n",
			                   "%s:%d: 错误：`%s` 是主机变量（不是 "
			                   "__device__、__constant__ "
			                   "或 __shared__，也不是 constexpr 或 "
			                   "const）。本题只编译设备代码"
			                   "，而设备代码不能使用主机变量：请把它改成 __device__ 或 "
			                   "constexpr，或者删掉它\n"),
			                 shown, h.line, h.name));
	}
	free(ii);
}

static uint64_t fnv_bytes(uint64_t h, const void *data, size_t len);

static int copy_file_to(const char *from, const char *to)
{
	size_t len = 0;
	char *data = read_file(from, &len);
	if (!data)
		return -1;
	char *tmp = xasprintf("%s.tmp%d", to, (int)getpid());
	FILE *f = fopen(tmp, "wb");
	int rc = f && fwrite(data, 1, len, f) == len ? 0 : -1;
	if (f && fclose(f) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, to) != 0)
		rc = -1;
	if (rc)
		unlink(tmp);
	free(tmp);
	free(data);
	return rc;
}

/* build/cache/modules/<id>-sm<cc>-<key>: a module that passed the device-only
 * check, keyed on everything it is built from (the learner's file and what it
 * includes, the glue and the runtime headers, nvcc, cc). An unchanged file
 * judged again reuses it, with its dependency list (tu.d). */
static char *module_cache_base(const struct build_paths *p, const char *id, const char *source,
                               int cc)
{
	if (!p->build)
		return NULL;
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)cc;
	h = fnv_bytes(h, "module-v1", 9);
	h = fnv_bytes(h, source, strlen(source));
	h = hash_learner_sources(h, source, p->root);
	char *files[] = {xasprintf("%s/harness/problems/%s.cuh", p->root, id),
	                 xasprintf("%s/harness/runtime/glue.h", p->root),
	                 xasprintf("%s/harness/runtime/learner_tu.cu", p->root), NULL};
	for (int i = 0; files[i]; ++i) {
		h = hash_learner_sources(h, files[i], p->root);
		free(files[i]);
	}
	h = fnv_bytes(h, p->nvcc, strlen(p->nvcc));
	char *dir = xasprintf("%s/cache/modules", p->build);
	make_dirs(dir);
	char *base = xasprintf("%s/%s-sm%d-%016llx", dir, id, cc, (unsigned long long)h);
	free(dir);
	return base;
}

int build_module(const struct build_paths *p, const char *id, const char *source, int cc,
                 const char *workdir, const char *out_module, struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char *base = module_cache_base(p, id, source, cc);
	char *cached_mod = base ? xasprintf("%s.cubin", base) : NULL;
	char *cached_dep = base ? xasprintf("%s.d", base) : NULL;
	free(base);
	char *deps_out = xasprintf("%s/tu.d", workdir);
	if (cached_mod && access(cached_mod, R_OK) == 0 && access(cached_dep, R_OK) == 0 &&
	    copy_file_to(cached_mod, out_module) == 0 && copy_file_to(cached_dep, deps_out) == 0) {
		res->status = BUILD_OK;
		res->cached = true;
		res->log = xstrdup("");
		free(cached_mod);
		free(cached_dep);
		free(deps_out);
		return 0;
	}
	free(deps_out);
	char *deps = xasprintf("%s/tu.d", workdir);
	char *ii = xasprintf("%s/learner_tu.cpp1.ii", workdir);
	struct nvcc_line line;
	nvcc_line_init(&line, p, id, source, cc, workdir, true, out_module);
	compile_and_link(p, line.argv, NULL, true, res);
	if (res->status == BUILD_OK)
		check_device_only(p, source, ii, res);
	if (res->status == BUILD_OK && cached_mod && copy_file_to(out_module, cached_mod) == 0)
		copy_file_to(deps, cached_dep);
	nvcc_line_free(&line);
	free(cached_mod);
	free(cached_dep);
	free(deps);
	free(ii);
	return 0;
}

char *reference_module(const struct build_paths *p, const char *id, int cc, int default_cc)
{
	if (cc == default_cc) {
		char *prebuilt = xasprintf("%s/reference/%s.cubin", p->build, id);
		if (access(prebuilt, R_OK) == 0)
			return prebuilt;
		free(prebuilt);
	}
	if (!p->nvcc)
		return NULL;
	/* Another compute capability than the build's: built here once, cached
	 * under the hash of everything it is built from. */
	char *source = xasprintf("%s/reference/%s.cu", p->root, id);
	char *glue = xasprintf("%s/harness/problems/%s.cuh", p->root, id);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *glue_h = xasprintf("%s/harness/runtime/glue.h", p->root);
	const char *inputs[] = {source, glue, tu, glue_h, NULL};
	uint64_t key = hash_files(inputs, cc);
	char *dir = xasprintf("%s/cache/reference", p->build);
	char *out = xasprintf("%s/%s-sm%d-%016llx.cubin", dir, id, cc, (unsigned long long)key);
	if (access(out, R_OK) != 0) {
		char *work = xasprintf("%s/%s-sm%d.tmp%d", dir, id, cc, (int)getpid());
		char *tmp = xasprintf("%s/module.cubin", work);
		make_dirs(work);
		struct build_result br;
		build_module(p, id, source, cc, work, tmp, &br);
		if (br.status != BUILD_OK || rename(tmp, out) != 0) {
			free(out);
			out = NULL;
		}
		free(br.log);
		remove_tree(work);
		free(work);
		free(tmp);
	}
	free(source);
	free(glue);
	free(tu);
	free(glue_h);
	free(dir);
	return out;
}

char *runner_path(const struct build_paths *p, const char *id)
{
	return xasprintf("%s/harness/runtime/cj-runner-%s", p->build, id);
}

/* ---- what a cache of a learner's judgement must depend on ---- */

static uint64_t fnv_bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *s = data;
	for (size_t i = 0; i < len; ++i)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return (h ^ 0xff) * 0x100000001b3ull;
}

#define INCLUDE_HASH_MAX_BYTES ((off_t)16 << 20)

/* Hashes `path`'s content and, recursively, every file its #include "..."
 * lines name that exists (from the including file's folder, then the judge's
 * include folders), at most `budget` files. */
static uint64_t hash_includes_of(uint64_t h, const char *path, const char *root, int depth,
                                 int *budget)
{
	/* Only regular files of a sane size are read: `#include "/dev/zero"` (or a
	 * FIFO) would never end, and its compile fails anyway. Such a file makes
	 * the key unique, so nothing is taken from a cache for it. */
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > INCLUDE_HASH_MAX_BYTES) {
		double t = now_s();
		h = fnv_bytes(h, path, strlen(path));
		return fnv_bytes(h, &t, sizeof t);
	}
	size_t len = 0;
	char *text = read_file(path, &len);
	if (!text)
		return fnv_bytes(h, path, strlen(path));
	h = fnv_bytes(h, text, len);
	if (depth > 16 || --*budget < 0) {
		free(text);
		return h;
	}
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	for (char *p = text; p && *p;) {
		char *eol = strchr(p, '\n');
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			++q;
		if (*q == '#') {
			++q;
			while (*q == ' ' || *q == '\t')
				++q;
			if (!strncmp(q, "include", 7)) {
				q += 7;
				while (*q == ' ' || *q == '\t')
					++q;
				const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
				if (*q == '"' && end && (!eol || end < eol)) {
					char *name = xasprintf("%.*s", (int)(end - q - 1), q + 1);
					const char *bases[] = {dir, NULL, NULL};
					char *rt = xasprintf("%s/harness/runtime", root);
					char *pb = xasprintf("%s/harness/problems", root);
					bases[1] = rt;
					bases[2] = pb;
					for (int b = 0; b < 3; ++b) {
						char *cand = name[0] == '/'
						                     ? xstrdup(name)
						                     : xasprintf("%s/%s", bases[b],
						                                 name);
						if (access(cand, R_OK) == 0) {
							h = hash_includes_of(h, cand, root,
							                     depth + 1, budget);
							free(cand);
							break;
						}
						free(cand);
					}
					free(rt);
					free(pb);
					free(name);
				} else if (*q != '<') {
					/* #include MACRO: what it names is not known here */
					double t = now_s();
					h = fnv_bytes(h, &t, sizeof t);
				}
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	free(dir);
	free(text);
	return h;
}

uint64_t hash_learner_sources(uint64_t h, const char *source, const char *root)
{
	int budget = 256;
	return hash_includes_of(h, source, root, 0, &budget);
}
