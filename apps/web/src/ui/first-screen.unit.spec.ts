// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dropFirstScreen, FIRST_SCREEN_ID } from './first-screen.js';

describe("the server's first screen", () => {
  it('is removed once, and a page without one is left as it is', () => {
    document.body.innerHTML = `<div id="root"><p>app</p></div><div id="${FIRST_SCREEN_ID}" aria-hidden="true"><table></table></div>`;
    dropFirstScreen();
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    dropFirstScreen();
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
