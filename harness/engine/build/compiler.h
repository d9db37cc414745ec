/* Running a compiler (nvcc, g++) or another build tool under supervision,
 * and reading what it leaves: its messages, rewritten to point at the
 * learner's file as file:line, and its list of the files it read. Called by
 * every build of build/ and by the emulator's prelude. */
#ifndef HARNESS_ENGINE_BUILD_COMPILER_H
#define HARNESS_ENGINE_BUILD_COMPILER_H

#include <stdbool.h>

#include "build/build.h"

/* Runs a build tool (argv[0] a path); 0 if it succeeded, 1 if it reported
 * errors (or what it was given made it run without end: a CE), -1 if it could
 * not run or was killed. *log: its messages (malloc'd); *seconds: its time. */
int run_tool(char **argv, char **log, double *seconds);

/* Compiles with cc_argv, then (unless compile_only) links with ld_argv;
 * fills res with the status, both phases' times and their rewritten logs. */
void compile_and_link(const struct build_paths *p, char **cc_argv, char **ld_argv,
                      bool compile_only, struct build_result *res);

/* Appends `text` (malloc'd, taken) to res->log and turns the result into a
 * CE of a check (res->host_code). */
void build_refuse(struct build_result *res, char *text);

/* "path(12): error" -> "path:12: error", with root/ stripped. Returns malloc'd. */
char *rewrite_compiler_log(const char *log, const char *root);

/* After a build in workdir: the first file of root/reference/ that the
 * compiler read for it (workdir/tu.d), other than `source` itself (the
 * learner's file included a reference solution); malloc'd, relative to
 * root, or NULL. */
char *build_used_reference(const char *workdir, const char *root, const char *source);

/* Writes `deps` as a compiler's depfile ("target: file file ...") from the line
 * markers of `ii`, the preprocessed source nvcc -keep leaves, as the one lexer
 * reads them (inspect/host_code.h, struct entered_files): the file it starts
 * from and every file the preprocessor entered. nvcc's own -MD runs the
 * preprocessor a second time for it (0.05 to 0.25 s of a compile). 0 on
 * success. */
int deps_from_preprocessed(const char *ii, const char *target, const char *deps);

/* After a build that succeeded (res->status BUILD_OK): deps from ii as
 * above; where it cannot be read or written the build is the judge's failure
 * (BUILD_TOOL_FAILED, said in res->log), never a build without the list the
 * reference check reads. */
void build_keep_deps(const char *ii, const char *target, const char *deps,
                     struct build_result *res);

/* The same from the files a pass over the .ii already collected (a module
 * build's device-only check reads it once for both). */
struct entered_files;
void build_keep_entered(const struct entered_files *e, const char *ii, const char *target,
                        const char *deps, struct build_result *res);

#endif
