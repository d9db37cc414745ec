/* Checked CUDA calls for the runtime: a failing call records what failed,
 * where, and CUDA's own words, then returns the error to the caller so the
 * case can be reported and the program can end cleanly. */
#ifndef HARNESS_RUNTIME_CUDA_CHECK_H
#define HARNESS_RUNTIME_CUDA_CHECK_H

#include <stdio.h>

#include <cuda_runtime.h>

/* Where the message of the failing call goes (the current case's record). */
extern char *cj_error_sink;
extern size_t cj_error_sink_len;
/* Set when the sink holds the better explanation (the runner's: a kernel
 * missing from the module); later failures of the same case keep it. */
extern bool cj_error_final;

static inline cudaError_t cj_note_error(cudaError_t e, const char *what, const char *file, int line)
{
	if (e != cudaSuccess && cj_error_sink && !cj_error_final)
		snprintf(cj_error_sink, cj_error_sink_len, "%s: %s (%s, at %s:%d)", what,
		         cudaGetErrorString(e), cudaGetErrorName(e), file, line);
	return e;
}

#define CJ_CHECK(call)                                                                             \
	do {                                                                                       \
		cudaError_t cj_e_ = cj_note_error((call), #call, __FILE__, __LINE__);              \
		if (cj_e_ != cudaSuccess)                                                          \
			return cj_e_;                                                              \
	} while (0)

#endif
