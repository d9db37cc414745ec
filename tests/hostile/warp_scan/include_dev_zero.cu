// expect-emu: CE
// expect-gpu: CE
// Hostile: #include "/dev/zero": the preprocessor reads an endless stream of
// zero bytes and grows without end, taking the machine's memory.
// Stopped by: every compile runs with a memory cap (4 GiB over the
// compiler's process group) and a deadline; stopped, it is a CE saying why.

#include "/dev/zero"
