# Sourced by the scripts that build a tool from this repository's sources into <repo>/.tools
# (tools/fanout-sub/build.sh, tools/mosquitto-edge/build.sh): one way to log, fail, and skip a build whose sources
# did not change. Each script sets BUILD_TAG (its log prefix) before sourcing this file.

# log MESSAGE…: a progress line on stderr, prefixed with the script's tag (stdout carries only the built path).
log() { echo "[${BUILD_TAG:?BUILD_TAG is not set}] $*" >&2; }
# die MESSAGE…: the reason on stderr, then exit 1.
die() { log "error: $*"; exit 1; }

# built_and_current OUTPUT STAMP HASH: when OUTPUT exists and STAMP holds HASH (the sources' fingerprint at its last
# build), says so, prints OUTPUT on stdout and returns 0; otherwise returns 1 (build it, then call record_build).
built_and_current() {
  if [[ -e "$1" && -f "$2" && "$(cat "$2")" == "$3" ]]; then
    log "up to date: $1"
    echo "$1"
    return 0
  fi
  return 1
}

# record_build OUTPUT STAMP HASH [DETAIL]: keeps HASH in STAMP, logs the build and prints OUTPUT on stdout.
record_build() {
  echo "$3" >"$2"
  log "built $1${4:+ $4}"
  echo "$1"
}
