/* The golden model shared by the softmax exercises; see softmax_golden.h. */
#include "softmax_golden.h"

#include <math.h>

void golden_softmax_row(const float *x, float *y, int64_t len)
{
	double m = -INFINITY, s = 0;
	for (int64_t j = 0; j < len; ++j)
		m = x[j] > m ? x[j] : m;
	for (int64_t j = 0; j < len; ++j)
		s += exp((double)x[j] - m);
	for (int64_t j = 0; j < len; ++j)
		y[j] = (float)(exp((double)x[j] - m) / s);
}
