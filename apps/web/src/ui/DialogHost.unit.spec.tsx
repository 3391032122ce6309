// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.js';
import type { Services } from '../services.js';
import { DialogHost } from './DialogHost.js';
import { Dialogs } from './dialogs.js';
import { ServicesContext } from './services-context.js';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('en');
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) { this.setAttribute('open', ''); };
});
afterEach(cleanup);

/** A dealer page whose Enable button re-renders as Disable (a new element) once the change is done. */
function DealerPage({ dialogs }: { dialogs: Dialogs }) {
  const [enabled, setEnabled] = useState(false);
  const toggle = async () => {
    setEnabled((e) => !e);
    await dialogs.success();
  };
  return (
    <main>
      <h1>Dealer</h1>
      <article data-testid="dealer-page">
        {enabled
          ? <button key="on" type="button" data-testid="dealer-toggle" onClick={() => void toggle()}>Disable</button>
          : <button key="off" type="button" data-testid="dealer-toggle" onClick={() => void toggle()}>Enable</button>}
      </article>
    </main>
  );
}

describe('the focus after a dialog of a completed action (#21 item 19)', () => {
  it('lands on the re-rendered control, not on the page body', async () => {
    const dialogs = new Dialogs();
    render(
      <I18nextProvider i18n={i18n}>
        <ServicesContext.Provider value={{ dialogs } as unknown as Services}>
          <DealerPage dialogs={dialogs} />
          <DialogHost />
        </ServicesContext.Provider>
      </I18nextProvider>,
    );
    const enable = screen.getByText('Enable');
    enable.focus();
    await act(async () => { fireEvent.click(enable); });
    await act(async () => { fireEvent.click(await screen.findByTestId('dialog-ok')); });
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.textContent).toBe('Disable');
  });
});
