#!/usr/bin/env bash
# Builds the Mosquitto auth plugin of the live channel's edge (tools/mosquitto-edge/auction_edge.c) into
# <repo>/.tools/mosquitto-edge/auction_edge.so (git-ignored) and prints its path on the last line.
#   bash tools/mosquitto-edge/build.sh
# The plugin API's headers come from Debian's `mosquitto-dev` and `libmosquitto-dev` packages of the installed Mosquitto's version, fetched
# with `apt-get download` (no root needed) and unpacked with `dpkg -x` under .tools/: nothing is installed on the
# machine and no header is copied into the repository. Rebuilt only when the source changed. Any failure exits non-zero
# with the reason on stderr (tests that need the plugin fail on it, never skip).
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SRC/../.." && pwd)"
OUT="$REPO/.tools/mosquitto-edge"
SO="$OUT/auction_edge.so"
STAMP="$OUT/.sources"

BUILD_TAG=build-mosquitto-edge
# shellcheck source=../lib/build-stamp.sh
source "$SRC/../lib/build-stamp.sh"

command -v gcc >/dev/null || die "gcc is not installed (apt-get install gcc)"
mkdir -p "$OUT"
sources="$(sha256sum "$SRC/auction_edge.c" "$SRC/build.sh" | sha256sum | cut -d' ' -f1)"
# One build at a time: `npm test` may start two at once (a browser test's tools/infra and an API test), and a second one
# would remove the headers the first is unpacking. The second waits here, then finds the plugin built.
exec {build_lock}>"$OUT/.build.lock"
flock -w 300 "$build_lock" || die "waited 300 s for $OUT/.build.lock (another build.sh still running?)"
built_and_current "$SO" "$STAMP" "$sources" && exit 0

HEADERS="$OUT/dev/usr/include"
if [[ ! -f "$HEADERS/mosquitto_broker.h" || ! -f "$HEADERS/mosquitto.h" ]]; then
  version="$(dpkg-query -W -f='${Version}' mosquitto 2>/dev/null || true)"
  [[ -n "$version" ]] || die "Mosquitto's Debian package is not installed (tools/infra installs it: bash tools/infra/infra.sh start mosquitto)"
  log "fetching mosquitto-dev=$version and libmosquitto-dev=$version (plugin headers) with apt-get download…"
  rm -rf "$OUT/deb" "$OUT/dev" && mkdir -p "$OUT/deb"
  # mosquitto_broker.h (broker plugin API) needs mosquitto.h (the library's types and error codes).
  (cd "$OUT/deb" && apt-get download "mosquitto-dev=$version" "libmosquitto-dev=$version" >&2) ||
    die "apt-get download mosquitto-dev=$version libmosquitto-dev=$version failed (run apt-get update, or check the Debian mirror)"
  for deb in "$OUT"/deb/*.deb; do dpkg -x "$deb" "$OUT/dev" || die "dpkg -x of $deb failed"; done
  [[ -f "$HEADERS/mosquitto_broker.h" && -f "$HEADERS/mosquitto.h" ]] || die "the packages of $version hold no mosquitto_broker.h / mosquitto.h"
fi

log "compiling $SRC/auction_edge.c"
gcc -std=gnu11 -O2 -Wall -Wextra -Werror -fPIC -shared -I"$HEADERS" -o "$SO.tmp" "$SRC/auction_edge.c" ||
  die "gcc failed on auction_edge.c"
mv -f "$SO.tmp" "$SO"
record_build "$SO" "$STAMP" "$sources"
