/* The atomic-slot exercises' cases; see slots.h. */
#include "slots.h"

#include "../../engine/run/cases.h"
#include "case_table.h"
#include "slots_layout.h"

struct slot_case slot_buffers(struct case_set *set, struct jcase *c)
{
	uint64_t n = (uint64_t)c->param[CJ_P_N], slots = (uint64_t)c->param[CJ_P_SLOTS];
	struct jbuf *vals = case_buf(set, c, "vals", CJ_F32, CJ_IN, n);
	struct jbuf *slot_of = case_buf(set, c, "slot_of", CJ_I32, CJ_IN, n);
	struct jbuf *sl = case_buf(set, c, "slots", CJ_F32, CJ_INOUT, slots);
	case_buf(set, c, "olds", CJ_F32, CJ_OUT, n)->by_extra = true;
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
