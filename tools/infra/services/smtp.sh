# SMTP mail catcher for tools/infra/infra.sh: services/smtp/smtp-service.mjs (SmtpCatcher of libs/mail plus a
# read-only HTTP JSON API over the caught mail, like Mailpit) in its own Node 24 process, on loopback.
#
# Ports: INFRA_SMTP_PORT (default 51025, SMTP), INFRA_SMTP_API_PORT (default 58025, HTTP). No authentication, no
# TLS, nothing delivered: the last 500 messages stay in the process's memory (lost at stop).

SMTP_PORT_="${INFRA_SMTP_PORT:-51025}"
SMTP_API_PORT_="${INFRA_SMTP_API_PORT:-58025}"
SMTP_HOME="$STATE_ROOT/smtp"
SMTP_LOG="$SMTP_HOME/smtp.log"
SMTP_PID_FILE="$SMTP_HOME/smtp.pid"
SMTP_SCRIPT="$INFRA_DIR/services/smtp/smtp-service.mjs"
SMTP_URL_="smtp://127.0.0.1:$SMTP_PORT_"
SMTP_API_URL_="http://127.0.0.1:$SMTP_API_PORT_"
SMTP_STOP_TIMEOUT=10

# The Node the workspace pins (the `node` devDependency): the system one may be older.
smtp_node() {
  local node="$REPO_ROOT/node_modules/.bin/node"
  [[ -x "$node" ]] || die "missing $node: run npm install in $REPO_ROOT"
  [[ "$("$node" --version)" == v24.* ]] || die "$node is not Node 24"
  printf '%s\n' "$node"
}

smtp_pid() { cat "$SMTP_PID_FILE" 2>/dev/null || true; }

# True when the pid file names a live process running this service's script.
smtp_process_alive() { pid_file_alive "$SMTP_PID_FILE" "$SMTP_SCRIPT"; }

smtp_running() { smtp_process_alive && port_open "$SMTP_PORT_" && port_open "$SMTP_API_PORT_"; }

smtp_start() {
  mkdir -p "$SMTP_HOME"
  infra_lock "$SMTP_HOME/.lock"
  smtp_start_locked
  infra_unlock
}

smtp_start_locked() {
  if smtp_running; then
    log "smtp already running (pid $(smtp_pid))"
  else
    local node busy started
    node="$(smtp_node)"
    for busy in "$SMTP_PORT_" "$SMTP_API_PORT_"; do
      port_open "$busy" && die "port $busy is already taken by another process (set INFRA_SMTP_PORT / INFRA_SMTP_API_PORT)"
    done
    # The script imports @auction/mail's build; tsc -b is a no-op (0.1 s) when it is up to date.
    "$node" "$REPO_ROOT/node_modules/typescript/bin/tsc" -b "$REPO_ROOT/libs/mail" >"$SMTP_HOME/build.log" 2>&1 ||
      { cat "$SMTP_HOME/build.log" >&2; die "libs/mail does not build (see $SMTP_HOME/build.log)"; }
    rm -f "$SMTP_PID_FILE"
    # The clock starts after the build: a cold build on a loaded machine took most of the 15 s (fresh-clone run).
    started=$SECONDS
    [[ -f "$SMTP_LOG" ]] && mv -f "$SMTP_LOG" "$SMTP_LOG.1"
    log "starting smtp on 127.0.0.1:$SMTP_PORT_ (HTTP API $SMTP_API_PORT_), log $SMTP_LOG"
    # setsid: the catcher outlives this shell and is not killed with the caller's process group.
    # The inner shell writes its own pid, then becomes node with exec: the pid file names the node process.
    setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' smtp-launch "$SMTP_PID_FILE" \
      "$node" "$SMTP_SCRIPT" --host 127.0.0.1 --smtp-port "$SMTP_PORT_" --http-port "$SMTP_API_PORT_" \
      </dev/null >"$SMTP_LOG" 2>&1 {INFRA_LOCK_FD}>&- &
    until smtp_running; do
      if { ! smtp_process_alive && ((SECONDS - started > 2)); } || ((SECONDS - started > 30)); then
        tail -n 20 "$SMTP_LOG" >&2 2>/dev/null || true
        die "smtp not listening on $SMTP_PORT_ and $SMTP_API_PORT_ (see $SMTP_LOG)"
      fi
      sleep 0.1
    done
  fi
  log "smtp ready (pid $(smtp_pid)): SMTP_URL=$SMTP_URL_ SMTP_API_URL=$SMTP_API_URL_"
}

smtp_stop() {
  [[ -d "$SMTP_HOME" ]] || { log "smtp not running"; return 0; }
  infra_lock "$SMTP_HOME/.lock"
  smtp_stop_locked
  infra_unlock
}

smtp_stop_locked() {
  if ! smtp_process_alive; then
    rm -f "$SMTP_PID_FILE"
    log "smtp not running"
    return
  fi
  local pid
  pid="$(smtp_pid)"
  log "stopping smtp (pid $pid)"
  stop_process smtp "$pid" "$SMTP_STOP_TIMEOUT"
  rm -f "$SMTP_PID_FILE"
  log "smtp stopped"
}

smtp_status() {
  if smtp_running; then
    echo "smtp: running (pid $(smtp_pid)) $SMTP_URL_ (HTTP API $SMTP_API_URL_)"
  elif smtp_process_alive; then
    echo "smtp: not listening (pid $(smtp_pid)), port $SMTP_PORT_ or $SMTP_API_PORT_ closed"; return 1
  else
    echo "smtp: stopped"; return 1
  fi
}

# Only a running catcher is exported: SMTP_URL moves the API from its in-process catcher to this one.
smtp_env() {
  if smtp_running; then
    printf 'export SMTP_URL=%q SMTP_API_URL=%q\n' "$SMTP_URL_" "$SMTP_API_URL_"
  else
    echo "# smtp is not running (tools/infra/infra.sh start smtp): SMTP_URL left unset"
  fi
}
