// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: the scan lives in a header next to the file (shared_scan.h), with
// the shared memory the exercise forbids, out of sight of a check that reads
// the learner's file alone.
// Stopped by: rules.c refuses #include "..." (RULE local-include: put all
// the code in the one file).
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

#include "shared_scan.h"
