# Keycloak service for tools/infra/infra.sh: a real OpenID Connect issuer for the server-mode SSO tests.
# One Keycloak in development mode (`kc.sh start-dev`: HTTP, embedded H2 file database) on loopback, with
# the realm `auction` of services/keycloak/realm-auction.json imported at start: the confidential client
# `auction-web` (standard flow, PKCE S256) and the product's demo users with the demo password.
#
# The distribution comes from Maven Central (org.keycloak:keycloak-quarkus-dist, .tar.gz, checksum checked)
# into the cache the Kafka jars use, once per machine. Each state folder gets its own Keycloak home
# (<state>/keycloak/server: kc.sh, conf, data, the build output lib/quarkus) whose lib/lib links to the
# cached jars, so checkouts never share a database or an import folder.
#
# Port: INFRA_KEYCLOAK_PORT (default 8180). Client secret: INFRA_KEYCLOAK_CLIENT_SECRET (default
# auction-web-dev-secret). Demo users' password: DEMO_PASSWORD (the product's variable, default Demo#2026!).
# Console admin (master realm): INFRA_KEYCLOAK_ADMIN / INFRA_KEYCLOAK_ADMIN_PASSWORD (kcadmin / kcadmin-dev).
# Java: the newest JDK (17 or later) under /usr/lib/jvm or /opt, or INFRA_KEYCLOAK_JAVA_HOME.
# Runs as the invoking user (root is fine: Keycloak does not refuse it).
#
# Variables are named KEYCLOAK_*: Keycloak reads KC_* environment variables as its own options.

KEYCLOAK_VERSION="${INFRA_KEYCLOAK_VERSION:-26.7.3}"
KEYCLOAK_PORT="${INFRA_KEYCLOAK_PORT:-8180}"
KEYCLOAK_REALM="auction"
KEYCLOAK_CLIENT_ID="auction-web"
KEYCLOAK_CLIENT_SECRET="${INFRA_KEYCLOAK_CLIENT_SECRET:-auction-web-dev-secret}"
KEYCLOAK_DEMO_PASSWORD="${DEMO_PASSWORD:-Demo#2026!}"
KEYCLOAK_ADMIN_USER="${INFRA_KEYCLOAK_ADMIN:-kcadmin}"
KEYCLOAK_ADMIN_SECRET="${INFRA_KEYCLOAK_ADMIN_PASSWORD:-kcadmin-dev}"
KEYCLOAK_HEAP="${INFRA_KEYCLOAK_HEAP:--Xms64m -Xmx512m}"
KEYCLOAK_URL="http://127.0.0.1:$KEYCLOAK_PORT"
KEYCLOAK_ISSUER="$KEYCLOAK_URL/realms/$KEYCLOAK_REALM"
KEYCLOAK_HOME="$STATE_ROOT/keycloak"
KEYCLOAK_SERVER="$KEYCLOAK_HOME/server" # kc.home.dir
KEYCLOAK_LOG="$KEYCLOAK_HOME/keycloak.log"
KEYCLOAK_PID_FILE="$KEYCLOAK_HOME/keycloak.pid"
KEYCLOAK_REALM_FILE="$INFRA_DIR/services/keycloak/realm-auction.json"
KEYCLOAK_REALM_STAMP="$KEYCLOAK_HOME/realm.applied" # sha1 of realm file + secrets the database was imported from
KEYCLOAK_MAVEN_REPO="${INFRA_MAVEN_REPO:-https://repo1.maven.org/maven2}"
KEYCLOAK_MIN_JAVA=17 # measured: 26.7.3 starts on OpenJDK 17.0.15 and on Temurin 25
KEYCLOAK_START_TIMEOUT="${INFRA_KEYCLOAK_START_TIMEOUT:-240}"
KEYCLOAK_STOP_TIMEOUT=30

keycloak_cache_dir() {
  local cache="${INFRA_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/auction-infra}"
  printf '%s/keycloak-%s\n' "$cache" "$KEYCLOAK_VERSION"
}

# Sets KEYCLOAK_JAVA_HOME: INFRA_KEYCLOAK_JAVA_HOME, else the newest JDK found (Keycloak recommends the
# latest supported one), else Debian's openjdk-17 installed with apt-get.
keycloak_ensure_java() {
  local candidate major best="" best_major=0
  if [[ -n "${INFRA_KEYCLOAK_JAVA_HOME:-}" ]]; then
    [[ -x "$INFRA_KEYCLOAK_JAVA_HOME/bin/java" ]] || die "INFRA_KEYCLOAK_JAVA_HOME=$INFRA_KEYCLOAK_JAVA_HOME has no bin/java"
    major="$(java_major "$INFRA_KEYCLOAK_JAVA_HOME/bin/java")"
    [[ "${major:-0}" -ge "$KEYCLOAK_MIN_JAVA" ]] ||
      die "Keycloak $KEYCLOAK_VERSION needs Java $KEYCLOAK_MIN_JAVA or later; $INFRA_KEYCLOAK_JAVA_HOME is ${major:-unknown}"
    KEYCLOAK_JAVA_HOME="$INFRA_KEYCLOAK_JAVA_HOME"
    return
  fi
  for candidate in /usr/lib/jvm/*/bin/java /opt/*/bin/java /opt/*/*/bin/java "$(command -v java 2>/dev/null || true)"; do
    [[ -n "$candidate" && -x "$candidate" ]] || continue
    major="$(java_major "$candidate")"
    if [[ "${major:-0}" =~ ^[0-9]+$ ]] && ((major > best_major)); then best="$candidate" best_major="$major"; fi
  done
  if ((best_major < KEYCLOAK_MIN_JAVA)); then
    apt_install openjdk-17-jre-headless
    best="$(command -v java)" best_major="$(java_major "$best")"
    [[ "${best_major:-0}" -ge "$KEYCLOAK_MIN_JAVA" ]] || die "Keycloak needs Java $KEYCLOAK_MIN_JAVA or later; found ${best_major:-none}"
  fi
  best="$(readlink -f "$best")"
  KEYCLOAK_JAVA_HOME="${best%/bin/java}"
}

# Downloads and unpacks keycloak-quarkus-dist once per machine and version (a flock keeps two
# checkouts from unpacking over each other). Sets KEYCLOAK_DIST.
keycloak_ensure_dist() {
  local dir
  dir="$(keycloak_cache_dir)"
  KEYCLOAK_DIST="$dir/dist"
  [[ -f "$KEYCLOAK_DIST/.complete" ]] && return
  mkdir -p "$dir"
  local lock_fd
  exec {lock_fd}>"$dir/.lock"
  flock -w 900 "$lock_fd" || die "waited 900 s for $dir/.lock (another download running?)"
  if [[ ! -f "$KEYCLOAK_DIST/.complete" ]]; then
    keycloak_download "$dir" || { exec {lock_fd}>&-; die "could not install Keycloak $KEYCLOAK_VERSION into $dir"; }
  fi
  exec {lock_fd}>&-
}

keycloak_download() {
  local dir="$1" name="keycloak-quarkus-dist-$KEYCLOAK_VERSION.tar.gz" started=$SECONDS
  local url="$KEYCLOAK_MAVEN_REPO/org/keycloak/keycloak-quarkus-dist/$KEYCLOAK_VERSION/$name"
  local tmp="$dir/download.$$" expected actual algo
  rm -rf "$tmp" && mkdir -p "$tmp"
  log "downloading Keycloak $KEYCLOAK_VERSION from Maven Central (~170 MB, once per machine): $url"
  curl -fsSL --retry 3 --connect-timeout 20 -o "$tmp/$name" "$url" || { rm -rf "$tmp"; log "download failed: $url"; return 1; }
  for algo in sha512 sha1; do
    expected="$(curl -fsSL --retry 3 --connect-timeout 20 "$url.$algo" 2>/dev/null | awk '{ print $1; exit }')" || expected=""
    [[ -n "$expected" ]] && break
  done
  [[ -n "$expected" ]] || { rm -rf "$tmp"; log "no .sha512 or .sha1 published beside $url"; return 1; }
  actual="$("${algo}sum" "$tmp/$name" | cut -d' ' -f1)"
  if [[ "$actual" != "$expected" ]]; then
    rm -rf "$tmp"
    log "$algo mismatch for $name: expected $expected, got $actual"
    return 1
  fi
  log "$algo checksum verified ($(du -h "$tmp/$name" | cut -f1) in $((SECONDS - started)) s); unpacking"
  tar -xzf "$tmp/$name" -C "$tmp" || { rm -rf "$tmp"; log "cannot unpack $name"; return 1; }
  [[ -x "$tmp/keycloak-$KEYCLOAK_VERSION/bin/kc.sh" ]] || { rm -rf "$tmp"; log "$name holds no keycloak-$KEYCLOAK_VERSION/bin/kc.sh"; return 1; }
  printf '%s %s\n' "$algo" "$expected" >"$tmp/keycloak-$KEYCLOAK_VERSION/.complete"
  rm -rf "$dir/dist" "$dir/dev-quarkus"
  mv "$tmp/keycloak-$KEYCLOAK_VERSION" "$dir/dist"
  rm -rf "$tmp"
  log "Keycloak $KEYCLOAK_VERSION ready in $dir/dist ($((SECONDS - started)) s)"
}

# This state's Keycloak home: small copies (kc.sh, conf, quarkus-run.jar, app) plus a link to the cached
# jars. lib/quarkus, which start-dev rewrites when it re-augments, is seeded from the cache's last dev
# build (dev-quarkus) when there is one: that skips the ~20 s build on a fresh state folder.
keycloak_prepare_server() {
  if [[ "$(cat "$KEYCLOAK_SERVER/.dist" 2>/dev/null)" != "$KEYCLOAK_DIST" ]]; then
    rm -rf "$KEYCLOAK_SERVER/bin" "$KEYCLOAK_SERVER/lib" "$KEYCLOAK_SERVER/conf"
    mkdir -p "$KEYCLOAK_SERVER"/{bin,lib,conf,providers,themes}
    cp -p "$KEYCLOAK_DIST/bin/kc.sh" "$KEYCLOAK_SERVER/bin/"
    cp -p "$KEYCLOAK_DIST/lib/quarkus-run.jar" "$KEYCLOAK_SERVER/lib/"
    cp -rp "$KEYCLOAK_DIST/lib/app" "$KEYCLOAK_SERVER/lib/"
    cp -rp "$KEYCLOAK_DIST/conf/." "$KEYCLOAK_SERVER/conf/"
    ln -s "$KEYCLOAK_DIST/lib/lib" "$KEYCLOAK_SERVER/lib/lib"
    local seed="$KEYCLOAK_DIST/lib/quarkus" cached
    cached="$(keycloak_cache_dir)/dev-quarkus"
    [[ -f "$cached/.complete" ]] && seed="$cached"
    cp -rp "$seed" "$KEYCLOAK_SERVER/lib/quarkus"
    rm -f "$KEYCLOAK_SERVER/lib/quarkus/.complete"
    printf '%s\n' "$KEYCLOAK_DIST" >"$KEYCLOAK_SERVER/.dist"
  fi
  mkdir -p "$KEYCLOAK_SERVER/data/import"
}

# After a start that re-augmented (a first start, or changed build options), offers the result to later
# fresh state folders. Best effort: a failure here costs them time, not correctness.
keycloak_publish_build() {
  grep -q 'Quarkus augmentation completed' "$KEYCLOAK_LOG" 2>/dev/null || return 0
  local target tmp
  target="$(keycloak_cache_dir)/dev-quarkus"
  tmp="$target.tmp.$$"
  rm -rf "$tmp"
  if cp -rp "$KEYCLOAK_SERVER/lib/quarkus" "$tmp" 2>/dev/null && touch "$tmp/.complete"; then
    rm -rf "$target" && mv "$tmp" "$target" && log "cached Keycloak's dev build for fresh state folders in $target"
  fi
  rm -rf "$tmp"
}

keycloak_realm_sha() {
  { cat "$KEYCLOAK_REALM_FILE"; printf '\n%s\n%s\n' "$KEYCLOAK_CLIENT_SECRET" "$KEYCLOAK_DEMO_PASSWORD"; } | sha1sum | cut -c1-40
}

# --import-realm skips a realm that exists: when the realm file (or a secret placed in it) changed since
# the database was filled, start from an empty dev database so the import runs again.
keycloak_prepare_realm() {
  [[ -f "$KEYCLOAK_REALM_FILE" ]] || die "missing $KEYCLOAK_REALM_FILE"
  jq -e '.realm == "auction"' "$KEYCLOAK_REALM_FILE" >/dev/null 2>&1 || die "$KEYCLOAK_REALM_FILE is not a realm JSON for realm auction"
  if [[ -d "$KEYCLOAK_SERVER/data/h2" && "$(cat "$KEYCLOAK_REALM_STAMP" 2>/dev/null)" != "$(keycloak_realm_sha)" ]]; then
    log "realm file or secrets changed since the last import: emptying Keycloak's dev database"
    rm -rf "$KEYCLOAK_SERVER/data/h2" "$KEYCLOAK_SERVER/data/transaction-logs"
  fi
  rm -f "$KEYCLOAK_SERVER/data/import/"*.json
  cp "$KEYCLOAK_REALM_FILE" "$KEYCLOAK_SERVER/data/import/realm-auction.json"
}

keycloak_pid() { cat "$KEYCLOAK_PID_FILE" 2>/dev/null || true; }

# True when the pid file names a live kc.sh, or the JVM it became, of this state's Keycloak home.
keycloak_process_alive() { pid_file_alive "$KEYCLOAK_PID_FILE" "$KEYCLOAK_SERVER/bin/"; }

keycloak_running() { keycloak_process_alive && port_open "$KEYCLOAK_PORT"; }

# Ready = the realm's discovery document answers and names the expected issuer.
keycloak_discovery_ok() {
  local doc
  doc="$(curl -fsS -m 5 "$KEYCLOAK_ISSUER/.well-known/openid-configuration" 2>/dev/null)" || return 1
  [[ "$(jq -r .issuer <<<"$doc" 2>/dev/null)" == "$KEYCLOAK_ISSUER" ]]
}

# Resident memory of the JVM (kc.sh stays its parent unless it re-augmented and exec'd java).
keycloak_rss_mb() {
  local pid jvm
  pid="$(keycloak_pid)"
  jvm="$(pgrep -P "$pid" -x java 2>/dev/null | head -n 1)"
  [[ -n "$jvm" ]] || jvm="$pid"
  awk '/^VmRSS:/ { printf "%d MB", $2 / 1024 }' "/proc/$jvm/status" 2>/dev/null || echo '? MB'
}

keycloak_launch() {
  port_open "$KEYCLOAK_PORT" && die "port $KEYCLOAK_PORT is already taken by another process (set INFRA_KEYCLOAK_PORT)"
  [[ -f "$KEYCLOAK_LOG" ]] && mv -f "$KEYCLOAK_LOG" "$KEYCLOAK_LOG.1"
  log "starting keycloak $KEYCLOAK_VERSION (Java $(java_major "$KEYCLOAK_JAVA_HOME/bin/java"), $KEYCLOAK_JAVA_HOME) on $KEYCLOAK_URL, log $KEYCLOAK_LOG"
  # The caller's KC_* variables would be read as Keycloak options: drop them, set ours.
  local unset_kc=() var
  for var in $(compgen -e); do [[ "$var" == KC_* || "$var" == KEYCLOAK_ADMIN* ]] && unset_kc+=(-u "$var"); done
  # setsid: Keycloak outlives this shell in a session of its own (stop kills that whole group if it must).
  # The inner shell writes its pid, then becomes kc.sh, which runs the JVM (or becomes it after a build).
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' keycloak-launch "$KEYCLOAK_PID_FILE" \
    env "${unset_kc[@]}" JAVA_HOME="$KEYCLOAK_JAVA_HOME" JAVA_OPTS_KC_HEAP="$KEYCLOAK_HEAP" \
    KC_BOOTSTRAP_ADMIN_USERNAME="$KEYCLOAK_ADMIN_USER" KC_BOOTSTRAP_ADMIN_PASSWORD="$KEYCLOAK_ADMIN_SECRET" \
    AUCTION_WEB_CLIENT_SECRET="$KEYCLOAK_CLIENT_SECRET" AUCTION_DEMO_PASSWORD="$KEYCLOAK_DEMO_PASSWORD" \
    "$KEYCLOAK_SERVER/bin/kc.sh" start-dev --http-host=127.0.0.1 --http-port="$KEYCLOAK_PORT" --import-realm \
    </dev/null >"$KEYCLOAK_LOG" 2>&1 {INFRA_LOCK_FD}>&- &
  keycloak_wait_ready
}

keycloak_wait_ready() {
  local started=$SECONDS next_report=15
  until keycloak_discovery_ok; do
    if ! keycloak_process_alive && ((SECONDS - started > 2)); then
      tail -n 30 "$KEYCLOAK_LOG" >&2 || true
      die "keycloak exited during startup (see $KEYCLOAK_LOG)"
    fi
    if ((SECONDS - started > KEYCLOAK_START_TIMEOUT)); then
      tail -n 15 "$KEYCLOAK_LOG" >&2 || true
      die "keycloak: $KEYCLOAK_ISSUER/.well-known/openid-configuration not answering after $KEYCLOAK_START_TIMEOUT s (INFRA_KEYCLOAK_START_TIMEOUT; log $KEYCLOAK_LOG). The process (pid $(keycloak_pid)) is left running: \`infra.sh stop keycloak\` stops it"
    fi
    if ((SECONDS - started >= next_report)); then
      log "keycloak still starting ($((SECONDS - started)) s): $(keycloak_progress)"
      next_report=$((next_report + 15))
    fi
    sleep 0.5
  done
  log "keycloak answered after $((SECONDS - started)) s"
}

# The last milestone of the log, to show where a slow start is.
keycloak_progress() {
  local line
  line="$(grep -E 'Updating the configuration|augmentation completed|Running the server|Initializing database schema|Importing|Imported|Realm .* imported|Bootstrap completed|started in' "$KEYCLOAK_LOG" 2>/dev/null | tail -n 1)"
  line="${line#*] (*) }"
  printf '%s' "${line:-JVM starting}" | cut -c1-120
}

keycloak_start() {
  mkdir -p "$KEYCLOAK_HOME"
  infra_lock "$KEYCLOAK_HOME/.lock"
  keycloak_start_locked
  infra_unlock
}

keycloak_start_locked() {
  local started=$SECONDS
  if keycloak_running && keycloak_discovery_ok; then
    log "keycloak already running (pid $(keycloak_pid))"
    [[ "$(cat "$KEYCLOAK_REALM_STAMP" 2>/dev/null)" == "$(keycloak_realm_sha)" ]] ||
      log "warning: the realm file or a secret changed since keycloak started: stop and start it to re-import"
  elif keycloak_process_alive; then
    log "keycloak (pid $(keycloak_pid)) is still starting: waiting"
    keycloak_wait_ready
  else
    command -v jq >/dev/null || apt_install jq
    command -v curl >/dev/null || apt_install curl
    keycloak_ensure_java
    keycloak_ensure_dist
    keycloak_prepare_server
    keycloak_prepare_realm
    keycloak_launch
    keycloak_realm_sha >"$KEYCLOAK_REALM_STAMP"
    keycloak_publish_build
  fi
  log "keycloak ready in $((SECONDS - started)) s (pid $(keycloak_pid), RSS $(keycloak_rss_mb)): OIDC_ISSUER_URL=$KEYCLOAK_ISSUER (console $KEYCLOAK_URL/admin/, $KEYCLOAK_ADMIN_USER)"
}

keycloak_stop() {
  [[ -d "$KEYCLOAK_HOME" ]] || { log "keycloak not running"; return 0; }
  infra_lock "$KEYCLOAK_HOME/.lock"
  keycloak_stop_locked
  infra_unlock
}

# SIGTERM to kc.sh (which forwards it to the JVM) or to the JVM it became; SIGKILL to the whole session
# after the time-out, so no JVM is orphaned.
keycloak_stop_locked() {
  if ! keycloak_process_alive; then
    rm -f "$KEYCLOAK_PID_FILE"
    log "keycloak not running"
    return
  fi
  local pid started=$SECONDS
  pid="$(keycloak_pid)"
  log "stopping keycloak (pid $pid)"
  stop_process keycloak "$pid" "$KEYCLOAK_STOP_TIMEOUT" group
  rm -f "$KEYCLOAK_PID_FILE"
  log "keycloak stopped in $((SECONDS - started)) s"
}

keycloak_status() {
  if keycloak_running; then
    echo "keycloak: running (pid $(keycloak_pid)) $KEYCLOAK_ISSUER"
  elif keycloak_process_alive; then
    echo "keycloak: starting or not listening (pid $(keycloak_pid)), port $KEYCLOAK_PORT closed"; return 1
  elif [[ -d "$KEYCLOAK_SERVER/data/h2" ]]; then
    echo "keycloak: stopped ($KEYCLOAK_SERVER)"; return 1
  else
    echo "keycloak: not initialised"; return 1
  fi
}

# Only a running issuer is exported: OIDC_ISSUER_URL moves the API from its embedded issuer to this one.
keycloak_env() {
  if keycloak_running; then
    printf 'export OIDC_ISSUER_URL=%q OIDC_CLIENT_ID=%q OIDC_CLIENT_SECRET=%q\n' \
      "$KEYCLOAK_ISSUER" "$KEYCLOAK_CLIENT_ID" "$KEYCLOAK_CLIENT_SECRET"
  else
    echo "# keycloak is not running (tools/infra/infra.sh start keycloak): OIDC_ISSUER_URL left unset"
  fi
}
