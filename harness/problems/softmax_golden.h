/* The golden model shared by the softmax exercises. */
#ifndef HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H
#define HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H

#include <stdint.h>

/* Softmax of one row of len values, computed in double with the row's maximum
 * subtracted; written as float. */
void golden_softmax_row(const float *x, float *y, int64_t len);

#endif
