# The start that the gpu suite's scripts share (check.sh, sanitize.sh), sourced with
# their arguments, SOURCE_ROOT BUILD_DIR first: sets root and build and shifts them
# off, skips (exit 77, meson's "skipped") unless BUILD_DIR/cj-probe was built and
# finds a usable CUDA device, names that device, and points judge.py at root and build.
if [ $# -lt 2 ]; then
    echo "usage: $0 SOURCE_ROOT BUILD_DIR [ID...]" >&2
    exit 2
fi
root=$1
build=$2
shift 2

probe="$build/cj-probe"
if [ ! -x "$probe" ]; then
    echo "skipped: $probe was not built (configure with a CUDA compiler)"
    exit 77
fi
if ! probe_out=$("$probe" --no-bandwidth 2>&1); then
    echo "skipped: no usable CUDA device ($probe --no-bandwidth says:)"
    printf '%s\n' "$probe_out" | sed 's/^/    /'
    exit 77
fi
printf '%s\n' "$probe_out" | sed 's/^/device: /'
export CUDAJUDGE_BUILD="$build"
export CUDAJUDGE_ROOT="$root"
