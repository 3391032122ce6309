import { z } from 'zod';
import { MARKETS } from '@auction/domain';
import { adminPage, adminPageQuery } from './admin-common.js';

/**
 * Wire shapes of the GDPR erasure of the back-office (`GET/PUT /api/v1/admin/user/anonymize`,
 * `GET /api/v1/admin/user/anonymize/export`). Personal data never enters an event body, so erasure deletes the rows
 * kept beside the log (personal data, credentials, tags, tokens, documents, caught mail) and appends UserAnonymised:
 * the log stays immutable and the auction history keeps the bidder as `anonymous-<idUser>`.
 */

/** Why a user is a candidate: the user itself or its dealer was deleted or disabled by the back-office. */
export const ANONYMISE_REASONS = ['USER_DELETED', 'USER_DISABLED', 'DEALER_DELETED', 'DEALER_DISABLED'] as const;
export type AnonymiseReason = (typeof ANONYMISE_REASONS)[number];

/** The columns a candidate list may be sorted by (server-side). */
export const ANONYMISE_SORT_FIELDS = ['since', 'username', 'idUser', 'idDealer', 'idMarket', 'status'] as const;

/** Query of `GET /admin/user/anonymize` and its export: an optional market (else all the caller manages), paging, sorting. */
export const AnonymiseCandidatesQuery = adminPageQuery(ANONYMISE_SORT_FIELDS, 'since', 'asc').extend({
  idMarket: z.enum(MARKETS).optional(),
});
export type AnonymiseCandidatesQuery = z.infer<typeof AnonymiseCandidatesQuery>;

/** One user that may be anonymised: who, of which dealer and market, why and since when (ISO time). */
export const AnonymiseCandidate = z.object({
  idUser: z.string(),
  username: z.string(),
  idDealer: z.string().nullable(),
  idMarket: z.string(),
  status: z.enum(ANONYMISE_REASONS),
  since: z.string().nullable(),
});
export type AnonymiseCandidate = z.infer<typeof AnonymiseCandidate>;

/** One page of candidates. */
export const AnonymiseCandidatePage = adminPage(AnonymiseCandidate);
export type AnonymiseCandidatePage = z.infer<typeof AnonymiseCandidatePage>;

const RefId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

/** Body of `PUT /admin/user/anonymize`: exactly one of a user or a dealer (a dealer: its data, documents and every user). */
export const AnonymiseRequest = z.union([
  z.object({ idUser: RefId }).strict(),
  z.object({ idDealer: RefId }).strict(),
]);
export type AnonymiseRequest = z.infer<typeof AnonymiseRequest>;

/** What one erasure removed (counts over all the users it touched). */
export const AnonymiseErased = z.object({
  personalData: z.number().int().nonnegative(),
  usernameClaims: z.number().int().nonnegative(),
  credentials: z.number().int().nonnegative(),
  accessTags: z.number().int().nonnegative(),
  pushTokens: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  mails: z.number().int().nonnegative(),
  /** Kept answers of idempotent calls: the user's own, and others' answers that quoted its personal data. */
  idempotentAnswers: z.number().int().nonnegative(),
});
export type AnonymiseErased = z.infer<typeof AnonymiseErased>;

/** Answer of `PUT /admin/user/anonymize`: the users anonymised now, those already anonymised, and what was erased. */
export const AnonymiseResult = z.object({
  idDealer: z.string().nullable(),
  anonymisedUsers: z.array(z.string()),
  alreadyAnonymised: z.array(z.string()),
  erased: AnonymiseErased,
});
export type AnonymiseResult = z.infer<typeof AnonymiseResult>;
