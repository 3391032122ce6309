import { describe, expect, it } from '@jest/globals';
import { portTaken } from './server.test-support.js';

describe('the test servers: a taken port is told from any other start failure', () => {
  it('matches the port the server was given, not another', () => {
    const out = '{"level":"error","msg":"Error: listen EADDRINUSE: address already in use 127.0.0.1:46707"}\nfailed to start';
    expect(portTaken(out, 46707)).toBe(true);
    expect(portTaken(out, 4670)).toBe(false);
    expect(portTaken(out, 46708)).toBe(false);
    expect(portTaken('listen EACCES: permission denied 127.0.0.1:46707', 46707)).toBe(false);
  });
});
