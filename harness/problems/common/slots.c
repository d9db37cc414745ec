/* The atomic-slot exercises' cases; see slots.h. */
#include "slots.h"

#include "../../engine/run/cases.h"
#include "case_table.h"
#include "slots_layout.h"

struct slot_case slot_case(struct case_set *set, const char *name, bool timed, int64_t n, int block,
                           int64_t slots)
{
	struct jcase *c = case_with_params(
	        set, name, timed, PARAMS([CJ_P_N] = n, [CJ_P_BLOCK] = block, [CJ_P_SLOTS] = slots));
	struct jbuf *vals = case_buf(set, c, "vals", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *slot_of = case_buf(set, c, "slot_of", CJ_I32, CJ_IN, (uint64_t)n);
	struct jbuf *sl = case_buf(set, c, "slots", CJ_F32, CJ_INOUT, (uint64_t)slots);
	case_buf(set, c, "olds", CJ_F32, CJ_OUT, (uint64_t)n)->by_extra = true;
	return (struct slot_case){c, vals->data, slot_of->data, sl->data, sl->expect};
}

void slot_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	if (buf == CJ_B_SLOTS) {
		w->block = -1;
		w->thread = -1;
		return;
	}
	w->block = (int64_t)index / c->param[CJ_P_BLOCK];
	w->thread = (int64_t)index % c->param[CJ_P_BLOCK];
}
