import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.js';
import { auditTypeText } from './AuditTrail.js';

describe('audit trail change names', () => {
  it('names dealer and user events in the reader language, and shows an unknown code as it is', async () => {
    const i18n = await createI18n('it');
    await i18n.loadNamespaces(['dealers', 'people']);
    const t = i18n.getFixedT(null, 'dealers');
    expect(auditTypeText(t, 'DealerEnabledChanged')).toBe('Abilitato o disabilitato');
    expect(auditTypeText(t, 'UserRolesChanged')).toBe('Permessi modificati');
    expect(auditTypeText(t, 'SomethingNew')).toBe('SomethingNew');
  });
});
