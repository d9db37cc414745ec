#!/usr/bin/env bash
# The README's "first ten minutes" as a new learner types them, on this
# machine: no build/ and no progress yet, so the first command builds the
# judge. Prints every command's output, then how long `watch` took to notice
# a save and to show the new verdict. Leaves exercises/ and the progress as it
# found them (the learner's files are copied aside first).
#   usage: bash tests/gpu/first_ten_minutes.sh [--keep-build]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
aside=$(mktemp -d)
cp -a exercises "$aside/exercises" # the learner's own files, restored at the end
[ -d .cudajudge ] && mv .cudajudge "$aside/state"
restore() {
	rm -rf exercises .cudajudge
	cp -a "$aside/exercises" exercises
	[ -d "$aside/state" ] && mv "$aside/state" .cudajudge
	rm -rf "$aside"
}
trap restore EXIT
export NO_COLOR=1
status=0
say() { # say COMMAND...: echoes it as typed, runs it, notes its status
	echo
	echo "\$ $*"
	"$@"
	echo "[status $?]"
}

[ "${1:-}" = --keep-build ] || rm -rf build
say python3 judge.py
say python3 judge.py show warp_scan
say python3 judge.py warp_scan
say python3 judge.py hint warp_scan
cp reference/warp_scan.cu exercises/warp_scan.cu
say python3 judge.py warp_scan
say python3 judge.py list
say python3 judge.py solution atomic_max_float
say python3 judge.py --lang zh

# watch: the atomic_max_float template first, then a save of the reference.
log=$(mktemp)
python3 judge.py watch atomic_max_float --no-perf >"$log" 2>&1 &
watcher=$!
waits() { # waits PATTERN COUNT SECONDS: until the log has COUNT lines matching
	local end=$((SECONDS + $3))
	while [ "$(grep -c -- "$1" "$log")" -lt "$2" ]; do
		[ $SECONDS -ge $end ] && return 1
		sleep 0.05
	done
}
if waits 'waiting for you to save' 1 120; then
	t0=$(date +%s%N)
	cp reference/atomic_max_float.cu exercises/atomic_max_float.cu
	if waits 'watching exercises/atomic_max_float.cu' 2 10; then
		t1=$(date +%s%N)
		waits 'waiting for you to save' 2 120
		t2=$(date +%s%N)
		echo
		echo "watch: re-judging began $(((t1 - t0) / 1000000)) ms after the save;" \
			"the new verdict was on screen after $(((t2 - t0) / 1000000)) ms"
	else
		echo "watch: did not notice the save within 10 s"
		status=1
	fi
else
	echo "watch: the first judgement did not finish within 120 s"
	status=1
fi
kill "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
echo
echo "\$ python3 judge.py watch atomic_max_float --no-perf   (screen as last drawn)"
tr -d '\033' <"$log" | sed 's/\[[0-9;]*[A-Za-z]//g' | tail -n 25
rm -f "$log"
grep -q ' AC' <(python3 judge.py list) || status=1
exit $status
