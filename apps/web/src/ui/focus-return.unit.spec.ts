// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberFocus, restoreFocus } from './focus-return.js';

afterEach(() => { document.body.innerHTML = ''; });

describe('focus after a completed action (#21 item 19)', () => {
  it('goes to the re-rendered twin of the control (Enable became Disable after the reload)', () => {
    document.body.innerHTML = '<main><h1>Dealer</h1><article data-testid="dealer-page"><button data-testid="dealer-toggle">Enable</button></article></main>';
    document.querySelector<HTMLElement>('[data-testid="dealer-toggle"]')!.focus();
    const memo = rememberFocus();
    document.body.innerHTML = '<main><h1>Dealer</h1><article data-testid="dealer-page"><button data-testid="dealer-toggle">Disable</button></article></main>';
    expect(restoreFocus(memo)?.textContent).toBe('Disable');
    expect(document.activeElement?.textContent).toBe('Disable');
  });
  it('goes to the next usable control of the row when the control is gone (awarded: Award became Revert) or disabled', () => {
    document.body.innerHTML = '<main><h1>Auction</h1><table><tr data-testid="lot-l1"><td><button data-testid="award-l1">Award</button></td></tr></table></main>';
    document.querySelector<HTMLElement>('[data-testid="award-l1"]')!.focus();
    const memo = rememberFocus();
    document.body.innerHTML = '<main><h1>Auction</h1><table><tr data-testid="lot-l1"><td><button disabled>Award</button><button data-testid="revert-l1">Revert</button></td></tr></table></main>';
    expect(restoreFocus(memo)?.textContent).toBe('Revert');
  });
  it('goes to the page heading, never the body, when nothing near is left', () => {
    document.body.innerHTML = '<main><h1>Permissions</h1><section data-testid="s"><button data-testid="x">Add</button></section></main>';
    document.querySelector<HTMLElement>('[data-testid="x"]')!.focus();
    const memo = rememberFocus();
    document.querySelector('section')!.remove();
    expect(restoreFocus(memo)?.tagName).toBe('H1');
    expect(document.activeElement).not.toBe(document.body);
  });
});
