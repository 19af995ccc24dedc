#!/bin/sh
# Creates benchmarks/peer/.venv with Python >= 3.12 (GPT Researcher needs it) and installs
# GPT Researcher there, apart from the project's own .venv and dependencies.
#   benchmarks/peer/setup.sh                 # latest gpt-researcher
#   GPTR_VERSION=0.16.1 benchmarks/peer/setup.sh
#   PEER_PYTHON=/path/to/python3.12 benchmarks/peer/setup.sh
set -eu
cd "$(dirname "$0")"
PY=${PEER_PYTHON:-}
if [ -z "$PY" ]; then
  for cand in "$(pyenv root 2>/dev/null)/versions/3.12.1/bin/python" \
              "${PYENV_ROOT:-$HOME/.pyenv}/versions/3.12.1/bin/python" python3.12 python3.13; do
    if command -v "$cand" >/dev/null 2>&1; then PY=$cand; break; fi
  done
fi
if [ -z "$PY" ] || ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
  echo "error: need Python 3.12 or newer (set PEER_PYTHON=...)" >&2; exit 2
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
  "gpt-researcher${GPTR_VERSION:+==$GPTR_VERSION}"
.venv/bin/python -c 'import sys; from importlib.metadata import version; print("peer venv:", sys.version.split()[0], "gpt-researcher", version("gpt-researcher"))'
