import type { AuctionState, DealerState, LotEvent, LotState, SellerState, TemplateState, TopCmsState, UserState, VehicleEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { AUCTION, DEALER, LOT, SELLER, TEMPLATE, TOP_CMS, USER, VEHICLE, anonymousName, streamId, withAuctionIds } from '@auction/domain';
import { upcast } from './upcasters.js';

/** Called after each event is applied, with the stream's new state. */
export type ChangeListener = (event: StoredEvent, state: unknown) => void;

/** A username claim: the name as claimed (lower case: the claim's key) and as the user wrote it (null: not recorded). */
export interface NameClaim {
  readonly key: string;
  readonly display: string | null;
}

/** Reads a user's claim from the claims table: for users registered by another instance after this one started. */
export type NameLookup = (idUser: string) => Promise<NameClaim | null>;

type ActiveUser = Extract<UserState, { status: 'ACTIVE' }>;

/**
 * The engine's own index of the log, in memory: users (authentication on every call without a query), dealers
 * (their status and documents, by `dealer-{idDealer}`; codes and ids only, a few hundred bytes each)
 * and auction and lot states without their offers (the scheduler's timers and award follow-ups). It follows the store's subscription from
 * position 0, so it is always rebuilt on start. Queries use the read-model tables instead.
 *
 * Usernames are not in the log (they may be e-mail addresses: personal data, erasable). Their one home is the
 * username claims table beside it; the index holds a copy (each user state's `data.username` and `userIdByName`),
 * loaded before the log is replayed ({@link loadNames}), kept by the claims of this instance ({@link nameClaimed},
 * {@link nameReleased}) and, for a user registered by another instance, fetched once its `UserRegistered` arrives
 * (meanwhile the user's name reads its id). A `UserRegistered` of an earlier release still carrying a username uses it
 * when there is no claim; an anonymised user reads `anonymous-<idUser>` whatever is known.
 */
export class LiveReadModel {
  readonly auctions = new Map<string, AuctionState>();
  readonly lots = new Map<string, LotState>();
  readonly users = new Map<string, UserState>();
  readonly userIdByName = new Map<string, string>();
  readonly dealers = new Map<string, DealerState>();
  /** Templates by `template-{idTemplate}`, with the dealers enabled for each: the rule of who sees what asks it. */
  readonly templates = new Map<string, TemplateState>();
  /**
   * The showcases sold through a template, by idShowcase: their exhibitor and template (who sees what asks it of a
   * showcase vehicle's detail). A showcase is made by one call, so its first listing says it; the default channel's
   * showcases are not kept (a few bytes per templated showcase).
   */
  readonly showcaseChannels = new Map<string, { idOwner: string; idTemplate: string }>();
  /** Sellers by `seller-{idSeller}` (market, codes, status: the back-office's market scope reads their market). */
  readonly sellers = new Map<string, SellerState>();
  /** Top banners by `topcms-{idTopCms}` (a few per market and language): the home's slider and the back-office's market scope read them. */
  readonly topCms = new Map<string, TopCmsState>();
  private position = 0;
  private readonly waiters: { position: number; resolve: () => void }[] = [];
  /** Replaced, never changed in place: a listener removed while the others run does not shift them. */
  private listeners: readonly ChangeListener[] = [];
  private readonly claims = new Map<string, NameClaim>();
  /** Users whose name is not known yet (no claim, no legacy name): their name reads their id meanwhile. */
  private readonly unnamed = new Set<string>();
  private nameLookup: NameLookup | null = null;

  /** Position of the last event applied. */
  get currentPosition(): number {
    return this.position;
  }

  /** Callers of {@link waitFor} not yet released. */
  get pendingWaiters(): number {
    return this.waiters.length;
  }

  /** Registers a listener of applied events; the function returned removes it. */
  onChange(listener: ChangeListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => { this.listeners = this.listeners.filter((l) => l !== listener); };
  }

  /** Sets where the claims of users unknown here are read (see {@link NameLookup}). */
  setNameLookup(lookup: NameLookup): void {
    this.nameLookup = lookup;
  }

  /** Loads every claim (idUser, claim): called once before the log is replayed, so each user is named as it is folded. */
  loadNames(claims: Iterable<readonly [string, NameClaim]>): void {
    for (const [idUser, claim] of claims) this.nameClaimed(idUser, claim);
  }

  /** A claim of this instance (or one just fetched): the user, when known, is named by it from now on. */
  nameClaimed(idUser: string, claim: NameClaim): void {
    this.claims.set(idUser, claim);
    this.rename(idUser);
  }

  /** A claim given back (a failed registration, an erasure): the name no longer leads to the user. */
  nameReleased(idUser: string, username: string): void {
    const key = username.toLowerCase();
    if (this.claims.get(idUser)?.key === key) this.claims.delete(idUser);
    if (this.userIdByName.get(key) === idUser) this.userIdByName.delete(key);
  }

  /**
   * The username to show for a user (offers reports, sold lists, award dialogs): `anonymous-<idUser>` once anonymised,
   * the id itself while the name is unknown here.
   */
  usernameOf(idUser: string): string {
    const user = this.users.get(streamId.user(idUser));
    return user?.status === 'ACTIVE' && typeof user.data.username === 'string' ? user.data.username : idUser;
  }

  /** Applies a batch of events from the log, in order. Already-seen positions are ignored. */
  apply(batch: readonly StoredEvent[]): void {
    for (const stored of batch) {
      if (stored.position <= this.position) continue;
      const state = this.fold(stored);
      this.position = stored.position;
      for (const l of this.listeners) l(stored, state);
    }
    this.releaseWaiters();
  }

  /** Resolves once the model has applied `position` (read-your-writes), or after `timeoutMs`. */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    if (position <= this.position) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { position, resolve: () => { clearTimeout(timer); resolve(); } };
      // Timed out: the waiter goes too (an index that stalls must not gather one per request until it moves again).
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        resolve();
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private fold(stored: StoredEvent): unknown {
    const event = upcast(stored);
    const id = stored.streamId;
    if (id.startsWith(LOT.prefix)) {
      // The index serves timers and awards only: an offer changes neither (an extension is its own event),
      // so the offer path does not pay for folding offers a second time here.
      if (event.type === 'OfferPlaced') return this.lots.get(id) ?? LOT.initialState;
      // A scheduled lot names its auction, owner and seller with the auction state's strings (one copy per auction).
      const lotEvent = withAuctionIds(event as LotEvent, (idAuction) => this.auctions.get(streamId.auction(idAuction)));
      const lot = LOT.evolve(this.lots.get(id) ?? LOT.initialState, lotEvent);
      this.lots.set(id, lot);
      return lot;
    }
    if (id.startsWith(AUCTION.prefix)) return this.put(this.auctions, id, AUCTION, event);
    if (id.startsWith(USER.prefix)) {
      const before = this.users.get(id);
      const user = USER.evolve(before ?? USER.initialState, event as never) as UserState;
      if (user.status !== 'ACTIVE') {
        this.users.set(id, user);
        return user;
      }
      // The upcaster drops a legacy body's username: read it from the stored body, for users without a claim.
      const legacy = stored.type === 'UserRegistered' && typeof stored.data.username === 'string' ? stored.data.username : undefined;
      const previous = before?.status === 'ACTIVE' ? before.data.username : undefined;
      const named = this.named(user, legacy ?? previous, previous);
      if (stored.type === 'UserRegistered' && this.unnamed.has(user.data.idUser)) this.fetchName(user.data.idUser);
      return named;
    }
    if (id.startsWith(DEALER.prefix)) return this.put(this.dealers, id, DEALER, event);
    if (id.startsWith(TEMPLATE.prefix)) return this.put(this.templates, id, TEMPLATE, event);
    if (id.startsWith(SELLER.prefix)) return this.put(this.sellers, id, SELLER, event);
    if (id.startsWith(TOP_CMS.prefix)) return this.put(this.topCms, id, TOP_CMS, event);
    if (event.type === 'VehicleListed' && id.startsWith(VEHICLE.prefix)) {
      const { idShowcase, idOwner, idTemplate } = (event as Extract<VehicleEvent, { type: 'VehicleListed' }>).data;
      if (idTemplate && !this.showcaseChannels.has(idShowcase)) this.showcaseChannels.set(idShowcase, { idOwner, idTemplate });
    }
    return null;
  }

  /**
   * Stores the user state with its name: the claim's, else `known` (a legacy body's, or the one it had), else its id
   * (marked unnamed); anonymised users read the anonymous name. Keeps `userIdByName` in step.
   */
  private named(user: ActiveUser, known: string | undefined, previous: string | undefined): ActiveUser {
    const idUser = user.data.idUser;
    const claim = this.claims.get(idUser);
    let name: string | undefined;
    if (user.anonymised) name = anonymousName(idUser);
    else if (claim) name = claim.display ?? (known && known.toLowerCase() === claim.key && !this.unnamed.has(idUser) ? known : claim.key);
    else if (known !== undefined && !this.unnamed.has(idUser)) name = known;
    if (name === undefined) this.unnamed.add(idUser);
    else this.unnamed.delete(idUser);
    const username = name ?? idUser;
    const next: ActiveUser = user.data.username === username ? user : { ...user, data: { ...user.data, username } };
    this.users.set(streamId.user(idUser), next);
    if (previous !== undefined && previous !== username && this.userIdByName.get(previous.toLowerCase()) === idUser) {
      this.userIdByName.delete(previous.toLowerCase());
    }
    if (name !== undefined && !user.anonymised) this.userIdByName.set(name.toLowerCase(), idUser);
    return next;
  }

  /** Names a known user again after its claim changed (claimed here, or fetched). */
  private rename(idUser: string): void {
    const user = this.users.get(streamId.user(idUser));
    if (user?.status !== 'ACTIVE') return;
    this.named(user, user.data.username, user.data.username);
  }

  /** Reads the claim of a user registered elsewhere, a few times if the database does not answer. */
  private fetchName(idUser: string, attempt = 0): void {
    const lookup = this.nameLookup;
    if (!lookup) return;
    lookup(idUser).then(
      (claim) => { if (claim && this.unnamed.has(idUser)) this.nameClaimed(idUser, claim); },
      () => { if (attempt < 5) setTimeout(() => this.fetchName(idUser, attempt + 1), 500 * (attempt + 1)).unref(); },
    );
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private put<S>(map: Map<string, S>, id: string, kind: { evolve: (s: S, e: any) => S; initialState: S }, event: unknown): S {
    const next = kind.evolve(map.get(id) ?? kind.initialState, event);
    map.set(id, next);
    return next;
  }

  private releaseWaiters(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.position <= this.position) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
  }
}
