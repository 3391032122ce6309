// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.js';
import type { Services } from '../services.js';
import { sessionMarket } from '../session/session-keys.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { ServicesContext } from './services-context.js';
import { createStore } from './store.js';

afterEach(() => { cleanup(); sessionStorage.clear(); });

async function showAt(path: string) {
  const i18n = await createI18n('en');
  const root = createRootRoute({ component: () => <><LanguageSwitch /><Outlet /></> });
  const page = (p: string) => createRoute({ getParentRoute: () => root, path: p, component: () => <input aria-label="Business name" defaultValue="" /> });
  const router = createRouter({ routeTree: root.addChildren([page('/registration'), page('/password-recovery'), page('/'), page('/$market')]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ session: createStore(null) } as unknown as Services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  await screen.findByTestId('country-switch');
  return { router, i18n };
}

describe('the header\'s country on a form in progress (#21 item 18)', () => {
  it('changes the market and the language in place and keeps what was typed', async () => {
    const { router, i18n } = await showAt('/registration');
    const name = await screen.findByLabelText('Business name');
    fireEvent.change(name, { target: { value: 'Autosalone Prova' } });
    await act(async () => { fireEvent.change(screen.getByTestId('country-switch'), { target: { value: 'DE' } }); });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.pathname).toBe('/registration');
    expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Autosalone Prova');
    expect(sessionMarket()).toBe('DE');
    expect(i18n.language).toBe('de');
  });
  it('elsewhere opens the country\'s home, as the spec says', async () => {
    const { router } = await showAt('/');
    await act(async () => { fireEvent.change(screen.getByTestId('country-switch'), { target: { value: 'IT' } }); });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.pathname).toBe('/it');
  });

  it('an arrow key on the closed select does not leave the page; Enter opens the country reached (issue 23 review, WCAG 3.2.2)', async () => {
    const { router } = await showAt('/password-recovery');
    const country = screen.getByTestId('country-switch') as HTMLSelectElement;
    await act(async () => { fireEvent.keyDown(country, { key: 'ArrowDown' }); fireEvent.change(country, { target: { value: 'LU' } }); });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.pathname).toBe('/password-recovery');
    expect(country.value).toBe('LU');
    await act(async () => { fireEvent.keyDown(country, { key: 'Enter' }); });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(router.state.location.pathname).toBe('/lu');
  });

  it('a language chosen here is the public portal\'s too (its server-drawn pages read the portal-language cookie) (issue 23 review)', async () => {
    await showAt('/password-recovery');
    await act(async () => { fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'it' } }); });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.cookie.split('; ')).toContain('portal-language=it');
  });
});
