/* The emulator's counts read back; see profile.h. The file is written by
 * harness/emu/profile.cpp inside the learner's program, so it is read as
 * untrusted text: every line checked, anything else ignored. It decides no
 * verdict. */
#include "profile/profile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define NUMBERS 13 /* the counts of a place line, in profile.cpp's order */

enum {
	N_STEPS,
	N_LANES,
	N_PARTIAL,
	N_WAVEFRONTS,
	N_IDEAL_WAVEFRONTS,
	N_CONFLICTED,
	N_MAX_WAYS,
	N_SECTORS,
	N_IDEAL_SECTORS,
	N_SAME_ADDRESS,
	N_ATOMICS,
	N_ADDRESSES,
	N_MOST,
};

/* Splits line (changed in place) at tabs into at most max fields. */
static int split_tabs(char *line, char *fields[], int max)
{
	int n = 0;
	for (char *p = line; n < max;) {
		fields[n++] = p;
		char *tab = strchr(p, '\t');
		if (!tab)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	return n;
}

/* "file:line" of a place, named from root and kept only when its file is
 * `file` (or any file when `file` is ""); false when it is not kept. */
static bool place_in_file(const char *where, const char *file, const char *root, char *out,
                          size_t size)
{
	const char *colon = strrchr(where, ':');
	if (!colon || colon == where)
		return false;
	size_t len = (size_t)(colon - where);
	char path[4096];
	if (where[0] == '/')
		snprintf(path, sizeof path, "%.*s", (int)len, where);
	else /* __FILE__ of the learner's call, named from the root (-fmacro-prefix-map) */
		snprintf(path, sizeof path, "%s/%.*s", root, (int)len, where);
	if (*file && strcmp(path, file) != 0)
		return false;
	snprintf(out, size, "%s%s", relative_to(path, root), colon);
	return true;
}

static void keep_worst(struct profile_place *worst, double *worst_score, double score,
                       const struct profile_place *here)
{
	if (score > *worst_score) {
		*worst_score = score;
		*worst = *here;
	}
}

struct scores {
	double shared, global, branch, barrier, atomic;
};

/* One place line: kind, space, where, name, then NUMBERS counts. */
static void read_place(char *fields[], int n, const char *file, const char *root,
                       struct profile_figures *f, struct scores *s)
{
	if (n != 5)
		return;
	uint64_t v[NUMBERS];
	char *p = fields[4];
	for (int i = 0; i < NUMBERS; ++i) {
		char *end;
		v[i] = strtoull(p, &end, 10);
		if (end == p)
			return;
		p = end;
	}
	struct profile_place here = {0};
	if (!place_in_file(fields[2], file, root, here.where, sizeof here.where))
		return;
	snprintf(here.name, sizeof here.name, "%s", fields[3]);
	const char *kind = fields[0], *space = fields[1];
	here.steps = v[N_STEPS];
	here.partial = v[N_PARTIAL];
	if (!strcmp(kind, "branch")) {
		f->branch_steps += here.steps;
		f->partial_steps += here.partial;
		keep_worst(&f->branch_worst, &s->branch, (double)here.partial, &here);
		return;
	}
	if (!strcmp(kind, "barrier")) {
		f->barrier_steps += here.steps;
		keep_worst(&f->barrier_worst, &s->barrier, (double)here.steps, &here);
		return;
	}
	here.kind = !strcmp(kind, "load")    ? ACCESS_LOAD
	            : !strcmp(kind, "store") ? ACCESS_STORE
	                                     : ACCESS_ATOMIC;
	if (strcmp(kind, "load") && strcmp(kind, "store") && strcmp(kind, "atomic"))
		return;
	bool shared = !strcmp(space, "shared");
	if (!shared && strcmp(space, "global"))
		return;
	if (here.kind == ACCESS_ATOMIC) {
		here.atomics = v[N_ATOMICS];
		here.most = v[N_MOST];
		here.addresses = v[N_ADDRESSES];
		*(shared ? &f->atomics_shared : &f->atomics_global) += here.atomics;
		f->same_address += v[N_SAME_ADDRESS];
		if (here.most > f->most_on_one_address)
			f->most_on_one_address = here.most;
		keep_worst(&f->atomic_worst, &s->atomic, (double)here.most, &here);
	}
	if (shared) {
		here.cost = v[N_WAVEFRONTS];
		here.ideal = v[N_IDEAL_WAVEFRONTS];
		here.conflicted = v[N_CONFLICTED];
		here.ways = v[N_MAX_WAYS];
		f->shared_steps[here.kind] += here.steps;
		f->wavefronts += here.cost;
		f->ideal_wavefronts += here.ideal;
		f->conflicted += here.conflicted;
		keep_worst(&f->shared_worst, &s->shared, (double)(here.cost - here.ideal), &here);
	} else {
		here.cost = v[N_SECTORS];
		here.ideal = v[N_IDEAL_SECTORS];
		f->global_steps[here.kind] += here.steps;
		f->sectors += here.cost;
		f->ideal_sectors += here.ideal;
		keep_worst(&f->global_worst, &s->global, (double)(here.cost - here.ideal), &here);
	}
}

/* "launch\tgx gy gz\tbx by bz\tdynamic" */
static void read_launch(char *fields[], int n, struct profile_figures *f)
{
	unsigned g[3], b[3], dyn;
	if (n != 4 || sscanf(fields[1], "%u %u %u", &g[0], &g[1], &g[2]) != 3 ||
	    sscanf(fields[2], "%u %u %u", &b[0], &b[1], &b[2]) != 3 ||
	    sscanf(fields[3], "%u", &dyn) != 1)
		return;
	if (f->launches++ == 0) {
		memcpy(f->grid, g, sizeof g);
		memcpy(f->block, b, sizeof b);
	}
	uint64_t threads = (uint64_t)b[0] * b[1] * b[2];
	uint64_t blocks = (uint64_t)g[0] * g[1] * g[2];
	if (threads > f->threads_per_block && threads <= 1024)
		f->threads_per_block = (unsigned)threads;
	if (dyn > f->shared_dynamic)
		f->shared_dynamic = dyn;
	f->blocks += blocks;
	f->warps += blocks * ((threads + 31) / 32);
}

bool profile_read(const char *path, const char *file, const char *root, struct profile_figures *f)
{
	memset(f, 0, sizeof *f);
	char *text = read_file(path, NULL);
	if (!text)
		return false;
	struct scores s = {0, 0, 0, 0, 0};
	bool header = false, end = false;
	for (char *line = text; *line && !end;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *fields[8];
		int n = split_tabs(line, fields, 8);
		if (!header) {
			header = !strcmp(line, "cudajudge-profile 1");
			if (!header)
				break;
		} else if (!strcmp(fields[0], "end")) {
			end = true;
		} else if (!strcmp(fields[0], "shared_static") && n == 2) {
			f->shared_static = strtoull(fields[1], NULL, 10);
		} else if (!strcmp(fields[0], "launch")) {
			read_launch(fields, n, f);
		} else if (!strcmp(fields[0], "place")) {
			read_place(fields + 1, n - 1, file, root, f, &s);
		}
		line = nl ? nl + 1 : line + strlen(line);
	}
	free(text);
	f->made = header && end && f->launches > 0;
	return f->made;
}
