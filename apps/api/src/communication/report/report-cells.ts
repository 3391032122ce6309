/** A cell of a report file (see platform/http/report-file.ts). */
export type Cell = string | number | boolean | null;

/**
 * An amount of euros exactly as people write it: whole cents, two decimals, never a float artifact (`0.1 + 0.2` stored
 * as 0.30000000000000004 reads `0.30`). `text` for CSV (`1234.50`, a dot: the file is the same in every language);
 * `number` for XLSX (the nearest double of the cents, which a spreadsheet shows as `1234.5`). Empty when there is none.
 */
export function moneyCell(value: unknown, as: 'text' | 'number'): Cell {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const cents = Math.round(n * 100);
  if (as === 'number') return cents / 100;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An instant as ISO 8601 in UTC (`2026-11-25T08:30:00.000Z`), whether the driver gave a Date or a text; empty when none. */
export function instantText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
}
