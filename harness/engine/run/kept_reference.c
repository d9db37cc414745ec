/* The reference's median kept for a file judged again; see kept_reference.h. */
#include "run/kept_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

#define KEPT_S_DEFAULT 300.0

double kept_reference_max_age(void)
{
	const char *v = getenv("CUDAJUDGE_REFERENCE_KEPT_S");
	if (!v || !*v)
		return KEPT_S_DEFAULT;
	char *end;
	double s = strtod(v, &end);
	return end != v && s > 0 ? s : 0;
}

/* Seconds of the wall clock: the age must hold between engines. */
static double wall_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* <program's folder>/median-<uuid>, or NULL for a name that is no file name. */
static char *kept_path(const char *program, const char *uuid)
{
	const char *slash = strrchr(program, '/');
	if (!slash || !uuid[0] || strchr(uuid, '/') || strchr(uuid, '.'))
		return NULL;
	return xasprintf("%.*s/median-%s", (int)(slash - program), program, uuid);
}

void kept_reference_save(const char *program, const char *uuid, double median_ms)
{
	char *path = kept_path(program, uuid);
	if (!path || !(median_ms > 0)) {
		free(path);
		return;
	}
	/* written under a name of its own, then renamed: read whole or not at all */
	char *tmp = xasprintf("%s.tmp%d", path, (int)getpid());
	FILE *f = fopen(tmp, "w");
	bool ok = f && fprintf(f, "%.9g %.6f\n", median_ms, wall_s()) > 0;
	if (f && fclose(f) != 0)
		ok = false;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
	free(tmp);
	free(path);
}

bool kept_reference_take(const char *program, const char *uuid, double *median_ms, double *age_s)
{
	double most = kept_reference_max_age();
	char *path = most > 0 ? kept_path(program, uuid) : NULL;
	FILE *f = path ? fopen(path, "r") : NULL;
	free(path);
	if (!f)
		return false;
	double median, at;
	bool read = fscanf(f, "%lf %lf", &median, &at) == 2;
	fclose(f);
	double age = wall_s() - at;
	/* a clock set back makes an age below 0: not taken */
	if (!read || !(median > 0) || !(age >= 0) || age > most)
		return false;
	*median_ms = median;
	*age_s = age;
	return true;
}
