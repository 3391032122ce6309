import { Inject, Injectable } from '@nestjs/common';
import type { Page, PurchasePageQuery, PurchaseRow } from '@auction/contracts';
import { streamId } from '@auction/domain';
import { AuctionReadModel, type Viewer } from '@auction/read-models';
import { withOwnRating } from './purchase-rating.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { templatesVisibleTo } from '../../platform/engine/sales-access.js';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';

/** Read side of auctions: the read-model tables (`libs/read-models`). */
@Injectable()
export class AuctionQueries extends AuctionReadModel {
  // The tables name users by id only (a username may be an e-mail address, erasable): names come from the engine's
  // index when answering, so an anonymised user reads `anonymous-<idUser>` everywhere at once.
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock, private readonly index: LiveReadModel) {
    super(fanout.db, { now: () => clock.now(), usernameOf: (idUser) => index.usernameOf(idUser), templatesOf: (viewer) => templatesVisibleTo(index, viewer) });
  }

  /** The caller's purchases, each with its own rating of it (the rating dialog knows a purchase is rated). */
  override async purchases(viewer: Viewer, query: PurchasePageQuery): Promise<Page<PurchaseRow>> {
    const page = await super.purchases(viewer, query);
    const buyer = this.index.users.get(streamId.user(viewer.idUser));
    return { ...page, items: page.items.map((row) => withOwnRating(row, buyer)) };
  }
}
