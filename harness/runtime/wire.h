/*
 * The case file: the only channel between the engine and a test binary.
 *
 * The engine writes a header, a table of cases and every input buffer into a
 * memfd, then starts the test binary with the descriptor number. The test
 * binary runs each case on the device and writes the output buffers and a
 * small status record back into the same file. The engine keeps its own copy
 * of the case table and of the expected outputs, so nothing the test binary
 * (or the learner code inside it) writes here can change a verdict except the
 * output bytes themselves.
 *
 * Included by C11 (engine) and CUDA C++ (runtime), so plain C only.
 */
#ifndef HARNESS_RUNTIME_WIRE_H
#define HARNESS_RUNTIME_WIRE_H

#include <stdint.h>

#define CJ_WIRE_MAGIC 0x444a5543u /* "CUJD" */
#define CJ_WIRE_VERSION                                                                            \
	8u /* 3: speed measurements appended; 4: the reference's time;        \
                            5: where the run's time went; 6: go; 7: done_s;  \
                            8: big cases left out after a wrong one */
#define CJ_MAX_BUFS 8
#define CJ_MAX_PARAMS 8
#define CJ_MAX_ROUNDS 8 /* rounds of timed launches of one timed case */
#define CJ_ALIGN 4096u

/* Exit codes of a test binary; anything else is the learner program's doing. */
enum cj_exit {
	CJ_EXIT_OK = 0,
	CJ_EXIT_CASE_FAILED = 3, /* a CUDA error or a broken guard; details in the case record */
	CJ_EXIT_WRONG_ARCH = 4,  /* built for another compute capability than the device has */
	CJ_EXIT_NO_DEVICE = 5,   /* no usable CUDA device */
	CJ_EXIT_BAD_WIRE = 6,    /* the case file is unreadable: a judge bug */
	CJ_EXIT_DEADLOCK = 7, /* emulator: threads stuck at a barrier; details in the case record */
	CJ_EXIT_RACE = 8,     /* emulator: a warp collective missing lanes of its mask */
	CJ_EXIT_NOT_LOADED = 9, /* the host runner could not load the program (reason on stderr) */
	CJ_EXIT_SANITIZER = 66, /* emulator: ThreadSanitizer found a data race (report on stderr) */
};

enum cj_elem { CJ_I32 = 1, CJ_U32 = 2, CJ_F32 = 3 };

enum cj_role {
	CJ_IN = 1,    /* copied to the device before the launch */
	CJ_OUT = 2,   /* poisoned on the device, copied back after the launch */
	CJ_INOUT = 3, /* copied in, copied back */
};

/* cj_wire_header.lock_handoff */
enum cj_handoff {
	CJ_HANDOFF_NONE = 0,
	CJ_HANDOFF_SHARED = 1,
	CJ_HANDOFF_HELD = 2,
};

enum cj_case_state {
	CJ_CASE_PENDING = 0,
	CJ_CASE_STARTED = 1,
	CJ_CASE_DONE = 2,
	CJ_CASE_FAILED = 3,
	CJ_CASE_LEFT_OUT = 4, /* not run: a big case after a wrong one (ask_big) */
};

struct cj_wire_buf {
	uint64_t offset; /* from the start of the file, CJ_ALIGN-aligned */
	uint64_t count;  /* elements */
	uint32_t elem;   /* enum cj_elem */
	uint32_t role;   /* enum cj_role */
	uint32_t poison; /* byte written over an output before each launch */
	uint32_t pad;
	char name[16];
};

struct cj_wire_case {
	/* written by the engine */
	char name[48];
	int64_t param[CJ_MAX_PARAMS]; /* meaning is per problem (its layout.h) */
	uint32_t nbuf;
	uint32_t timed; /* 1: time this case after checking it */
	struct cj_wire_buf buf[CJ_MAX_BUFS];

	/* written by the test binary */
	int32_t state;        /* enum cj_case_state */
	int32_t cuda_error;   /* cudaError_t of the first failure, 0 if none */
	int32_t guard_buf;    /* buffer whose guard zone was overwritten, -1 if none */
	int32_t guard_side;   /* -1 before the buffer, +1 after it */
	int64_t guard_offset; /* byte distance of the first damaged guard byte */
	char error[1024]; /* what failed, e.g. "cudaDeviceSynchronize: an illegal memory access" */
	uint32_t reps;    /* timed repetitions */
	float median_ms, min_ms, max_ms;

	/* Version 3, appended so that every field above keeps its offset.
	 * Written by the engine: 1 when the problem has a speed rule (struct
	 * problem's `speed`) and this case is the one to measure it on. */
	uint32_t measure;
	/* Written by the test binary: the speed rule's two medians, measured in
	 * this run (glue.h: cj_baseline_launch, or a host-driven cj_host_run). */
	uint32_t measured_reps; /* 0: nothing was measured */
	float learner_ms;       /* the learner's code */
	float baseline_ms;      /* what it must beat: a baseline, or a serial sum */
	uint32_t host_flags;    /* enum cj_host_flag: what a host-driven glue found */
	uint32_t pad3;

	/* Version 4. Written by the trusted runner on the timed case: the
	 * reference's median, timed alternately with the learner's code in the
	 * same run (same buffers, L2 flushed before each); 0 reps: not timed. */
	uint32_t ref_reps;
	float ref_median_ms;
	/* Version 5. Written by the test binary: the milliseconds this case took
	 * in it, from its allocations to its last timed launch. For the phases
	 * of the report only: no verdict or time is read from it. */
	float case_ms;
	/* Version 6. Written by the trusted runner on the timed case when the
	 * header asks for rounds > 1: the learner's and the reference's medians
	 * of each round of reps launches, in one process (a grade's best of K
	 * rounds instead of K whole runs); 0: one round, the medians above. */
	uint32_t rounds;
	float round_median_ms[CJ_MAX_ROUNDS];
	float round_ref_median_ms[CJ_MAX_ROUNDS];
	/* Version 8. Written by the engine: 1 when, with the header's ask_big,
	 * the program asks before running this case whether to run it. */
	uint32_t big;
	uint32_t pad8;
};

/* Findings of a host-driven glue about memory the learner's code allocated. */
enum cj_host_flag {
	CJ_HOST_PAGEABLE = 1, /* host memory that must be page-locked is not */
	CJ_HOST_BLOCKED = 2,  /* host code waited for GPU work the glue was holding back */
};

struct cj_wire_header {
	uint32_t magic, version;
	uint64_t size; /* bytes in the file */
	uint32_t ncases;
	uint32_t warmup;   /* launches before timing */
	uint32_t reps;     /* timed launches per timed case */
	uint32_t flush_l2; /* 1: flush L2 before each timed launch */
	int32_t current;   /* case the test binary is working on (progress for TLE reports) */
	uint32_t mapped;   /* CJ_WIRE_MAPPED once the runtime has mapped and checked the file */
	/* Version 5. Written by the test binary: milliseconds from its main() to
	 * its first case (the device's start, the modules' loads); phases only. */
	float start_ms;
	/* Version 5: the device to itself only for the launches it times. The
	 * engine sets lock_handoff when the program is its own (the trusted
	 * runner) and has a timed case or a speed rule: CJ_HANDOFF_SHARED when
	 * the program runs with the device lock shared (run/device.c),
	 * CJ_HANDOFF_HELD when the engine holds it alone throughout. Before a
	 * timed case or a speed rule the program sets want_alone to 1 and waits
	 * until the engine has the lock alone and says so in alone (1; 2: it
	 * could not, or a case before or this one already gave a wrong answer,
	 * and nothing is timed), and after it sets want_alone to 0 and waits for
	 * alone 0. It writes the case's outputs before it asks. */
	uint32_t lock_handoff;
	uint32_t want_alone;
	uint32_t alone;
	/* Version 6: the program may be started before its cases are made and
	 * its module built (the engine's warm runner, run/warm_runner.h). It
	 * starts the device, then waits (a futex on this word) until the engine
	 * sets go to 1; only then does it read the rest of the header, load the
	 * modules and run. The engine writes magic and version before the start,
	 * and every other field but mapped before go. */
	uint32_t go;
	/* Version 6: rounds of reps timed launches each on the timed case
	 * (0 or 1: one; at most CJ_MAX_ROUNDS), written by the engine. */
	uint32_t rounds;
	/* Version 6: when it had its device and began to wait for go
	 * (CLOCK_MONOTONIC seconds, which the engine shares); phases only. */
	double ready_s;
	/* Version 7, written by the test binary once its last case has ended
	 * (or failed): the exit status it is about to end with, then
	 * (CLOCK_MONOTONIC seconds, stored last) when; with host-driven glue,
	 * once the outputs are in the file (run_cases.cu: cj_finish). Nothing
	 * of the program's runs after it: the engine does not wait for its end
	 * (the device's release) on a GPU, and has the run end with done_code
	 * (run/test_run.c). */
	int32_t done_code;
	uint32_t pad7;
	double done_s;
	/* Version 8: a learner's own judgement leaves out the big cases (the
	 * timed one, those of many megabytes) once a case before them was
	 * wrong; a grade and `check` run every case. The engine sets ask_big
	 * (and each such case's `big`); before a big case the program writes
	 * its index + 1 into asking and waits until answer is that (run it)
	 * or its negative (leave it out: state CJ_CASE_LEFT_OUT, then the next
	 * case). A program with host-driven glue writes each case's outputs
	 * when the case ends too, then again at its end (run_cases.cu). */
	uint32_t ask_big;
	int32_t asking;
	int32_t answer;
	uint32_t pad8;
	struct cj_wire_case cases[];
};

/* Written into the header by the runtime before any learner code runs (from
 * .preinit_array): after it, a CJ_EXIT_BAD_WIRE or a failed mapping can no
 * longer be the judge's fault. */
#define CJ_WIRE_MAPPED 0x4d415044u /* "DPAM" */

/* What the emulator fills shared memory with before each block: a quiet NaN
 * with a payload that arithmetic carries into the outputs, so the engine can
 * tell "computed from shared memory nothing wrote". */
#define CJ_EMU_SHARED_POISON 0x7fc0deadu

/* Every element type on the wire is four bytes wide. */
#define CJ_ELEM_SIZE 4u

#endif
