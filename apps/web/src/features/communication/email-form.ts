import { z } from 'zod';
import { CreateLeadRequest, SendEmailRequest, type CreateLeadRequest as CreateLeadBody, type SendEmailRequest as SendEmailBody } from '@auction/contracts';

/** Addresses typed in one field: split on commas, semicolons and white space. */
const addressText = z.string().max(300_000).transform((text) => text.split(/[,;\s]+/).map((a) => a.trim()).filter(Boolean));

/**
 * The e-mail screen's form: the addresses as text, checked by the contract's own schemas (the server checks the same),
 * so `recipients` and `ccRecipients` fail with the contract's rules before any call.
 */
export const EmailFormSchema = z.object({
  recipients: addressText.pipe(SendEmailRequest.shape.recipients),
  ccRecipients: addressText.pipe(SendEmailRequest.shape.ccRecipients.unwrap()),
  subject: SendEmailRequest.shape.subject,
  email: SendEmailRequest.shape.email,
});
export type EmailFormInput = z.input<typeof EmailFormSchema>;
export type EmailFormOutput = z.output<typeof EmailFormSchema> & SendEmailBody;

export const EMPTY_EMAIL_FORM: EmailFormInput = { recipients: '', ccRecipients: '', subject: '', email: '' };

/**
 * The HTML of the preview, for an iframe with an empty `sandbox` (no scripts, no forms, no navigation of the page): a
 * policy of its own forbids every fetch but images, so even a remote style or font of the message loads nothing.
 */
export function previewDocument(html: string): string {
  const policy = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'";
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><base target="_blank"></head><body>${html}</body></html>`;
}

/** The new-campaign form: the recipients typed one per line (or with commas), checked by the contract's schema. */
export const LeadFormSchema = z.object({
  name: CreateLeadRequest.shape.name,
  subject: CreateLeadRequest.shape.subject,
  recipients: addressText.pipe(CreateLeadRequest.shape.recipients),
  email: CreateLeadRequest.shape.email,
});
export type LeadFormInput = z.input<typeof LeadFormSchema>;
export type LeadFormOutput = z.output<typeof LeadFormSchema> & CreateLeadBody;
export const EMPTY_LEAD_FORM: LeadFormInput = { name: '', subject: '', recipients: '', email: '' };
