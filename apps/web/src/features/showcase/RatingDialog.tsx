import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STARS, canChoose, canVote, initialRating, rate } from './rating.js';
import './showcase.css';

/** Props of {@link RatingDialog}. */
export interface RatingDialogProps {
  /** What is rated, shown under the heading (e.g. the vehicle). */
  readonly subject: string;
  /** The stars given when this purchase was already rated (the purchase row's `rating`): shown, the vote disabled. */
  readonly given?: number | null;
  /** Sends the vote; a rejection lets the dealer try again. */
  readonly onVote: (rating: number) => Promise<void>;
  readonly onClose: () => void;
}

/**
 * The rating dialog of the spec: a modal `<dialog>` with a heading, five stars as a radio group (arrow keys move
 * between them) and a vote button, enabled only once a rating is chosen and disabled for good after voting.
 */
export function RatingDialog({ subject, given = null, onVote, onClose }: RatingDialogProps) {
  const { t } = useTranslation('showcase');
  // As the dialog opened: a vote given in it is thanked for, not shown as given before.
  const [openedRated] = useState(given !== null);
  const [state, dispatch] = useReducer(rate, given, initialRating);
  const ref = useRef<HTMLDialogElement>(null);
  const firstStar = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    // Already rated: the stars are disabled, so the focus goes to the way out.
    (canChoose(state) ? firstStar.current : closeButton.current)?.focus();
  }, []);

  const vote = async () => {
    if (!canVote(state) || state.rating === null) return;
    dispatch({ type: 'vote.start' });
    try {
      await onVote(state.rating);
      dispatch({ type: 'vote.done' });
      // the vote button is now disabled for good: keep the focus inside the dialog, on its way out
      closeButton.current?.focus();
    } catch {
      dispatch({ type: 'vote.fail' });
    }
  };

  return (
    <dialog
      ref={ref} className="dialog rating-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-subject`} data-testid="rating-dialog"
      onCancel={(e) => { e.preventDefault(); onClose(); }}
    >
      <h2 id={`${id}-title`}>{t('rating.title')}</h2>
      <p id={`${id}-subject`}>{subject}</p>
      <fieldset className="rating-stars" disabled={!canChoose(state)}>
        <legend>{t('rating.legend')}</legend>
        {STARS.map((n) => (
          <label key={n} className={`rating-star${state.rating !== null && n <= state.rating ? ' filled' : ''}`}>
            <input
              ref={n === 1 ? firstStar : undefined} type="radio" name={`${id}-rating`} value={n} checked={state.rating === n}
              aria-label={t('rating.star', { count: n })} data-testid={`rating-${n}`}
              onChange={() => dispatch({ type: 'rating.choose', rating: n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      {state.voted && openedRated && state.rating !== null && (
        <p className="muted" data-testid="rating-given">{t('rating.given', { stars: state.rating })}</p>
      )}
      {state.voted && !openedRated && <p className="outcome-ok" role="status" data-testid="rating-voted">{t('rating.voted')}</p>}
      <div className="dialog-actions">
        <button ref={closeButton} type="button" className="btn" onClick={onClose} data-testid="rating-close">{t('rating.close')}</button>
        <button type="button" className="btn btn-primary" disabled={!canVote(state)} onClick={() => void vote()} data-testid="vote">
          {t('rating.vote')}
        </button>
      </div>
    </dialog>
  );
}
