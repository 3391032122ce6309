import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseRow } from '@auction/contracts';
import { RatingDialog } from './RatingDialog.js';

/** What a rating is given to: an auction (all the lots won there) or a showcase vehicle. */
export function ratingTargetOf(row: PurchaseRow): { kind: 'AUCTION' | 'SHOWCASE'; id: string } | null {
  const id = row.channel === 'AUCTION' ? row.idAuction : row.idVehicle;
  return id ? { kind: row.channel, id } : null;
}

const keyOf = (target: { kind: string; id: string }) => `${target.kind}:${target.id}`;

/**
 * The ratings of a list of purchases: the server's (each row's `rating`) and those given since on this page, by
 * target, so every row of an auction shows its one rating at once; `open` is the row whose dialog is shown.
 */
export function usePurchaseRatings() {
  const [given, setGiven] = useState<ReadonlyMap<string, number>>(new Map());
  const [open, setOpen] = useState<PurchaseRow | null>(null);
  const ratingOf = (row: PurchaseRow): number | null => {
    const target = ratingTargetOf(row);
    return (target && given.get(keyOf(target))) ?? row.rating ?? null;
  };
  const record = (row: PurchaseRow, stars: number) => {
    const target = ratingTargetOf(row);
    if (target) setGiven((m) => new Map([...m, [keyOf(target), stars]]));
  };
  return { open, setOpen, ratingOf, record };
}

/** The rating cell of a purchase: "Rate", or "Rated 4/5" once rated; it opens the rating dialog (the subject for screen readers). */
export function RateButton({ given, subject, onOpen, testId }: { given: number | null; subject: string; onOpen: () => void; testId: string }) {
  const { t } = useTranslation('showcase');
  return (
    <button type="button" className="btn btn-small" onClick={onOpen} aria-haspopup="dialog" data-testid={testId} data-rated={given ?? undefined}>
      {given ? t('rating.rated', { stars: given }) : t('actions.rate')}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}

/** The dialog of the purchase being rated: opens with the stars given, if any; a vote is sent through `send`. */
export function PurchaseRatingDialog({ row, subject, given, send, onRated, onClose }: {
  row: PurchaseRow; subject: string; given: number | null; send: (row: PurchaseRow, stars: number) => Promise<unknown>;
  onRated: (row: PurchaseRow, stars: number) => void; onClose: () => void;
}) {
  return (
    <RatingDialog
      subject={subject} given={given} onClose={onClose}
      onVote={async (stars) => {
        await send(row, stars);
        onRated(row, stars);
      }}
    />
  );
}
