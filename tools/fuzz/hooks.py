"""Schemathesis hooks of the fuzz (tools/fuzz/run-fuzz.sh): signs in as FUZZ_USER through POST /api/v1/mobile/token.

The token goes in the `token` header of every call. POST /api/v1/secure/logout ends the token it is called with, which
would leave the rest of the run signed out (every later call a 401): each logout is sent with a token of its own,
fresh from a sign-in, so that the logout is still tested as a signed-in user's call and the run's token lives on.
"""
import datetime
import decimal
import json
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
    token = None

    def get(self, case, ctx):
        # One sign-in for the run: its token stays valid (each logout has its own), so asking again is never needed.
        if TokenAuth.token is None:
            TokenAuth.token = sign_in()
        return TokenAuth.token

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


def _plain_json(value) -> str:
    """JSON with every number in plain digits: the API reads bodies exactly and refuses a number written with an
    exponent (400031, "Strings ... JSON bodies are read exactly" in the description), a rule on the text that JSON
    Schema cannot state. Python's json writes 1e-05 and 1e+16; these are written 0.00001 and 10000000000000000.

    >>> _plain_json([1e-05, 1e16, 0.07, 1999.99, 0.1 + 0.2, -0.0])
    '[0.00001,10000000000000000,0.07,1999.99,0.30000000000000004,0]'
    >>> _plain_json([12345678.125, 1.0000000000000002, 5e-324, 1e-09, 809001963048124.9])
    '[12345678.125,1.0000000000000002,0.000...5,0.000000001,809001963048124.9]'
    """
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return json.dumps(value)
    if isinstance(value, float):
        # The float's own digits, never rounded to cents: schemathesis judges a value by the decimal str() spells
        # (its multipleOf grid and coverage values are spelled multiples, 0.07 and never 0.07000000000000001), and so
        # does the API, which reads the text exactly. A rewrite to cents sent 1.0000000000000002, a value the
        # description calls invalid, as 1, a valid one. Zero is written 0 (-0.0 spells the same decimal).
        if value == 0:
            return "0"
        text = repr(value)
        return format(decimal.Decimal(text), "f") if ("e" in text or "E" in text) else text
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{_plain_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_plain_json(v) for v in value) + "]"
    # Anything else (schemathesis' Binary inside a JSON body): as its text, like schemathesis' own serializer.
    return json.dumps(str(value))


@schemathesis.serializer("application/json")
def plain_json(ctx, value):
    if isinstance(value, (bytes, bytearray)):
        # Raw bytes (a negative case, an explicit example) are sent as they are, as schemathesis' own serializer does.
        return bytes(value)
    return _plain_json(value).encode("utf-8")


# Rules that compare two fields of one request, which JSON Schema cannot state. The description names each in its
# call's summary and the call refuses a request that breaks it (400200, 400001), so a positive case (one schemathesis
# expects the call to take) is made to keep the rule before it is sent; negative cases are left as generated. Every
# check still runs on every case: this only keeps schemathesis from calling "valid" what the description says is not.
#   - the vehicle lists' filters (vehicle-reads.ts, 400200): each min at most its max, insertDate not after insertDateTo;
#   - an auction's lots (contracts auction.ts, 400001): reservePrice and buyNowPrice not below basePrice, buyNowPrice not
#     below reservePrice.
BOUNDS = (("minAuctions", "maxAuctions"), ("minDamage", "maxDamage"), ("minPrice", "maxPrice"), ("insertDate", "insertDateTo"))


def _number(value):
    try:
        return decimal.Decimal(str(value))
    except (decimal.InvalidOperation, ValueError):
        return None


def _day_or_instant(value, end):
    """The millisecond a day filter stands for, as vehicle-reads.ts reads it: an instant is itself; a day (YYYY-MM-DD,
    UTC) is its first millisecond as a lower bound, its last as an upper bound (`end`). None when it is neither.

    >>> _day_or_instant("2026-01-02", False), _day_or_instant("2026-01-02", True)
    (1767312000000, 1767398399999)
    >>> _day_or_instant("2026-01-02T01:00:00.5+02:00", True), _day_or_instant("x", False)
    (1767308400500, None)
    """
    if not isinstance(value, str):
        return None
    try:
        if "T" not in value:
            day = datetime.date.fromisoformat(value)
            start = datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc)
            return _ms(start) + (86_400_000 - 1 if end else 0)
        instant = datetime.datetime.fromisoformat(value)
    except ValueError:
        return None
    return _ms(instant) if instant.tzinfo is not None else None


def _ms(instant):
    delta = instant - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


def _ordered(low, high):
    """True unless both are comparable and low > high: numbers as numbers, days and instants as the instants they
    stand for (the API compares those; as text, "2026-01-02T00:30+02:00" would pass for after "2026-01-01").

    >>> _ordered(2, 10), _ordered("10.5", 2), _ordered("2026-01-02T00:30+02:00", "2026-01-01"), _ordered("b", "a")
    (True, False, True, True)
    >>> _ordered("2026-01-02", "2026-01-01T23:59:59.999Z"), _ordered("2026-01-02", "2026-01-02")
    (False, True)
    """
    a, b = _number(low), _number(high)
    if a is not None and b is not None:
        return a <= b
    first, last = _day_or_instant(low, False), _day_or_instant(high, True)
    if first is not None and last is not None:
        return first <= last
    return True


def _keep_bounds(values):
    if not isinstance(values, dict):
        return
    for low, high in BOUNDS:
        if low in values and high in values and not _ordered(values[low], values[high]):
            values[low], values[high] = values[high], values[low]


def _keep_lot_prices(body):
    if not isinstance(body, dict) or not isinstance(body.get("lots"), list):
        return
    for lot in body["lots"]:
        if not isinstance(lot, dict):
            continue
        base = lot.get("basePrice")
        if _number(base) is None:
            continue
        for field in ("reservePrice", "buyNowPrice"):
            if field in lot and _number(lot[field]) is not None and _number(lot[field]) < _number(base):
                lot[field] = base
        reserve, buy_now = lot.get("reservePrice"), lot.get("buyNowPrice")
        if _number(reserve) is not None and _number(buy_now) is not None and _number(buy_now) < _number(reserve):
            lot["buyNowPrice"] = reserve


@schemathesis.hook
def map_case(ctx, case):
    meta = getattr(case, "meta", None)
    mode = getattr(getattr(meta, "generation", None), "mode", None)
    if mode is None or getattr(mode, "name", str(mode)).upper() != "POSITIVE":
        return case
    _keep_bounds(case.query)
    _keep_bounds(case.body)
    _keep_lot_prices(case.body)
    return case
