import type { FieldErrors, Resolver } from 'react-hook-form';
import { TemplateCreate, type TemplateEdit, type TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';

/** What the template form holds: every text as typed (blank: none). */
export interface TemplateFormValues {
  templateName: string;
  description: string;
  largeLogo: string;
  smallLogo: string;
  commercialInfoPhone: string;
  commercialInfoEmail: string;
  vatCode: string;
  idMarket: Market;
  provenance: string;
}

/** The text inputs of the form, in its order (the description is a text area, the market a select). */
export const TEMPLATE_TEXT_FIELDS = ['templateName', 'provenance', 'vatCode', 'commercialInfoPhone', 'commercialInfoEmail', 'largeLogo', 'smallLogo'] as const;
export type TemplateTextField = (typeof TEMPLATE_TEXT_FIELDS)[number];
/** The contract's longest text of each field. */
export const TEMPLATE_MAX: Readonly<Record<TemplateTextField | 'description', number>> = {
  templateName: 100, description: 2_000, largeLogo: 64, smallLogo: 64, commercialInfoPhone: 40, commercialInfoEmail: 200, vatCode: 30, provenance: 50,
};

/** The form's values for a template (null: a new one in `market`). */
export function templateFormValues(template: TemplateView | null, market: Market): TemplateFormValues {
  return {
    templateName: template?.templateName ?? '', description: template?.description ?? '', largeLogo: template?.largeLogo ?? '', smallLogo: template?.smallLogo ?? '',
    commercialInfoPhone: template?.commercialInfoPhone ?? '', commercialInfoEmail: template?.commercialInfoEmail ?? '', vatCode: template?.vatCode ?? '',
    idMarket: template?.idMarket ?? market, provenance: template?.provenance ?? '',
  };
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The create body of the form's values: blanks are none (the owner is the caller's dealer: the server's default). */
export function toTemplateCreate(v: TemplateFormValues): TemplateCreate {
  return {
    templateName: v.templateName.trim(), description: blankToNull(v.description), largeLogo: blankToNull(v.largeLogo), smallLogo: blankToNull(v.smallLogo),
    commercialInfoPhone: blankToNull(v.commercialInfoPhone), commercialInfoEmail: blankToNull(v.commercialInfoEmail), vatCode: blankToNull(v.vatCode),
    idMarket: v.idMarket, provenance: blankToNull(v.provenance),
  };
}

/** The edit body: the template's id and every field (a blank clears it). */
export function toTemplateEdit(idTemplate: string, v: TemplateFormValues): TemplateEdit {
  return { idTemplate, ...TemplateCreate.parse(toTemplateCreate(v)) };
}

/** Checks the form with the contract's own schema (the server parses the same), one error per field. */
export const templateResolver: Resolver<TemplateFormValues> = async (values) => {
  const result = TemplateCreate.safeParse(toTemplateCreate(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<TemplateFormValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'templateName') as keyof TemplateFormValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** Who picks a template to sell through: the logged user's roles, dealer and the markets it administers. */
export interface Seller {
  readonly roles: readonly string[];
  readonly idDealer: string | null;
  readonly adminEnabledMarket: readonly string[];
}

/**
 * The templates `seller` may sell a sale of `market` through (ROLES.md, domain `sellThroughRefusal`): enabled ones of
 * that market, of its own dealer (AUCTIONEER, MULTI_AUCTIONEER, EXHIBITOR) or any when it is an ADMIN of the market;
 * a multi-auctioneer's associated templates come from `associated` (`enabled-template`). By name, each once.
 */
export function sellableTemplates(seller: Seller, market: string, ofMarket: readonly TemplateView[], associated: readonly TemplateView[] = []): TemplateView[] {
  const admin = seller.roles.includes('ADMIN') && seller.adminEnabledMarket.includes(market);
  const owner = ['AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR'].some((r) => seller.roles.includes(r)) && !!seller.idDealer;
  const multi = seller.roles.includes('MULTI_AUCTIONEER');
  const byId = new Map<string, TemplateView>();
  for (const t of ofMarket) {
    if (t.flgEnabled && t.idMarket === market && (admin || (owner && t.idDealer === seller.idDealer))) byId.set(t.idTemplate, t);
  }
  if (multi) for (const t of associated) if (t.flgEnabled && t.idMarket === market) byId.set(t.idTemplate, t);
  return [...byId.values()].sort((a, b) => a.templateName.localeCompare(b.templateName));
}
