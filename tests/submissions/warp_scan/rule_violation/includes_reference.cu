// Hostile: hands in the reference solution by #including it instead of
// writing a scan. Which relative path reaches reference/ depends on where the
// file is compiled (in place on the GPU, a rewritten copy under build/work/
// on the emulator), so it tries each with __has_include.
// Stopped by: the engine reads the compiler's dependency list (-MD) after
// every build and refuses a file that read anything under reference/ (RULE).
#if __has_include("../../../../reference/warp_scan.cu")
#include "../../../../reference/warp_scan.cu"
#elif __has_include("../../../reference/warp_scan.cu")
#include "../../../reference/warp_scan.cu"
#else
#error "reference not found: this test needs the repository layout"
#endif
