/*
 * cudajudge's CPU emulator: the CUDA surface a learner's file and the launch
 * glue use, for the host C++ compiler. Device code becomes ordinary C++ run
 * by one fiber per CUDA thread (the emulator's runtime: internal.h); the
 * runtime API works on host memory. Included instead of the toolkit's header
 * when the engine builds for the `emu` backend (-I harness/emu comes first).
 *
 * What the emulator checks that a GPU may hide: barriers not reached by every
 * thread of a block, warp collectives missing lanes of their mask, data races
 * (through ThreadSanitizer), reads of shared memory nothing wrote (shared
 * memory is filled with 0xff bytes, NaN as float, before every block),
 * out-of-bounds global accesses (every allocation ends at an inaccessible
 * page), and updates lost between a read and an atomic (threads give way at
 * atomics, on a schedule drawn from the run's seed). It never measures
 * performance.
 *
 * The parts, in the order they are included here (each included only from
 * this file, after the standard headers and the qualifiers below):
 *   emu_types.h       dim3, uint3, float2 and kin, threadIdx and its kin
 *   emu_api.h         the runtime API: errors, devices, memory, streams,
 *                     events, symbols
 *   emu_launch.h      kernel launches, cooperative launches, occupancy
 *   emu_sync.h        barriers, fences and warp collectives
 *   emu_atomics.h     atomic functions
 *   emu_intrinsics.h  bit tricks, conversions, fast math, clock, min and max
 */
#ifndef HARNESS_EMU_CUDA_RUNTIME_H
#define HARNESS_EMU_CUDA_RUNTIME_H

/* Every standard header the emulator or a learner's file may want comes
 * first: libstdc++ spells attributes as __noinline__, which CUDA code uses as
 * a keyword (defined at the end of this file). */
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <tuple>
#include <type_traits>
#include <utility>

#define CJ_EMU 1
/* The toolkit release the emulator stands for (CUDA 13.0). */
#define CUDART_VERSION 13000
/* Set by the engine (-DCJ_EMU_CORESIDENT=1) for exercises with
 * `coresident: true`: every launch runs all of its blocks at the same time. */
#ifndef CJ_EMU_CORESIDENT
#define CJ_EMU_CORESIDENT 0
#endif

/* ---- qualifiers ------------------------------------------------------- */
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __constant__
#define __managed__
/* Static shared arrays live in one section that the scheduler fills with
 * 0xff bytes before each block; blocks run in turn, so one copy serves all. */
#define __shared__ static __attribute__((section("cj_shared")))

#include "emu_types.h"
#include "emu_api.h"
#include "emu_launch.h"
#include "emu_sync.h"
#include "emu_atomics.h"
#include "emu_intrinsics.h"

/* Last: after every standard header (see the top of this file). */
#define __noinline__ __attribute__((noinline))

#endif
