// A minimal MQTT 3.1.1 subscriber over k6's WebSocket API (k6/websockets, binary frames as ArrayBuffer).
//
// What it does: CONNECT (username + password, clean session, keepalive), SUBSCRIBE, PUBLISH in (QoS 0 and 1;
// QoS 1 is acknowledged with PUBACK; QoS 2 is not requested and not handled), PINGREQ every keepalive/2.
// WebSocket frames and MQTT packets need not line up: a packet may be split over several frames and a frame may
// hold several packets, so bytes are buffered and cut by the packet's remaining length.
//
//   const client = new MqttWsClient({ url, clientId, username, password,
//     onConnack(code), onSuback(granted[]), onPublish(topicBytes, payloadBytes, flags, receivedAtMs), onClose(), onError(e) });
//   client.connect();                // opens the socket and sends CONNECT once it is open
//   client.subscribe(['a/+'], 1);     // after onConnack(0)
//   client.close();
import { WebSocket } from 'k6/websockets';

const CONNECT = 1, CONNACK = 2, PUBLISH = 3, PUBACK = 4, SUBSCRIBE = 8, SUBACK = 9, PINGREQ = 12, PINGRESP = 13, DISCONNECT = 14;

/** UTF-8 bytes of a string. */
export function utf8(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** An ASCII/Latin-1 string of bytes (topics and ISO instants are ASCII). */
export function ascii(bytes, from = 0, to = bytes.length) {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** UTF-8 decoding of bytes (for whole payloads when a scenario wants to JSON.parse them). */
export function decodeUtf8(bytes, from = 0, to = bytes.length) {
  let s = '';
  for (let i = from; i < to;) {
    const b = bytes[i++];
    if (b < 0x80) s += String.fromCharCode(b);
    else if (b < 0xe0) s += String.fromCharCode(((b & 31) << 6) | (bytes[i++] & 63));
    else if (b < 0xf0) s += String.fromCharCode(((b & 15) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63));
    else {
      const c = ((b & 7) << 18) | ((bytes[i++] & 63) << 12) | ((bytes[i++] & 63) << 6) | (bytes[i++] & 63);
      s += String.fromCharCode(0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 1023));
    }
  }
  return s;
}

function str(bytes) {
  const b = utf8(bytes);
  return [b.length >> 8, b.length & 255, ...b];
}

function remainingLength(n) {
  const out = [];
  do {
    let digit = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) digit |= 128;
    out.push(digit);
  } while (n > 0);
  return out;
}

function packet(type, flags, body) {
  const bytes = [(type << 4) | flags, ...remainingLength(body.length), ...body];
  const u8 = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) u8[i] = bytes[i];
  return u8.buffer;
}

/**
 * The text of `bytes[from, to)` read as Latin-1 in one native call (element-wise access to typed arrays is slow in
 * k6's JavaScript engine: ~0.4 µs per byte).
 */
export function latin1(bytes, from = 0, to = bytes.length) {
  return String.fromCharCode.apply(null, bytes.subarray(from, to));
}

/** Where `pattern` (bytes) first occurs in `bytes[from, to)`, or -1. */
export function indexOfBytes(bytes, pattern, from = 0, to = bytes.length) {
  const first = pattern[0], n = pattern.length;
  outer: for (let i = from; i <= to - n; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < n; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}

// PUBACK packets by packet id, built once per VU (building a 4-byte buffer costs ~10 µs in k6); never mutated.
// A Map: assigning far indices of a sparse array copies it in k6's engine.
const PUBACKS = new Map();
function puback(id) {
  let p = PUBACKS.get(id);
  if (p === undefined) {
    p = packet(PUBACK, 0, [id >> 8, id & 255]);
    PUBACKS.set(id, p);
  }
  return p;
}

export class MqttWsClient {
  constructor(options) {
    this.o = options;
    this.keepalive = options.keepalive ?? 60;
    this.ws = null;
    this.pending = null;
    this.nextId = 1;
    this.pinger = null;
    this.closed = false;
  }

  connect() {
    const ws = new WebSocket(this.o.url, 'mqtt', this.o.params || {});
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      const flags = 0x02 | (this.o.username !== undefined ? 0x80 : 0) | (this.o.password !== undefined ? 0x40 : 0);
      const body = [...str('MQTT'), 4, flags, this.keepalive >> 8, this.keepalive & 255, ...str(this.o.clientId)];
      if (this.o.username !== undefined) body.push(...str(this.o.username));
      if (this.o.password !== undefined) body.push(...str(this.o.password));
      ws.send(packet(CONNECT, 0, body));
      if (this.keepalive > 0) {
        this.pinger = setInterval(() => this.send(packet(PINGREQ, 0, [])), Math.max(1000, (this.keepalive * 1000) / 2));
      }
    };
    ws.onmessage = (event) => this.onFrame(event.data);
    ws.onerror = (event) => {
      if (this.o.onError) this.o.onError(event && event.error ? event.error : String(event));
    };
    ws.onclose = () => {
      this.stopPing();
      const early = !this.closed;
      this.closed = true;
      if (this.o.onClose) this.o.onClose(early);
    };
  }

  subscribe(topics, qos = 1) {
    const id = this.nextId++;
    const body = [id >> 8, id & 255];
    for (const t of topics) body.push(...str(t), qos);
    this.send(packet(SUBSCRIBE, 2, body));
    return id;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.stopPing();
    try {
      this.send(packet(DISCONNECT, 0, []));
      this.ws.close();
    } catch (_) { /* already closing */ }
  }

  send(buffer) {
    if (this.ws && this.ws.readyState === 1) this.ws.send(buffer);
  }

  stopPing() {
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
  }

  onFrame(data) {
    const receivedAt = Date.now();
    if (typeof data === 'string') return; // MQTT over WebSocket is binary only
    let bytes = new Uint8Array(data);
    if (this.pending) {
      const joined = new Uint8Array(this.pending.length + bytes.length);
      joined.set(this.pending, 0);
      joined.set(bytes, this.pending.length);
      bytes = joined;
      this.pending = null;
    }
    let at = 0;
    const end = bytes.length;
    while (end - at >= 2) {
      // Remaining length: 1 to 4 bytes, 7 bits each.
      let length = 0, multiplier = 1, i = at + 1, complete = false;
      for (; i < end && i < at + 5; i++) {
        length += (bytes[i] & 127) * multiplier;
        multiplier *= 128;
        if ((bytes[i] & 128) === 0) { complete = true; i++; break; }
      }
      if (!complete) {
        if (i >= at + 5) throw new Error('malformed MQTT remaining length');
        break;
      }
      if (end - i < length) break;
      this.onPacket(bytes, at, i, i + length, receivedAt);
      at = i + length;
    }
    if (at < end) this.pending = bytes.slice(at, end);
  }

  onPacket(bytes, start, body, end, receivedAt) {
    const type = bytes[start] >> 4;
    const flags = bytes[start] & 15;
    switch (type) {
      case PUBLISH: {
        const qos = (flags >> 1) & 3;
        const topicLength = (bytes[body] << 8) | bytes[body + 1];
        const topicStart = body + 2;
        let payloadStart = topicStart + topicLength;
        let packetId = 0;
        if (qos > 0) {
          packetId = (bytes[payloadStart] << 8) | bytes[payloadStart + 1];
          payloadStart += 2;
        }
        if (qos === 1) this.send(puback(packetId));
        if (this.o.onPublish) {
          this.o.onPublish(bytes.subarray(topicStart, topicStart + topicLength), bytes.subarray(payloadStart, end),
            { qos, retain: (flags & 1) === 1, dup: (flags & 8) === 8, packetId }, receivedAt);
        }
        break;
      }
      case CONNACK:
        if (this.o.onConnack) this.o.onConnack(bytes[body + 1]);
        break;
      case SUBACK: {
        const granted = [];
        for (let i = body + 2; i < end; i++) granted.push(bytes[i]);
        if (this.o.onSuback) this.o.onSuback(granted);
        break;
      }
      case PINGRESP:
        break;
      default:
        break; // PUBREL/PUBREC (QoS 2) and UNSUBACK are never asked for
    }
  }
}
