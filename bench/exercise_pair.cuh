/*
 * One exercise's two kernels, for bench/exercise_kernels.cuh, which
 * includes this file once per exercise (no include guard) after
 *   #define BENCH_ID      the exercise's id: its folders' and files' name
 *   #define BENCH_KERNEL  the kernel its glue launches: the glue's own
 *                         extern "C" kernel, itself #defined as
 *                         BENCH_SIDE_KERNEL, or the learner's kernel
 * and after the counterpart (the CUB stand-in for the learner's function,
 * or a copy kernel under the learner's kernel's name) in namespace
 * BENCH_ID_pair::counterpart. It adds to namespace BENCH_ID_pair:
 *   the exercise's layout.h;
 *   ref:          reference/BENCH_ID.cu, then the glue (exercise_side.cuh),
 *                 its kernel named BENCH_ID_ref_kernel, and kernel_name,
 *                 the reference's kernel's name, for Nsight Compute;
 *   counterpart:  the glue again, its kernel named BENCH_ID_cub_kernel;
 *   also:         with BENCH_ALSO defined, the glue a third time, for a
 *                 second counterpart in BENCH_ID_pair::also.
 * Every side's cj_launch is the glue's own.
 */
/* The include paths and the namespace's name are macros: */
/* clang-format off */
namespace BENCH_XCAT(BENCH_ID, _pair)
{
#include BENCH_XSTR(BENCH_ID/layout.h)
namespace ref
{
#include BENCH_XSTR(../reference/BENCH_ID.cu)
#define BENCH_SIDE ref
#include "exercise_side.cuh"
static const char kernel_name[] = BENCH_XSTR(BENCH_KERNEL);
#undef BENCH_SIDE
} // namespace ref
namespace counterpart
{
#define BENCH_SIDE cub
#include "exercise_side.cuh"
#undef BENCH_SIDE
} // namespace counterpart
#ifdef BENCH_ALSO
namespace also
{
#define BENCH_SIDE also
#include "exercise_side.cuh"
#undef BENCH_SIDE
} // namespace also
#endif
} // namespace BENCH_ID_pair
/* clang-format on */
#undef BENCH_ALSO
#undef BENCH_KERNEL
#undef BENCH_ID
