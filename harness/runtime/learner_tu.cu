/*
 * One translation unit per judged file: the learner's code (or a reference)
 * followed by its problem's launch glue. The engine compiles this file with
 *   -DCJ_LEARNER_FILE="\"/path/to/exercises/<id>.cu\"" -DCJ_GLUE="\"/path/to/<id>/glue.cuh\""
 * so compiler messages point at the learner's own file and lines.
 */
#include "glue.h"

#include CJ_LEARNER_FILE

#include CJ_GLUE
