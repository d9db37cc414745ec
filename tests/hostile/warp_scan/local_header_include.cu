// expect-emu: RULE
// expect-gpu: RULE
// Hostile: the scan lives in a header next to the file (shared_scan.h), with
// the shared memory the exercise forbids, out of sight of a check that reads
// the learner's file alone.
// Stopped by: rules.c refuses #include "..." (RULE local-include: put all
// the code in the one file).

#include "shared_scan.h"
