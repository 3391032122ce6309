import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Spinner, SPINNER_FORCED_HIDE_MS } from './spinner.js';

describe('Spinner (spec: counted show/hide, forced hidden after 60 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays visible until every show has its hide', () => {
    const spinner = new Spinner();
    spinner.show();
    spinner.show();
    spinner.hide();
    expect(spinner.visible).toBe(true);
    spinner.hide();
    expect(spinner.visible).toBe(false);
  });

  it('never counts below zero', () => {
    const spinner = new Spinner();
    spinner.hide();
    spinner.show();
    expect(spinner.count.get()).toBe(1);
  });

  it('is forced hidden after 60 s even when a hide never comes', () => {
    const spinner = new Spinner();
    spinner.show();
    spinner.show();
    vi.advanceTimersByTime(SPINNER_FORCED_HIDE_MS - 1);
    expect(spinner.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(spinner.visible).toBe(false);
    expect(SPINNER_FORCED_HIDE_MS).toBe(60_000);
  });

  it('restarts the forced-hide timer after it went back to zero', () => {
    const spinner = new Spinner();
    spinner.show();
    vi.advanceTimersByTime(50_000);
    spinner.hide();
    spinner.show();
    vi.advanceTimersByTime(50_000);
    expect(spinner.visible).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(spinner.visible).toBe(false);
  });
});
