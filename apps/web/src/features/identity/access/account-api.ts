import type { UserProfile } from '@auction/contracts';
import type { Http } from '../../../api/http.js';

const OPEN = '/api/v1/open';
const SECURE = '/api/v1/secure';
const MOBILE = '/api/v1/mobile';

/** The three consents of the privacy page (`PUT /secure/user`). */
export interface ConsentAnswers {
  readonly consent1: boolean;
  readonly consent2: boolean;
  readonly consent3: boolean;
}

/**
 * The access calls of the screens in this folder (spec 01 §7). Each says which popups it wants: the screens
 * show their own outcome (result dialog, inline messages), the interceptor the rest.
 */
export function accountApi(http: Http) {
  return {
    /** The logged user or null (spec: "no error popup"). */
    logged: () => http.get<UserProfile | null>(`${SECURE}/logged`, { noPopup: true, noSpinner: true }),
    /** Gives the three consents; answers the user's details (a profile). */
    saveConsents: (answers: ConsentAnswers) => http.put<UserProfile>(`${SECURE}/user`, answers, { noSuccessPopup: true }),
    /** Asks for a recovery e-mail; the same answer whatever the account (spec: success popup suppressed). */
    requestRecovery: (body: { username?: string; email?: string }) => http.post<unknown>(`${OPEN}/pwd-recovery`, body, { noSuccessPopup: true }),
    /** Sets the password from the e-mail link; 422104 (weak) and 410010 (link gone) are shown by the form. */
    verifyRecovery: (body: { password: string; confPassword: string; hash: string; username: string }) =>
      http.post<void>(`${OPEN}/verify-pwd-recovery`, body, { noPopup: true }),
    /** The logged user's new password, with the current one (403042 when wrong: shown by the error dialog). */
    changePassword: (body: { currentPassword?: string; password: string; confPassword: string }) => http.post<void>(`${SECURE}/change-password`, body, { noSuccessPopup: true }),
    /** The mobile login: a token for the `token` header. A network failure stays here (spec: only logged). */
    mobileToken: (body: { username: string; password: string }) =>
      http.post<{ token?: unknown } | null>(`${MOBILE}/token`, body, { noPopup: true, noMaintenance: true }),
    /** Registers the device's push token after a mobile login. */
    pushToken: (fcmToken: string) => http.post<void>(`${MOBILE}/fcm-token`, { fcmToken }, { noPopup: true, noSpinner: true, noMaintenance: true }),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;
