#!/usr/bin/env bash
# Makes sure the Chromium the browser tests drive exists (Debian's package; never a downloaded browser).
#   CHROMIUM_PATH   the executable to use (default /usr/bin/chromium)
# Installs `chromium` and `fonts-liberation` with apt-get when it is missing and we are root; exits non-zero with
# a clear message when it cannot. Prints one progress line.
set -uo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

version() { "$CHROMIUM" --version 2>/dev/null | head -n 1; }

if [[ -x "$CHROMIUM" ]]; then
  echo "chromium: $(version || echo "$CHROMIUM") at $CHROMIUM"
  exit 0
fi
if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  echo "chromium: CHROMIUM_PATH=$CHROMIUM is not an executable file" >&2
  exit 1
fi
if [[ "$(id -u)" -ne 0 ]]; then
  echo "chromium: $CHROMIUM is missing; install it as root: apt-get install -y chromium fonts-liberation (or set CHROMIUM_PATH)" >&2
  exit 1
fi
printf 'chromium: %s missing, installing chromium and fonts-liberation with apt-get ... ' "$CHROMIUM"
if ! DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1; then
  echo "failed"; echo "chromium: apt-get update failed; install chromium by hand or set CHROMIUM_PATH" >&2
  exit 1
fi
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null; then
  echo "failed"; echo "chromium: apt-get install chromium fonts-liberation failed; install it by hand or set CHROMIUM_PATH" >&2
  exit 1
fi
if [[ ! -x "$CHROMIUM" ]]; then
  echo "failed"; echo "chromium: installed, but $CHROMIUM still does not exist; set CHROMIUM_PATH" >&2
  exit 1
fi
echo "installed $(version || echo "$CHROMIUM")"
