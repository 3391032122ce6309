#!/usr/bin/env bash
# Runs every test of the workspace against real services, then prints one closing line.
#   1. builds the workspace (tsc -b), the web client (vite) and k6 (tools/k6/build-k6.sh, for the load smoke test);
#   2. starts PostgreSQL, Kafka and Mosquitto with tools/infra unless DATABASE_URL is already set (then the
#      caller provides KAFKA_BROKERS and MQTT_* too), and Keycloak unless E2E_OIDC_ISSUER_URL is set, and stops them
#      afterwards;
#   3. runs the library suites (vitest), the API suites (jest, unit and end-to-end through HTTP) and the web client's
#      browser tests (vitest + playwright-core in Debian's Chromium, tools/test/ensure-chromium.sh);
#   4. prints "Tests: N passed, N failed" from the runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
REPORTS="$ROOT/test-results"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
export NX_DAEMON=false NX_NO_CLOUD=true

step() { printf '\n== %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }

node -e 'if (!process.version.startsWith("v24.")) { console.error("expected Node 24, got " + process.version); process.exit(1) }' || exit 1

step "build"
npx tsc -b tsconfig.build.json || { echo "build failed"; exit 1; }
# The web client (apps/web/dist, served by the API at /) for the browser tests; a failure fails the run but lets the
# other suites run.
web_built=1
npm run build --silent -w @auction/web || { echo "web client build failed"; web_built=0; }
# k6 (.tools/bin/k6) for the load smoke test (apps/api/src/load-smoke.e2e.spec.ts), which fails when it is missing.
step "k6 (tools/k6/build-k6.sh)"
bash tools/k6/build-k6.sh || echo "k6 could not be built: the load smoke test will fail"

started=""
if [ -z "${DATABASE_URL:-}" ]; then
  step "start PostgreSQL, Kafka and Mosquitto (tools/infra)"
  bash tools/infra/infra.sh start postgres kafka mosquitto || { echo "could not start the services"; exit 1; }
  started="postgres kafka mosquitto"
  eval "$(bash tools/infra/infra.sh env postgres kafka mosquitto)"
fi
# Keycloak (tools/infra, from Maven Central) for the browser test of single sign-on against a real issuer
# (apps/web/e2e/single-sign-on-keycloak.e2e.spec.ts). Named with an E2E_ prefix: every other test keeps the embedded
# issuer. When it cannot start, that test fails and says why; the others run.
if [ -z "${E2E_OIDC_ISSUER_URL:-}" ]; then
  step "start Keycloak (tools/infra)"
  if bash tools/infra/infra.sh start keycloak; then
    started="$started keycloak"
    eval "$(bash tools/infra/infra.sh env keycloak | sed 's/OIDC_/E2E_OIDC_/g')"
  else
    echo "Keycloak could not be started: the Keycloak single sign-on test will fail"
  fi
fi
# The SMTP server (tools/infra smtp: a real SMTP listener with an HTTP API to read what it caught) for the tests that
# read the product's mail. Named with an E2E_ prefix: only those tests point a server at it.
if [ -z "${E2E_SMTP_URL:-}" ]; then
  step "start the SMTP server (tools/infra)"
  if bash tools/infra/infra.sh start smtp; then
    started="$started smtp"
    eval "$(bash tools/infra/infra.sh env smtp | sed 's/SMTP_/E2E_SMTP_/g')"
  else
    echo "the SMTP server could not be started: the tests that read mail will fail"
  fi
fi
cleanup() { [ -n "$started" ] && bash tools/infra/infra.sh stop $started >/dev/null 2>&1; }
trap cleanup EXIT
echo "DATABASE_URL=$DATABASE_URL KAFKA_BROKERS=${KAFKA_BROKERS:-} MQTT_URL=${MQTT_URL:-}"

status=0
step "libraries (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json" || status=1

step "API (jest: unit and end-to-end through HTTP)"
(cd apps/api && NODE_OPTIONS=--experimental-vm-modules npx jest --json --outputFile="$REPORTS/jest.json") || status=1

step "web client (Playwright in Chromium)"
if [ "$web_built" -eq 1 ] && bash tools/test/ensure-chromium.sh; then
  npx vitest run --config apps/web/vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json="$REPORTS/web-e2e.json" || status=1
else
  echo "browser tests not run (web client not built or no Chromium)"; status=1
fi

step "summary"
node tools/test/summary.mjs "$REPORTS/vitest.json" "$REPORTS/jest.json" "$REPORTS/web-e2e.json" || status=1
exit $status
