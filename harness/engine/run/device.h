/* The CUDA device: found or not, its compute capability, and its measured
 * copy bandwidth, from build/cj-probe, cached in build/cache/device.txt. */
#ifndef HARNESS_ENGINE_RUN_DEVICE_H
#define HARNESS_ENGINE_RUN_DEVICE_H

#include <stdbool.h>

struct device_info {
	bool found;
	char name[128];
	int cc; /* e.g. 90 */
	int sm_count;
	long long l2_bytes;
	double copy_gbps; /* bytes read + written per second, /1e9 */
	char uuid[40];
	char error[256]; /* why no device was found */
};

/* fresh: ignore the cache and probe again (slower: measures bandwidth). */
int device_query(const char *build, bool fresh, struct device_info *d);

#endif
