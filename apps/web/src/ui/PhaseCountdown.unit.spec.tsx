// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.js';
import type { Services } from '../services.js';
import { PhaseCountdown } from './PhaseCountdown.js';
import { ServicesContext } from './services-context.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

const NOW = Date.parse('2030-01-01T09:00:00.000Z');
const START = '2030-01-01T10:00:00.000Z'; // in 1 h
const END = '2030-01-01T12:00:00.000Z'; // in 3 h

function show(status: string) {
  const clock = { isSynced: true, now: () => NOW };
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={{ clock } as unknown as Services}>
        <PhaseCountdown status={status} start={START} end={END} testId="auction-countdown" />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}

describe('the countdown of a scheduled or running auction (#21 item 18)', () => {
  it('a scheduled auction says when it starts, counting to the start', () => {
    show('SCH');
    expect(screen.getByTestId('auction-countdown-phase').textContent).toBe('Starts in 01:00:00');
    expect(screen.getByTestId('auction-countdown').getAttribute('data-remaining-ms')).toBe('3600000');
  });
  it('a running one counts to its end; a closed one shows none', () => {
    show('RUN');
    expect(screen.getByTestId('auction-countdown').textContent).toBe('03:00:00');
    cleanup();
    show('CLD');
    expect(screen.queryByTestId('auction-countdown')).toBeNull();
  });
});
