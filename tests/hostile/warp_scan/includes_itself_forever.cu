// expect-emu: CE|RULE
// expect-gpu: CE|RULE
// Hostile: includes itself (#include __FILE__) with no guard: an endless
// chain of includes.
// Stopped by: the compiler's nesting limit (CE); a macro include is RULE
// local-include too.

#include __FILE__
