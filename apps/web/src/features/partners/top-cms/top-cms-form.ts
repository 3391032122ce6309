import type { FieldErrors, Resolver } from 'react-hook-form';
import { TopCmsCreate, type TopCmsCreateInput, type TopCmsEdit, type TopCmsView } from '@auction/contracts';
import type { Market } from '@auction/domain';

/** What the banner form holds: texts as typed (blank: none), the order as text, the images as upload ids. */
export interface TopCmsFormValues {
  lang: string;
  title: string;
  text: string;
  ctaLabel: string;
  ctaUrl: string;
  order: string;
  enabled: boolean;
  image: string;
  imageTablet: string;
  imageMobile: string;
}

/** The text fields of the form, in its order. */
export const TOP_CMS_TEXT_FIELDS = ['title', 'text', 'ctaLabel', 'ctaUrl'] as const;

/** The form's values for a banner (null: a new one in `lang`). */
export function formValuesOf(banner: TopCmsView | null, lang: string): TopCmsFormValues {
  return {
    lang: banner?.lang ?? lang, title: banner?.title ?? '', text: banner?.text ?? '', ctaLabel: banner?.ctaLabel ?? '', ctaUrl: banner?.ctaUrl ?? '',
    order: String(banner?.order ?? 0), enabled: banner?.enabled ?? true, image: banner?.image.idImage ?? '',
    imageTablet: banner?.imageTablet?.idImage ?? '', imageMobile: banner?.imageMobile?.idImage ?? '',
  };
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The create body of the form's values in a market: blanks are none, the order a number. */
export function toCreate(mkt: Market, v: TopCmsFormValues): TopCmsCreateInput {
  return {
    mkt, lang: v.lang as TopCmsCreateInput['lang'], title: v.title.trim(), text: blankToNull(v.text), ctaLabel: blankToNull(v.ctaLabel), ctaUrl: blankToNull(v.ctaUrl),
    order: /^\d+$/.test(v.order.trim()) ? Number(v.order.trim()) : Number.NaN, enabled: v.enabled, image: v.image,
    imageTablet: blankToNull(v.imageTablet), imageMobile: blankToNull(v.imageMobile),
  };
}

/** The edit body: the banner's id and every field (the server writes only what changed); the market stays. */
export function toEdit(id: string, mkt: Market, v: TopCmsFormValues): TopCmsEdit {
  const { mkt: _mkt, ...fields } = TopCmsCreate.parse(toCreate(mkt, v));
  return { id, ...fields, imageTablet: fields.imageTablet ?? null, imageMobile: fields.imageMobile ?? null };
}

/** Checks the form with the contract's own schema (the server checks the same), one error per field. */
export function topCmsResolver(mkt: Market): Resolver<TopCmsFormValues> {
  return async (values) => {
    const result = TopCmsCreate.safeParse(toCreate(mkt, values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<TopCmsFormValues> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'title') as keyof TopCmsFormValues;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
