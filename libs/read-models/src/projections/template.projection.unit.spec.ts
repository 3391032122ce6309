import { describe, expect, it } from 'vitest';
import type { TemplateData, TemplateEvent } from '@auction/domain';
import { stored } from '../testing/stored.test-support.js';
import { projectAll } from './project-event.js';

const SID = 'template-T-1';
const by = 'admin-1';
const at = 1_800_000_000_000;
const data: TemplateData = {
  idTemplate: 'T-1', idDealer: 'D-AUCT', templateName: 'Rent-it', description: null, largeLogo: 'img-l', smallLogo: null,
  commercialInfoPhone: null, commercialInfoEmail: 'sales@rent-it.example', vatCode: 'IT01234567890', idMarket: 'IT', provenance: 'RENT-IT',
};
const ev = (e: TemplateEvent) => stored(SID, e);
const created = () => ev({ type: 'TemplateCreated', data: { ...data, by, at } });
const buyer = (idDealer: string, flgEnabled: boolean) => ev({ type: 'TemplateBuyerChanged', data: { idTemplate: 'T-1', idDealer, flgEnabled, by, at } });

describe('template read model', () => {
  it('projects the template row: created, edited, disabled, deleted', () => {
    const first = created();
    let rows = projectAll([first]);
    expect(rows.templates.get({ idTemplate: 'T-1' })).toEqual({ ...data, status: 'ENABLED', createdPosition: first.position });
    rows = projectAll([
      first, ev({ type: 'TemplateEdited', data: { idTemplate: 'T-1', templateName: 'Rent-it 2', description: 'cars', by, at } }),
      ev({ type: 'TemplateEnabledChanged', data: { idTemplate: 'T-1', flgEnabled: false, by, at } }),
    ]);
    expect(rows.templates.get({ idTemplate: 'T-1' })).toMatchObject({ templateName: 'Rent-it 2', description: 'cars', status: 'DISABLED' });
    rows = projectAll([first, ev({ type: 'TemplateDeleted', data: { idTemplate: 'T-1', from: 'ENABLED', by, at } }),
      ev({ type: 'TemplateEnabledChanged', data: { idTemplate: 'T-1', flgEnabled: true, by, at } })]);
    expect(rows.templates.get({ idTemplate: 'T-1' })?.status).toBe('DELETED');
  });

  it('keeps a row per dealer enabled for the template, removed when disabled; nothing for an unknown template', () => {
    const rows = projectAll([created(), buyer('D-B', true), buyer('D-C', true), buyer('D-C', false)]);
    expect(rows.templateBuyers.get({ idTemplate: 'T-1', idDealer: 'D-B' })).toMatchObject({ idTemplate: 'T-1', idDealer: 'D-B' });
    expect(rows.templateBuyers.get({ idTemplate: 'T-1', idDealer: 'D-C' })).toBeUndefined();
    expect(projectAll([buyer('D-B', true)]).templateBuyers.get({ idTemplate: 'T-1', idDealer: 'D-B' })).toBeUndefined();
  });
});
