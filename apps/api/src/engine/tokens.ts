/** Injection tokens of the engine's providers. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const STREAM_WRITER = Symbol('STREAM_WRITER');
export const APP_CONFIG = Symbol('APP_CONFIG');
export const CLOCK = Symbol('CLOCK');
export const FANOUT = Symbol('FANOUT');

/** The server's clock; tests may replace it. */
export interface Clock {
  now(): number;
}
