/* The CUDA device: found or not, its compute capability, and its measured
 * copy bandwidth, from build/cj-probe, cached in build/cache/device.txt; and
 * who may use it (build/device.lock). */
#ifndef HARNESS_ENGINE_RUN_DEVICE_H
#define HARNESS_ENGINE_RUN_DEVICE_H

#include <stdbool.h>

struct cj_wire_header;

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

/* Takes build/device.lock (per GPU of CUDA_VISIBLE_DEVICES) for a run on the
 * device: alone, or beside other runs that measure nothing when `shared` and
 * CUDAJUDGE_SHARE_DEVICE is set, once this engine's programs left to end
 * have ended (run/supervise.h). Returns the lock's descriptor (close() it,
 * or supervise_let_go_after_left() after a run, to let go), or -1 when there
 * is none to take. */
int take_device_lock(const char *build, bool shared);

/* True when runs may share the device (CUDAJUDGE_SHARE_DEVICE set, not
 * empty, and CUDAJUDGE_DEVICE_ALONE unset). */
bool device_sharing(void);

/* The lock `fd`, held shared by a running program, handed over around its
 * timed launches (wire.h: lock_handoff): taken alone when the program wants
 * it so, shared again when it is done; held alone throughout
 * (CJ_HANDOFF_HELD), the program's asking is only answered. Called while
 * the program runs; returns the seconds it waited for the lock. */
double device_lock_handover(const char *build, int fd, struct cj_wire_header *h);

#endif
