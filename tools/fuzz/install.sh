#!/usr/bin/env bash
# Installs schemathesis (PyPI) into tools/fuzz/.venv (git-ignored), from tools/fuzz/requirements.txt (pinned, hashed:
# pip install --require-hashes). Idempotent: when the venv already holds exactly that requirements file (its sha256 is
# kept in .venv/requirements.sha256), nothing is downloaded. Needs python3 (3.11) with venv.
set -euo pipefail
cd "$(dirname "$0")"
VENV=.venv
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ -x "$VENV/bin/schemathesis" ] && [ "$(cat "$VENV/requirements.sha256" 2>/dev/null)" = "$want" ]; then
  echo "fuzz: schemathesis already installed in tools/fuzz/$VENV ($("$VENV/bin/schemathesis" --version 2>/dev/null | tail -1))"
  exit 0
fi
echo "fuzz: creating tools/fuzz/$VENV with $(python3 --version)"
rm -rf "$VENV"
python3 -m venv "$VENV"
echo "fuzz: installing tools/fuzz/requirements.txt (pinned, --require-hashes)"
"$VENV/bin/pip" install --quiet --disable-pip-version-check --no-input --require-hashes --only-binary :all: -r requirements.txt
echo "$want" >"$VENV/requirements.sha256"
echo "fuzz: installed $("$VENV/bin/schemathesis" --version | tail -1)"
