import { escapeHtml } from './text.js';

/** A rendered e-mail: what `Mailer.send` takes besides the recipients. */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The call to action of a mail: one button in HTML, one line of its own in the text part. */
export interface MailAction {
  readonly label: string;
  readonly url: string;
}

/** The parts of a mail, already translated and filled (plain text: the layout escapes it for HTML). */
export interface MailParts {
  /** BCP 47 tag of the HTML document (`nl-BE` for Belgian Dutch). */
  readonly lang: string;
  readonly portalName: string;
  readonly portalUrl: string;
  readonly subject: string;
  readonly greeting: string;
  readonly before: readonly string[];
  readonly action?: MailAction;
  /** "If the button does not work, copy this address:" — shown with the action's address. */
  readonly linkFallback: string;
  readonly after: readonly string[];
  readonly signature: string;
  readonly footer: readonly string[];
}

const COLOR = { brand: '#12355b', text: '#1f2933', muted: '#52606d', faint: '#7b8794', page: '#f4f5f7', rule: '#e4e7eb' };
const P = `margin:0 0 16px;`;

/**
 * The one layout every mail shares. Text part: paragraphs separated by blank lines, the link alone on its line
 * (mail clients make it clickable; no wrapping can break it), the footer after the `-- ` signature separator.
 * HTML part: a 600 px table with inline styles (what mail clients render alike), every text escaped.
 */
export function renderLayout(parts: MailParts): RenderedMail {
  return { subject: parts.subject, text: renderText(parts), html: renderHtml(parts) };
}

function renderText(parts: MailParts): string {
  const blocks = [parts.greeting, ...parts.before];
  if (parts.action) blocks.push(`${parts.action.label}:\n${parts.action.url}`);
  blocks.push(...parts.after, parts.signature);
  return `${blocks.join('\n\n')}\n\n-- \n${[...parts.footer, parts.portalUrl].join('\n')}\n`;
}

function renderHtml(parts: MailParts): string {
  const e = escapeHtml;
  const paragraph = (text: string) => `<p style="${P}">${e(text)}</p>`;
  const action = parts.action
    ? `<p style="margin:24px 0;"><a href="${e(parts.action.url)}" style="display:inline-block;padding:12px 20px;background:${COLOR.brand};color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${e(parts.action.label)}</a></p>` +
      `<p style="${P}font-size:13px;color:${COLOR.muted};">${e(parts.linkFallback)}<br><a href="${e(parts.action.url)}" style="color:${COLOR.brand};word-break:break-all;">${e(parts.action.url)}</a></p>`
    : '';
  const footer = parts.footer.map((line) => e(line)).join('<br>');
  return [
    '<!doctype html>',
    `<html lang="${e(parts.lang)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(parts.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOR.page};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.page};"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLOR.text};">`,
    `<tr><td style="padding:20px 32px;background:${COLOR.brand};color:#ffffff;font-size:20px;font-weight:bold;border-radius:6px 6px 0 0;">${e(parts.portalName)}</td></tr>`,
    `<tr><td style="padding:24px 32px;">`,
    paragraph(parts.greeting),
    ...parts.before.map(paragraph),
    action,
    ...parts.after.map(paragraph),
    paragraph(parts.signature),
    '</td></tr>',
    `<tr><td style="padding:16px 32px;border-top:1px solid ${COLOR.rule};font-size:12px;color:${COLOR.faint};">${footer}<br><a href="${e(parts.portalUrl)}" style="color:${COLOR.faint};">${e(parts.portalUrl)}</a></td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].filter(Boolean).join('\n');
}
