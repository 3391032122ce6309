import { ApiError } from '../../../api/http.js';

/** A token the mobile login accepts (spec 01 §4): not empty and without the backend's `ERROR CODE` text. */
export function isUsableToken(token: unknown): token is string {
  return typeof token === 'string' && token.trim() !== '' && !token.includes('ERROR CODE');
}

/** The mobile login's form: both fields required; with either empty nothing is sent. */
export function canSendMobileLogin(username: string, password: string): boolean {
  return username.trim() !== '' && password !== '';
}

/** What the mobile login needs from the outside, so its rules are tested without a network. */
export interface MobileLoginDeps {
  requestToken(body: { username: string; password: string }): Promise<{ token?: unknown } | null>;
  /** Keeps the token in memory for the `token` header. */
  keepToken(token: string): void;
  /** The push token of this device, if one exists. */
  pushToken(): string | null;
  sendPushToken(token: string): Promise<unknown>;
  /** Loads the profile with the token. */
  loadProfile(): Promise<unknown>;
  log(message: string, cause?: unknown): void;
}

/** The outcome the screen shows: go to /private, the error line, or nothing (a network failure is only logged). */
export type MobileLoginOutcome = 'ok' | 'refused' | 'network';

/**
 * The mobile login of spec 01 §4: token → kept → push token sent (a failure there does not undo the login) →
 * profile. An empty token or one containing `ERROR CODE` is a failed login; a network failure is only logged.
 */
export async function mobileLogin(deps: MobileLoginDeps, username: string, password: string): Promise<MobileLoginOutcome> {
  if (!canSendMobileLogin(username, password)) return 'refused';
  let answer: { token?: unknown } | null;
  try {
    answer = await deps.requestToken({ username: username.trim(), password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      deps.log('mobile login: the server cannot be reached', error);
      return 'network';
    }
    return 'refused';
  }
  const token = answer?.token;
  if (!isUsableToken(token)) return 'refused';
  deps.keepToken(token);
  const push = deps.pushToken();
  if (push) await deps.sendPushToken(push).catch((e: unknown) => deps.log('mobile login: the push token was not registered', e));
  await deps.loadProfile();
  return 'ok';
}
