/* A loop over chunks on every core; see parallel.h. Its first users: a GPU's
 * timed case holds up to 64M elements, and its inputs and golden outputs took
 * 0.5 to 2 s on one thread (longer than the learner's compile they are made
 * beside, run/case_thread.h); checking its outputs took as long. */
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "parallel.h"

#define MOST_THREADS 64

struct share {
	int64_t n, chunk;
	void (*fn)(void *ctx, int64_t lo, int64_t hi);
	void *ctx;
	int64_t next; /* the next chunk's first element, taken atomically */
};

static void *worker(void *arg)
{
	struct share *s = arg;
	for (;;) {
		int64_t lo = __atomic_fetch_add(&s->next, s->chunk, __ATOMIC_RELAXED);
		if (lo >= s->n)
			return NULL;
		s->fn(s->ctx, lo, lo + s->chunk < s->n ? lo + s->chunk : s->n);
	}
}

void parallel_chunks(int64_t n, int64_t chunk, void (*fn)(void *ctx, int64_t lo, int64_t hi),
                     void *ctx)
{
	if (chunk < 1)
		chunk = 1;
	struct share s = {n, chunk, fn, ctx, 0};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int64_t chunks = (n + chunk - 1) / chunk;
	int threads = (int)(cores < chunks ? cores : chunks);
	if (threads > MOST_THREADS)
		threads = MOST_THREADS;
	pthread_t t[MOST_THREADS];
	int started = 0;
	for (int i = 1; i < threads; ++i) /* this thread is the first */
		if (pthread_create(&t[started], NULL, worker, &s) == 0)
			++started;
	worker(&s);
	for (int i = 0; i < started; ++i)
		pthread_join(t[i], NULL);
}
