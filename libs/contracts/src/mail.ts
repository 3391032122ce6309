import { z } from 'zod';

/** One caught mail in a list of `GET /api/v1/admin/mail`. */
export const CaughtMailSummary = z.object({ id: z.string(), from: z.string(), to: z.array(z.string()), subject: z.string(), date: z.string() });
export type CaughtMailSummary = z.infer<typeof CaughtMailSummary>;

/** Answer of `GET /api/v1/admin/mail`: `catching` false when mail goes to a real relay (SMTP_URL). */
export const CaughtMailPageView = z.object({
  catching: z.boolean(), total: z.number().int(), limit: z.number().int(), offset: z.number().int(), items: z.array(CaughtMailSummary),
});
export type CaughtMailPageView = z.infer<typeof CaughtMailPageView>;

/** Answer of `GET /api/v1/admin/mail/{id}`: the message with its text and HTML parts. */
export const CaughtMailView = CaughtMailSummary.extend({ text: z.string(), html: z.string().nullable() });
export type CaughtMailView = z.infer<typeof CaughtMailView>;
