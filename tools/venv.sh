# Sourced by tools/test and tools/play: make .venv and install requirements.txt
# into it, once (again only when requirements.txt changes). Says so on stderr
# first: that takes half a minute or more, and a silent terminal looks stuck.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON:-python3}"
stamp=.venv/.requirements.sha
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  if [ -x .venv/bin/python ]; then
    echo "requirements.txt changed: updating .venv/ (about 30 s)..." >&2
  else
    echo "First run: making .venv/ and installing requirements.txt into it (about 30 s, once)..." >&2
  fi
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
  echo ".venv/ is ready." >&2
fi
