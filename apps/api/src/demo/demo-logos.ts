import sharp from 'sharp';
import { TemplateEdit } from '@auction/contracts';
import { MARKETS, streamId, type TemplateState } from '@auction/domain';
import type { Actor } from '../identity/actor.js';
import type { UploadsService } from '../identity/registration/uploads.service.js';
import type { Templates } from '../partners/templates/templates.service.js';
import type { LiveReadModel } from '../platform/engine/live-read-model.js';
import { DEMO_TEMPLATES } from './demo-data.js';

/** The logo sizes the portal shows: the large one on the partner page (320×160), the small one in the carousels (160×80). */
export const DEMO_LOGO_SIZES = { largeLogo: [320, 160], smallLogo: [160, 80] } as const satisfies Record<string, readonly [number, number]>;

/** Each demo partner's colours (background, initials' badge); a template not named here takes the first. */
const COLOURS: Readonly<Record<string, readonly [string, string]>> = {
  'T-DEMO-LEASYS': ['#0b3d91', '#00a3e0'],
  'T-DEMO-RENT': ['#b3261e', '#f29f05'],
  'T-DEMO-FLEET': ['#1f4e3d', '#3fb68b'],
};

/** The demo's administrator, who edits the demo templates as the back office's template screen does. */
const ADMIN: Actor = { idUser: 'admin', username: 'admin', roles: ['USER', 'ADMIN'], idDealer: null, flgEnabled: true, adminEnabledMarket: [...MARKETS] };

/** The initials of a partner's name: the first letters of its first two words ("Leasys Remarketing": "LR"). */
export function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w.charAt(0).toUpperCase()).join('');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A drawn logo (an SVG rendered by sharp to PNG, a type `POST /secure/file` takes and a logo may have): the initials in
 * a badge and the name, on the partner's colour. The small one has the initials only (its name is written beside it).
 */
export async function drawLogo(name: string, idTemplate: string, size: keyof typeof DEMO_LOGO_SIZES): Promise<Buffer> {
  const [w, h] = DEMO_LOGO_SIZES[size];
  const [background, badge] = COLOURS[idTemplate] ?? Object.values(COLOURS)[0]!;
  const r = h * 0.32;
  const large = size === 'largeLogo';
  const cx = large ? h * 0.5 : w / 2;
  const words = large ? name.split(' ') : [];
  const lines = words.length > 1 ? [words[0]!, words.slice(1).join(' ')] : words;
  // Each line as large as fits beside the badge (a bold sans glyph is about 0.65 em wide).
  const room = w - h * 0.95 - h * 0.08;
  const fontSize = Math.min(h * 0.17, ...lines.map((line) => room / (line.length * 0.65)));
  const text = lines.map((line, i) => `<text x="${h * 0.95}" y="${h * (lines.length > 1 ? 0.44 + i * 0.24 : 0.56)}" font-size="${fontSize.toFixed(1)}" font-weight="700" fill="#ffffff" font-family="DejaVu Sans, Arial, sans-serif">${escapeXml(line)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" rx="${h * 0.08}" fill="${background}"/>
<circle cx="${cx}" cy="${h / 2}" r="${r}" fill="${badge}"/>
<text x="${cx}" y="${h / 2 + r * 0.36}" font-size="${r}" font-weight="700" text-anchor="middle" fill="#ffffff" font-family="DejaVu Sans, Arial, sans-serif">${escapeXml(initialsOf(name))}</text>
${text.join('\n')}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Gives each demo template that has no logo a drawn large and small logo, the way the back office does: stored as the
 * administrator's upload through `POST /secure/file`'s own checks (UploadsService.store: sniffed type, size, owner
 * `user:admin`), then set with the template edit of `PUT /secure/template` (its body schema, and TemplateLogos' rule
 * that a logo is the editor's PNG, JPEG or WebP upload), so `GET /open/image?path=partner-logo/<id>` serves them.
 * Idempotent: a template with a logo (drawn earlier, or chosen in the back office) or deleted is left alone.
 */
export async function seedDemoLogos(uploads: UploadsService, templates: Templates, model: LiveReadModel): Promise<number> {
  let drawn = 0;
  for (const t of DEMO_TEMPLATES) {
    const state = model.templates.get(streamId.template(t.idTemplate)) as TemplateState | undefined;
    if (!state || state.status === 'NONE' || state.status === 'DELETED' || state.data.largeLogo || state.data.smallLogo) continue;
    const logos: Record<string, string> = {};
    for (const size of ['largeLogo', 'smallLogo'] as const) {
      const stored = await uploads.store(ADMIN, { filename: `${t.idTemplate}-${size}.png`, bytes: await drawLogo(state.data.templateName, t.idTemplate, size) });
      logos[size] = stored.idFile;
    }
    await templates.edit(ADMIN, TemplateEdit.parse({ idTemplate: t.idTemplate, ...logos }));
    drawn++;
  }
  return drawn;
}
