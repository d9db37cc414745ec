/*
 * For the host-driven glues (stream_overlap, event_dependency): the streams
 * and events a glue creates around the learner's host code, and their end.
 * Included after harness/runtime/cuda_check.h. Every name here starts with
 * cj_, which a learner's #define may not use.
 */
#ifndef CJ_COMMON_HOST_STREAMS_CUH
#define CJ_COMMON_HOST_STREAMS_CUH

/* Creates cj_ns non-blocking streams in cj_s[] and cj_ne events with
 * cj_event_flags in cj_ev[] (all NULL before), stopping at the first
 * failure, which it notes (cj_note_error) and returns. */
static cudaError_t cj_create_streams_events(cudaStream_t *cj_s, int cj_ns, cudaEvent_t *cj_ev,
                                            int cj_ne, unsigned cj_event_flags)
{
	cudaError_t cj_e = cudaSuccess;
	for (int cj_i = 0; cj_i < cj_ns && cj_e == cudaSuccess; ++cj_i)
		cj_e = cj_note_error(cudaStreamCreateWithFlags(&cj_s[cj_i], cudaStreamNonBlocking),
		                     "cudaStreamCreateWithFlags", __FILE__, __LINE__);
	for (int cj_i = 0; cj_i < cj_ne && cj_e == cudaSuccess; ++cj_i)
		cj_e = cj_note_error(cudaEventCreateWithFlags(&cj_ev[cj_i], cj_event_flags),
		                     "cudaEventCreateWithFlags", __FILE__, __LINE__);
	return cj_e;
}

/* Destroys those of them that were created, the events first. After a
 * failure these may fail too: the first error is what counts. */
static void cj_destroy_streams_events(cudaStream_t *cj_s, int cj_ns, cudaEvent_t *cj_ev, int cj_ne)
{
	for (int cj_i = 0; cj_i < cj_ne; ++cj_i)
		if (cj_ev[cj_i])
			cudaEventDestroy(cj_ev[cj_i]);
	for (int cj_i = 0; cj_i < cj_ns; ++cj_i)
		if (cj_s[cj_i])
			cudaStreamDestroy(cj_s[cj_i]);
}

#endif
