#!/bin/bash
# Stands in for Nsight Compute (ncu) where there is no GPU: the engine runs it
# as it runs ncu (harness/engine/profile/profile_ncu.c: ncu_argv), and it runs
# the program after "--" as ncu would, then writes a recorded CSV to the
# --log-file. tests/unit/test_profile_gpu.py sets:
#   FAKE_NCU_CSV    the CSV to write (tests/profile/ncu/*.csv)
#   FAKE_NCU_MODE   csv (default) | refuse (ERR_NVGPUCTRPERM, exit 1) |
#                   fail (exit 3 without a CSV) | none (no launch in the CSV) |
#                   old (an ncu that knows no ..._pred_on_... metric: exit 1 when
#                   asked for one, as ncu does for a metric it does not know)
#   FAKE_NCU_ARGS   a file that gets the options it was given, one a line
log=/dev/null
metrics=
while [ $# -gt 0 ]; do
	case "$1" in
	--log-file) log=$2; shift 2 ;;
	--csv) shift ;;
	--metrics) metrics=$2; [ -n "$FAKE_NCU_ARGS" ] && printf '%s\n%s\n' "$1" "$2" >> "$FAKE_NCU_ARGS"; shift 2 ;;
	--) shift; break ;;
	--*) [ -n "$FAKE_NCU_ARGS" ] && printf '%s\n%s\n' "$1" "$2" >> "$FAKE_NCU_ARGS"; shift 2 ;;
	*) shift ;;
	esac
done
case "${FAKE_NCU_MODE:-csv}" in
refuse)
	echo "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0." > "$log"
	exit 1 ;;
fail)
	echo "==ERROR== the fake ncu failed" >&2
	exit 3 ;;
old)
	case "$metrics" in *pred_on*)
		echo "==ERROR== Failed to find metric smsp__thread_inst_executed_pred_on_per_inst_executed.ratio" >&2
		exit 1 ;;
	esac ;;
esac
"$@"
rc=$?
if [ "${FAKE_NCU_MODE:-csv}" = none ]; then
	echo "==PROF== Disconnected from process $$" > "$log"
	echo "==WARNING== No kernels were profiled." >> "$log"
else
	cat "$FAKE_NCU_CSV" > "$log"
fi
exit $rc
