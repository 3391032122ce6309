// Environment handling shared by every scenario (k6 reads variables with `-e NAME=value` or from the environment).
//
//   BASE_URL     the API (default http://localhost:3000); MQTT over WebSocket is at ${BASE_URL}/mqtt
//   LIVE_URL     the live channel's WebSocket URL, when not ${BASE_URL}/mqtt (ws://host:port/mqtt)
//   PASSWORD     password of the demo users (default Demo#2026!, the API's DEMO_PASSWORD)
//   PROFILE      smoke | short | full (default short): durations and sizes, see each scenario's PROFILES table
//   OUT_DIR      folder of the summaries written by handleSummary (default .bench/k6, git-ignored; must exist)
//   DURATION     seconds of load (overrides the profile)
//   VUS          load-generating virtual users (overrides the profile)
//   DEALERS      dealer accounts dealer1..N used (overrides the profile; the API needs DEMO_DEALERS >= this)
//   SUBSCRIBERS  live subscribers (fan-out)
//   RATE         spread and hot-lot: an open model of RATE iterations started per second (default 0: a closed loop of VUS)
//   and scenario-specific ones (LOTS, AUCTIONS, OFFER_RATE, VEHICLES, ...) named in each scenario's header.

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
/** The live channel: MQTT over WebSocket on the API's own port (LIVE_URL overrides; Mosquitto's listener would refuse dealers). */
export const WS_URL = __ENV.LIVE_URL || `${BASE_URL.replace(/^http/, 'ws')}/mqtt`;
export const PASSWORD = __ENV.PASSWORD || 'Demo#2026!';
export const PROFILE = (__ENV.PROFILE || 'short').toLowerCase();
export const OUT_DIR = (__ENV.OUT_DIR || '.bench/k6').replace(/\/+$/, '');

const PROFILES = ['smoke', 'short', 'full'];
if (!PROFILES.includes(PROFILE)) throw new Error(`PROFILE must be one of ${PROFILES.join(', ')} (got ${PROFILE})`);

/** A number from the environment, or the default. */
export function envNumber(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number (got ${raw})`);
  return value;
}

/** A boolean from the environment (true/1/yes), or the default. */
export function envBool(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes'].includes(String(raw).toLowerCase());
}

/** Environment variables that may override any scenario's profile value of the same (camelCase) name. */
const OVERRIDES = {
  duration: 'DURATION', vus: 'VUS', dealers: 'DEALERS', subscribers: 'SUBSCRIBERS', lots: 'LOTS', auctions: 'AUCTIONS',
  offerRate: 'OFFER_RATE', vehicles: 'VEHICLES', subscriberVus: 'SUBSCRIBER_VUS', rampSeconds: 'RAMP',
  bidders: 'BIDDERS', liveAccounts: 'LIVE_ACCOUNTS',
};

/**
 * The settings of a scenario: its table's entry for PROFILE, with the environment's overrides applied.
 * `table` is `{ smoke: {...}, short: {...}, full: {...} }`.
 */
export function settings(table) {
  const base = table[PROFILE];
  if (!base) throw new Error(`this scenario has no profile ${PROFILE}`);
  const out = { ...base };
  for (const key of Object.keys(out)) {
    const name = OVERRIDES[key] || key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
    if (typeof out[key] === 'number') out[key] = envNumber(name, out[key]);
    else if (typeof out[key] === 'boolean') out[key] = envBool(name, out[key]);
  }
  out.profile = PROFILE;
  return out;
}

/** Usernames of the demo dealers dealer1..n. */
export function dealerNames(n) {
  return Array.from({ length: n }, (_, i) => `dealer${i + 1}`);
}
