/* The sanitize backend's report: what NVIDIA's compute-sanitizer (memcheck,
 * racecheck, synccheck, initcheck) found in a run of a test program, read from
 * its log and turned into a verdict in plain words.
 *
 * The report is read from the tool's log file (--log-file), never from the
 * program's own output, so nothing the learner prints can pose as a finding
 * or hide one. The parser knows the text format the tool's manual documents
 * (every line prefixed with "========= "), in its older and newer spellings
 * of a location ("at f():0x160 in a.cu:6", "at f()+0x160 in a.cu:6",
 * "at 0x160 in a.cu:6:f()"). The tool's XML (--xml --save) was not used:
 * NVIDIA publishes no schema for it, while the text format is the one its
 * manual explains line by line, racecheck's thread pairs included. */
#ifndef HARNESS_ENGINE_VERDICT_SANITIZE_H
#define HARNESS_ENGINE_VERDICT_SANITIZE_H

#include <stdbool.h>
#include <stddef.h>

#include "report/texts.h"
#include "run/compute_sanitizer.h"
#include "verdict/verdict.h"

enum finding_kind {
	F_MEMORY,   /* an invalid (out of bounds or misaligned) access */
	F_HARDWARE, /* an exception the hardware reported (trap, illegal instruction...) */
	F_MALLOC,   /* device-side malloc/free misuse */
	F_HAZARD,   /* racecheck: one shared-memory hazard between two threads */
	F_RACE,     /* racecheck: the analysis of a race between two source lines */
	F_BARRIER,  /* synccheck: a barrier used wrongly */
	F_UNINIT,   /* initcheck: a read of memory nothing wrote */
	F_API,      /* a CUDA call that failed (the runtime reports those itself) */
	F_LEAK,     /* an allocation never freed */
	F_TOOL,     /* the tool itself failed */
	F_OTHER,    /* a line the parser does not know: kept, never a verdict */
};

struct san_location {
	char file[512]; /* as printed; "" when the tool had no line information */
	int line;
	char func[160];
};

struct san_finding {
	enum finding_kind kind;
	char what[256];                /* the first line, as printed, without the prefix */
	char severity[16];             /* "ERROR", "WARNING" or "" */
	char space[16];                /* "global", "shared", "local" or "" */
	char access[8];                /* "read", "write" or "" */
	int size;                      /* bytes of the access, 0 when not said */
	char hazard[4];                /* "RAW", "WAR", "WAW" or "" */
	char detail[160];              /* e.g. "is out of bounds", "Divergent thread(s) in block" */
	char allocation[160];          /* "and is 4 bytes after the nearest allocation ..." */
	struct san_location at, other; /* the access; a race's second access */
	char at_access[8], other_access[8]; /* racecheck: "Read"/"Write" of each side */
	int thread[3], other_thread[3], block[3];
	bool have_thread, have_other_thread, have_block;
	unsigned long long address;
	bool have_address;
	int hazards;                   /* "[N hazards]" of a race analysis, 0 when not said */
	struct san_location frames[6]; /* device frames after the first line */
	int nframes;
};

struct san_report {
	struct san_finding *f;
	int n, cap;
	int errors_said; /* "ERROR SUMMARY: N errors", -1 when absent */
	bool started;    /* the "COMPUTE-SANITIZER" banner was seen */
};

/* Parses a whole log (NUL-terminated). Lines that do not start with the
 * prefix are skipped. Returns 0; never fails on odd input. */
int sanitize_parse(const char *log, struct san_report *out);

void sanitize_report_free(struct san_report *r);

/* Where a finding happened, as far as judging goes. */
enum finding_owner {
	OWNER_LEARNER, /* a location in the learner's file */
	OWNER_HARNESS, /* only locations in the judge's own code (glue, runtime) */
	OWNER_UNKNOWN, /* no location with a file at all */
};

/* learner_file: the real path of the judged file (its basename is compared
 * too, for a tool that strips paths); root: the repository. */
enum finding_owner sanitize_owner(const struct san_finding *f, const char *learner_file,
                                  const char *root);

struct san_judgement {
	enum verdict verdict; /* V_AC: nothing that is the learner's; V_JE: the harness's */
	int counted;          /* findings that made the verdict */
	char message[1024];   /* plain words, locations relative to root */
	struct message said;  /* message's text code and fields */
	char tool_error[256]; /* the tool's own failure, if it said one */
};

/* Decides what the findings of one tool's run mean: RE for memory errors
 * (memcheck, initcheck), RACE for hazards (racecheck) and barrier errors
 * (synccheck), JE when only the judge's own code is named; API errors and
 * leaks are left to the ordinary checks. `shown` is the learner's file as the
 * learner knows it (e.g. exercises/warp_scan.cu). */
void sanitize_judge(const struct san_report *r, enum sanitize_tool t, const char *learner_file,
                    const char *root, const char *shown, struct san_judgement *out);

/* The same, with the exercise's own advice for a shared-memory race where a
 * __syncthreads() is not the fix (problem.h, race_advice); NULL for none. */
void sanitize_judge_advised(const struct san_report *r, enum sanitize_tool t,
                            const char *learner_file, const char *root, const char *shown,
                            const char *race_advice, struct san_judgement *out);

/* One finding in plain words (no trailing newline); returns out. */
char *sanitize_describe(const struct san_finding *f, const char *learner_file, const char *root,
                        const char *shown, char *out, size_t n);

#endif
