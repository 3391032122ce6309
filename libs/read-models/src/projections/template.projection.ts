import type { TemplateEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { TemplateBuyerRow, TemplateRow } from '../rows.js';
import { domainEventOf } from './event-data.js';

const FIELDS = [
  'templateName', 'description', 'largeLogo', 'smallLogo', 'commercialInfoPhone', 'commercialInfoEmail', 'vatCode', 'idMarket', 'provenance',
] as const;

/** The template row after one event of its stream, as `evolveTemplate` folds it. Pure. */
export function projectTemplate(row: TemplateRow | undefined, event: StoredEvent): TemplateRow | undefined {
  const e = domainEventOf<TemplateEvent>(event);
  if (e.type === 'TemplateCreated') {
    if (row) return row;
    const d = e.data;
    return {
      idTemplate: d.idTemplate, idDealer: d.idDealer, templateName: d.templateName, description: d.description ?? null,
      largeLogo: d.largeLogo ?? null, smallLogo: d.smallLogo ?? null, commercialInfoPhone: d.commercialInfoPhone ?? null,
      commercialInfoEmail: d.commercialInfoEmail ?? null, vatCode: d.vatCode ?? null, idMarket: d.idMarket, provenance: d.provenance ?? null,
      status: 'ENABLED', createdPosition: event.position,
    };
  }
  if (!row) return row;
  switch (e.type) {
    case 'TemplateEdited': {
      const next: Record<string, unknown> = { ...row };
      for (const field of FIELDS) if (e.data[field] !== undefined) next[field] = e.data[field];
      return next as unknown as TemplateRow;
    }
    case 'TemplateEnabledChanged':
      return row.status === 'DELETED' ? row : { ...row, status: e.data.flgEnabled ? 'ENABLED' : 'DISABLED' };
    case 'TemplateDeleted':
      return { ...row, status: 'DELETED' };
    default:
      return row;
  }
}

/** A dealer's enablement for a template (`TemplateBuyerChanged`): a row while enabled, none once disabled. Pure. */
export function projectTemplateBuyer(
  row: TemplateBuyerRow | undefined, event: StoredEvent, template: TemplateRow | undefined,
): TemplateBuyerRow | undefined {
  const e = domainEventOf<TemplateEvent>(event);
  if (e.type !== 'TemplateBuyerChanged' || !template) return row;
  if (!e.data.flgEnabled) return undefined;
  return row ?? { idTemplate: e.data.idTemplate, idDealer: e.data.idDealer, enabledPosition: event.position };
}
