import { describe, expect, it, vi } from 'vitest';
import { leaveForServerPage } from './server-pages.js';

describe('leaveForServerPage', () => {
  it('loads a page the server draws in full, unless this document was served for it (no loop without a portal build)', () => {
    const assign = vi.fn();
    expect(leaveForServerPage('/it', { assign }, '/registration')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/it');
    expect(leaveForServerPage('/it', { assign }, '/it')).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('stays when this document was served for another page the server draws: it could not draw them, leaving would loop (/ → /it → / …)', () => {
    const assign = vi.fn();
    // A visitor's /it came back as this client (its data call failed): the empty path's guard must not go back to /.
    expect(leaveForServerPage('/', { assign }, '/it')).toBe(false);
    expect(leaveForServerPage('/de', { assign }, '/it/')).toBe(false);
    expect(leaveForServerPage('/', { assign }, '/partner')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    // A client page (a deep link, the login) still goes to the portal by a full load.
    expect(leaveForServerPage('/', { assign }, '/login')).toBe(true);
    expect(leaveForServerPage('/', { assign }, '/italian')).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
  });
});
