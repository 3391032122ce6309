import { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * A duplex over a WebSocket for the MQTT broker, sending what is written within one turn of the event loop
 * as ONE binary frame. The broker writes a packet in several small pieces (header, topic, payload), and
 * `ws`'s own stream sends each piece as a frame of its own: about six frames, six syscalls and six browser
 * events per message. Here the pieces of all packets written in the same turn are concatenated and sent
 * once; the write callbacks complete when `ws` has sent the frame, so a slow client still applies
 * backpressure (Node's Writable buffers further writes and hands them to `writev` in one batch).
 */
export function packetStream(ws: WebSocket): Duplex {
  let pending: Buffer[] = [];
  let callbacks: ((error?: Error | null) => void)[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    const done = callbacks;
    pending = [];
    callbacks = [];
    const finish = (error?: Error | null) => { for (const cb of done) cb(error ?? null); };
    if (ws.readyState !== ws.OPEN) return finish(new Error('WebSocket is not open'));
    ws.send(data, { binary: true }, (error) => finish(error ?? null));
  };
  const enqueue = (chunks: Buffer[], callback: (error?: Error | null) => void) => {
    pending.push(...chunks);
    callbacks.push(callback);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  const duplex = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      enqueue([chunk], callback);
    },
    writev(chunks, callback) {
      enqueue(chunks.map((c) => c.chunk as Buffer), callback);
    },
    final(callback) {
      flush();
      ws.close();
      callback();
    },
    destroy(error, callback) {
      // What the broker wrote just before closing (a refusing CONNACK) still leaves, then the socket closes.
      flush();
      if (ws.readyState === ws.OPEN) {
        ws.close();
        setTimeout(() => { if (ws.readyState !== ws.CLOSED) ws.terminate(); }, 1000).unref();
      } else if (ws.readyState === ws.CONNECTING) {
        ws.terminate();
      }
      callback(error);
    },
  });
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    duplex.push(Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));
  });
  ws.on('close', () => {
    duplex.push(null);
    if (!duplex.destroyed) duplex.destroy();
  });
  ws.on('error', (error) => duplex.destroy(error));
  return duplex;
}
