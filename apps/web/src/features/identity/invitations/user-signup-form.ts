import { z } from 'zod';
import { linkText } from '../access/link-params.js';
import { userSignUpMarketOf, userSignUpSchema, USER_SIGN_UP_RULES, type UserSignUpMarket } from '@auction/domain';
import type { FieldIssue } from '../registration/registration-form.js';

/**
 * The link's query: every parameter optional here, so the verification guard can say which is missing; values the
 * router JSON-parsed (a numeric dealer id) are taken back as text ({@link linkText}).
 */
export const UserSignUpSearch = z.object({ email: linkText(200), tag: linkText(200), dealerId: linkText(100) });
export type UserSignUpSearch = z.infer<typeof UserSignUpSearch>;

/** The verification guard (spec 01 §6): the link is usable only with all three of email, tag and dealerId. */
export function signUpLink(search: UserSignUpSearch): { email: string; tag: string; dealerId: string } | null {
  const { email, tag, dealerId } = search;
  return email?.trim() && tag?.trim() && dealerId?.trim() ? { email: email.trim(), tag: tag.trim(), dealerId: dealerId.trim() } : null;
}

/** What the invitee types. */
export interface SignUpValues {
  surname: string;
  name: string;
  fiscalCode: string;
  birthDate: string;
  consent1: boolean | null;
  consent2: boolean | null;
  consent3: boolean | null;
}

export const EMPTY_SIGN_UP: SignUpValues = { surname: '', name: '', fiscalCode: '', birthDate: '', consent1: null, consent2: null, consent3: null };

/** The invitation as verified: the read-only part of the form. */
export interface Invitation {
  readonly email: string;
  readonly idDealer: string;
  readonly dealerName: string;
  readonly idMarket: string;
}

/** Per market: is the fiscal code shown, is it starred, is the birth date starred (spec 01 §2, §5). */
export function signUpDisplay(market: string | null | undefined): { market: UserSignUpMarket; fiscalCode: { shown: boolean; starred: boolean }; birthDateStarred: boolean } {
  const m = userSignUpMarketOf(market);
  const rules = USER_SIGN_UP_RULES[m];
  return { market: m, fiscalCode: { shown: rules.fiscalCode.shown, starred: rules.fiscalCode.required }, birthDateStarred: rules.birthDate.required };
}

/** The `userSignUpDTO` (with the tag): blanks left out, a hidden fiscal code never sent. */
export function toSignUpPayload(values: SignUpValues, invitation: Invitation, tag: string) {
  const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    surname: blank(values.surname), name: blank(values.name),
    fiscalCode: signUpDisplay(invitation.idMarket).fiscalCode.shown ? blank(values.fiscalCode) : undefined,
    email: invitation.email, birthDate: blank(values.birthDate), idDealer: invitation.idDealer, dealerName: invitation.dealerName,
    consent1: values.consent1 ?? undefined, consent2: values.consent2 ?? undefined, consent3: values.consent3 ?? undefined, tag,
  };
}

/** Every broken rule, by field, with the domain's schema for the dealer's market (the API's own rule). */
export function signUpIssues(values: SignUpValues, invitation: Invitation, tag: string): Record<string, FieldIssue> {
  const { tag: _tag, ...payload } = toSignUpPayload(values, invitation, tag);
  const result = userSignUpSchema(invitation.idMarket).safeParse(payload);
  if (result.success) return {};
  const issues: Record<string, FieldIssue> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !issues[field]) issues[field] = { message: issue.message, params: (issue as { params?: Record<string, unknown> }).params };
  }
  return issues;
}
