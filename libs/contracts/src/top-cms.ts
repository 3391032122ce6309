import { z } from 'zod';
import { MARKETS, TOP_CMS_SLOTS } from '@auction/domain';
import { adminPage, adminPageQuery } from './admin-common.js';
import { Id } from './common.js';

/**
 * Wire shapes of the public portal's content (issue 23 item 6; spec 01 §2 and §3, spec 02 §7): the top banners
 * (`GET /api/v1/open/top-cms`, `/api/v1/admin/top-cms`), their images (`/admin/top-cms/image`, `/open/image`,
 * `/open/temp-image`) and the portal information of a market's home (`/open/info`).
 */

/** The portal's languages (spec 01 §9: en, be, it, de, es, nl, fr, pl, pt, lu). */
export const PORTAL_LANGUAGES = ['en', 'be', 'it', 'de', 'es', 'nl', 'fr', 'pl', 'pt', 'lu'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

/** The home's counter of awarded vehicles shows the server's value plus this (spec 01 §9). */
export const HOME_AWARDED_OFFSET = 190_000;

const MarketCode = z.enum(MARKETS);
const Lang = z.enum(PORTAL_LANGUAGES);
/** A text of a banner: trimmed, no control characters but tab and newline. */
const Text = (max: number) => z.string().trim().max(max).regex(/^[^\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]*$/, 'no control or bidirectional characters');
/**
 * What a link never holds: NUL, a backslash, or a blank (JavaScript's \\s, written out: the pattern is read by other
 * languages too, whose \\s is another set).
 */
const NOT_IN_LINK = '\\u0000\\\\\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const LINK_CHAR = `[^${NOT_IN_LINK}]`;
/** A character of an https link's host part: not a separator (`/?#@`), which would make the host another. */
const HOST_CHAR = `[^/?#@${NOT_IN_LINK}]`;
/**
 * A call to action's link: a path of the portal (`/registration`, `/partner?idTemplate=T1`, `#contacts`) or an https
 * address. Never `javascript:`, `data:`, a protocol-relative `//host` or a backslash (which browsers read as `/`).
 */
export const CtaUrl = z.string().trim().max(500).regex(
  new RegExp(`^(?:/(?:[^/${NOT_IN_LINK}]${LINK_CHAR}*)?|#[A-Za-z0-9_-]*|[Hh][Tt][Tt][Pp][Ss]://${HOST_CHAR}+\\.${HOST_CHAR}+(?:[/?#]${LINK_CHAR}*)?)$`),
  'must be a path of the portal (/...), an anchor (#...) or an https address',
);
/** The id of an uploaded banner image (from `POST /admin/top-cms/image`): a blob id. */
export const ImageId = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be an image id');

/** Query of `GET /api/v1/open/top-cms`: both required (missing or unknown: 400400). */
export const OpenTopCmsQuery = z.object({ mkt: MarketCode, lang: Lang });
export type OpenTopCmsQuery = z.infer<typeof OpenTopCmsQuery>;

/** The fields a back-office banner list may be sorted by (ties by id). */
export const TOP_CMS_SORT_FIELDS = ['order', 'title', 'lang', 'idMarket', 'enabled'] as const;

/** Query of `GET /api/v1/admin/top-cms`: one page, sorted by the server; `mkt` and `lang` narrow it. */
export const AdminTopCmsQuery = adminPageQuery(TOP_CMS_SORT_FIELDS, 'order').extend({ mkt: MarketCode.optional(), lang: Lang.optional() });
export type AdminTopCmsQuery = z.infer<typeof AdminTopCmsQuery>;

/** Query naming one banner (`DELETE /api/v1/admin/top-cms?id=`). */
export const TopCmsIdQuery = z.object({ id: Id });
export type TopCmsIdQuery = z.infer<typeof TopCmsIdQuery>;

const content = {
  lang: Lang,
  title: Text(120).min(1, 'required'),
  text: Text(400).nullable().optional(),
  ctaLabel: Text(60).nullable().optional(),
  ctaUrl: CtaUrl.nullable().optional(),
  order: z.number().int().min(0).max(10_000),
  enabled: z.boolean(),
  image: ImageId,
  imageTablet: ImageId.nullable().optional(),
  imageMobile: ImageId.nullable().optional(),
};

/** Body of `POST /api/v1/admin/top-cms`; the images are ids of uploads (`POST /admin/top-cms/image`). */
export const TopCmsCreate = z.object({ mkt: MarketCode, ...content, order: content.order.default(0), enabled: content.enabled.default(true) }).strict()
  .refine((b) => !b.ctaLabel === !b.ctaUrl, { message: 'a call to action has a label and a link, or neither', path: ['ctaUrl'] });
export type TopCmsCreate = z.infer<typeof TopCmsCreate>;
export type TopCmsCreateInput = z.input<typeof TopCmsCreate>;

/** Body of `PUT /api/v1/admin/top-cms`: the banner (`id`) and the fields to change (the market stays; null clears). */
export const TopCmsEdit = z.object({
  id: Id, lang: Lang.optional(), title: content.title.optional(), text: content.text, ctaLabel: content.ctaLabel, ctaUrl: content.ctaUrl,
  order: content.order.optional(), enabled: content.enabled.optional(), image: ImageId.optional(), imageTablet: content.imageTablet, imageMobile: content.imageMobile,
}).strict();
export type TopCmsEdit = z.infer<typeof TopCmsEdit>;

/** Query of `POST /api/v1/admin/top-cms/image`: the device the image is for (its sizes follow). */
export const TopCmsImageQuery = z.object({ slot: z.enum(TOP_CMS_SLOTS) });
export type TopCmsImageQuery = z.infer<typeof TopCmsImageQuery>;

/** One rendition of an image: its URL (`/api/v1/open/image?path=...`), width, height and type, for a `<picture>`. */
export const ImageSource = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), type: z.enum(['image/avif', 'image/webp']) });
export type ImageSource = z.infer<typeof ImageSource>;

/** An image of a banner: its id and its renditions, AVIF first then WebP, widest first in each. */
export const TopCmsImageView = z.object({ idImage: z.string(), sources: z.array(ImageSource) });
export type TopCmsImageView = z.infer<typeof TopCmsImageView>;

/** Answer of `POST /admin/top-cms/image`: the uploaded image, served by `/open/temp-image` until a banner saves it. */
export const UploadedTopCmsImage = TopCmsImageView.extend({ slot: z.enum(TOP_CMS_SLOTS), expiresAt: z.string() });
export type UploadedTopCmsImage = z.infer<typeof UploadedTopCmsImage>;

/**
 * A banner. `imageUrl`, `imageUrlTablet` and `imageUrlMobile` (spec: the home slider's fields) are the WebP URL of the
 * widest rendition (tablet and mobile fall back to the desktop image); `cta` is the call to action's link or null.
 */
export const TopCmsView = z.object({
  id: z.string(), mkt: MarketCode, lang: Lang, title: z.string(), text: z.string().nullable(), ctaLabel: z.string().nullable(),
  ctaUrl: z.string().nullable(), cta: z.string().nullable(), order: z.number().int(), enabled: z.boolean(),
  image: TopCmsImageView, imageTablet: TopCmsImageView.nullable(), imageMobile: TopCmsImageView.nullable(),
  imageUrl: z.string(), imageUrlTablet: z.string(), imageUrlMobile: z.string(),
});
export type TopCmsView = z.infer<typeof TopCmsView>;

export const TopCmsPage = adminPage(TopCmsView);
export type TopCmsPage = z.infer<typeof TopCmsPage>;

/** Query of `GET /api/v1/open/image` and `/open/temp-image`: the image's public path (`top-cms/<id>`, `partner-logo/<id>`, `temp/<id>`). */
export const PublicImageQuery = z.object({ path: z.string().max(200) });
export type PublicImageQuery = z.infer<typeof PublicImageQuery>;

/** Query of `GET /api/v1/open/info` (missing or unknown market: 400402). */
export const PortalInfoQuery = z.object({ market: MarketCode });
export type PortalInfoQuery = z.infer<typeof PortalInfoQuery>;

/** The portal information a market's home needs (spec 01 §1-§3). */
export const PortalInfo = z.object({
  market: MarketCode,
  /** The languages the market offers, its default first. */
  languages: z.array(Lang),
  /** Home statistics (spec 01 §3), counted from the read models at `computedAt`. */
  totalVehicleAwarded: z.number().int(),
  /** `totalVehicleAwarded` + {@link HOME_AWARDED_OFFSET}: what the home's counter shows. */
  totalVehicleAwardedShown: z.number().int(),
  monthAuctions: z.number().int(),
  awardedVehicleMonth: z.number().int(),
  users: z.number().int(),
  /** Enabled partners (templates) of the market; the header's and home's partner links show when > 0 and not DE. */
  partners: z.number().int(),
  showPartners: z.boolean(),
  /** The languages with at least one enabled banner: the home shows the slider in those, the statistics block otherwise. */
  topCmsLanguages: z.array(Lang),
  /** App-store links and the German leasing and why-sign-up variants are for the DE market only. */
  showAppLinks: z.boolean(),
  computedAt: z.string(),
});
export type PortalInfo = z.infer<typeof PortalInfo>;
