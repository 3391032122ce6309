# Sourced by the scripts that build Go tools from source (tools/k6/build-k6.sh, tools/fanout-sub/build.sh).
# need_go PREFIX: puts Go on PATH (PATH, then /usr/local/go, then /usr/lib/go) or prints why it cannot and returns 1.
need_go() {
  if ! command -v go >/dev/null 2>&1; then
    for candidate in /usr/local/go/bin/go /usr/lib/go/bin/go; do
      [[ -x "$candidate" ]] && PATH="$(dirname "$candidate"):$PATH" && break
    done
  fi
  command -v go >/dev/null 2>&1 && return 0
  echo "[$1] Go is not installed: this tool is built from source (install Go >= 1.24, https://go.dev)" >&2
  return 1
}
