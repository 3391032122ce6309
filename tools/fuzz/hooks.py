"""Schemathesis hooks of the fuzz (tools/fuzz/run-fuzz.sh): signs in as FUZZ_USER through POST /api/v1/mobile/token.

The token goes in the `token` header of every call. POST /api/v1/secure/logout ends the token it is called with, which
would leave the rest of the run signed out (every later call a 401): each logout is sent with a token of its own,
fresh from a sign-in, so that the logout is still tested as a signed-in user's call and the run's token lives on.
"""
import os

import requests
import schemathesis

BASE_URL = os.environ["FUZZ_BASE_URL"]
USER = os.environ["FUZZ_USER"]
PASSWORD = os.environ["FUZZ_PASSWORD"]
# The calls that end the session of the token they are sent with.
ENDS_SESSION = {("POST", "/api/v1/secure/logout")}


def sign_in() -> str:
    answer = requests.post(f"{BASE_URL}/api/v1/mobile/token", json={"username": USER, "password": PASSWORD}, timeout=30)
    answer.raise_for_status()
    return answer.json()["token"]


@schemathesis.auth(refresh_interval=600)
class TokenAuth:
    def get(self, case, ctx):
        return sign_in()

    def set(self, case, data, ctx):
        token = data
        if (case.method.upper(), case.path) in ENDS_SESSION:
            try:
                token = sign_in()
            except requests.RequestException:
                # Sign-ins refused for a while (429: the fuzz of the login calls spent this address's allowance):
                # the logout is sent with a token that is no session (401, documented), never with the run's own.
                token = "not-a-session"
        case.headers = {**(case.headers or {}), "token": token}
