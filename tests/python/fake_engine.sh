#!/bin/sh
# fake_engine.py without site-packages (-S): on hosts whose site-packages run
# .pth hooks, this halves the start-up of every engine call in the tests.
exec "${FAKE_PYTHON:-python3}" -S "$(dirname "$0")/fake_engine.py" "$@"
