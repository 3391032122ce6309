import type { Http } from '../../../api/http.js';
import type { Invitation } from './user-signup-form.js';

/** The calls of the invite flow; refusals are shown by the screens (no automatic popup). */
export function invitationsApi(http: Http) {
  return {
    /** `GET /open/verify-tag`: the invitation of a link, or 410010. */
    verifyTag: (email: string, tag: string) => http.get<Invitation>('/api/v1/open/verify-tag', { query: { email, tag }, noErrorPopup: true }),
    /** `POST /open/user-sign-up`: 201; 422102/422103 with field details; 410010 for a used or expired link. */
    userSignUp: (body: Record<string, unknown>) => http.post<unknown>('/api/v1/open/user-sign-up', body, { noErrorPopup: true, noSuccessPopup: true }),
    /** `POST /secure/user/invite`: 204; 409111 when the person is a user of the dealer or invited already. */
    invite: (email: string, dealerId: string) => http.post<void>('/api/v1/secure/user/invite', { email, dealerId }, { noErrorPopup: true, noSuccessPopup: true }),
  };
}
export type InvitationsApi = ReturnType<typeof invitationsApi>;
