// expect-emu: CE|RULE
// expect-gpu: RULE
// Hostile: includes the same header through a macro (#include NAME), which a
// check that looks for #include "..." would miss.
// Stopped by: rules.c refuses an #include of a macro (RULE local-include).
// On the emulator the file is compiled as a copy under build/work/, where the
// header is not found: CE, which is not AC either.

#define MY_HEADER "shared_scan.h"
#include MY_HEADER
