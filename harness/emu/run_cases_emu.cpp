/* The test binary's main (harness/runtime/run_cases.cu), built for the
 * emulator: with -I harness/emu first, <cuda_runtime.h> is the shim. */
#include "run_cases.cu"
