/*
 * A test program's side of the case file's start (wire.h): mapping it, and
 * waiting for the engine's go. Shared by the runtime (run_cases.cu) and the
 * host runner (host_runner.c), which does both before it loads a host-driven
 * program, so plain C only.
 */
#ifndef HARNESS_RUNTIME_WIRE_GO_H
#define HARNESS_RUNTIME_WIRE_GO_H

#include <linux/futex.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "wire.h"

/* The case file on descriptor fd, mapped and marked mapped (wire.h:
 * CJ_WIRE_MAPPED), its size in *bytes; NULL when it is no case file of this
 * version. */
static inline unsigned char *cj_wire_map(int fd, size_t *bytes)
{
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(struct cj_wire_header))
		return NULL;
	void *file = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (file == MAP_FAILED)
		return NULL;
	struct cj_wire_header *h = (struct cj_wire_header *)file;
	if (h->magic != CJ_WIRE_MAGIC || h->version != CJ_WIRE_VERSION ||
	    h->size > (uint64_t)st.st_size) {
		munmap(file, (size_t)st.st_size);
		return NULL;
	}
	h->mapped = CJ_WIRE_MAPPED;
	*bytes = (size_t)st.st_size;
	return (unsigned char *)file;
}

/* CLOCK_MONOTONIC, in seconds: the clock the engine reads too. */
static inline double cj_wire_now_s(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Says it has its device (ready_s), then waits until the engine says go;
 * returns whether the header it wrote since is whole. *waited: whether go
 * came after the device was ready (a program started beside the build)
 * rather than before the start. No time limit of its own: the engine may
 * wait long for the device lock (run/device.c), and an engine that ends
 * first kills the program with it (the jail's parent-death signal). */
static inline bool cj_wire_wait_go(struct cj_wire_header *h, size_t bytes, bool *waited)
{
	h->ready_s = cj_wire_now_s();
	*waited = __atomic_load_n(&h->go, __ATOMIC_ACQUIRE) == 0;
	while (__atomic_load_n(&h->go, __ATOMIC_ACQUIRE) == 0) {
		struct timespec second = {1, 0};
		syscall(SYS_futex, &h->go, FUTEX_WAIT, 0, &second, NULL, 0);
	}
	return h->magic == CJ_WIRE_MAGIC && h->version == CJ_WIRE_VERSION && h->size <= bytes &&
	       h->ncases <= (bytes - sizeof *h) / sizeof(struct cj_wire_case);
}

/* The entry of a test program built as a shared object (run_cases.cu with
 * -DCJ_HOSTED), which the host runner (host_runner.c) calls once it has
 * mapped the case file (`file`, `bytes`), started the device, waited for go
 * and loaded the program: the runner's words (`--program FILE.so`, then the
 * program's own), and `started_ns`, when the program's time starts
 * (CLOCK_MONOTONIC nanoseconds). Returns the exit status. */
#ifdef __cplusplus
extern "C"
#endif
        __attribute__((visibility("default"))) int
        cj_hosted_main(int argc, char **argv, unsigned char *file, size_t bytes,
                       long long started_ns);

#endif
