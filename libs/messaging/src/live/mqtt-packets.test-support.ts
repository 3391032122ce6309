/** Raw MQTT 3.1.1 packets for broker specs whose clients must misbehave (never read, publish, ...), and a wait. */

/** MQTT 3.1.1 CONNECT with username and password (clean session, keepalive 60 s). */
export function mqttConnect(clientId: string, username: string, password: string): Buffer {
  const str = (text: string) => { const b = Buffer.from(text); return Buffer.concat([Buffer.from([b.length >> 8, b.length & 255]), b]); };
  const body = Buffer.concat([str('MQTT'), Buffer.from([4, 0xc2, 0, 60]), str(clientId), str(username), str(password)]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** MQTT SUBSCRIBE of one filter at `qos` (default 1). */
export function mqttSubscribe(packetId: number, filter: string, qos: 0 | 1 | 2 = 1): Buffer {
  const f = Buffer.from(filter);
  const body = Buffer.concat([Buffer.from([packetId >> 8, packetId & 255, f.length >> 8, f.length & 255]), f, Buffer.from([qos])]);
  return Buffer.concat([Buffer.from([0x82]), remainingLength(body.length), body]);
}

function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do { let byte = n % 128; n = Math.floor(n / 128); if (n > 0) byte |= 128; out.push(byte); } while (n > 0);
  return Buffer.from(out);
}

/** Waits until `condition` holds (checked every 10 ms); throws after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
