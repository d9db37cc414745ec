/* Big cases made on every core; see cases.h (case_parallel). A GPU's timed
 * case holds up to 64M elements, and its inputs and golden outputs took 0.5
 * to 2 s on one thread: longer than the learner's compile they are made
 * beside (run/case_thread.h). */
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>

#include "rng.h"
#include "run/cases.h"

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

void case_parallel(int64_t n, int64_t chunk, void (*fn)(void *ctx, int64_t lo, int64_t hi),
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

void case_chunk_rng(struct rng *r, uint64_t key, int64_t lo)
{
	rng_seed(r, key ^ ((uint64_t)lo * 0x9e3779b97f4a7c15ull));
}
