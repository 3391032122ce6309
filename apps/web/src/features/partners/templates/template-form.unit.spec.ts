import { describe, expect, it } from 'vitest';
import type { TemplateView } from '@auction/contracts';
import { sellableTemplates, templateFormValues, templateResolver, toTemplateCreate, toTemplateEdit } from './template-form.js';

const resolve = (values: ReturnType<typeof templateFormValues>) => templateResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const view = (idTemplate: string, over: Partial<TemplateView> = {}): TemplateView => ({
  idTemplate, idDealer: 'D-AUCT', templateName: idTemplate, description: null, largeLogo: null, smallLogo: null, commercialInfoPhone: null,
  commercialInfoEmail: null, vatCode: null, idMarket: 'IT', provenance: null, status: 'ENABLED', flgEnabled: true, ...over,
});

describe('the template form', () => {
  it('turns blanks into none and trims', () => {
    const values = { ...templateFormValues(null, 'DE'), templateName: ' Leasys ', vatCode: ' IT1 ', commercialInfoEmail: '' };
    expect(toTemplateCreate(values)).toEqual({
      templateName: 'Leasys', description: null, largeLogo: null, smallLogo: null, commercialInfoPhone: null, commercialInfoEmail: null, vatCode: 'IT1', idMarket: 'DE', provenance: null,
    });
    expect(toTemplateEdit('T1', values)).toMatchObject({ idTemplate: 'T1', templateName: 'Leasys', idMarket: 'DE' });
    expect(templateFormValues(view('T2', { vatCode: 'V' }), 'DE')).toMatchObject({ templateName: 'T2', vatCode: 'V', idMarket: 'IT', description: '' });
  });
  it('is checked by the contract: a name, an e-mail, logo ids', async () => {
    expect(Object.keys((await resolve(templateFormValues(null, 'IT'))).errors)).toEqual(['templateName']);
    const bad = { ...templateFormValues(null, 'IT'), templateName: 'x'.repeat(101), commercialInfoEmail: 'nope', largeLogo: 'not an id!' };
    expect(Object.keys((await resolve(bad)).errors).sort()).toEqual(['commercialInfoEmail', 'largeLogo', 'templateName']);
    expect((await resolve({ ...templateFormValues(null, 'IT'), templateName: 'Ok', commercialInfoEmail: 'a@b.it', largeLogo: 'img_1' })).errors).toEqual({});
  });
});

describe('the templates one sells through', () => {
  const list = [view('B'), view('A'), view('OTHER', { idDealer: 'D-X' }), view('OFF', { flgEnabled: false, status: 'DISABLED' }), view('DE', { idMarket: 'DE' })];
  it('an auctioneer: its own dealer\'s enabled templates of the market, by name', () => {
    expect(sellableTemplates({ roles: ['AUCTIONEER'], idDealer: 'D-AUCT', adminEnabledMarket: [] }, 'IT', list).map((t) => t.idTemplate)).toEqual(['A', 'B']);
    expect(sellableTemplates({ roles: ['BUYER'], idDealer: 'D-AUCT', adminEnabledMarket: [] }, 'IT', list)).toEqual([]);
  });
  it('an ADMIN of the market: every enabled one of it; of another market: none', () => {
    expect(sellableTemplates({ roles: ['ADMIN'], idDealer: null, adminEnabledMarket: ['IT'] }, 'IT', list).map((t) => t.idTemplate)).toEqual(['A', 'B', 'OTHER']);
    expect(sellableTemplates({ roles: ['ADMIN'], idDealer: null, adminEnabledMarket: ['DE'] }, 'IT', list)).toEqual([]);
  });
  it('a multi-auctioneer: its associated ones too, once', () => {
    const seller = { roles: ['MULTI_AUCTIONEER'], idDealer: 'D-AUCT', adminEnabledMarket: [] };
    expect(sellableTemplates(seller, 'IT', list, [view('OTHER', { idDealer: 'D-X' }), view('A'), view('DE', { idMarket: 'DE' })]).map((t) => t.idTemplate)).toEqual(['A', 'B', 'OTHER']);
  });
});
