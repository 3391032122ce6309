// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { CHANGE_PASSWORD_MAX_LENGTH, changePasswordSchema } from '@auction/domain';
import { createI18n } from '../../../i18n/i18n.js';
import { NewPasswordForm } from './NewPasswordForm.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

function showChangeForm() {
  const onSubmit = vi.fn(async () => undefined);
  const labels = { currentPassword: i18n.t('account:change.currentPassword'), password: 'New password', confPassword: 'Confirm', submit: 'Change' };
  render(
    <I18nextProvider i18n={i18n}>
      <NewPasswordForm idPrefix="change" schema={changePasswordSchema} inputMaxLength={CHANGE_PASSWORD_MAX_LENGTH} labels={labels} serverError={null} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  return { onSubmit };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('NewPasswordForm asking for the current password (issue 21 item 8)', () => {
  it('shows the current-password field first, labelled, for the browser\'s stored password', () => {
    showChangeForm();
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getAllByLabelText(/password|Confirm/).map((e) => e.id)).toEqual(['change-currentPassword', 'change-password', 'change-confPassword']);
  });

  it('keeps submit disabled until the current password is given, then sends it with the new one', async () => {
    const { onSubmit } = showChangeForm();
    const submit = screen.getByTestId('change-submit') as HTMLButtonElement;
    type('change-password', 'Strong#Pass26');
    type('change-confPassword', 'Strong#Pass26');
    expect(submit.disabled).toBe(true);
    type('change-currentPassword', 'x');
    type('change-currentPassword', '');
    expect(screen.getByTestId('change-currentPassword-error').textContent).not.toBe('');
    type('change-currentPassword', 'Old#Pass2025');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currentPassword: 'Old#Pass2025', password: 'Strong#Pass26', confPassword: 'Strong#Pass26' }));
  });
});
