import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from '@auction/blob-store';
import { API_ERROR_CODES } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from '../../platform/engine/access-error.js';

/** The stored types a partner logo may have (those `GET /open/image?path=partner-logo/<id>` serves). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * What a template's logos may name (#23 review): a logo is served to anyone (`open/image`), so a template names only an
 * image its editor uploaded (`POST /secure/file`, owner `user:<idUser>`), or keeps the logo it already has. Never
 * another user's upload (a dealer's registration document), whoever manages the template: 422450.
 */
@Injectable()
export class TemplateLogos {
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async assertUsable(actor: Actor, logos: { largeLogo?: string | null; smallLogo?: string | null }, kept: readonly (string | null)[] = []): Promise<void> {
    for (const field of ['largeLogo', 'smallLogo'] as const) {
      const id = logos[field];
      if (!id || kept.includes(id)) continue;
      const meta = await this.blobs.meta(id);
      if (!meta || meta.owner !== `user:${actor.idUser}` || !LOGO_TYPES.has(meta.mediaType)) {
        throw new AccessError(422, API_ERROR_CODES.TEMPLATE_LOGO_NOT_YOURS, `${field} names no PNG, JPEG or WebP image you uploaded`, [{ field, rule: 'not your image' }]);
      }
    }
  }
}
