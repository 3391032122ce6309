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
});
