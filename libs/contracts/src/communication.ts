import { z } from 'zod';
import { EMAIL_PATTERN, Id, distinct, isCleanText } from './common.js';
import { PageQuery } from './paging.js';

/** Bounds of a composed e-mail (back-office `email`, `send-email-user`). */
export const EMAIL_LIMITS = { recipients: 50, ccRecipients: 20, users: 100, subject: 200, htmlChars: 100_000 } as const;

/** One e-mail address: trimmed, at most 254 characters (EMAIL_PATTERN, zod's e-mail rule), compared lower-cased. */
export const EmailAddress = z.string().trim().max(254).regex(EMAIL_PATTERN, 'must be an e-mail address').transform((v) => v.toLowerCase());

const addressList = (max: number) => z.array(EmailAddress).max(max).refine(distinct, { message: 'must not name an address twice' });

/** A subject line: one line of clean text. */
export const EmailSubject = z.string().trim().min(1).max(EMAIL_LIMITS.subject)
  .refine((s) => isCleanText(s) && !/[\r\n]/.test(s), { message: 'must be one line of text' });

/** The HTML body as written; it is sanitised on the server before it is queued (scripts, handlers, frames dropped). */
export const EmailHtml = z.string().min(1).max(EMAIL_LIMITS.htmlChars).refine(isCleanText, { message: 'must be text without NUL' });

/** `POST /api/v1/admin/email`: the e-mail dialog's data (spec: recipients, ccRecipients, subject, email). */
export const SendEmailRequest = z.object({
  recipients: addressList(EMAIL_LIMITS.recipients).min(1),
  ccRecipients: addressList(EMAIL_LIMITS.ccRecipients).default([]),
  subject: EmailSubject,
  email: EmailHtml,
}).strict();
export type SendEmailRequest = z.infer<typeof SendEmailRequest>;
export type SendEmailFields = z.input<typeof SendEmailRequest>;

/** `POST /api/v1/admin/send-email-user`: the same message to users of the portal, by id (each gets its own mail). */
export const SendEmailUserRequest = z.object({
  idUsers: z.array(Id).min(1).max(EMAIL_LIMITS.users).refine(distinct, { message: 'must not name a user twice' }),
  ccRecipients: addressList(EMAIL_LIMITS.ccRecipients).default([]),
  subject: EmailSubject,
  email: EmailHtml,
}).strict();
export type SendEmailUserRequest = z.infer<typeof SendEmailUserRequest>;

export const OUTBOX_STATES = ['QUEUED', 'SENT', 'FAILED'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The answer of both calls: the mails queued (sent in the background, never inside the request). */
export const EmailQueued = z.object({
  idEmails: z.array(z.string()),
  status: z.literal('QUEUED'),
  /** The HTML as it will be sent (sanitised). */
  email: z.string(),
});
export type EmailQueued = z.infer<typeof EmailQueued>;

/** `GET /api/v1/admin/email/{idEmail}`: one queued mail's delivery state. */
export const EmailDeliveryView = z.object({
  idEmail: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  errorCode: z.number().int().nullable(),
});
export type EmailDeliveryView = z.infer<typeof EmailDeliveryView>;

/** Bounds of a lead (mailing) campaign. */
export const LEAD_LIMITS = { recipients: 5_000, name: 100, htmlChars: 50_000 } as const;
export const LEAD_STATUSES = ['DRAFT', 'SENDING', 'DONE'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

const LeadFields = {
  name: z.string().trim().min(1).max(LEAD_LIMITS.name).refine(isCleanText, { message: 'must be text' }),
  subject: EmailSubject,
  email: z.string().min(1).max(LEAD_LIMITS.htmlChars).refine(isCleanText, { message: 'must be text without NUL' }),
  recipients: z.array(EmailAddress).min(1).max(LEAD_LIMITS.recipients).refine(distinct, { message: 'must not name an address twice' }),
};

/** `POST /api/v1/admin/lead`: a new campaign, a DRAFT until it is sent. */
export const CreateLeadRequest = z.object(LeadFields).strict();
export type CreateLeadRequest = z.infer<typeof CreateLeadRequest>;

/** `PATCH /api/v1/admin/lead`: change a DRAFT's fields, and/or `send: true` to start sending it in the background. */
export const UpdateLeadRequest = z.object({
  idLead: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id'),
  name: LeadFields.name.optional(),
  subject: LeadFields.subject.optional(),
  email: LeadFields.email.optional(),
  recipients: LeadFields.recipients.optional(),
  send: z.boolean().optional(),
}).strict();
export type UpdateLeadRequest = z.infer<typeof UpdateLeadRequest>;

/** One campaign with its progress (counts of its recipients' mails by delivery state). */
export const LeadView = z.object({
  idLead: z.string(), name: z.string(), subject: z.string(), status: z.enum(LEAD_STATUSES),
  total: z.number().int(), sent: z.number().int(), failed: z.number().int(), queued: z.number().int(),
  createdAt: z.string(), updatedAt: z.string(),
});
export type LeadView = z.infer<typeof LeadView>;

export const LEAD_SORT_FIELDS = ['createdAt', 'name', 'status'] as const;
export const LeadPage = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(LeadView) });
export type LeadPage = z.infer<typeof LeadPage>;

/** One recipient's delivery state in `GET /api/v1/admin/lead/{idLead}/deliveries`. */
export const LeadDelivery = z.object({ recipient: z.string(), state: z.enum(OUTBOX_STATES), attempts: z.number().int(), sentAt: z.string().nullable(), errorCode: z.number().int().nullable() });
export const LeadDeliveryPage = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(LeadDelivery) });
export type LeadDeliveryPage = z.infer<typeof LeadDeliveryPage>;

/** `GET /api/v1/admin/lead`: the campaigns, paged and sorted by the server (newest first by default). */
export const LeadQuery = PageQuery.extend({
  sortField: z.enum(LEAD_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
}).strict();
export type LeadQuery = z.infer<typeof LeadQuery>;
/** `GET /api/v1/admin/lead/{idLead}/deliveries`: its recipients' delivery states, in sending order. */
export const LeadDeliveryQuery = PageQuery.strict();
