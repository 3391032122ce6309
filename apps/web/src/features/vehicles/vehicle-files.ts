/**
 * The photo order of the vehicle-edit screen: a photo moved one place up (`by` -1) or down (+1). A move past either end
 * changes nothing (null: no call to make).
 */
export function movedPhotos(photos: readonly string[], index: number, by: -1 | 1): string[] | null {
  const to = index + by;
  if (index < 0 || index >= photos.length || to < 0 || to >= photos.length) return null;
  const out = [...photos];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** A fresh Idempotency-Key for one change of the screen (a retry of the same change sends it again). */
export function changeKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
