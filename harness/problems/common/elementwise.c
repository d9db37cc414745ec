/* Where an element of the elementwise exercises was computed; see elementwise.h. */
#include "elementwise.h"

void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	w->block = (int64_t)index / 256;
	w->thread = (int64_t)index % 256;
}
