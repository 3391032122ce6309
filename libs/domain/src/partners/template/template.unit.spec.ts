import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { TEMPLATE, kindOf, partitionKeyOfStream, streamId } from '../../streams.js';
import {
  TEMPLATE_RULE_CODES, TemplateRuleError, evolveTemplate, initialTemplateState, isTemplateListed, mayManageTemplate, maySeeTemplate, sellThroughRefusal, sellingOpenTo, templateDecider, templateOpenTo,
  type TemplateCommand, type TemplateData, type TemplateEvent,
} from './template.js';

const by = 'admin-1';
const now = 1_800_000_000_000;
const data: TemplateData = {
  idTemplate: 'T-1', idDealer: 'D-AUCT', templateName: 'Rent-it remarketing', description: 'Ex-rental cars', largeLogo: 'img-l',
  smallLogo: 'img-s', commercialInfoPhone: '+39 02 000', commercialInfoEmail: 'sales@rent-it.example', vatCode: 'IT01234567890',
  idMarket: 'IT', provenance: 'RENT-IT',
};
const created: TemplateEvent = { type: 'TemplateCreated', data: { ...data, by, at: now } };
const enabled = (flgEnabled: boolean): TemplateEvent => ({ type: 'TemplateEnabledChanged', data: { idTemplate: 'T-1', flgEnabled, by, at: now } });
const buyer = (idDealer: string, flgEnabled: boolean): TemplateEvent => ({ type: 'TemplateBuyerChanged', data: { idTemplate: 'T-1', idDealer, flgEnabled, by, at: now } });
const deleted: TemplateEvent = { type: 'TemplateDeleted', data: { idTemplate: 'T-1', from: 'ENABLED', by, at: now } };
const templates = spec(templateDecider);

function refused(events: TemplateEvent[], command: TemplateCommand, code: number): void {
  const state = events.reduce(evolveTemplate, initialTemplateState);
  let caught: unknown = null;
  try { templateDecider.decide(command, state); } catch (error) { caught = error; }
  expect(caught).toBeInstanceOf(TemplateRuleError);
  expect((caught as TemplateRuleError).code).toBe(code);
}

describe('CreateTemplate', () => {
  it('creates an ENABLED template with no dealer enabled for it yet; a retry changes nothing', () => {
    const { events, state } = templates.given([]).when({ type: 'CreateTemplate', data, by, now }).run();
    expect(events).toEqual([created]);
    expect(state).toEqual({ status: 'ENABLED', data, buyers: [] });
    templates.given([created]).when({ type: 'CreateTemplate', data: { ...data, templateName: 'other' }, by, now }).thenNothing();
  });
});

describe('EditTemplate', () => {
  it('records only the fields that changed, and the state takes them', () => {
    const command: TemplateCommand = { type: 'EditTemplate', idTemplate: 'T-1', changes: { templateName: 'Rent-it', vatCode: data.vatCode, description: null }, by, now };
    templates.given([created]).when(command).then([{ type: 'TemplateEdited', data: { idTemplate: 'T-1', templateName: 'Rent-it', description: null, by, at: now } }]);
    const { state } = templates.given([created]).when(command).run();
    expect(state.status !== 'NONE' && state.data).toEqual({ ...data, templateName: 'Rent-it', description: null });
  });
  it('writes nothing when nothing changes', () => {
    templates.given([created]).when({ type: 'EditTemplate', idTemplate: 'T-1', changes: { templateName: data.templateName }, by, now }).thenNothing();
  });
  it('refuses an unknown (404300) or deleted (409300) template', () => {
    refused([], { type: 'EditTemplate', idTemplate: 'T-1', changes: { templateName: 'x' }, by, now }, TEMPLATE_RULE_CODES.NOT_FOUND);
    refused([created, deleted], { type: 'EditTemplate', idTemplate: 'T-1', changes: { templateName: 'x' }, by, now }, TEMPLATE_RULE_CODES.STATE_CONFLICT);
  });
});

describe('SetTemplateEnabled', () => {
  it('disables and re-enables; the same state again writes nothing', () => {
    templates.given([created]).when({ type: 'SetTemplateEnabled', idTemplate: 'T-1', flgEnabled: false, by, now }).then([enabled(false)]);
    templates.given([created, enabled(false)]).when({ type: 'SetTemplateEnabled', idTemplate: 'T-1', flgEnabled: true, by, now }).then([enabled(true)]);
    templates.given([created]).when({ type: 'SetTemplateEnabled', idTemplate: 'T-1', flgEnabled: true, by, now }).thenNothing();
  });
});

describe('DeleteTemplate', () => {
  it('deletes once, from the state it was in; the template leaves the lists', () => {
    const { events, state } = templates.given([created]).when({ type: 'DeleteTemplate', idTemplate: 'T-1', by, now }).run();
    expect(events).toEqual([deleted]);
    expect(isTemplateListed(state)).toBe(false);
    templates.given([created, deleted]).when({ type: 'DeleteTemplate', idTemplate: 'T-1', by, now }).thenNothing();
    refused([], { type: 'DeleteTemplate', idTemplate: 'T-1', by, now }, TEMPLATE_RULE_CODES.NOT_FOUND);
  });
});

describe('SetTemplateBuyer and who sees what', () => {
  it('enables a dealer for the template: it is open to that dealer only, while the template is enabled', () => {
    templates.given([created]).when({ type: 'SetTemplateBuyer', idTemplate: 'T-1', idDealer: 'D-B', flgEnabled: true, by, now }).then([buyer('D-B', true)]);
    const state = [created, buyer('D-B', true)].reduce(evolveTemplate, initialTemplateState);
    expect(templateOpenTo(state, 'D-B')).toBe(true);
    expect(templateOpenTo(state, 'D-C')).toBe(false);
    expect(templateOpenTo(state, null)).toBe(false);
    expect(templateOpenTo(undefined, 'D-B')).toBe(false);
    expect(templateOpenTo(evolveTemplate(state, enabled(false)), 'D-B')).toBe(false);
    expect(templateOpenTo(evolveTemplate(state, deleted), 'D-B')).toBe(false);
  });
  it('disabling the dealer closes it again; enabling twice writes nothing', () => {
    templates.given([created, buyer('D-B', true)]).when({ type: 'SetTemplateBuyer', idTemplate: 'T-1', idDealer: 'D-B', flgEnabled: true, by, now }).thenNothing();
    const { events, state } = templates.given([created, buyer('D-B', true)]).when({ type: 'SetTemplateBuyer', idTemplate: 'T-1', idDealer: 'D-B', flgEnabled: false, by, now }).run();
    expect(events).toEqual([buyer('D-B', false)]);
    expect(templateOpenTo(state, 'D-B')).toBe(false);
    refused([created, deleted], { type: 'SetTemplateBuyer', idTemplate: 'T-1', idDealer: 'D-B', flgEnabled: true, by, now }, TEMPLATE_RULE_CODES.STATE_CONFLICT);
  });
  it('keeps the buyers sorted and without repeats', () => {
    const state = [created, buyer('D-Z', true), buyer('D-A', true), buyer('D-Z', true)].reduce(evolveTemplate, initialTemplateState);
    expect(state.status !== 'NONE' && state.buyers).toEqual(['D-A', 'D-Z']);
  });
});

describe('evolveTemplate', () => {
  it('never throws: events on an unknown template or of an unknown type leave the state', () => {
    expect(evolveTemplate(initialTemplateState, enabled(false))).toBe(initialTemplateState);
    const state = evolveTemplate(initialTemplateState, created);
    expect(evolveTemplate(state, { type: 'TemplateOdd', data: {} } as unknown as TemplateEvent)).toBe(state);
    expect(evolveTemplate(state, created)).toBe(state);
  });
});

describe('template streams', () => {
  it('are `template-{idTemplate}`, folded by the template decider and keyed by themselves', () => {
    expect(streamId.template('T-1')).toBe('template-T-1');
    expect(kindOf('template-T-1')).toBe(TEMPLATE);
    expect(partitionKeyOfStream('template-T-1', initialTemplateState)).toBe('template-T-1');
  });
});

describe('who manages and who sees a template', () => {
  const state = [created, buyer('D-B', true)].reduce(evolveTemplate, initialTemplateState);
  const viewer = (roles: string[], idDealer: string | null, markets: ('IT' | 'DE')[] = []) => ({ roles, idDealer, markets });
  it('an ADMIN of its market and the owner dealer\'s AUCTIONEER manage it; others do not', () => {
    expect(mayManageTemplate(viewer(['ADMIN'], 'D-STAFF', ['IT']), data)).toBe(true);
    expect(mayManageTemplate(viewer(['ADMIN'], 'D-STAFF', ['DE']), data)).toBe(false);
    expect(mayManageTemplate(viewer(['CUSTOMER_CENTER'], 'D-STAFF', ['IT']), data)).toBe(false);
    expect(mayManageTemplate(viewer(['AUCTIONEER'], 'D-AUCT'), data)).toBe(true);
    expect(mayManageTemplate(viewer(['AUCTIONEER'], 'D-OTHER'), data)).toBe(false);
    expect(mayManageTemplate(viewer(['BUYER'], 'D-AUCT'), data)).toBe(false);
  });
  it('staff of its market, its managers and the dealers enabled for it see it; a deleted one no one', () => {
    expect(maySeeTemplate(viewer(['CUSTOMER_CENTER'], null, ['IT']), state)).toBe(true);
    expect(maySeeTemplate(viewer(['BUYER'], 'D-B'), state)).toBe(true);
    expect(maySeeTemplate(viewer(['BUYER'], 'D-C'), state)).toBe(false);
    expect(maySeeTemplate(viewer(['ADMIN'], null, ['IT']), evolveTemplate(state, deleted))).toBe(false);
    expect(maySeeTemplate(viewer(['ADMIN'], null, ['IT']), undefined)).toBe(false);
  });
});

describe('sellingOpenTo: who sees an auction or a showcase of a template', () => {
  const state = [created, buyer('D-B', true)].reduce(evolveTemplate, initialTemplateState);
  const who = (roles: string[], idDealer: string | null, idUser = 'u') => ({ idUser, roles, idDealer, markets: [] as const });
  const sale = { idOwner: 'auctioneer', idTemplate: 'T-1' };
  it('a dealer enabled for the template sees it; another dealer does not, nor anyone when the template is disabled', () => {
    expect(sellingOpenTo(who(['BUYER'], 'D-B'), sale, state)).toBe(true);
    expect(sellingOpenTo(who(['BUYER'], 'D-C'), sale, state)).toBe(false);
    expect(sellingOpenTo(who(['BUYER'], 'D-B'), sale, evolveTemplate(state, enabled(false)))).toBe(false);
    expect(sellingOpenTo(who(['BUYER'], 'D-B'), sale, undefined)).toBe(false);
  });
  it('staff, the owner and the template\'s managers always see it; no template is the default channel, open to all', () => {
    expect(sellingOpenTo(who(['CUSTOMER_CENTER'], null), sale, state)).toBe(true);
    expect(sellingOpenTo(who(['AUCTIONEER'], 'D-X', 'auctioneer'), sale, state)).toBe(true);
    expect(sellingOpenTo(who(['AUCTIONEER'], 'D-AUCT', 'auct-2'), sale, state)).toBe(true);
    expect(sellingOpenTo(who(['BUYER'], 'D-C'), { idOwner: 'auctioneer' }, undefined)).toBe(true);
    expect(sellingOpenTo(who(['BUYER'], 'D-C'), { idOwner: 'auctioneer', idTemplate: null }, undefined)).toBe(true);
  });
  it('a deleted template has no managers: another auctioneer of its dealer no longer sees its auctions, the owner and staff do', () => {
    const gone = evolveTemplate(state, deleted);
    expect(sellingOpenTo(who(['AUCTIONEER'], 'D-AUCT', 'auct-2'), sale, gone)).toBe(false);
    expect(sellingOpenTo(who(['MULTI_AUCTIONEER'], 'D-AUCT', 'auct-3'), sale, gone)).toBe(false);
    expect(sellingOpenTo(who(['AUCTIONEER'], 'D-AUCT', 'auctioneer'), sale, gone)).toBe(true);
    expect(sellingOpenTo(who(['ADMIN'], null), sale, gone)).toBe(true);
    expect(sellingOpenTo(who(['BUYER'], 'D-B'), sale, gone)).toBe(false);
  });
});

describe('SetTemplateMultiAuctioneer', () => {
  const link = (flgEnabled: boolean): TemplateEvent => ({ type: 'TemplateMultiAuctioneerChanged', data: { idTemplate: 'T-1', idDealer: 'D-MULTI', flgEnabled, by, at: now } });
  const command = (flgEnabled: boolean): TemplateCommand => ({ type: 'SetTemplateMultiAuctioneer', idTemplate: 'T-1', idDealer: 'D-MULTI', flgEnabled, by, now });
  it('associates a multi-auctioneer dealer once, and removes it; its MULTI_AUCTIONEER then sees the template', () => {
    templates.given([created]).when(command(true)).then([link(true)]);
    templates.given([created, link(true)]).when(command(true)).thenNothing();
    templates.given([created, link(true)]).when(command(false)).then([link(false)]);
    const state = [created, link(true)].reduce(evolveTemplate, initialTemplateState);
    expect(maySeeTemplate({ roles: ['MULTI_AUCTIONEER'], idDealer: 'D-MULTI', markets: [] }, state)).toBe(true);
    expect(maySeeTemplate({ roles: ['MULTI_AUCTIONEER'], idDealer: 'D-MULTI', markets: [] }, evolveTemplate(state, link(false)))).toBe(false);
    refused([], command(true), TEMPLATE_RULE_CODES.NOT_FOUND);
  });
});

describe('sellThroughRefusal: who may sell through a template', () => {
  const state = [created].reduce(evolveTemplate, initialTemplateState);
  const who = (roles: string[], idDealer: string | null, markets: ('IT' | 'DE')[] = []) => ({ roles, idDealer, markets });
  it('the channel\'s own auctioneer, exhibitor or multi-auctioneer, and an ADMIN of its market, sell through it in its market', () => {
    for (const role of ['AUCTIONEER', 'EXHIBITOR', 'MULTI_AUCTIONEER']) expect(sellThroughRefusal(who([role], 'D-AUCT'), state, 'IT')).toBeNull();
    expect(sellThroughRefusal(who(['ADMIN'], null, ['IT']), state, 'IT')).toBeNull();
  });
  it('another dealer\'s auctioneer, a dealer, an ADMIN of another market: unknown, as a template that does not exist', () => {
    expect(sellThroughRefusal(who(['AUCTIONEER'], 'D-OTHER'), state, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['BUYER'], 'D-AUCT'), state, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['ADMIN'], null, ['DE']), state, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['CUSTOMER_CENTER'], null, ['IT']), state, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['AUCTIONEER'], 'D-AUCT'), undefined, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['AUCTIONEER'], 'D-AUCT'), evolveTemplate(state, deleted), 'IT')).toBe('UNKNOWN');
  });
  it('a multi-auctioneer dealer associated with the template sells through it', () => {
    const associated = evolveTemplate(state, { type: 'TemplateMultiAuctioneerChanged', data: { idTemplate: 'T-1', idDealer: 'D-MULTI', flgEnabled: true, by, at: now } });
    expect(sellThroughRefusal(who(['MULTI_AUCTIONEER'], 'D-MULTI'), state, 'IT')).toBe('UNKNOWN');
    expect(sellThroughRefusal(who(['MULTI_AUCTIONEER'], 'D-MULTI'), associated, 'IT')).toBeNull();
  });
  it('a disabled template, or a sale of another market, is refused to its own seller with the reason', () => {
    expect(sellThroughRefusal(who(['AUCTIONEER'], 'D-AUCT'), evolveTemplate(state, enabled(false)), 'IT')).toBe('DISABLED');
    expect(sellThroughRefusal(who(['AUCTIONEER'], 'D-AUCT'), state, 'DE')).toBe('OTHER_MARKET');
  });
});
