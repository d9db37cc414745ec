// expect-emu: RULE
// expect-gpu: RULE
// Hostile: includes the same header through a macro (#include NAME), which a
// check that looks for #include "..." would miss.
// Stopped by: rules.c refuses an #include of a macro (RULE local-include).

#define MY_HEADER "shared_scan.h"
#include MY_HEADER
