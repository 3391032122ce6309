#!/usr/bin/env bash
# Runs every test of the workspace against real services, then prints each part's time and one closing line.
#   1. builds the workspace (tsc -b), typechecks the API's tests and builds the web client (vite), while PostgreSQL, Kafka and Mosquitto start
#      (tools/infra, unless DATABASE_URL is already set: then the caller provides KAFKA_BROKERS and MQTT_*), the
#      SMTP server too (unless E2E_SMTP_URL is set), and k6 builds (tools/k6/build-k6.sh, for the load smoke test; the lanes
#      do not wait for it, lane web does before its long API files), then the
#      Go tools' tests run (tools/fanout-sub);
#   2. runs two lanes side by side (the suites are independent: each test makes its own database, Kafka topic and
#      server; CI has 2 cores and most end-to-end time is spent waiting on timers and the network); lane "api" starts
#      once the workspace is built and the services answer, beside the web client's build, lane "web" after that build:
#        lane "api":     the library suites (vitest), then the API suites (jest) but the few long files of lane web;
#        lane "web":     Keycloak (unless E2E_OIDC_ISSUER_URL is set; started beside the browser tests, whose Keycloak
#                        test waits for it), the web client's browser tests (vitest +
#                        playwright-core in Debian's Chromium; the journeys that mostly wait in a second vitest process
#                        beside the others), the fuzzer (schemathesis, tools/fuzz/run-fuzz.sh), then
#                        the long API files named in JEST_LANE_WEB;
#      each lane's output is prefixed with its name;
#   3. prints each part's time and "Tests: N passed, N failed" from the runners' JSON reports.
# TEST_LANES=1 runs the same parts one after the other (for reading one suite's output in order), the two groups of
# browser tests and the fuzzer's two users too.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
REPORTS="$ROOT/test-results"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
export NX_DAEMON=false NX_NO_CLOUD=true
# Node's compile cache (on disk, per source hash) for every Node process of the run: tsc, vitest, jest and the ~200
# product servers the tests start (each start loads the same ~1,500 modules: ~1 s of CPU less a start once cached).
# Each product server the API tests start appends its CPU here (printed after the times: tools/test/server-cpu.mjs).
export TEST_SERVER_CPU_LOG="$REPORTS/server-cpu.tsv"
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$ROOT/node_modules/.cache/node-compile-cache}"
TIMES="$REPORTS/times.txt"
: >"$TIMES"

# The API files that run in lane "web" (after the browser tests and the fuzzer), chosen so that the two lanes end
# together: the long ones (two-instances and fanout-resilience, each with a PostgreSQL/Kafka/Mosquitto of its own on
# free ports; the 2,000-lot closing; the scenarios; the load smoke test) and enough others to even the lanes. Last
# balanced on 2026-11-26 from 70ba17a's fresh-clone run (lane "web" 2,636 s, lane "api" 2,676 s): pglite-template.int
# (60 s) moved here as the fuzz went from 3 to 2 cases per operation and phase (267 s alone, 330 s with 3); on 2026-11-26
# (dfc7cb9's run: lane api 2,816 s, lane web 2,833 s) ownership-matrix (~54 s) moved here as Keycloak's start (111 s)
# went beside the browser tests; on 2026-11-27 (e19b952's run 32: lane api 851 + 1,718 s, lane web 1,214 + 397 + 806 s, whole
# run 2,644 s) template-visibility (~67 s) moved here; on 2026-11-27 (CI on 45e0a7b: lane api 697 + 1,697 s, lane web
# 1,214 + 378 + 843 s) lane api starts before the web client's build (~40 s sooner), and idempotency.e2e (~20 s),
# mobile-app.e2e (~8 s) and vehicle-uploads-two-instances.e2e (~7 s) went back to it. Why each moved, and the third lane tried and taken back
# (three lanes on two cores failed timing-bound tests), is in `git log -p tools/test/run-all.sh`.
# On 2026-11-29 (fresh-clone run 54: lane api 779 + 1,935 s, lane web 61 + 1,231 + 390 + 820 s, whole run 2,911 s)
# live-edge.e2e (~100 s) and auction-vehicles.e2e (~70 s) moved here, and the fuzz went from 2 to 1 case per operation
# and phase (390 s in run 54); a third lane (the API files beside the library suites) was slower: run 55, 2,986 s.
# A path that no longer exists simply runs in lane "api" (lane "api" leaves out only what lane "web" runs).
JEST_LANE_WEB='src/platform/cluster/two-instances|src/platform/fanout/fanout-resilience|src/auctions/large-closing|src/auctions/auction-scenario|src/load-smoke'
JEST_LANE_WEB="$JEST_LANE_WEB"'|src/platform/live/live-channel\.e2e|src/identity/registration/registration\.e2e|src/identity/sso/(sql-)?issuer-store\.'
JEST_LANE_WEB="$JEST_LANE_WEB"'|src/start-command\.e2e|src/crash-recovery\.e2e|src/platform/storage/pglite-template\.int|src/identity/ownership-matrix\.e2e|src/partners/templates/template-visibility\.e2e'
JEST_LANE_WEB="$JEST_LANE_WEB"'|src/platform/live/live-edge\.e2e|src/auctions/auction-vehicles\.e2e'

step() { printf '\n== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }
# part NAME COMMAND...: runs a part, records its time and exit code in $TIMES, returns its exit code.
# The CPU figure is user + system time of the part's processes and of every process they waited for (test servers,
# Chromium, PostgreSQL clients; not the shared services started by tools/infra): the lanes share CI's 2 cores,
# so what a part costs is its CPU more than its wall time.
part() {
  local name=$1 t0 rc cpu tf; shift
  step "$name"
  t0=$(date +%s)
  tf=$(mktemp)
  # fd 4 is the part's stderr, kept apart from the one `time` writes to; closed for the command itself, or a daemon it
  # starts (Keycloak) would hold the lane's pipe open and the lane would never end.
  { TIMEFORMAT='%U %S'; time "$@" 2>&4 4>&-; } 4>&2 2>"$tf"; rc=$?
  cpu=$(tail -1 "$tf" | awk '{print $1 + $2}'); rm -f "$tf"
  printf '%-44s %5d s  cpu %5.0f s  exit %d\n' "$name" "$(( $(date +%s) - t0 ))" "${cpu:-0}" "$rc" >>"$TIMES"
  return $rc
}

node -e 'if (!process.version.startsWith("v24.")) { console.error("expected Node 24, got " + process.version); process.exit(1) }' || exit 1
RUN_START=$(date +%s)

started=""
run_tmp=""
cleanup() {
  # Background parts still running (an early exit: a failed build) would write into a removed TMPDIR: stopped first.
  local jobs_left; jobs_left=$(jobs -p)
  [ -n "$jobs_left" ] && kill $jobs_left 2>/dev/null
  [ -n "$started" ] && bash tools/infra/infra.sh stop $started >/dev/null 2>&1
  [ -n "$run_tmp" ] && rm -rf "$run_tmp"
}
trap cleanup EXIT

# Services and k6 start in the background while the workspace builds.
# The SMTP server (tools/infra smtp: a real SMTP listener with an HTTP API to read what it caught) is for the tests
# that read the product's mail, named with an E2E_ prefix: only those tests point a server at it.
[ -z "${DATABASE_URL:-}" ] && started="postgres kafka mosquitto"
[ -z "${E2E_SMTP_URL:-}" ] && started="$started smtp"
if [ -n "$started" ]; then
  # PostgreSQL without fsync (tools/infra/README.md): its cluster is thrown away with the run.
  (part "start $started (tools/infra)" env INFRA_PG_FSYNC=off bash tools/infra/infra.sh start $started >"$REPORTS/infra.log" 2>&1
    echo $? >"$REPORTS/infra.rc") &
  infra_pid=$!
fi
# The run's temporary files in memory: TMPDIR is a folder of its own on a tmpfs (TEST_TMPFS, default /dev/shm), removed
# at the end. Each embedded product server the tests start unpacks two fresh PGlite clusters (~2,900 files each) into a
# temporary folder and writes its database there: on this machine's ext4 (mounted with discard) an unpacking took
# 460-1,280 ms, mostly system time, against 120-170 ms on /dev/shm, and four embedded API files took 90-94 s and 110-116 s
# of CPU against 99-100 s and 119-122 s on /tmp (two interleaved pairs). Only when TEST_TMPFS is an absolute path
# without spaces (Mosquitto's state folder takes none) to a tmpfs that lets programs run (go test runs its binaries from
# TMPDIR), with 4 GiB free both there and in memory (a tmpfs may be as large as the memory itself), and E2E_KEEP_DATA is
# not set (kept clusters would stay in memory); TEST_TMPFS=none keeps the caller's TMPDIR. Mode 0711: the PostgreSQL and
# Mosquitto that two test files start run as their own users and must enter their state folders below it
# (private-infra.test-support.ts), but nobody else may list it or plant a name in it (jest's cache is $TMPDIR/jest_<uid>).
# A run killed before its cleanup leaves its folder (in memory): the next run removes those whose run has ended.
# (After the shared services start: tools/infra keeps its own state folders.)
tmpfs_root=${TEST_TMPFS:-/dev/shm}
[ "${E2E_KEEP_DATA:-}" = 1 ] && tmpfs_root=none
case $tmpfs_root in /*) ;; *) tmpfs_root=none ;; esac
case $tmpfs_root in *[[:space:]]*) tmpfs_root=none ;; esac
gib_free() { df -P -B1 "$1" 2>/dev/null | awk 'NR == 2 && $4 ~ /^[0-9]+$/ { print int($4 / 1073741824) }'; }
mem_gib() { awk '/^MemAvailable:/ { print int($2 / 1048576) }' /proc/meminfo 2>/dev/null; }
if [ "$tmpfs_root" != none ] && [ -d "$tmpfs_root" ] && [ -w "$tmpfs_root" ] && [ "$(stat -f -c %T "$tmpfs_root" 2>/dev/null)" = tmpfs ]; then
  for old in "$tmpfs_root"/auction-test.*; do
    [ -O "$old" ] && [ -f "$old/.run" ] && ! kill -0 "$(cat "$old/.run")" 2>/dev/null && rm -rf "$old"
  done
  if [ "$(gib_free "$tmpfs_root")" -ge 4 ] 2>/dev/null && [ "$(mem_gib)" -ge 4 ] 2>/dev/null &&
     run_tmp=$(mktemp -d "$tmpfs_root/auction-test.XXXXXX"); then
    chmod 0711 "$run_tmp"
    echo $$ >"$run_tmp/.run"
    printf '#!/bin/sh\nexit 0\n' >"$run_tmp/.exec" && chmod 0700 "$run_tmp/.exec"
    if "$run_tmp/.exec" 2>/dev/null; then
      export TMPDIR="$run_tmp"
      echo "temporary files in $run_tmp (tmpfs, $(gib_free "$tmpfs_root") GiB free there, $(mem_gib) GiB of memory available)"
    else
      rm -rf "$run_tmp"; run_tmp=""
    fi
  fi
fi
[ -z "$run_tmp" ] && echo "temporary files in ${TMPDIR:-/tmp} (TEST_TMPFS=${TEST_TMPFS:-/dev/shm}: none, E2E_KEEP_DATA, or not an absolute path to a tmpfs that runs programs with 4 GiB free there and in memory)"
# k6 is needed only by the load smoke test (lane web's long API files, ~30 minutes later): the lanes no longer wait for
# its build (~3 minutes of CPU on a fresh machine, ~45 s past the workspace's build in dfc7cb9's run); lane web waits for
# the file k6.done before those files, and the summary for the Go tools' report.
(part "k6 (tools/k6/build-k6.sh)" bash tools/k6/build-k6.sh >"$REPORTS/k6-build.log" 2>&1 ||
  echo "k6 could not be built: the load smoke test will fail"
  tail -3 "$REPORTS/k6-build.log" >"$REPORTS/k6.done"
  # The Go tools' own tests (the fan-out subscriber of the bench), counted in the summary through a jest-shaped report.
  part "Go tools (go test)" bash -c 'source tools/lib/go.sh && need_go go-test && cd tools/fanout-sub && go test -json -count=1 ./...' 2>&1 |
    node tools/test/go-report.mjs "$REPORTS/go.json") &
k6_pid=$!
# schemathesis (PyPI, pinned and hashed) into tools/fuzz/.venv for the fuzz part; a failure here fails that part.
(part "schemathesis (tools/fuzz/install.sh)" bash tools/fuzz/install.sh >"$REPORTS/fuzz-install.log" 2>&1) &
fuzz_install_pid=$!

part "build (tsc -b)" npx tsc -b tsconfig.build.json || { echo "build failed"; exit 1; }
# The API's tests are run by jest through swc, which strips types: a type error in a test would otherwise go unseen.
# (In the background, beside the supply-chain check and the web client's build: each is one process, CI has 2 cores.)
(part "typecheck the API's tests (tsc)" bash -c 'cd apps/api && npx tsc -p tsconfig.spec.json --noEmit' >"$REPORTS/typecheck.log" 2>&1
  echo $? >"$REPORTS/typecheck.rc") &
typecheck_pid=$!
# The lockfile, the reviewed install scripts and npm audit (tools/supply-chain/check.mjs; README, "Dependencies and supply chain").
supply_ok=1
part "supply chain (tools/supply-chain)" node tools/supply-chain/check.mjs || { echo "the supply-chain check failed"; supply_ok=0; }
if [ -n "${infra_pid:-}" ]; then
  step "waiting for the services"
  wait "$infra_pid"
  cat "$REPORTS/infra.log"
  [ "$(cat "$REPORTS/infra.rc" 2>/dev/null)" = 0 ] || { echo "could not start the services"; exit 1; }
  [ -z "${DATABASE_URL:-}" ] && eval "$(bash tools/infra/infra.sh env postgres kafka mosquitto)"
  [ -z "${E2E_SMTP_URL:-}" ] && eval "$(bash tools/infra/infra.sh env smtp | sed 's/SMTP_/E2E_SMTP_/g')"
fi
echo "DATABASE_URL=$DATABASE_URL KAFKA_BROKERS=${KAFKA_BROKERS:-} MQTT_URL=${MQTT_URL:-} E2E_SMTP_URL=${E2E_SMTP_URL:-}"

# jest's transform cache in the checkout (its default is $TMPDIR/jest_<uid>: with TMPDIR in the run's own folder it would
# start cold at every run).
jest() { (cd apps/api && NODE_OPTIONS=--experimental-vm-modules npx jest --ci --cacheDirectory "$ROOT/node_modules/.cache/jest" "$@"); }

lane_api() {
  local status=0
  # The library's rebuild benchmark (libs/read-models, rebuild.bench.int) checks its rebuild against the pure projection
  # at REBUILD_BENCH_EVENTS=20,000 here (the scenario's fixed part makes that 31,552 events: seven batches of 5,000; the
  # default, 100,000, makes 95,215 and is for reading its rate: libs/read-models/README.md).
  # One file at a time (vitest's default on 2 cores): two took 273 s instead of ~550 alone, but 518 s beside the browser
  # tests in a fresh-clone run (fc6277c), for more CPU contention: not worth it.
  part "libraries and web units (vitest)" env REBUILD_BENCH_EVENTS="${REBUILD_BENCH_EVENTS:-20000}" npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json" || status=1
  part "API (jest) but the long files" jest --json --outputFile="$REPORTS/jest.json" --testPathIgnorePatterns "$JEST_LANE_WEB" || status=1
  return $status
}

lane_web() {
  local status=0
  # Keycloak (tools/infra, from Maven Central) for the browser test of single sign-on against a real issuer
  # (apps/web/e2e/single-sign-on-keycloak.e2e.spec.ts), named with an E2E_ prefix: every other test keeps the embedded
  # issuer. When it cannot start, that test fails and says why; the others run.
  # It starts beside the first browser tests (~2 minutes: it used to hold them back): the test waits for the file
  # E2E_KEYCLOAK_ENV_FILE, written once Keycloak answers, with the E2E_OIDC_ values (or `failed`).
  if [ -z "${E2E_OIDC_ISSUER_URL:-}" ]; then
    export E2E_KEYCLOAK_ENV_FILE="$REPORTS/keycloak.env"
    rm -f "$E2E_KEYCLOAK_ENV_FILE"
    # The values only when tools/infra exports them (none of the caller's own OIDC_ variables): a Keycloak that is gone
    # once started is `failed` too, never an empty file (tools/test/keycloak-env-file.unit.spec.ts).
    (keycloak_values() {
       unset OIDC_ISSUER_URL OIDC_CLIENT_ID OIDC_CLIENT_SECRET
       eval "$(bash tools/infra/infra.sh env keycloak)"
       [ -n "${OIDC_ISSUER_URL:-}" ] || return 1
       printf 'E2E_OIDC_ISSUER_URL=%s\nE2E_OIDC_CLIENT_ID=%s\nE2E_OIDC_CLIENT_SECRET=%s\n' "$OIDC_ISSUER_URL" "${OIDC_CLIENT_ID:-}" "${OIDC_CLIENT_SECRET:-}"
     }
     # Its start is given 600 s here (tools/infra's default is 240): beside the browser tests and the API tests on CI's 2
     # cores it took more than 240 s once (CI on bcf24fe: the start gave up after 258 s), and the test waits for it.
     if ! part "start Keycloak (tools/infra)" env INFRA_KEYCLOAK_START_TIMEOUT="${INFRA_KEYCLOAK_START_TIMEOUT:-600}" bash tools/infra/infra.sh start keycloak; then
       echo "Keycloak could not be started: the Keycloak single sign-on test will fail"
       echo failed >"$E2E_KEYCLOAK_ENV_FILE.tmp"
     elif ! keycloak_values >"$E2E_KEYCLOAK_ENV_FILE.tmp"; then
       echo "Keycloak started but tools/infra no longer finds it running: the Keycloak single sign-on test will fail"
       echo failed >"$E2E_KEYCLOAK_ENV_FILE.tmp"
     fi
     mv "$E2E_KEYCLOAK_ENV_FILE.tmp" "$E2E_KEYCLOAK_ENV_FILE") &
    keycloak_pid=$!
  fi
  if [ "$web_built" -eq 1 ] && bash tools/test/ensure-chromium.sh; then
    # Two vitest processes side by side, each with a product of its own: the journeys that mostly wait for an auction's
    # end or a server outage (E2E_GROUP=waits, ~350 s, little CPU; apps/web/vitest.e2e.config.ts; its lines marked
    # "[waits]") and all the others. TEST_LANES=1: one after the other.
    waits() {
      part "web client: the waiting journeys (Chromium)" env E2E_GROUP=waits npx vitest run --config apps/web/vitest.e2e.config.ts \
        --reporter=default --reporter=json --outputFile.json="$REPORTS/web-e2e-waits.json" 2>&1 | sed -u 's/^/[waits] /'
    }
    if [ "${TEST_LANES:-2}" = 1 ]; then waits || status=1; else waits & waits_pid=$!; fi
    part "web client (Playwright in Chromium)" env E2E_GROUP=rest npx vitest run --config apps/web/vitest.e2e.config.ts --reporter=default --reporter=json \
      --outputFile.json="$REPORTS/web-e2e.json" || status=1
    [ -n "${waits_pid:-}" ] && { wait "$waits_pid" || status=1; }
  else
    echo "browser tests not run (web client not built or no Chromium)"; status=1
  fi
  if [ -n "${keycloak_pid:-}" ]; then
    wait "$keycloak_pid"
    # Keycloak serves one browser test: stopped once the browser tests are done, not at the run's end. Idle, its JVM
    # still took ~7 % of a core (58 s of CPU in its first 817 s of fresh-clone run 57), for the ~25 minutes of the fuzz
    # and the long API files.
    bash tools/infra/infra.sh stop keycloak >"$REPORTS/keycloak-stop.log" 2>&1 || echo "Keycloak could not be stopped (test-results/keycloak-stop.log): it runs until the end of the run"
  fi
  # The fuzzer (issue 24): schemathesis against the OpenAPI of the built product on the embedded default, as dealer1
  # and as admin, every operation and every check; FUZZ_MAX_EXAMPLES cases per operation and phase bound its time
  # (1 here, every operation and phase still tried; the fuzz alone defaults to 12). The two users run side by side, each against a product
  # of its own (810 s one after the other in 3bc02c7's CI run, 330 s side by side beside the API tests here). It writes
  # test-results/fuzz.json for the summary.
  part "fuzz (schemathesis)" env FUZZ_MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-1}" FUZZ_SEQUENTIAL="$([ "${TEST_LANES:-2}" = 1 ] && echo 1 || echo 0)" \
    bash tools/fuzz/run-fuzz.sh || status=1
  # k6 for the load smoke test (built in the background since the run's start).
  [ -f "$REPORTS/k6.done" ] || echo "waiting for the k6 build"
  while [ ! -f "$REPORTS/k6.done" ] && kill -0 "$k6_pid" 2>/dev/null; do sleep 2; done
  cat "$REPORTS/k6.done" 2>/dev/null || echo "the k6 build ended without a word: the load smoke test will fail"
  part "API (jest): the long files" jest --json --outputFile="$REPORTS/jest-long.json" --testPathPatterns "$JEST_LANE_WEB" || status=1
  return $status
}

# lane NAME FUNCTION: runs FUNCTION with every line prefixed by "[NAME] ", its exit code in $REPORTS/NAME.rc.
lane() { { "$2"; echo $? >"$REPORTS/$1.rc"; } 2>&1 | sed -u "s/^/[$1] /"; }

if [ -z "${E2E_OIDC_ISSUER_URL:-}" ]; then started="$started keycloak"; fi
# Lane api needs only the workspace's build and the services: it starts now, beside the web client's build (~40 s
# sooner than after it), and lane web once the web client and schemathesis are there.
if [ "${TEST_LANES:-2}" != 1 ]; then
  step "lane api"
  lane api lane_api & api_lane=$!
fi
# The web client (apps/web/dist, served by the API at /) for the browser tests; a failure fails the run but lets the
# other suites run.
web_built=1
part "build the web client (vite)" npm run build --silent -w @auction/web || { echo "web client build failed"; web_built=0; }
wait "$typecheck_pid"
cat "$REPORTS/typecheck.log"
typecheck_ok=1
[ "$(cat "$REPORTS/typecheck.rc" 2>/dev/null)" = 0 ] || { echo "the API's tests do not typecheck"; typecheck_ok=0; }
step "waiting for schemathesis"
wait "$fuzz_install_pid"
tail -1 "$REPORTS/fuzz-install.log"
if [ "${TEST_LANES:-2}" = 1 ]; then
  lane api lane_api; lane web lane_web
else
  step "lane web, beside lane api"
  lane web lane_web & web_lane=$!
  wait "$api_lane" "$web_lane"
fi
wait "$k6_pid" # the Go tools' report
status=0
[ "$typecheck_ok" -eq 1 ] || status=1
[ "$supply_ok" -eq 1 ] || status=1
for l in api web; do [ "$(cat "$REPORTS/$l.rc" 2>/dev/null)" = 0 ] || status=1; done

step "times"
cat "$TIMES"
# `times`' second line: user and system time of every process this shell waited for (both lanes, every part).
# (`times` in this shell, not in a pipe's subshell.)
times >"$REPORTS/.times"
printf '%-44s %5d s  cpu %5.0f s\n' "whole run" "$(( $(date +%s) - RUN_START ))" "$(tail -1 "$REPORTS/.times" | awk '{ for (i = 1; i <= 2; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] } print s }')"
node tools/test/server-cpu.mjs "$TEST_SERVER_CPU_LOG"
[ -n "$run_tmp" ] && echo "temporary files left in $run_tmp at the end: $(du -sh "$run_tmp" 2>/dev/null | cut -f1) (removed now)"
step "summary"
node tools/test/summary.mjs "$REPORTS/go.json" "$REPORTS/vitest.json" "$REPORTS/jest.json" "$REPORTS/jest-long.json" "$REPORTS/web-e2e.json" "$REPORTS/web-e2e-waits.json" "$REPORTS/fuzz.json" || status=1
exit $status
