import { describe, expect, it } from 'vitest';
import { TRANSLATED_LANGUAGES } from './languages.js';
import { resources } from './resources.js';

describe('the closed lot\'s status cell (#21 item 20)', () => {
  it.each(TRANSLATED_LANGUAGES)('%s: the line after the "Closed" badge does not say "Closed" again', (language) => {
    const awaiting = resources[language].auction.dealer.awaitingSeller;
    const closed = resources[language].common.status.CLD;
    // "Closed Closed: awaiting…": the badge already names the status, the line only says what happens next.
    expect(awaiting).not.toMatch(/^[^:]{1,20}\s?:/);
    expect(awaiting.toLowerCase()).not.toContain(closed.toLowerCase().slice(0, 5));
  });
});
