/* xoshiro256** seeded through splitmix64; see rng.h. */
#include "rng.h"

#include <time.h>
#include <unistd.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; ++i)
		r->s[i] = splitmix64(&seed);
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

int64_t rng_range(struct rng *r, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)(hi - lo) + 1;
	if (span == 0) /* the whole 64-bit range */
		return (int64_t)rng_next(r);
	/* Lemire's multiply-shift: a 64-bit division per draw was most of the
	 * time of a 64M-element input. */
	return lo + (int64_t)(((unsigned __int128)rng_next(r) * span) >> 64);
}

double rng_uniform(struct rng *r, double lo, double hi)
{
	double u = (double)(rng_next(r) >> 11) * 0x1.0p-53;
	return lo + (hi - lo) * u;
}

uint64_t rng_fresh_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x =
	        (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
	/* Seeds stay below 2^31 so they are easy to type back. */
	return splitmix64(&x) % 2147483647u;
}
