import net from 'node:net';

/** The simple-query message of `client.query('COMMIT')`. */
export const COMMIT = Buffer.from([0x51, 0, 0, 0, 11, ...Buffer.from('COMMIT'), 0]);

/**
 * Where the client's connection is cut: `after-commit`, the COMMIT forwarded and the server's side closed soon after;
 * `before-commit`, both sides closed, the chunk not forwarded; `before-commit-server-kept`, the chunk not forwarded and
 * the server's side kept open (a silent network); `forwarded-server-kept`, the chunk forwarded, then as the one before.
 */
export type Drop = 'after-commit' | 'before-commit' | 'before-commit-server-kept' | 'forwarded-server-kept';

/**
 * A TCP proxy between a store and PostgreSQL (`target`) that cuts the client's connection at a chosen chunk of what it
 * sends (`arm`: the next COMMIT; `chaos`: any), so the store sees what node-postgres throws when the network fails
 * there, and the server keeps what it would keep.
 */
export function startProxy(target: URL) {
  let armed: Drop | null = null;
  /** When set, asked for each chunk the client sends: a drop of that connection there, or none. */
  let chaos: ((chunk: Buffer) => Drop | null) | null = null;
  const kept: net.Socket[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let cut = false;
    client.on('data', (chunk) => {
      if (cut) return;
      const chosen = armed && chunk.includes(COMMIT) ? armed : chaos?.(chunk) ?? null;
      if (chosen) {
        const mode = chosen;
        if (armed) armed = null;
        cut = true;
        if (mode === 'after-commit' || mode === 'forwarded-server-kept') upstream.write(chunk);
        client.destroy();
        if (mode === 'after-commit') setTimeout(() => upstream.end(), 200);
        else if (mode === 'before-commit') upstream.destroy();
        else kept.push(upstream);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => { if (!cut) client.write(chunk); });
    client.on('error', () => {});
    upstream.on('error', () => {});
    client.on('close', () => { if (!cut) upstream.destroy(); sockets.delete(client); });
    upstream.on('close', () => { if (!cut) client.destroy(); sockets.delete(upstream); });
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    arm: (mode: Drop) => (armed = mode),
    chaos: (choose: ((chunk: Buffer) => Drop | null) | null) => (chaos = choose),
    get armed() { return armed; },
    releaseKept: () => { for (const s of kept.splice(0)) s.destroy(); },
    close: () => { for (const s of sockets) s.destroy(); return new Promise<void>((resolve) => server.close(() => resolve())); },
  };
}

/** `databaseUrl` through the proxy listening on `port`. */
export function urlThrough(databaseUrl: string, port: number): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}
