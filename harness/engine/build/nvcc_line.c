/* cj-nvcc-line: `cudajudge nvcc-line` in a program of its own, for meson's
 * build of the references' modules (reference/meson.build): it changes only
 * when the command line does, so a change elsewhere in the engine does not
 * rebuild every reference. */
#include "build/nvcc.h"

int main(int argc, char **argv)
{
	return nvcc_line_main(argc - 1, argv + 1);
}
