// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { Header } from './Header.js';
import type { PortalData } from './portal-data.js';
import { TextsContext, translator } from './texts.js';

const choices = vi.hoisted(() => ({ chooseCountry: vi.fn(), chooseLanguage: vi.fn() }));
vi.mock('./choices.js', () => choices);

beforeEach(() => { choices.chooseCountry.mockReset(); choices.chooseLanguage.mockReset(); });
afterEach(cleanup);

const data = {
  market: 'IT', language: 'it', languages: ['it', 'en'], showPartners: false, signedIn: false,
  countries: [{ code: 'BE', name: 'Belgium' }, { code: 'IT', name: 'Italy' }, { code: 'NL', name: 'Netherlands' }, { code: 'ES', name: 'Spain' }],
} as unknown as PortalData;

function header() {
  render(<TextsContext.Provider value={translator(resources.it.portal, 'it')}><Header data={data} /></TextsContext.Provider>);
  return { country: screen.getByTestId('country-switch') as HTMLSelectElement, language: screen.getByTestId('language-switch') as HTMLSelectElement };
}

describe('the header\'s country and language by keyboard (issue 23 review, WCAG 3.2.2)', () => {
  it('steps through the countries with the arrow keys without leaving; Enter opens the one reached', () => {
    const { country } = header();
    fireEvent.keyDown(country, { key: 'ArrowDown' });
    fireEvent.change(country, { target: { value: 'NL' } });
    fireEvent.keyDown(country, { key: 'ArrowDown' });
    fireEvent.change(country, { target: { value: 'ES' } });
    expect(choices.chooseCountry).not.toHaveBeenCalled();
    expect(country.value).toBe('ES');
    fireEvent.keyDown(country, { key: 'Enter' });
    expect(choices.chooseCountry).toHaveBeenCalledTimes(1);
    expect(choices.chooseCountry).toHaveBeenCalledWith('ES');
  });

  it('applies a value stepped to when the focus leaves; a choice in the open list (mouse, touch) at once', () => {
    const { country, language } = header();
    fireEvent.keyDown(language, { key: 'ArrowDown' });
    fireEvent.change(language, { target: { value: 'en' } });
    expect(choices.chooseLanguage).not.toHaveBeenCalled();
    fireEvent.blur(language);
    expect(choices.chooseLanguage).toHaveBeenCalledWith('en');
    fireEvent.pointerDown(country);
    fireEvent.change(country, { target: { value: 'BE' } });
    expect(choices.chooseCountry).toHaveBeenCalledWith('BE');
  });
});
