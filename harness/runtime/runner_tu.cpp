/*
 * One exercise's trusted runner: the runtime (run_cases.cu built with
 * -DCJ_RUNNER, libcjrunner.a) and the host part of the exercise's launch glue,
 * compiled by meson with the judge and never with a learner's file. The
 * engine starts it with the learner's module (nvcc -cubin of the learner's
 * file and the glue's device part) and the reference's; see
 * docs/trusted-runner.md. Built as
 *   g++ -DCJ_RUNNER -DCJ_GLUE="\"<id>/glue.cuh\"" -I../problems runner_tu.cpp
 */
#include "glue.h"

#include CJ_GLUE
