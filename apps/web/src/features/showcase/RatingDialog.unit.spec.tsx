// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/i18n.js';
import { RatingDialog } from './RatingDialog.js';

let i18n: I18n;
beforeAll(async () => { i18n = await createI18n('en'); });
afterEach(cleanup);

function show(onVote: (rating: number) => Promise<void>, given: number | null = null) {
  render(
    <I18nextProvider i18n={i18n}>
      <RatingDialog subject="GA123BC Fiat 500" onVote={onVote} onClose={() => undefined} given={given} />
    </I18nextProvider>,
  );
  return { vote: screen.getByTestId('vote') as HTMLButtonElement, star: (n: number) => screen.getByTestId(`rating-${n}`) as HTMLInputElement };
}

describe('RatingDialog', () => {
  it('is a labelled dialog with five labelled stars, the first focused', () => {
    show(async () => undefined);
    const dialog = screen.getByTestId('rating-dialog');
    expect(dialog.tagName).toBe('DIALOG');
    expect(screen.getByRole('heading', { name: 'Rate your purchase' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(document.activeElement).toBe(screen.getByTestId('rating-1'));
  });

  it('disables the vote until a rating is chosen, sends it, then disables the vote for good', async () => {
    const onVote = vi.fn(async () => undefined);
    const { vote, star } = show(onVote);
    expect(vote.disabled).toBe(true);
    fireEvent.click(star(4));
    expect(star(4).checked).toBe(true);
    expect(vote.disabled).toBe(false);
    await act(async () => { fireEvent.click(vote); });
    expect(onVote).toHaveBeenCalledExactlyOnceWith(4);
    expect(vote.disabled).toBe(true);
    expect(star(2).matches(':disabled')).toBe(true);
    expect(screen.getByTestId('rating-voted').textContent).toContain('Thank you');
    expect(document.activeElement).toBe(screen.getByTestId('rating-close'));
  });

  it('lets the dealer vote again after a failed vote', async () => {
    const onVote = vi.fn().mockRejectedValueOnce(new Error('409')).mockResolvedValueOnce(undefined);
    const { vote, star } = show(onVote);
    fireEvent.click(star(2));
    await act(async () => { fireEvent.click(vote); });
    expect(vote.disabled).toBe(false);
    await act(async () => { fireEvent.click(vote); });
    expect(onVote).toHaveBeenCalledTimes(2);
    expect(vote.disabled).toBe(true);
  });

  it('opens a purchase already rated with the stars given, the stars and the vote disabled, the focus on close', () => {
    const onVote = vi.fn(async () => undefined);
    const { vote, star } = show(onVote, 4);
    expect(vote.disabled).toBe(true);
    expect(star(4).checked).toBe(true);
    expect(star(1).matches(':disabled')).toBe(true);
    expect(screen.getByTestId('rating-given').textContent).toBe('Your rating: 4/5 stars.');
    expect(screen.queryByTestId('rating-voted')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('rating-close'));
    fireEvent.click(vote);
    expect(onVote).not.toHaveBeenCalled();
  });
});
