import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { describeStartFailure } from '../config/startup-error.js';
import { liveEdgeOrigins, loadLiveConfig } from './live-config.js';

const SECRET = 'a'.repeat(16) + 'b'.repeat(16);
const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    return describeStartFailure(err);
  }
  throw new Error('accepted');
};

describe('LIVE_EDGE (where browsers subscribe in server mode)', () => {
  it('defaults to the API\'s own /mqtt: no edge', () => {
    expect(loadLiveConfig({}).edge).toBeUndefined();
    expect(loadLiveConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }).edge).toBeUndefined();
  });

  it('mosquitto: Mosquitto\'s public WebSocket URL and the edge check\'s listener and secret', () => {
    const config = loadLiveConfig({
      MQTT_URL: 'mqtt://127.0.0.1:1883', LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: 'wss://live.example.com/mqtt', LIVE_EDGE_AUTH_SECRET: SECRET,
    });
    expect(config.edge).toEqual({ publicUrl: 'wss://live.example.com/mqtt', authHost: '127.0.0.1', authPort: 8091, authSecret: SECRET });
  });

  it('the pages may connect to the edge\'s origin (their connect-src), and to no other with the API\'s own /mqtt', () => {
    const edge = (url: string) => loadLiveConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: url, LIVE_EDGE_AUTH_SECRET: SECRET });
    expect(liveEdgeOrigins(edge('wss://live.example.com/mqtt'))).toEqual(['wss://live.example.com']);
    expect(liveEdgeOrigins(edge('wss://live.example.com:8443/mqtt?x=1'))).toEqual(['wss://live.example.com:8443']);
    expect(liveEdgeOrigins(edge('ws://127.0.0.1:9001'))).toEqual(['ws://127.0.0.1:9001']);
    expect(liveEdgeOrigins(loadLiveConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883' }))).toEqual([]);
    expect(liveEdgeOrigins(loadLiveConfig({}))).toEqual([]);
  });

  it('the API refuses to start with LIVE_EDGE=mosquitto missing what it needs, naming each variable', () => {
    const out = refusal({ LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: 'http://live.example.com' });
    expect(out).toMatch(/^failed to start: bad configuration:/);
    expect(out).toMatch(/LIVE_EDGE: mosquitto needs MQTT_URL/);
    expect(out).toMatch(/LIVE_EDGE_PUBLIC_URL: must be a ws:\/\/ or wss:\/\/ URL/);
    expect(out).toMatch(/LIVE_EDGE_AUTH_SECRET: required with LIVE_EDGE=mosquitto/);
    expect(refusal({ LIVE_EDGE: 'nginx' })).toMatch(/LIVE_EDGE:/);
    expect(refusal({ MQTT_URL: 'mqtt://h:1', LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: 'wss://h:9001', LIVE_EDGE_AUTH_SECRET: 'short' })).toMatch(/at least 32/);
  });

  it('LIVE_EDGE_PUBLIC_URL: plain ws:// only on a loopback host (the live tokens would cross the network in clear)', () => {
    const edge = (url: string) => ({ MQTT_URL: 'mqtt://127.0.0.1:1883', LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: url, LIVE_EDGE_AUTH_SECRET: SECRET });
    // Hosts that only look like loopback: the check reads the host as a browser does (WHATWG URL), not the text.
    const lookalikes = ['ws://127.0.0.1.evil.com:9001', 'ws://evil.com#@127.0.0.1', 'ws://127.0.0.1:80@evil.com', 'ws://localhost%2eevil.com', 'ws://localhost\t.evil.com', 'ws://0.0.0.0:9001'];
    for (const url of ['ws://live.example.com/mqtt', 'ws://10.0.0.5:9001', 'ws://127.example.com:9001', 'ws://[::2]:9001', ...lookalikes]) {
      expect({ url, out: refusal(edge(url)) }).toEqual({ url, out: expect.stringMatching(/LIVE_EDGE_PUBLIC_URL: ws:\/\/ sends the live tokens in clear: use wss:\/\//) });
    }
    // Loopback however written: userinfo, 127/8 shorthand and hex, a .localhost name (RFC 6761).
    for (const url of ['ws://127.0.0.1:9001', 'ws://localhost:9001/mqtt', 'ws://[::1]:9001', 'WS://LOCALHOST:9001', 'wss://live.example.com/mqtt',
      'ws://evil@127.0.0.1:9001', 'ws://127.1:9001', 'ws://0x7f000001:9001', 'ws://edge.localhost:9001']) {
      expect(loadLiveConfig(edge(url)).edge?.publicUrl).toBe(url);
    }
  });
});

describe('LIVE_CLEAR_FINAL_AFTER_MS (how long a final lot or auction state stays retained)', () => {
  it('defaults to a minute, takes milliseconds or off, and refuses anything else', () => {
    expect(loadLiveConfig({}).clearFinalAfterMs).toBe(60_000);
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: '5000' }).clearFinalAfterMs).toBe(5_000);
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: 'off' }).clearFinalAfterMs).toBeNull();
    for (const bad of ['-1', 'soon', '1.5']) expect(() => loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: bad })).toThrow(/LIVE_CLEAR_FINAL_AFTER_MS/);
  });
});

describe('LIVE_CLEAR_FINAL_AFTER_MS at its bounds (attack review)', () => {
  it('takes empty as unset (not 0), off in any case, 0 and seven days; refuses past seven days', () => {
    for (const unset of ['', '  ']) expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: unset }).clearFinalAfterMs).toBe(60_000);
    for (const off of ['OFF', ' Off ']) expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: off }).clearFinalAfterMs).toBeNull();
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: '0' }).clearFinalAfterMs).toBe(0);
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: ' 60000' }).clearFinalAfterMs).toBe(60_000);
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: '1e3' }).clearFinalAfterMs).toBe(1_000);
    expect(loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: String(7 * 24 * 3_600_000) }).clearFinalAfterMs).toBe(604_800_000);
    expect(() => loadLiveConfig({ LIVE_CLEAR_FINAL_AFTER_MS: String(7 * 24 * 3_600_000 + 1) })).toThrow(/LIVE_CLEAR_FINAL_AFTER_MS/);
  });
});
