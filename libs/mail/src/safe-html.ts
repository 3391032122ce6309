import sanitizeHtml from 'sanitize-html';

/** Elements a composed e-mail may keep: text structure, tables, links and images; nothing that runs or loads a page. */
const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'u', 'ul', 'center', 'font',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['style', 'align', 'title', 'dir', 'lang'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'width', 'valign', 'bgcolor'],
    th: ['colspan', 'rowspan', 'width', 'valign', 'bgcolor'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
    font: ['color', 'size', 'face'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
  // Inline styles only with harmless properties: no url(), no expression(), no positioning over the mail client.
  allowedStyles: {
    '*': {
      color: [/^[#a-z0-9(),.%\s]+$/i], 'background-color': [/^[#a-z0-9(),.%\s]+$/i],
      'text-align': [/^(left|right|center|justify)$/], 'font-size': [/^\d{1,3}(px|em|rem|%)$/], 'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/], 'text-decoration': [/^(underline|none|line-through)$/],
      'font-family': [/^[a-z0-9 ,"'-]+$/i], padding: [/^[\d.\spxem%]+$/], margin: [/^[\d.\spxem%auto]+$/],
      width: [/^\d{1,4}(px|%)?$/], 'max-width': [/^\d{1,4}(px|%)?$/], border: [/^[\w\s#.-]+$/], 'line-height': [/^[\d.]+(px|em|%)?$/],
    },
  },
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/**
 * The HTML of a composed e-mail (back-office `email`, `send-email-user`, lead campaigns) as it is sent: scripts,
 * event handlers, forms, frames, styles sheets, `javascript:` links and remote CSS are dropped; text and layout stay.
 * The same function runs before the mail is queued, so what is stored is what goes out.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The plain-text part of a composed e-mail: the sanitised HTML's text, blocks on their own lines. */
export function textOfMailHtml(html: string): string {
  const text = sanitizeHtml(
    html.replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'),
    { allowedTags: [], allowedAttributes: {} },
  );
  return text.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
