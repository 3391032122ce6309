import { describe, expect, test } from '@jest/globals';
import type { Server } from 'node:http';
import { FcmTestDouble } from './fcm-test-double.js';

describe('the FCM test double (in the API when FCM_SERVICE_ACCOUNT is unset): errors of its server', () => {
  test('an accept failing after listen (EMFILE) is logged once and the double goes on answering', async () => {
    const lines: string[] = [];
    const double = await FcmTestDouble.start({ log: (line) => lines.push(line) });
    try {
      const server = (double as unknown as { server: Server }).server;
      // What Node emits when the process is out of file descriptors; without a listener, emit throws it (the process ends).
      const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'accept' });
      for (let i = 0; i < 3; i++) server.emit('error', emfile);
      expect(lines).toEqual([expect.stringMatching(/^FCM test double: server error \(it goes on serving\) .*EMFILE/)]);
      const answer = await fetch(`${double.url}/token`, { method: 'POST', body: 'grant_type=password' });
      expect(answer.status).toBe(400);
    } finally {
      await double.close();
    }
  });
});
