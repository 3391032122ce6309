import type { PhotoSize } from '@auction/contracts';

const S = '/api/v1/secure';

/** A vehicle photo in one of its variants (`GET /image`: thumb 320 px wide, display 1280 px, or the original). */
export function photoUrl(idImage: string, size: PhotoSize): string {
  return `${S}/image?idImage=${encodeURIComponent(idImage)}&size=${size}`;
}

/** A vehicle document shown in place by the browser (`GET /pdf` answers it inline). */
export function documentUrl(idDocument: string): string {
  return `${S}/pdf?idPdf=${encodeURIComponent(idDocument)}`;
}
