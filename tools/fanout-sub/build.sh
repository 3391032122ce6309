#!/usr/bin/env bash
# Builds the fan-out subscriber harness (tools/fanout-sub, Go) into <repo>/.tools/bin/fanout-sub (git-ignored).
#   bash tools/fanout-sub/build.sh       # prints the binary's path on the last line
# Rebuilt only when a source (*.go, go.mod, go.sum) changed since the last build: the sources' hash is kept beside the
# binary. Its modules (paho.mqtt.golang, gorilla/websocket, pinned in go.sum) come from the Go module proxy; nothing is
# downloaded as a binary. Needs Go (https://go.dev) on PATH or in /usr/local/go; GOPROXY/GOFLAGS are honoured.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SRC/../.." && pwd)"
BIN_DIR="$REPO/.tools/bin"
BIN="$BIN_DIR/fanout-sub"
STAMP="$BIN_DIR/.fanout-sub.sources"

BUILD_TAG=build-fanout-sub
# shellcheck source=../lib/build-stamp.sh
source "$SRC/../lib/build-stamp.sh"

# The sources' fingerprint: every file that goes into the binary, tests left out.
hash_sources() {
  (cd "$SRC" && find . -maxdepth 1 -type f \( -name '*.go' ! -name '*_test.go' -o -name go.mod -o -name go.sum \) -print0 \
    | sort -z | xargs -0 sha256sum) | sha256sum | cut -d' ' -f1
}

sources="$(hash_sources)"
built_and_current "$BIN" "$STAMP" "$sources" && exit 0

# shellcheck source=../lib/go.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/go.sh"
need_go build-fanout-sub || exit 1

mkdir -p "$BIN_DIR"
log "building fanout-sub from $SRC with $(go version | awk '{print $3}') (modules from $(go env GOPROXY))…"
start=$(date +%s)
# CGO off: a static binary that does not depend on the machine's C toolchain. -mod=readonly: go.sum must already pin
# every module (a build never edits go.mod).
(cd "$SRC" && CGO_ENABLED=0 go build -mod=readonly -trimpath -o "$BIN.tmp" .)
mv "$BIN.tmp" "$BIN"
record_build "$BIN" "$STAMP" "$sources" "in $(( $(date +%s) - start ))s"
