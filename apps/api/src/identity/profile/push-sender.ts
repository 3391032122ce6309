import { Logger } from '@nestjs/common';

/** A push notification to a user's devices (spec 01 §4: type `test` opens home, any other `/private`). */
export interface PushMessage {
  readonly type: string;
  readonly title: string;
  readonly body: string;
  readonly data?: Readonly<Record<string, string>>;
}

/** Sends push notifications to device tokens. The product's one seam for Firebase Cloud Messaging. */
export interface PushSender {
  /** Sends `message` to each token; answers how many were accepted. Never throws. */
  send(tokens: readonly string[], message: PushMessage): Promise<{ accepted: number }>;
}

/** Injection token of the {@link PushSender}. */
export const PUSH_SENDER = Symbol('PUSH_SENDER');

/**
 * A MOCK push sender: FCM cannot be reached from here (no network, no Firebase project or service account), so this
 * only logs what would be sent (the token count and message type, never the tokens) and accepts every token.
 * Not wired to any feature yet; a real `FcmPushSender` (firebase-admin, credentials from configuration) replaces it.
 */
export class LoggingPushSender implements PushSender {
  private readonly logger = new Logger('PushSender(mock)');
  readonly sent: { tokens: number; type: string }[] = [];

  async send(tokens: readonly string[], message: PushMessage): Promise<{ accepted: number }> {
    this.sent.push({ tokens: tokens.length, type: message.type });
    this.logger.log(`MOCK push "${message.type}" to ${tokens.length} device(s): not sent (no FCM here)`);
    return { accepted: tokens.length };
  }
}
