import { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** What a live client may have waiting before it is disconnected: above the retained burst of a 2,000-lot auction (1.4 MB). */
export const DEFAULT_MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * A duplex over a WebSocket for the MQTT broker, sending what is written within one turn of the event loop
 * as ONE binary frame. The broker writes a packet in several small pieces (header, topic, payload), and
 * `ws`'s own stream sends each piece as a frame of its own: about six frames, six syscalls and six browser
 * events per message. Here the pieces of all packets written in the same turn are concatenated and sent
 * once.
 *
 * A client never slows the broker down: writes complete at once, and what the client has not taken yet is
 * buffered up to `maxBacklogBytes`; a client whose backlog grows past it (it stopped reading, or reads too
 * slowly) is disconnected and reconnects to the retained state. Waiting for a slow client instead would stop
 * the broker's delivery to everyone until it drained.
 */
export function packetStream(ws: WebSocket, maxBacklogBytes = DEFAULT_MAX_BACKLOG_BYTES, onOverflow?: (backlog: number) => void): Duplex {
  let pending: Buffer[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    if (ws.readyState !== ws.OPEN) return;
    // A failed send closes the socket, which ends the stream.
    ws.send(data, { binary: true }, () => {});
  };
  let pendingBytes = 0;
  let dropped = false;
  const enqueue = (chunks: Buffer[], callback: (error?: Error | null) => void) => {
    if (dropped) return callback(new Error('live client dropped: it did not keep up'));
    for (const chunk of chunks) pendingBytes += chunk.length;
    const backlog = ws.bufferedAmount + pendingBytes;
    if (backlog > maxBacklogBytes) {
      dropped = true;
      pending = [];
      pendingBytes = 0;
      onOverflow?.(backlog);
      ws.terminate();
      return callback(new Error('live client dropped: it did not keep up'));
    }
    pending.push(...chunks);
    callback(null);
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
