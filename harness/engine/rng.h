/* A small seeded generator (xoshiro256**), so every run is reproducible from
 * the seed printed with its result. */
#ifndef HARNESS_ENGINE_RNG_H
#define HARNESS_ENGINE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform integer in [lo, hi]. */
int64_t rng_range(struct rng *r, int64_t lo, int64_t hi);
/* Uniform float in [lo, hi). */
double rng_uniform(struct rng *r, double lo, double hi);
/* A fresh seed from the clock and the pid, for runs without --seed. */
uint64_t rng_fresh_seed(void);

#endif
