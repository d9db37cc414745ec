/* CUDA-only syntax rewritten for the host C++ compiler (the emu backend),
 * keeping every line where it was so that messages still point at the
 * learner's lines; the text is read through the one lexer (c_lexer.h), so
 * what is rewritten is what the other checks take for code. Called by
 * build/emu_build.c on the learner's file and the glue:
 *   k<<<grid, block[, shared[, stream]]>>>(args)
 *       -> cj_emu::launch_kernel(cj_emu::config(grid, block...), k, args)
 *   extern __shared__ T name[];
 *       -> static T *const name = reinterpret_cast<T *>(cj_emu::dynamic_shared);
 *   static __shared__ T name[n];
 *       -> __shared__ T name[n];   (the emulator's __shared__ is static already) */
#ifndef HARNESS_ENGINE_REWRITE_H
#define HARNESS_ENGINE_REWRITE_H

/* Returns the rewritten text (malloc'd); `shown` names the file in the #line
 * directive put on top. */
char *rewrite_for_emulator(const char *src, const char *shown);

#endif
