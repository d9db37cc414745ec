/*
 * A seeded mutation fuzzer for LLVMFuzzerTestOneInput, for compilers without
 * libFuzzer. Reads the seed inputs named on the command line (files, or
 * folders of files), runs each, then runs mutants of them: bit flips, bytes
 * YAML or C cares about, deleted, repeated and spliced ranges, truncations.
 *   usage: fuzz_driver [-n ITERATIONS] [-s SEED] [-t SECONDS] SEED_PATH...
 * Deterministic for a given seed and iteration count; -t stops earlier.
 * A failing input is written to ./fuzz-crash-<iteration>.yaml before the
 * target aborts, so that it can be replayed.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct input {
	uint8_t *data;
	size_t size;
};

static struct input *seeds;
static size_t nseeds, capseeds;

static uint64_t rng_state;

static uint64_t next(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static size_t below(size_t n)
{
	return n ? (size_t)(next() % n) : 0;
}

static void add_seed(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	struct input in = {NULL, 0};
	size_t cap = 0;
	for (;;) {
		if (in.size == cap) {
			cap = cap ? 2 * cap : 4096;
			in.data = realloc(in.data, cap);
			if (!in.data)
				exit(2);
		}
		size_t got = fread(in.data + in.size, 1, cap - in.size, f);
		if (!got)
			break;
		in.size += got;
	}
	fclose(f);
	if (nseeds == capseeds) {
		capseeds = capseeds ? 2 * capseeds : 32;
		seeds = realloc(seeds, capseeds * sizeof *seeds);
		if (!seeds)
			exit(2);
	}
	seeds[nseeds++] = in;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void add_path(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		exit(2);
	}
	if (!S_ISDIR(st.st_mode)) {
		add_seed(path);
		return;
	}
	struct dirent **names;
	int n = scandir(path, &names, NULL, by_name);
	for (int i = 0; i < n; ++i) {
		if (names[i]->d_name[0] != '.') {
			char *file;
			if (asprintf(&file, "%s/%s", path, names[i]->d_name) < 0)
				exit(2);
			add_seed(file);
			free(file);
		}
		free(names[i]);
	}
	free(names);
}

/* Bytes that change how YAML reads a document, or C a text. */
static const uint8_t special[] = {':', '-',  ' ',  '\n', '\t', '[',  ']',  '{', '}', ',',
                                  '"', '\'', '&',  '*',  '!',  '|',  '>',  '#', '%', '@',
                                  '?', '\\', '\r', 0,    0xff, 0xc3, 0xe4, '0', '9', '.',
                                  'e', '~',  '/',  '<',  '(',  ')',  'R',  'u', '8', ';'};

static void mutate(uint8_t **buf, size_t *size, size_t *cap)
{
	int rounds = 1 + (int)below(4);
	for (int r = 0; r < rounds; ++r) {
		size_t n = *size;
		if (*cap < 2 * n + 64) {
			*cap = 2 * n + 64;
			*buf = realloc(*buf, *cap);
			if (!*buf)
				exit(2);
		}
		uint8_t *b = *buf;
		switch (below(7)) {
		case 0: /* flip a bit */
			if (n)
				b[below(n)] ^= (uint8_t)(1u << below(8));
			break;
		case 1: /* a byte YAML cares about */
			if (n)
				b[below(n)] = special[below(sizeof special)];
			break;
		case 2: { /* delete a range */
			if (!n)
				break;
			size_t at = below(n), len = 1 + below(n - at < 64 ? n - at : 64);
			memmove(b + at, b + at + len, n - at - len);
			*size = n - len;
			break;
		}
		case 3: { /* repeat a range in place */
			if (!n)
				break;
			size_t at = below(n), len = 1 + below(n - at < 64 ? n - at : 64);
			memmove(b + at + len, b + at, n - at);
			*size = n + len;
			break;
		}
		case 4: { /* splice in part of another seed */
			const struct input *o = &seeds[below(nseeds)];
			if (!o->size)
				break;
			size_t from = below(o->size),
			       len = 1 + below(o->size - from < 256 ? o->size - from : 256);
			size_t at = below(n + 1);
			if (*cap < n + len) {
				*cap = n + len + 64;
				*buf = b = realloc(b, *cap);
				if (!b)
					exit(2);
			}
			memmove(b + at + len, b + at, n - at);
			memcpy(b + at, o->data + from, len);
			*size = n + len;
			break;
		}
		case 5: /* truncate */
			*size = below(n + 1);
			break;
		default: { /* insert a special byte */
			size_t at = below(n + 1);
			memmove(b + at + 1, b + at, n - at);
			b[at] = special[below(sizeof special)];
			*size = n + 1;
			break;
		}
		}
	}
}

static void save(unsigned long iteration, const uint8_t *data, size_t size)
{
	char name[64];
	snprintf(name, sizeof name, "fuzz-crash-%lu.yaml", iteration);
	FILE *f = fopen(name, "wb");
	if (f) {
		fwrite(data, 1, size, f);
		fclose(f);
	}
}

int main(int argc, char **argv)
{
	unsigned long iterations = 20000, seed = 1;
	double seconds = 0;
	int i = 1;
	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "-n"))
			iterations = strtoul(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "-s"))
			seed = strtoul(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "-t"))
			seconds = strtod(argv[i + 1], NULL);
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: %s [-n ITERATIONS] [-s SEED] [-t SECONDS] SEED_PATH...\n",
		        argv[0]);
		return 2;
	}
	for (; i < argc; ++i)
		add_path(argv[i]);
	if (!nseeds) {
		fprintf(stderr, "fuzz_driver: no seed inputs\n");
		return 2;
	}
	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	for (size_t k = 0; k < nseeds; ++k)
		LLVMFuzzerTestOneInput(seeds[k].data, seeds[k].size);
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	uint8_t *buf = NULL;
	size_t cap = 0;
	unsigned long done = 0;
	for (; done < iterations; ++done) {
		const struct input *s = &seeds[below(nseeds)];
		if (cap < s->size + 64) {
			cap = 2 * s->size + 64;
			buf = realloc(buf, cap);
			if (!buf)
				exit(2);
		}
		memcpy(buf, s->data, s->size);
		size_t size = s->size;
		mutate(&buf, &size, &cap);
		save(done, buf, size); /* kept only if the target aborts */
		LLVMFuzzerTestOneInput(buf, size);
		char name[64];
		snprintf(name, sizeof name, "fuzz-crash-%lu.yaml", done);
		remove(name);
		if (seconds > 0 && done % 256 == 0) {
			clock_gettime(CLOCK_MONOTONIC, &t);
			if ((double)(t.tv_sec - t0.tv_sec) +
			            1e-9 * (double)(t.tv_nsec - t0.tv_nsec) >
			    seconds)
				break;
		}
	}
	printf("fuzz_driver: %zu seeds and %lu mutants, seed %lu: no crash, every rejection "
	       "named the file\n",
	       nseeds, done, seed);
	free(buf);
	for (size_t k = 0; k < nseeds; ++k)
		free(seeds[k].data);
	free(seeds);
	return 0;
}
