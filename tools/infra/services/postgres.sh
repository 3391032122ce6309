# PostgreSQL service for tools/infra/infra.sh: a private cluster in .infra/postgres, on loopback
# only, trust auth, database `auction`. Port: INFRA_PG_PORT (default 55432).

PG_PORT="${INFRA_PG_PORT:-55432}"
PG_DB="auction"
PG_USER="postgres"
PG_HOME="$STATE_ROOT/postgres"
PG_DATA="$PG_HOME/data"
PG_LOG="$PG_HOME/postgres.log"
PG_URL="postgres://$PG_USER@127.0.0.1:$PG_PORT/$PG_DB"

pg_bindir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [[ -z "$dir" ]] && command -v pg_config >/dev/null; then dir="$(pg_config --bindir)"; fi
  [[ -n "$dir" && -x "$dir/initdb" ]] && printf '%s\n' "$dir"
}

pg_ensure_binaries() {
  PG_BIN="$(pg_bindir || true)"
  if [[ -z "$PG_BIN" ]]; then
    # policy-rc.d in apt_install keeps the Debian `main` cluster from being started.
    apt_install postgresql
    PG_BIN="$(pg_bindir)" || die "initdb still missing after installing postgresql"
  fi
}

# The OS user that owns and runs the cluster: initdb and postgres refuse to run as root.
pg_os_user() { if [[ "$(id -u)" -eq 0 ]]; then echo postgres; else id -un; fi; }

pg_ctl_() { run_as "$(pg_os_user)" "$PG_BIN/pg_ctl" -D "$PG_DATA" "$@"; }

pg_running() { [[ -f "$PG_DATA/PG_VERSION" ]] && pg_ctl_ status >/dev/null 2>&1; }

pg_pid() { head -n 1 "$PG_DATA/postmaster.pid" 2>/dev/null || echo '?'; }

pg_init_cluster() {
  local os_user
  os_user="$(pg_os_user)"
  if [[ "$os_user" == postgres ]] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  mkdir -p "$PG_HOME"
  [[ "$(id -u)" -eq 0 ]] && chown -R "$os_user:" "$PG_HOME"
  run_as "$os_user" test -w "$PG_HOME" || die "user $os_user cannot write $PG_HOME (check parent directory permissions)"
  if [[ ! -f "$PG_DATA/PG_VERSION" ]]; then
    log "initialising PostgreSQL cluster in $PG_DATA"
    run_as "$os_user" "$PG_BIN/initdb" -D "$PG_DATA" -U "$PG_USER" --auth=trust --encoding=UTF8 \
      --locale=C.UTF-8 >"$PG_HOME/initdb.log" 2>&1 || { cat "$PG_HOME/initdb.log" >&2; die "initdb failed"; }
    # Loopback only; the socket lives beside the data so /var/run/postgresql is not needed.
    cat >>"$PG_DATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$PG_HOME'
max_connections = 200
CONF
  fi
}

postgres_start() {
  pg_ensure_binaries
  pg_init_cluster
  if pg_running; then
    log "postgres already running (pid $(pg_pid))"
  else
    # INFRA_PG_FSYNC=off (npm test's own cluster): no fsync. Commits still write the WAL before they answer, so a killed
    # PostgreSQL loses nothing; only a crash of the machine could. Never for a cluster whose data must outlive one.
    local options="-p $PG_PORT"
    case "${INFRA_PG_FSYNC:-on}" in
      on) ;;
      off) options="$options -c fsync=off" ;;
      *) die "INFRA_PG_FSYNC must be on or off, not ${INFRA_PG_FSYNC}" ;;
    esac
    log "starting postgres on 127.0.0.1:$PG_PORT (fsync ${INFRA_PG_FSYNC:-on})"
    if ! pg_ctl_ start -w -t 60 -l "$PG_LOG" -o "$options" >/dev/null; then
      tail -n 20 "$PG_LOG" >&2 || true
      die "postgres did not start (see $PG_LOG)"
    fi
  fi
  local tries=0
  until run_as "$(pg_os_user)" "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; do
    ((++tries > 60)) && die "postgres not answering on port $PG_PORT after 30 s (started with another INFRA_PG_PORT?)"
    sleep 0.5
  done
  local psql=(run_as "$(pg_os_user)" "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d postgres -qtA)
  if [[ "$("${psql[@]}" -c "select 1 from pg_database where datname = '$PG_DB'")" != 1 ]]; then
    "${psql[@]}" -c "create database $PG_DB" >/dev/null
    log "created database $PG_DB"
  fi
  log "postgres ready (pid $(pg_pid)): $PG_URL"
}

postgres_stop() {
  PG_BIN="$(pg_bindir || true)"
  if [[ -n "$PG_BIN" ]] && pg_running; then
    log "stopping postgres (pid $(pg_pid))"
    pg_ctl_ stop -m fast -w -t 60 >/dev/null
    log "postgres stopped"
  else
    log "postgres not running"
  fi
}

postgres_status() {
  PG_BIN="$(pg_bindir || true)"
  if [[ -n "$PG_BIN" ]] && pg_running; then
    echo "postgres: running (pid $(pg_pid)) $PG_URL"
  elif [[ -f "$PG_DATA/PG_VERSION" ]]; then
    echo "postgres: stopped ($PG_DATA)"; return 1
  else
    echo "postgres: not initialised"; return 1
  fi
}

postgres_env() { echo "export DATABASE_URL=$PG_URL"; }
