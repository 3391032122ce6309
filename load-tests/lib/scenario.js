// Pieces every scenario shares: options, the setup logins, the targets helper.
import { envBool } from './config.js';
import { TREND_STATS, breakdownThresholds } from './summary.js';

/**
 * k6 options of a scenario: its `scenarios`, long setup/teardown timeouts (hundreds of scrypt logins), the trend
 * statistics the summaries read, and the breakdown thresholds. `targets` (k6 thresholds for the figures) are
 * added only with TARGETS=true, since a missed threshold makes `k6 run` exit 99.
 */
export function options(scenarios, targets = {}) {
  return {
    scenarios,
    setupTimeout: '600s',
    teardownTimeout: '300s',
    summaryTrendStats: TREND_STATS,
    thresholds: { ...breakdownThresholds(), ...(envBool('TARGETS', false) ? targets : {}) },
  };
}

/**
 * The load's executor. Rate 0 (the default): a closed loop, `vus` VUs each sending its next request as soon as the
 * last one is answered; the rate is what the system sustains and, by Little's law, the mean latency is vus / rate.
 * RATE=n: an open model, n iterations started per second whatever the answers, served by up to `vus` VUs (k6 counts
 * the iterations it could not start in `dropped_iterations`); the latency is then that of a system under n/s.
 */
export function loadExecutor(cfg, vus) {
  if (cfg.rate > 0) {
    return { executor: 'constant-arrival-rate', rate: cfg.rate, timeUnit: '1s', duration: `${cfg.duration}s`, preAllocatedVUs: vus, maxVUs: vus, gracefulStop: '15s' };
  }
  return { executor: 'constant-vus', vus, duration: `${cfg.duration}s`, gracefulStop: '15s' };
}

/** The dealer of this VU among `dealers` ([{username, token}]), by its id in the test. */
export function dealerOf(dealers, vuId) {
  return dealers[(vuId - 1) % dealers.length];
}

/** `{name, target, value, met}` for a lower bound. */
export function atLeast(name, value, target) {
  return { name, target: `>= ${target}`, value, met: value !== null && value >= target };
}

/** `{name, target, value, met}` for an upper bound. */
export function below(name, value, target) {
  return { name, target: `< ${target}`, value, met: value !== null && value < target };
}
