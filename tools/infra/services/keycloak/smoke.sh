#!/usr/bin/env bash
# End-to-end check of the local Keycloak (tools/infra/infra.sh start keycloak) with curl alone: what the
# API's SSO login does, step by step, so a failure points at Keycloak's setup rather than at the product.
#
#   tools/infra/services/keycloak/smoke.sh [username [password]]     default dealer1 / $DEMO_PASSWORD
#
# 1. discovery document; 2. authorization request with PKCE S256, state and nonce; 3. a wrong password is
# refused; 4. the login form accepts the demo password and redirects to the callback with code and state;
# 5. the code is exchanged with the client secret and the verifier; 6. the ID token carries
# preferred_username, the nonce, issuer and audience, and the access token and userinfo name the user too;
# 7. the code cannot be used twice; 8. RP-initiated logout redirects to the post-logout URI, and 9. the next
# authorization request asks for the password again.
# Reads OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (defaults: the infra's); exits non-zero on failure.
set -euo pipefail

ISSUER="${OIDC_ISSUER_URL:-http://127.0.0.1:${INFRA_KEYCLOAK_PORT:-8180}/realms/auction}"
CLIENT_ID="${OIDC_CLIENT_ID:-auction-web}"
CLIENT_SECRET="${OIDC_CLIENT_SECRET:-${INFRA_KEYCLOAK_CLIENT_SECRET:-auction-web-dev-secret}}"
USERNAME="${1:-dealer1}"
PASSWORD="${2:-${DEMO_PASSWORD:-Demo#2026!}}"
# Nothing needs to listen there: the redirects are read from Location headers, never followed.
REDIRECT_URI="${SMOKE_REDIRECT_URI:-http://127.0.0.1:3000/api/v1/open/sso/callback}"
POST_LOGOUT_URI="${SMOKE_POST_LOGOUT_URI:-http://127.0.0.1:3000/}"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
JAR="$WORK/cookies"
started=$SECONDS

step() { printf '[smoke] %s\n' "$*"; }
fail() { printf '[smoke] FAILED: %s\n' "$*" >&2; exit 1; }
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
rand() { head -c "$1" /dev/urandom | b64url; }
# Decodes one base64url JWT segment.
jwt_part() {
  local s
  s="$(cut -d. -f"$2" <<<"$1" | tr -- '-_' '+/')"
  while ((${#s} % 4)); do s+='='; done
  openssl base64 -d -A <<<"$s"
}
location() { sed -n 's/^[Ll]ocation: *//p' "$1" | tr -d '\r' | tail -n 1; }
query_param() { sed -n "s/.*[?&]$2=\([^&#]*\).*/\1/p" <<<"$1"; }
# The error text a Keycloak page shows (e.g. "Invalid username or password."), or its title.
page_error() { { grep -A1 'kc-feedback-text' "$1"; grep -o '<p class="instruction">[^<]*' "$1"; grep -o '<title>[^<]*' "$1"; } | sed 's/<[^>]*>//g; s/^ *//' | grep -v '^$' | head -n 1; }
login_action() { grep -o '<form id="kc-form-login"[^>]*>' "$1" | sed -n 's/.* action="\([^"]*\)".*/\1/p' | sed 's/&amp;/\&/g'; }

# 1. Discovery.
discovery="$(curl -fsS -m 10 "$ISSUER/.well-known/openid-configuration")" ||
  fail "no discovery document at $ISSUER/.well-known/openid-configuration (tools/infra/infra.sh start keycloak)"
[[ "$(jq -r .issuer <<<"$discovery")" == "$ISSUER" ]] || fail "discovery names issuer $(jq -r .issuer <<<"$discovery"), expected $ISSUER"
auth_ep="$(jq -r .authorization_endpoint <<<"$discovery")"
token_ep="$(jq -r .token_endpoint <<<"$discovery")"
logout_ep="$(jq -r .end_session_endpoint <<<"$discovery")"
jq -e '.code_challenge_methods_supported | index("S256")' <<<"$discovery" >/dev/null || fail "issuer does not offer PKCE S256"
step "1 discovery ok: issuer $ISSUER"

# 2. Authorization request.
verifier="$(rand 32)"
challenge="$(printf '%s' "$verifier" | openssl dgst -sha256 -binary | b64url)"
state="$(rand 12)"
nonce="$(rand 12)"
authorize() {
  curl -sS -m 20 -b "$JAR" -c "$JAR" -D "$WORK/auth.headers" -o "$WORK/auth.html" -w '%{http_code}' -G "$auth_ep" \
    --data-urlencode "client_id=$CLIENT_ID" --data-urlencode response_type=code --data-urlencode 'scope=openid' \
    --data-urlencode "redirect_uri=$REDIRECT_URI" --data-urlencode "state=$state" --data-urlencode "nonce=$nonce" \
    --data-urlencode "code_challenge=$challenge" --data-urlencode code_challenge_method=S256
}
status="$(authorize)"
action="$(login_action "$WORK/auth.html")"
[[ "$status" == 200 && -n "$action" ]] ||
  fail "authorization request answered $status without a login form ($(grep -o 'Invalid parameter[^<]*' "$WORK/auth.html" || location "$WORK/auth.headers"))"
step "2 authorization endpoint shows the login form"

# 3. A wrong password is refused (the form comes back, no redirect).
status="$(curl -sS -m 20 -b "$JAR" -c "$JAR" -D "$WORK/bad.headers" -o "$WORK/bad.html" -w '%{http_code}' "$action" \
  --data-urlencode "username=$USERNAME" --data-urlencode "password=wrong-$PASSWORD" --data-urlencode credentialId=)"
[[ -z "$(location "$WORK/bad.headers")" ]] || fail "a wrong password was accepted for $USERNAME"
action="$(login_action "$WORK/bad.html")"
[[ -n "$action" ]] || fail "no login form after a wrong password (status $status)"
step "3 wrong password refused (HTTP $status, form shown again)"

# 4. The right password: redirect to the callback with code and state.
status="$(curl -sS -m 30 -b "$JAR" -c "$JAR" -D "$WORK/login.headers" -o "$WORK/login.html" -w '%{http_code}' "$action" \
  --data-urlencode "username=$USERNAME" --data-urlencode "password=$PASSWORD" --data-urlencode credentialId=)"
callback="$(location "$WORK/login.headers")"
[[ "$status" == 302 && "$callback" == "$REDIRECT_URI?"* ]] ||
  fail "login as $USERNAME answered $status, Location '${callback}': $(page_error "$WORK/login.html")"
code="$(query_param "$callback" code)"
[[ -n "$code" ]] || fail "no code in $callback"
[[ "$(query_param "$callback" state)" == "$state" ]] || fail "state not echoed in $callback"
[[ "$(query_param "$callback" iss | sed 's/%3A/:/g; s/%2F/\//g')" == "$ISSUER" ]] || fail "iss missing or wrong in $callback"
step "4 login as $USERNAME: 302 to the callback with code, state and iss"

# 5. Token exchange: client_secret_basic + code_verifier.
exchange() {
  curl -sS -m 20 -o "$WORK/token.json" -w '%{http_code}' -u "$CLIENT_ID:$CLIENT_SECRET" "$token_ep" \
    --data-urlencode grant_type=authorization_code --data-urlencode "code=$code" \
    --data-urlencode "redirect_uri=$REDIRECT_URI" --data-urlencode "code_verifier=$verifier"
}
status="$(exchange)"
[[ "$status" == 200 ]] || fail "token endpoint answered $status: $(cat "$WORK/token.json")"
id_token="$(jq -r .id_token "$WORK/token.json")"
[[ "$id_token" == *.*.* ]] || fail "no id_token in the token response"
step "5 code exchanged: $(jq -c '{token_type, expires_in, scope}' "$WORK/token.json")"

# 6. ID token claims.
claims="$(jwt_part "$id_token" 2)"
[[ "$(jq -r .preferred_username <<<"$claims")" == "$USERNAME" ]] || fail "preferred_username is not $USERNAME: $claims"
[[ "$(jq -r .nonce <<<"$claims")" == "$nonce" ]] || fail "nonce not echoed in the ID token"
[[ "$(jq -r .iss <<<"$claims")" == "$ISSUER" ]] || fail "ID token issuer $(jq -r .iss <<<"$claims")"
jq -e --arg c "$CLIENT_ID" '.aud == $c or (.aud | type == "array" and index($c))' <<<"$claims" >/dev/null || fail "ID token audience is not $CLIENT_ID"
step "6 ID token ($(jwt_part "$id_token" 1 | jq -r .alg)): $(jq -c '{preferred_username, email, email_verified, iss, aud, sub}' <<<"$claims")"
access_token="$(jq -r .access_token "$WORK/token.json")"
[[ "$(jwt_part "$access_token" 2 | jq -r .preferred_username)" == "$USERNAME" ]] || fail "access token lacks preferred_username $USERNAME"
userinfo="$(curl -fsS -m 10 -H "Authorization: Bearer $access_token" "$(jq -r .userinfo_endpoint <<<"$discovery")")" ||
  fail "userinfo endpoint refused the access token"
[[ "$(jq -r .preferred_username <<<"$userinfo")" == "$USERNAME" ]] || fail "userinfo lacks preferred_username $USERNAME: $userinfo"
step "6 access token and userinfo name $USERNAME too"

# 7. A code is single-use.
status="$(exchange)"
[[ "$status" == 400 && "$(jq -r .error "$WORK/token.json")" == invalid_grant ]] || fail "second use of the code answered $status"
step "7 second use of the code refused (400 invalid_grant)"

# 8. RP-initiated logout.
logout_state="$(rand 8)"
status="$(curl -sS -m 20 -b "$JAR" -c "$JAR" -D "$WORK/logout.headers" -o "$WORK/logout.html" -w '%{http_code}' -G "$logout_ep" \
  --data-urlencode "id_token_hint=$id_token" --data-urlencode "post_logout_redirect_uri=$POST_LOGOUT_URI" \
  --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "state=$logout_state")"
after_logout="$(location "$WORK/logout.headers")"
[[ "$status" == 302 && "$after_logout" == "$POST_LOGOUT_URI?state=$logout_state"* ]] ||
  fail "logout answered $status, Location '$after_logout': $(page_error "$WORK/logout.html")"
step "8 RP-initiated logout: 302 to $after_logout"

# 9. The SSO session is gone: the next authorization request shows the login form again.
status="$(authorize)"
[[ "$status" == 200 && -n "$(login_action "$WORK/auth.html")" ]] ||
  fail "after logout the authorization request answered $status, Location '$(location "$WORK/auth.headers")'"
step "9 after logout the issuer asks for the password again"
step "OK in $((SECONDS - started)) s"
