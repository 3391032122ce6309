// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AdminUserDetails, UserProfile } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import type { Services } from '../../../services.js';
import { createStore } from '../../../ui/store.js';
import { ServicesContext } from '../../../ui/services-context.js';
import { userCapabilities } from './role-picker.js';
import { UserPermissions } from './UserPermissions.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const target = { idUser: 'u-7', roles: ['USER', 'BUYER'], state: 'ENABLED' } as unknown as AdminUserDetails;

function show(actor: Partial<UserProfile>, user: AdminUserDetails = target) {
  const profile = { idUser: 'me', roles: ['USER', 'ADMIN'], readOnly: false, ...actor } as UserProfile;
  const session = createStore<UserProfile | null>(profile);
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ session } as unknown as Services}>
        <UserPermissions user={user} can={userCapabilities(profile, user)} onAdd={async () => undefined} onRemove={async () => undefined} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}

describe('disabled permission controls say why (#21 item 20)', () => {
  it('a read-only administrator', () => {
    show({ readOnly: true });
    expect((screen.getByTestId('add-permission') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('permissions-why').textContent).toBe('Your account is read-only: permissions cannot be changed.');
    expect(screen.getByTestId('add-permission').getAttribute('aria-describedby')).toBe('permissions-why');
  });
  it('a customer-centre user (not an administrator)', () => {
    show({ roles: ['USER', 'CUSTOMER_CENTER'] });
    expect(screen.getByTestId('permissions-why').textContent).toBe('Only an administrator can add or remove permissions.');
  });
  it('an administrator\'s own ADMIN chip', () => {
    show({}, { idUser: 'me', roles: ['USER', 'ADMIN'], state: 'ENABLED' } as unknown as AdminUserDetails);
    expect((screen.getByTestId('remove-permission-ADMIN') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('permissions-own-why').textContent).toContain('You cannot remove your own staff permission');
    expect(screen.queryByTestId('permissions-why')).toBeNull();
  });
});
