// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../i18n/i18n.js';
import { InformativeDialog } from './PrivateDialogs.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

function show(code: '1' | '2', lng = 'en') {
  const onClose = vi.fn();
  void i18n.changeLanguage(lng);
  render(<I18nextProvider i18n={i18n}><InformativeDialog code={code} onClose={onClose} /></I18nextProvider>);
  return onClose;
}

describe('InformativeDialog', () => {
  it('code "1" is the privacy policy, named by its heading, its close button closing it', () => {
    const onClose = show('1');
    const dialog = screen.getByTestId('informative-dialog-1');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Privacy policy' }).id);
    expect(screen.getByTestId('informative-text').textContent).toContain('personal data');
    fireEvent.click(screen.getByTestId('informative-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('code "2" is the terms and conditions; Escape closes it', () => {
    const onClose = show('2');
    expect(screen.getByRole('heading', { name: 'Terms and conditions' })).toBeTruthy();
    expect(screen.getByTestId('informative-text').textContent).toContain('professional dealers');
    fireEvent(screen.getByTestId('informative-dialog-2'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
