/* Running a program we do not trust: its own process group, rlimits, a
 * wall-clock deadline, and stdout+stderr captured up to a cap. */
#ifndef HARNESS_ENGINE_RUN_SUPERVISE_H
#define HARNESS_ENGINE_RUN_SUPERVISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "util.h" /* struct strbuf */

struct run_limits {
	double wall_s;         /* killed (whole process group) after this */
	double cpu_s;          /* RLIMIT_CPU; 0 = none */
	uint64_t memory_bytes; /* RLIMIT_DATA; 0 = none (CUDA needs a huge address space) */
	uint64_t output_keep;  /* bytes of stdout+stderr kept for the report */
	uint64_t output_kill;  /* killed once it has written this much; 0 = never */
	int max_procs;         /* RLIMIT_NPROC; 0 = unchanged */

	/* Confinement of learner code (each is off when zero or NULL): */
	/* killed when its resident memory (anonymous and shared, less the case
	 * file keep_fd) passes this; 0: TOOL_RSS_BYTES over its process group */
	uint64_t rss_bytes;
	bool no_fork;      /* fork, vfork and process-making clone fail (seccomp) */
	bool same_program; /* killed if it replaces itself with another program (execve) */
	const char *cwd;   /* its working directory */
	/* Landlock: the only folders it may create, change or remove files in;
	 * ignored (and said so in run_result.unconfined) where the kernel lacks it.
	 * "/dev" stands for the device nodes a program needs: null, zero, full,
	 * random, urandom and /dev/nvidia*. Setting it also jails the program
	 * (supervise.c: namespaces, no capabilities, seccomp against signals to
	 * others, sockets, chmod/utime/xattrs, memfd; RLIMIT_FSIZE);
	 * CUDAJUDGE_NO_JAIL in the environment leaves only Landlock and no_fork. */
	const char *const *write_dirs;
	/* with write_dirs: what else the program may read (Landlock); NULL: all of it.
	 * Keeps other students' files, the references and the policy out of reach. */
	const char *const *read_dirs;
	/* Called about every 2 ms while the program runs (NULL: never); the
	 * seconds it returns, spent waiting for the program's sake, move the
	 * wall-clock limit on. The device lock's handover uses it (test_run.c). */
	double (*tick)(void *arg);
	void *tick_arg;
	/* Asked about every 2 ms while the program runs (NULL: never): whether it
	 * has said that it is done, and with what exit status. Only for the
	 * judge's own program, which runs nothing after it says so: the run ends
	 * then, and the program is killed and left to end (its device context's
	 * release took 0.1 s of every GPU judgement), reaped by a later run or
	 * when the engine ends. */
	bool (*done)(void *arg, int *exit_code);
	void *done_arg;
};

enum run_end {
	RUN_EXITED,       /* exit_code is set */
	RUN_SIGNALED,     /* signal is set */
	RUN_TIMED_OUT,    /* killed at the wall-clock limit */
	RUN_OUTPUT_FLOOD, /* killed for writing more than output_kill bytes */
	RUN_NOT_STARTED,  /* fork or exec failed; error says why */
	RUN_MEMORY,       /* killed for holding more than rss_bytes of memory */
	RUN_EXECED,       /* killed for replacing itself with another program */
};

struct run_result {
	enum run_end end;
	int exit_code;
	int signal;
	double wall_s;
	double cpu_s;
	char *output; /* stdout and stderr interleaved, NUL-terminated; free() it */
	size_t output_len;
	uint64_t output_total; /* bytes written in all, kept or not */
	uint64_t peak_rss;     /* the largest private resident memory seen, bytes */
	bool unconfined;       /* write_dirs was asked for, but Landlock is not available */
	char weakened[256];    /* the parts of the jail the kernel refused, "; "-separated */
	char error[256];
};

/* Runs argv[0] with argv, keeping file descriptor keep_fd (-1 for none) open in
 * the child and closing every other one above 2. Standard input is /dev/null.
 * Returns 0 when the run was supervised to its end (see res->end), -1 when
 * the supervision itself failed (res->error). */
int run_supervised(char *const argv[], int keep_fd, const struct run_limits *lim,
                   struct run_result *res);

/* A started child and what is known of it while it runs. */
struct supervised {
	pid_t pid;
	int out_fd; /* its stdout and stderr */
	int keep_fd;
	double start, deadline;
	uint64_t rss_cap;
	bool whole_group;   /* its memory is its process group's */
	bool check_program; /* killed when it no longer runs program_id */
	bool said_done;     /* lim->done said so: killed, not waited for */
	struct stat program_id;
	struct strbuf kept; /* what it printed, up to output_keep */
};

/* run_supervised in two steps, for a program started before its run is
 * wanted (run/warm_runner.h: the trusted runner, started beside the build,
 * waits on its case file): supervise_start forks it into its jail (1 started,
 * 0 not started: res->end RUN_NOT_STARTED, -1 the supervision failed);
 * supervise_finish starts its clock and memory cap then, and watches it to
 * its end as run_supervised does; supervise_stop kills and reaps a started
 * child that is not wanted after all. The child must be spared
 * (supervise_spare_child) while other runs end between the two steps. */
int supervise_start(char *const argv[], int keep_fd, const struct run_limits *lim,
                    struct supervised *s, struct run_result *res);
int supervise_finish(struct supervised *s, const struct run_limits *lim, struct run_result *res);
void supervise_stop(struct supervised *s);

void run_result_free(struct run_result *res);

/* A program that said it was done is killed and left to end, not waited for
 * (supervised.said_done); its end still works the device, and a run timed
 * beside it was slowed (stream_overlap's overlap, 1.18x against 1.50x).
 * supervise_let_go_after_left closes fd (the run's device lock) once every
 * program left so has ended: now when none is left, else when they are
 * reaped (by the next run's start, or supervise_wait_left, which waits for
 * them, 20 s at most). The engine calls supervise_wait_left before it takes
 * the lock again and before it ends. */
void supervise_let_go_after_left(int fd);
void supervise_wait_left(void);
/* Reaps what has ended of them now, without waiting (and lets go of the lock
 * when none is left). */
void supervise_reap_left(void);
/* A child of the engine's own, not killed, counted with them: waited for by
 * supervise_wait_left (the reference's run, whose answer came before its
 * end: backends/linked.c). */
void supervise_leave_running(pid_t pid);

/* A child of the engine's own that run_supervised does not count among the
 * orphans it kills and reaps when a run ends (build/emu_build.c: the
 * emulator's nvcc check, which runs beside its host compile; the trusted
 * runner started beside the build), until supervise_unspare_child. */
void supervise_spare_child(pid_t pid);
void supervise_unspare_child(pid_t pid);

/* The memory a tool (the compiler: `#include "/dev/zero"`) may hold. */
#define TOOL_RSS_BYTES ((uint64_t)4 << 30)
/* The largest file a jailed program may write (RLIMIT_FSIZE). */
#define JAIL_FILE_BYTES ((rlim_t)64 << 20)

/* flock(fd, how) that gives up after seconds: 0 when taken, -1 with errno
 * (ETIMEDOUT when the time ran out). */
int flock_deadline(int fd, int how, double seconds);

/* Marks folder (just made) as this engine's work folder for as long as the
 * returned descriptor stays open (a lock on its owner file); -1 on failure. */
int claim_work_folder(const char *folder);

/* Removes the folders "<name>-..." under work_root that no live engine
 * claims (claim_work_folder) and that were last changed min_age_s ago or
 * more: what engines killed mid-run left. Returns how many it removed. */
int clean_stale_work(const char *work_root, double min_age_s);

#endif
