/* Lines for an emulated run's ThreadSanitizer report whose frames came out
 * without them: ThreadSanitizer names a frame's file and line from inside the
 * test binary, and where its reader cannot read this compiler's debugging
 * information (or the jail keeps it from starting an external symbolizer)
 * a frame reads "#0 block_reduce_sum(float) <null> (test+0x11f76)". The
 * engine then asks binutils' addr2line, outside the jail, for those lines. */
#ifndef HARNESS_ENGINE_SYMBOLIZE_H
#define HARNESS_ENGINE_SYMBOLIZE_H

/* `report` with every frame of `binary` that lacks a file:line given the
 * one addr2line finds, malloc'd; NULL when no frame lacked one, no
 * addr2line is on PATH, or it found none. */
char *fill_missing_lines(const char *report, const char *binary);

#endif
