import { connect } from 'node:net';

/**
 * An HTTP request written by hand on a raw socket: sends `head` once connected, then `tail` once `tailAt()` resolves (or
 * destroys the socket when it gives null; `abort`: destroys it right after the tail). Resolves with the answer as text
 * (status line, headers and a JSON body), or with what came before the server closed the socket.
 */
export function rawRequest(baseUrl: string, head: string, tailAt: () => Promise<string | null>, abort = false): Promise<string> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      void tailAt().then((tail) => {
        if (tail !== null) socket.write(tail);
        if (tail === null || abort) setTimeout(() => socket.destroy(), 10);
      });
    });
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(text)) { socket.destroy(); resolve(text); }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

/** `head` at once and `tail` `delayMs` after the connection (a slow client's body). */
export const slowRequest = (baseUrl: string, head: string, tail: string, delayMs: number): Promise<string> =>
  rawRequest(baseUrl, head, () => new Promise((resolve) => setTimeout(() => resolve(tail), delayMs)));
