/* A loop whose chunks run on every core of the machine; see parallel.c. */
#ifndef HARNESS_ENGINE_PARALLEL_H
#define HARNESS_ENGINE_PARALLEL_H

#include <stdint.h>

/* fn(ctx, lo, hi) for each chunk [lo, hi) of `chunk` elements of [0, n), the
 * chunks spread over the machine's threads (fewer than 2 chunks run on this
 * thread). fn writes only what belongs to its own range. The chunks, not the
 * threads, decide the work: the result is the same for any number of
 * threads. */
void parallel_chunks(int64_t n, int64_t chunk, void (*fn)(void *ctx, int64_t lo, int64_t hi),
                     void *ctx);

#endif
