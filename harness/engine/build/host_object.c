/* The host-driven exercises' object check; see host_object.h. */
#include "build/host_object.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/cache.h"
#include "build/compiler.h"
#include "hostobj.h"
#include "report/lang.h"
#include "util.h"

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
		build_refuse(
		        res,
		        xasprintf(
		                L("%s: error: the file's host code makes a system call of its own "
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

/* build/cache/hostobj/<hash>.ok: this file (and what it includes) passed the
 * object check with this nvcc, for cc, in this version of the check. */
static char *host_object_pass_marker(const struct build_paths *p, const char *source, int cc)
{
	if (!p->build)
		return NULL;
	uint64_t h = FNV1A_OFFSET ^ (uint64_t)(HOSTOBJ_VERSION * 1000 + cc);
	h = fnv1a(h, source, strlen(source) + 1);
	h = hash_learner_sources(h, source, p->root);
	h = fnv1a(h, p->nvcc, strlen(p->nvcc) + 1);
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

/* A finding of the object check as the learner's CE: what runs or is called
 * that may not be, at file:line, and what to do. */
static void refuse_object(const struct hostobj_result *h, const char *source, const char *shown,
                          struct build_result *res)
{
	int line = hostobj_line_of(source, h->word);
	char *where = line ? xasprintf("%s:%d", shown, line) : xstrdup(shown);
	char *text = NULL;
	switch (h->finding) {
	case HOSTOBJ_STARTUP:
	case HOSTOBJ_EXIT_TABLE:
		text = xasprintf(L("%s: error: this file has code that runs by itself "
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
		                 where, *h->name ? "`" : "", h->name, *h->name ? "`: " : "");
		break;
	case HOSTOBJ_CALL:
		text = xasprintf(L("%s: error: `%s` is not among what this exercise's host "
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
		                 where, h->name);
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
		                 where, h->word);
		break;
	default:
		res->status = BUILD_TOOL_FAILED;
		free(res->log);
		res->log = xasprintf(
		        L("cannot read the compiled object %s\n", "无法读取编译出的目标文件 %s\n"),
		        h->name);
	}
	if (text)
		build_refuse(res, text);
	res->host_code = false;
	res->object_refused = text != NULL;
	free(where);
}

/* The learner's file compiled alone, its object read for constructors,
 * destructors, calls outside the allowlist and definitions of names that are
 * not its own. */
void check_host_object(const struct build_paths *p, const char *id, const char *source, int cc,
                       const char *workdir, struct build_result *res)
{
	char name[128] = "";
	int line = changes_the_glue(p, id, source, name, sizeof name);
	if (line) {
		res->log = xstrdup("");
		build_refuse(
		        res,
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
			refuse_object(&h, source, shown, res);
		}
	}
	free(arch);
	free(obj);
	free(marker);
}
