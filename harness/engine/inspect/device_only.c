/* The device-only check of a module build; see device_only.h. */
#include "device_only.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_code.h"
#include "judge_names.h"
#include "report/texts.h"
#include "util.h"

/* What host code the finder found, said at its line. */
static char *host_code_message(const char *shown, const struct host_code *h)
{
	enum text_code code = h->function ? T_host_function_found
	                      : h->is_asm ? T_host_asm_found
	                                  : T_host_variable_found;
	return say_alloc(
	        code, FIELDS(F_STR("file", shown), F_INT("line", h->line), F_STR("name", h->name)));
}

char *device_only_refusal(const char *root, const char *source, const char *ii_path,
                          struct entered_files *entered)
{
	memset(entered, 0, sizeof *entered);
	const char *shown = relative_to(source, root);
	char name[128] = "";
	char *text = read_file(source, NULL);
	int line = text ? learner_redefines_judge_name(text, name, sizeof name) : 0;
	free(text);
	if (line)
		return say_alloc(
		        T_judge_name_redefined,
		        FIELDS(F_STR("file", shown), F_INT("line", line), F_STR("name", name)));
	char *ii = read_file(ii_path, NULL);
	if (!ii)
		return NULL; /* nothing to read: the module itself still holds no host code */
	struct host_code h;
	char real[PATH_MAX];
	if (!realpath(source, real))
		snprintf(real, sizeof real, "%s", source);
	char *message = find_host_code(ii, real, root, &h, entered) > 0
	                        ? host_code_message(shown, &h)
	                        : NULL;
	free(ii);
	return message;
}
