/** Reading what a page exchanges on its live connection (MQTT 3.1.1 over WebSocket), from Playwright's frames. */

/** MQTT control packet types by their number (the first byte's high nibble). */
export const MQTT_TYPES = ['?', 'CONNECT', 'CONNACK', 'PUBLISH', 'PUBACK', 'PUBREC', 'PUBREL', 'PUBCOMP', 'SUBSCRIBE', 'SUBACK', 'UNSUBSCRIBE', 'UNSUBACK', 'PINGREQ', 'PINGRESP', 'DISCONNECT'];

/**
 * Splits an MQTT byte stream into packets (a WebSocket message may carry part of a packet or several: the server
 * writes one packet in several messages). Feed it each message; it calls `onPacket` with each whole packet.
 */
export function mqttStream(onPacket: (type: string, flags: number, body: Buffer) => void): (payload: string | Buffer) => void {
  let pending = Buffer.alloc(0);
  return (payload) => {
    pending = Buffer.concat([pending, typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload]);
    for (;;) {
      if (pending.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let i = 1;
      for (; i < pending.length && i <= 4; i++) {
        length += (pending[i]! & 0x7f) * multiplier;
        multiplier *= 128;
        if (!(pending[i]! & 0x80)) break;
      }
      if (i >= pending.length || pending.length < i + 1 + length) return; // incomplete
      onPacket(MQTT_TYPES[pending[0]! >> 4] ?? '?', pending[0]! & 0x0f, pending.subarray(i + 1, i + 1 + length));
      pending = pending.subarray(i + 1 + length);
    }
  };
}
