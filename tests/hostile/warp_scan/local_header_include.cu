// expect-emu: CE|RULE
// expect-gpu: RULE
// Hostile: the scan lives in a header next to the file (shared_scan.h), with
// the shared memory the exercise forbids, out of sight of a check that reads
// the learner's file alone.
// Stopped by: rules.c refuses #include "..." (RULE local-include: put all
// the code in the one file).
// On the emulator the file is compiled as a copy under build/work/, where the
// header is not found: CE, which is not AC either.

#include "shared_scan.h"
