#!/usr/bin/env bash
# Exudyn vs multibody, alternately, on the shared benchmark models (see README.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
models="${1:-all}"
sizes="${2:-1,16,256,1024}"
: "${EXUDYN_PYTHON:?set EXUDYN_PYTHON to a python with exudyn==1.13.6}"
# the sources byte-compiled, as an installed package has them (pip compiles at install time):
# where bytecode writing is off (PYTHONDONTWRITEBYTECODE) each run would compile every module
# again, the lazily imported ones inside the timed build (10-20 ms of a model build)
"$here/../.venv/bin/python" -m compileall -q "$here/../src" > /dev/null
python3 "$here/../../shared/bench/run.py" --pair --exudyn-python "$EXUDYN_PYTHON" \
    --multibody-python "$here/../.venv/bin/python" --multibody-path "$here/../src" \
    --models "$models" --sizes "$sizes" --repeat "${REPEAT:-3}" ${ARGS:+--args "$ARGS"} --max-solve 60 ${JSON:+--json "$JSON"}
