// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: includes the same header through a macro (#include NAME), which a
// check that looks for #include "..." would miss.
// Stopped by: rules.c refuses an #include of a macro (RULE local-include).
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

#define MY_HEADER "shared_scan.h"
#include MY_HEADER
