/* The device-only check of a module build; see device_only.h. */
#include "device_only.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "host_code.h"
#include "judge_names.h"
#include "report/lang.h"
#include "util.h"

/* What host code the finder found, said at its line. */
static char *host_code_message(const char *shown, const struct host_code *h)
{
	if (h->function)
		return xasprintf(
		        L("%s:%d: error: `%s` is host code (a function without __device__ or "
		          "__global__). In this exercise only device code is compiled: the judge's "
		          "own host code launches your kernels and your file's host code is never "
		          "run. Remove it, or mark it __device__ if your kernels call it\n",
		          "%s:%d: 错误：`%s` 是主机代码（没有 __device__ 或 __global__ "
		          "的函数）。本题只编译设备代码：由评测自己的主机代码启动你的 "
		          "kernel，你文件里的主机代码永远不会运行。请删掉它；如果 kernel "
		          "要调用它，请把它标成 __device__\n"),
		        shown, h->line, h->name);
	if (h->is_asm)
		return xasprintf(L("%s:%d: error: asm outside any function is host code, and in "
		                   "this exercise only device code is compiled: remove it\n",
		                   "%s:%d: 错误：函数之外的 asm 是主机代码，而本题只编译设备"
		                   "代码：请删掉它\n"),
		                 shown, h->line);
	return xasprintf(
	        L("%s:%d: error: `%s` is a host variable (not __device__, __constant__ or "
	          "__shared__, nor constexpr or const). In this exercise only device code is "
	          "compiled, and device code cannot use a host variable: make it __device__ or "
	          "constexpr, or remove it\n",
	          "%s:%d: 错误：`%s` 是主机变量（不是 __device__、__constant__ 或 "
	          "__shared__，也不是 constexpr 或 const）。本题只编译设备代码"
	          "，而设备代码不能使用主机变量：请把它改成 __device__ 或 "
	          "constexpr，或者删掉它\n"),
	        shown, h->line, h->name);
}

char *device_only_refusal(const char *root, const char *source, const char *ii_path)
{
	const char *shown = relative_to(source, root);
	char name[128] = "";
	char *text = read_file(source, NULL);
	int line = text ? learner_redefines_judge_name(text, name, sizeof name) : 0;
	free(text);
	if (line)
		return xasprintf(L("%s:%d: error: #define or #undef of `%s`, a name the judge's "
		                   "own code uses: the judge compiles your file together with "
		                   "its kernels; choose another name\n",
		                   "%s:%d: 错误：#define 或 #undef 了 `%s`，这是评测自身代码使用的"
		                   "名字：评测会把你的文件和它自己的 kernel 一起编译；请换一个"
		                   "名字\n"),
		                 shown, line, name);
	char *ii = read_file(ii_path, NULL);
	if (!ii)
		return NULL; /* nothing to read: the module itself still holds no host code */
	struct host_code h;
	char real[PATH_MAX];
	if (!realpath(source, real))
		snprintf(real, sizeof real, "%s", source);
	char *message =
	        find_host_code(ii, real, root, &h) > 0 ? host_code_message(shown, &h) : NULL;
	free(ii);
	return message;
}
