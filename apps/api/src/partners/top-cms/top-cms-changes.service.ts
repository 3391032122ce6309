import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { TopCmsCreate, TopCmsEdit, TopCmsView } from '@auction/contracts';
import { decideTopCms, streamId, topCmsImages, type TopCmsContent, type TopCmsImage, type TopCmsState } from '@auction/domain';
import { marketLanguages } from '@auction/i18n';
import type { Actor } from '../../identity/actor.js';
import { assertInScope } from '../../identity/admin-scope.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import type { StreamWriter } from '../../platform/engine/stream-writer.js';
import { CLOCK, STREAM_WRITER, type Clock } from '../../platform/engine/tokens.js';
import { BannerImageStore } from './banner-image-store.service.js';
import { TopCmsQueries } from './top-cms-queries.service.js';

type ImageFields = Pick<TopCmsContent, 'image' | 'imageTablet' | 'imageMobile'>;

/**
 * The top banners' changes (spec 02 §7 `/admin/top-cms`): create, edit, delete, each one `writer.execute` deciding
 * with the domain's decider on the state at write time, with the audit stamp `{by, at}`. The images named are claimed
 * first (uploads of the caller, or the banner's own), become the banner's once the event is durable, and the files of
 * images a banner no longer shows are deleted. Each answer waits until this instance's index has the write.
 */
@Injectable()
export class TopCmsChanges {
  constructor(
    private readonly images: BannerImageStore,
    private readonly queries: TopCmsQueries,
    private readonly model: LiveReadModel,
    @Inject(STREAM_WRITER) private readonly writer: StreamWriter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `POST /admin/top-cms`: a banner of a market the caller manages (403021 otherwise). */
  async create(actor: Actor, body: TopCmsCreate): Promise<TopCmsView> {
    assertInScope(actor, body.mkt);
    const idTopCms = randomUUID();
    const images = await this.claimAll(actor, idTopCms, body);
    const { mkt, ...fields } = body;
    await this.run(actor, idTopCms, (state, now) => decideTopCms({
      type: 'CreateTopCms', marketLanguages: marketLanguages(mkt), by: actor.idUser, now,
      data: {
        idTopCms, idMarket: mkt, lang: fields.lang, title: fields.title, text: fields.text ?? null, ctaLabel: fields.ctaLabel ?? null,
        ctaUrl: fields.ctaUrl ?? null, order: fields.order, enabled: fields.enabled, image: images.image!, imageTablet: images.imageTablet ?? null,
        imageMobile: images.imageMobile ?? null,
      },
    }, state));
    await this.images.adopt(topCmsImages({ image: images.image!, imageTablet: images.imageTablet ?? null, imageMobile: images.imageMobile ?? null }), idTopCms);
    return this.queries.view(idTopCms);
  }

  /** `PUT /admin/top-cms`: the fields sent change (null clears an optional one); 404400 for an unknown or deleted banner. */
  async edit(actor: Actor, body: TopCmsEdit): Promise<TopCmsView> {
    const before = this.queries.banner(body.id);
    const { id, image, imageTablet, imageMobile, ...rest } = body;
    const images = await this.claimAll(actor, id, { image, imageTablet, imageMobile });
    const changes: Partial<TopCmsContent> = { ...rest, ...images };
    await this.run(actor, id, (state, now) => decideTopCms({
      type: 'EditTopCms', idTopCms: id, changes, marketLanguages: marketLanguages(before.data.idMarket), by: actor.idUser, now,
    }, state));
    const after = this.queries.banner(id);
    await this.images.adopt(topCmsImages(after.data), id);
    const kept = new Set(topCmsImages(after.data).map((i) => i.idImage));
    await this.images.release(topCmsImages(before.data).filter((i) => !kept.has(i.idImage)));
    return this.queries.view(id);
  }

  /** `DELETE /admin/top-cms?id=`: the banner leaves the home and every list; its images' files go. */
  async delete(actor: Actor, idTopCms: string): Promise<void> {
    const state = this.model.topCms.get(streamId.topCms(idTopCms));
    await this.run(actor, idTopCms, (current, now) => decideTopCms({ type: 'DeleteTopCms', idTopCms, by: actor.idUser, now }, current));
    if (state?.status === 'ACTIVE') await this.images.release(topCmsImages(state.data));
  }

  /** The images a body names, claimed (404401 for one not the caller's upload nor the banner's); null stays null. */
  private async claimAll(actor: Actor, idTopCms: string, ids: { image?: string; imageTablet?: string | null; imageMobile?: string | null }): Promise<Partial<ImageFields>> {
    const out: { -readonly [K in keyof ImageFields]?: TopCmsImage | null } = {};
    for (const key of ['image', 'imageTablet', 'imageMobile'] as const) {
      const id = ids[key];
      if (id === null) out[key] = null;
      else if (id !== undefined) out[key] = await this.images.claim(actor, id, idTopCms);
    }
    return out as Partial<ImageFields>;
  }

  private async run(actor: Actor, idTopCms: string, decide: (state: TopCmsState, now: number) => ReturnType<typeof decideTopCms>): Promise<void> {
    const sid = streamId.topCms(idTopCms);
    const outcome = await this.writer.execute({
      streams: [sid],
      actor,
      metadata: { userId: actor.idUser },
      decide: (view) => [{ streamId: sid, events: decide(view.state<TopCmsState>(sid), this.clock.now()) }],
      reply: () => undefined,
    });
    await this.model.waitFor(outcome.position);
  }
}

