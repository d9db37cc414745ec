/* Where an element of the elementwise exercises was computed, and their
 * diagnoses; see elementwise.h. */
#include "elementwise.h"

#include "elementwise_layout.h"

void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	w->block = (int64_t)index / 256;
	w->thread = (int64_t)index % 256;
}

const char *elementwise_diagnose(const struct jcase *c, const struct case_findings *f,
                                 const struct elementwise_mistake *mistakes, size_t count)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	uint64_t i = f->report.shown[0].index;
	const float *in = c->buf[CJ_B_IN].data, *got = c->buf[CJ_B_OUT].data;
	struct elementwise_miss m = {f, i, in[i], got[i]};
	for (size_t k = 0; k < count; ++k)
		if (!mistakes[k].fits || mistakes[k].fits(&m))
			return lang_pick(mistakes[k].text);
	return NULL;
}

bool elementwise_unwritten(const struct elementwise_miss *m)
{
	return m->f->report.unwritten == m->f->report.bad;
}
