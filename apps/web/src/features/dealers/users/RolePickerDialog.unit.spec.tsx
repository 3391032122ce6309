// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { AuditEntry } from '@auction/contracts';
import { createI18n } from '../../../i18n/i18n.js';
import { auditDetails } from './AuditTrail.js';
import { RolePickerDialog } from './RolePickerDialog.js';
import { stateKey } from './user-state.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

function show(roles: Parameters<typeof RolePickerDialog>[0]['roles']) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(<I18nextProvider i18n={i18n}><RolePickerDialog roles={roles} onPick={onPick} onClose={onClose} /></I18nextProvider>);
  return { onPick, onClose };
}

describe('RolePickerDialog', () => {
  it('is a dialog named by its title, listing the permissions as chips', () => {
    show(['BUYER', 'LOADER']);
    expect(screen.getByTestId('role-picker').tagName).toBe('DIALOG');
    expect(screen.getByRole('heading', { name: 'Choose a permission' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Buyer', 'Loader', 'Close']);
  });
  it('returns the chosen chip and nothing else', () => {
    const { onPick, onClose } = show(['BUYER', 'LOADER']);
    fireEvent.click(screen.getByTestId('pick-LOADER'));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('LOADER');
    expect(onClose).not.toHaveBeenCalled();
  });
  it('closes with nothing from its close button', () => {
    const { onPick, onClose } = show(['BUYER']);
    fireEvent.click(screen.getByTestId('role-picker-close'));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onPick).not.toHaveBeenCalled();
  });
  it('says so when no permission is left', () => {
    show([]);
    expect(screen.getByTestId('role-picker-empty').textContent).toContain('no permission left');
  });
});

describe('audit and state texts', () => {
  it('shows an audit entry\'s details as key: value, lists joined, without the stamp', () => {
    const details: AuditEntry['details'] = { idUser: 'u-1', roles: ['USER', 'BUYER'], personalFields: ['email'], by: 'u-admin', at: 1 };
    expect(auditDetails(details)).toBe('idUser: u-1; roles: USER, BUYER; personalFields: email');
  });
  it('names every state with an existing text', () => {
    for (const state of ['ENABLED', 'DISABLED', 'DELETED', 'ANONYMISED'] as const) expect(i18n.exists(stateKey(state))).toBe(true);
  });
});
