#!/usr/bin/env bash
# Builds k6 from source through the Go module proxy (`go install`), pinned. k6 is never downloaded as a binary.
#   bash tools/k6/build-k6.sh            # prints the binary's path on the last line
#   K6_VERSION=v1.8.1 bash tools/k6/build-k6.sh
# The binary goes to <repo>/.tools/bin/k6 (git-ignored). Nothing is rebuilt when that binary already reports the
# pinned version. Needs Go (https://go.dev) on PATH; GOPROXY/GOFLAGS from the environment are honoured.
set -euo pipefail

K6_VERSION="${K6_VERSION:-v1.8.1}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="$REPO/.tools/bin"
K6="$BIN_DIR/k6"

log() { echo "[build-k6] $*" >&2; }

if [[ -x "$K6" ]] && "$K6" version 2>/dev/null | grep -q "k6 ${K6_VERSION}\b"; then
  log "k6 ${K6_VERSION} already built: $("$K6" version | head -1)"
  echo "$K6"
  exit 0
fi

# shellcheck source=../lib/go.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/go.sh"
need_go build-k6 || exit 1

mkdir -p "$BIN_DIR"
log "building k6 ${K6_VERSION} from the Go module proxy ($(go env GOPROXY)) with $(go version | awk '{print $3}')…"
start=$(date +%s)
# CGO off: a static binary that does not depend on the machine's C toolchain.
GOBIN="$BIN_DIR" CGO_ENABLED=0 go install "go.k6.io/k6@${K6_VERSION}"
took=$(( $(date +%s) - start ))

if ! "$K6" version 2>/dev/null | grep -q "k6 ${K6_VERSION}\b"; then
  log "the built binary does not report ${K6_VERSION}: $("$K6" version 2>&1 | head -1)"
  exit 1
fi
log "built $("$K6" version | head -1) in ${took}s"
echo "$K6"
