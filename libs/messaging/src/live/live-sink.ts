/** How a live message is delivered. */
export interface LivePublishOptions {
  /** Kept by the broker as the topic's current value, sent at once to every new subscriber. */
  readonly retain: boolean;
  readonly qos: 0 | 1;
}

/**
 * Where the live publisher puts its messages: the embedded MQTT broker, Mosquitto, socket.io rooms.
 * `publish` resolves once the message is accepted (for MQTT QoS 1 towards a server: acknowledged);
 * a rejection makes the publisher keep the message and try again with the next batch.
 */
export interface LiveSink {
  /** For logs and stats: `aedes`, `mqtt`, `socket.io`. */
  readonly name: string;
  publish(topic: string, payload: object, options: LivePublishOptions): Promise<void>;
  /**
   * Deletes the topic's retained message (MQTT: an empty retained payload, which subscribers also receive as an empty
   * message). Sinks without retention (socket.io) leave it out.
   */
  clear?(topic: string): Promise<void>;
  /** Releases the sink's connections, if it owns any. */
  close?(): Promise<void>;
}
