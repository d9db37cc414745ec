/* The elementwise exercises' cases; see elementwise.h. */
#include "elementwise.h"

#include "../../engine/run/cases.h"
#include "elementwise_layout.h"

struct elementwise_case elementwise_case(struct case_set *set, const struct row_case *rc,
                                         const char *in, const char *out)
{
	int64_t n = rc->n;
	struct jcase *c = case_with_params(set, rc->name, rc->timed,
	                                   PARAMS([CJ_P_N] = n, [CJ_P_BLOCK] = 256));
	float *x = case_buf(set, c, in, CJ_F32, CJ_IN, (uint64_t)n)->data;
	float *want = case_buf(set, c, out, CJ_F32, CJ_OUT, (uint64_t)n)->expect;
	return (struct elementwise_case){c, x, want};
}

void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	w->block = (int64_t)index / 256;
	w->thread = (int64_t)index % 256;
}
