/* A second opinion on the lines of an emulated run's ThreadSanitizer report.
 * ThreadSanitizer names a frame's file and line from inside the test binary.
 * Where it cannot (a runtime that needs an external llvm-symbolizer, as
 * clang's does, which the jail does not let it start; a reader that does not
 * understand the compiler's debugging information), a frame reads
 * "#0 block_reduce_sum(float) <null> (test+0x11f76)". The engine then asks
 * binutils' addr2line, outside the jail, where each frame of the test binary
 * is. */
#ifndef HARNESS_ENGINE_VERDICT_SYMBOLIZE_H
#define HARNESS_ENGINE_VERDICT_SYMBOLIZE_H

/* `report` with the location of every frame of `binary` replaced by the
 * file:line addr2line gives it, malloc'd; NULL when the report has no such
 * frame, no addr2line is on PATH, or it placed none. */
char *place_frames(const char *report, const char *binary);

#endif
