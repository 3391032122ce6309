#!/usr/bin/env bash
# Local infrastructure for tests and CI, without Docker.
#
#   tools/infra/infra.sh start [service...]   start services (default: all), idempotent
#   tools/infra/infra.sh stop [service...]    stop services (default: all)
#   tools/infra/infra.sh status [service...]  print state; exit 3 if one is not running
#   tools/infra/infra.sh env [service...]     print `export VAR=...` lines, e.g. eval "$(infra.sh env)"
#
# Each service lives in services/<name>.sh and defines <name>_start, <name>_stop, <name>_status
# (returns 0 when running) and <name>_env. State goes under <repo>/.infra/<name> (gitignored).
set -euo pipefail

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$INFRA_DIR/../.." && pwd)"
# State lives in <repo>/.infra, unless we are root in a checkout other users cannot enter (a mktemp
# folder, as CI's fresh clone): servers run as their own OS user, so their state then goes to /var/tmp.
default_state_root() {
  if [[ "$(id -u)" -eq 0 ]] && ! runuser -u nobody -- test -x "$REPO_ROOT" 2>/dev/null; then
    printf '/var/tmp/auction-infra-%s' "$(printf '%s' "$REPO_ROOT" | sha1sum | cut -c1-12)"
  else
    printf '%s/.infra' "$REPO_ROOT"
  fi
}
STATE_ROOT="${INFRA_STATE_DIR:-$(default_state_root)}"

log() { printf '[infra] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Runs a command as the given OS user when we are root (servers such as PostgreSQL refuse root).
run_as() {
  local user="$1"; shift
  if [[ "$(id -u)" -eq 0 ]]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

# Installs Debian packages on a fresh machine without starting their services.
apt_install() {
  [[ "$(id -u)" -eq 0 ]] || die "missing packages ($*); run as root or install them"
  log "installing $* with apt-get"
  local policy=/usr/sbin/policy-rc.d created=0
  if [[ ! -e "$policy" ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  if [[ "$created" -eq 1 ]]; then rm -f "$policy"; fi
}

# Serialises starts and stops of one service (parallel test runners calling `start` at once): hold
# the lock file's flock until infra_unlock. A daemon started meanwhile must not inherit the lock's
# file descriptor: start it with `{INFRA_LOCK_FD}>&-`.
INFRA_LOCK_FD=""
infra_lock() {
  exec {INFRA_LOCK_FD}>"$1"
  flock -w 300 "$INFRA_LOCK_FD" || die "waited 300 s for the lock $1 (another infra.sh still running?)"
}
infra_unlock() {
  [[ -z "$INFRA_LOCK_FD" ]] || exec {INFRA_LOCK_FD}>&-
  INFRA_LOCK_FD=""
}

# Shared by the services' scripts.

# True when something listens on 127.0.0.1:<port>.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# True when the pid in <pid file> is alive and its command line contains <text> (not a recycled pid).
pid_file_alive() {
  local pid
  pid="$(cat "$1" 2>/dev/null || true)"
  [[ -n "$pid" && -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2"
}

# The major version of a java binary (1.8 → 8, 17.0.2 → 17).
java_major() {
  "$1" -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print (v[1] == 1 ? v[2] : v[1]); exit }'
}

# Stops <pid> (or, with `group`, its whole process group): SIGTERM, then SIGKILL after <timeout> seconds; dies when
# it survives that. Usage: stop_process <name> <pid> <timeout seconds> [group]
stop_process() {
  local name="$1" pid="$2" timeout="$3" target="$2" waited
  [[ "${4:-}" == group ]] && target="-$2"
  kill -TERM -- "$target" 2>/dev/null || true
  for ((waited = 0; waited < timeout * 10; waited++)); do
    kill -0 -- "$target" 2>/dev/null || return 0
    sleep 0.1
  done
  log "$name still running after $timeout s: SIGKILL"
  kill -KILL -- "$target" 2>/dev/null || true
  for ((waited = 0; waited < 50; waited++)); do kill -0 -- "$target" 2>/dev/null || return 0; sleep 0.1; done
  die "$name (pid $pid) survived SIGKILL"
}

SERVICES=()
for file in "$INFRA_DIR"/services/*.sh; do
  # shellcheck source=/dev/null
  source "$file"
  SERVICES+=("$(basename "$file" .sh)")
done

usage() { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

main() {
  local command="${1:-}"
  [[ $# -gt 0 ]] && shift
  local services=("$@") svc rc=0
  [[ ${#services[@]} -gt 0 ]] || services=("${SERVICES[@]}")
  for svc in "${services[@]}"; do
    [[ " ${SERVICES[*]} " == *" $svc "* ]] || die "unknown service '$svc' (known: ${SERVICES[*]})"
  done
  case "$command" in
    start) for svc in "${services[@]}"; do "${svc}_start"; done ;;
    stop)
      # Reverse order: later services may depend on earlier ones.
      for ((i = ${#services[@]} - 1; i >= 0; i--)); do "${services[i]}_stop"; done ;;
    status) for svc in "${services[@]}"; do "${svc}_status" || rc=3; done ;;
    env) for svc in "${services[@]}"; do "${svc}_env"; done ;;
    *) usage ;;
  esac
  return "$rc"
}

main "$@"
