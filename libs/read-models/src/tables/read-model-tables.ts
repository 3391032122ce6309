import type {
  AuctionRow, CheckpointRow, DealerBestRow, LoginRow, LotRow, MyLotRow, ObservationRow, OfferRow, ParkedEventRow, PaymentRow, RegulationRow, TemplateBuyerRow, TemplateRow, VehicleAuctionRow, VehicleRecordRow, VehicleRow,
} from '../rows.js';
import { entitySchemaOf, type ColumnSpec, type ColumnType, type TableSpec } from './table-spec.js';

type Cols<Row> = { [K in keyof Row & string]: ColumnType | [ColumnType, 'null'] };

function columns<Row>(cols: Cols<Row>): ColumnSpec<Row>[] {
  return (Object.entries(cols) as [keyof Row & string, ColumnType | [ColumnType, 'null']][]).map(([prop, t]) =>
    Array.isArray(t) ? { prop, type: t[0], nullable: true } : { prop, type: t });
}

/** Auctions; `running` serves the running-auctions list. */
export const auctionsTable: TableSpec<AuctionRow> = {
  table: 'auctions', entity: 'ReadModelAuction', primary: ['idAuction'], fillfactor: 70,
  columns: columns<AuctionRow>({
    idAuction: 'text', idOwner: 'text', auctionName: 'text', idMarket: 'text', auctionType: 'text', status: 'text',
    startDate: 'text', endDate: 'text', startAt: ['instant', 'null'], endAt: ['instant', 'null'], regulationRequired: 'boolean',
    windowSeconds: 'integer', extendSeconds: 'integer', lotIds: 'json', createdPosition: 'bigint', message: ['text', 'null'],
    idFileMessage: ['text', 'null'], idTemplate: ['text', 'null'],
  }),
  indexes: [{ name: 'status_end', props: ['status', 'endAt'] }],
  addedColumns: ['message', 'idFileMessage', 'idTemplate'],
};

/** Lots with best offer and award; read by id (an auction's `lotIds`) and by winner for purchases. */
export const lotsTable: TableSpec<LotRow> = {
  table: 'lots', entity: 'ReadModelLot', primary: ['idLot'], fillfactor: 70,
  columns: columns<LotRow>({
    idLot: 'text', idAuction: 'text', lotNumber: 'integer', licensePlate: 'text', frame: ['text', 'null'], brand: 'text', model: 'text',
    basePrice: 'double', minIncrement: 'double', reservePrice: ['double', 'null'], buyNowPrice: ['double', 'null'], state: 'text',
    startAt: ['instant', 'null'], endAt: ['instant', 'null'], bestAmount: ['double', 'null'], bestOfferId: ['text', 'null'],
    bestUserId: ['text', 'null'], offersCount: 'integer', closedAt: ['instant', 'null'], awardStatus: 'text',
    awardedOfferId: ['text', 'null'], awardedUserId: ['text', 'null'], awardedAmount: ['double', 'null'], createdPosition: 'bigint',
    idVehicle: ['text', 'null'], idCoverPhoto: ['text', 'null'], firstRegistration: ['text', 'null'], mileageKm: ['double', 'null'],
    fuel: ['text', 'null'],
  }),
  // Lots of vehicles (#22): a database of an earlier release gets these columns (its lots have no vehicle).
  addedColumns: ['idVehicle', 'idCoverPhoto', 'firstRegistration', 'mileageKm', 'fuel'],
  indexes: [
    { name: 'winner', props: ['awardedUserId', 'closedAt'], where: `award_status = 'AWA'` },
    // The awards and purchases reports walk the decided lots in creation order, a page at a time (keyset).
    { name: 'decided', props: ['createdPosition'], where: `award_status <> 'TBA'` },
  ],
};

/** Each dealer's best offer per lot; read by (lot, dealer) for the lots of a view. */
export const dealerBestsTable: TableSpec<DealerBestRow> = {
  table: 'dealer_bests', entity: 'ReadModelDealerBest', primary: ['idLot', 'idUser'], fillfactor: 70,
  columns: columns<DealerBestRow>({ idLot: 'text', idUser: 'text', idAuction: 'text', bestAmount: 'double', bestOfferId: 'text' }),
  indexes: [],
};

/** Observed lots per dealer. */
export const observationsTable: TableSpec<ObservationRow> = {
  table: 'observations', entity: 'ReadModelObservation', primary: ['idLot', 'idUser'],
  columns: columns<ObservationRow>({ idLot: 'text', idUser: 'text', idAuction: 'text' }),
  indexes: [{ name: 'user_auction', props: ['idUser', 'idAuction'] }],
};

/** Regulation acceptances (auction or showcase); the primary key answers every lookup. */
export const regulationsTable: TableSpec<RegulationRow> = {
  table: 'regulation_acceptances', entity: 'ReadModelRegulation', primary: ['kind', 'idScope', 'idUser'],
  columns: columns<RegulationRow>({ kind: 'text', idScope: 'text', idUser: 'text', acceptedPosition: 'bigint' }),
  indexes: [],
};

/** Accepted offers in stored order, for the offers report. The bidder by id only: names are resolved when answering. */
export const offersTable: TableSpec<OfferRow> = {
  table: 'offers', entity: 'ReadModelOffer', primary: ['idOffer'],
  columns: columns<OfferRow>({
    idOffer: 'text', idLot: 'text', idAuction: 'text', idUser: 'text', amount: 'double', clickAndBuy: 'boolean',
    placedAt: ['instant', 'null'], position: 'bigint',
  }),
  // lot_position serves one page of a lot's bids (a lot of a big auction: not every offer of the auction).
  indexes: [
    { name: 'auction_position', props: ['idAuction', 'position'] }, { name: 'lot_position', props: ['idLot', 'position'] },
    // The offers report of the back-office walks every offer in stored order, a page at a time (keyset).
    { name: 'position', props: ['position'] },
  ],
  droppedColumns: ['username'],
};

/** Showcase vehicles: catalogue by market in listing order, by showcase, by buyer (by id: names are resolved when answering). */
export const vehiclesTable: TableSpec<VehicleRow> = {
  table: 'vehicles', entity: 'ReadModelVehicle', primary: ['idVehicle'], fillfactor: 70,
  columns: columns<VehicleRow>({
    idVehicle: 'text', idShowcase: 'text', idOwner: 'text', idMarket: 'text', licensePlate: 'text', brand: 'text', model: 'text',
    price: 'double', status: 'text', holdUserId: ['text', 'null'], holdKind: ['text', 'null'], holdUntil: ['instant', 'null'],
    soldUserId: ['text', 'null'], soldPrice: ['double', 'null'], soldAt: ['instant', 'null'],
    listedPosition: 'bigint', idTemplate: ['text', 'null'],
  }),
  droppedColumns: ['sold_username'],
  addedColumns: ['idTemplate'],
  indexes: [
    { name: 'listed', props: ['listedPosition'], where: `status = 'LISTED'` },
    { name: 'market_listed', props: ['idMarket', 'listedPosition'], where: `status = 'LISTED'` },
    { name: 'showcase', props: ['idShowcase', 'listedPosition'] },
    { name: 'buyer', props: ['soldUserId'], where: `status = 'SOLD'` },
    // The purchases report walks the sold vehicles in listing order, a page at a time (keyset).
    { name: 'sold', props: ['listedPosition'], where: `status = 'SOLD'` },
  ],
};

/**
 * Loaded vehicles (the back-office's vehicle list). Lists are always narrowed by provenance (who sees what), so every
 * sort index leads with it; the plate and frame indexes serve the duplicate checks and the exact searches.
 */
export const vehicleRecordsTable: TableSpec<VehicleRecordRow> = {
  table: 'vehicle_records', entity: 'ReadModelVehicleRecord', primary: ['idVehicle'], fillfactor: 70,
  columns: columns<VehicleRecordRow>({
    idVehicle: 'text', provenance: 'text', idLoader: 'text', status: 'text', published: 'boolean', holderRole: 'text', holderUserId: 'text',
    licensePlate: 'text', frame: 'text', brand: 'text', model: 'text', version: ['text', 'null'], firstRegistration: 'text',
    mileageKm: 'integer', fuel: 'text', gearbox: 'text', powerKw: 'integer', colour: ['text', 'null'], damageTotal: 'double',
    channel: 'text', area: 'text', region: 'text', appraisal: ['json', 'null'], photos: 'json', documents: 'json',
    price: ['double', 'null'], auctionsCount: 'integer', idAuction: ['text', 'null'], idLot: ['text', 'null'], idShowcase: ['text', 'null'],
    soldUserId: ['text', 'null'], soldPrice: ['double', 'null'], soldAt: ['instant', 'null'], insertedAt: 'instant', loadedPosition: 'bigint',
  }),
  indexes: [
    { name: 'provenance_loaded', props: ['provenance', 'loadedPosition'] },
    { name: 'provenance_inserted', props: ['provenance', 'insertedAt', 'loadedPosition'] },
    { name: 'provenance_brand', props: ['provenance', 'brand', 'model', 'loadedPosition'] },
    { name: 'provenance_damage', props: ['provenance', 'damageTotal', 'loadedPosition'] },
    { name: 'provenance_price', props: ['provenance', 'price', 'loadedPosition'] },
    { name: 'for_auction', props: ['provenance', 'loadedPosition'], where: `status = 'STOCK' AND published` },
    { name: 'provenance_status', props: ['provenance', 'status', 'loadedPosition'] },
    { name: 'provenance_location', props: ['provenance', 'area', 'region', 'loadedPosition'], upper: ['area', 'region'] },
    { name: 'holder', props: ['holderUserId', 'loadedPosition'] },
    { name: 'plate', props: ['licensePlate'] },
    { name: 'frame', props: ['frame'] },
  ],
};

/** Placements of loaded vehicles in auction lots, newest last: a vehicle's auctions history. */
export const vehicleAuctionsTable: TableSpec<VehicleAuctionRow> = {
  table: 'vehicle_auctions', entity: 'ReadModelVehicleAuction', primary: ['idVehicle', 'idLot'],
  columns: columns<VehicleAuctionRow>({ idVehicle: 'text', idLot: 'text', idAuction: 'text', placedAt: 'instant', position: 'bigint' }),
  indexes: [],
};

/** Vehicles in each dealer's my lot. */
export const myLotTable: TableSpec<MyLotRow> = {
  table: 'my_lot_entries', entity: 'ReadModelMyLotEntry', primary: ['idVehicle', 'idUser'],
  columns: columns<MyLotRow>({ idVehicle: 'text', idUser: 'text' }),
  indexes: [{ name: 'user', props: ['idUser'] }],
};

/** Per-stream checkpoints of each projection; the max position answers `resumePosition`. */
export const checkpointsTable: TableSpec<CheckpointRow> = {
  table: 'checkpoints', entity: 'ReadModelCheckpoint', primary: ['projection', 'streamId'], fillfactor: 70,
  columns: columns<CheckpointRow>({ projection: 'text', streamId: 'text', position: 'bigint' }),
  indexes: [{ name: 'position', props: ['projection', 'position'] }],
};

/**
 * Events a projection failed on, per projection (see `Projector`): staff see them (health, metrics, the back-office),
 * and a rebuild retries them in order, so the list keeps only what still fails.
 */
export const parkedEventsTable: TableSpec<ParkedEventRow> = {
  table: 'parked_events', entity: 'ReadModelParkedEvent', primary: ['projection', 'position'],
  columns: columns<ParkedEventRow>({ projection: 'text', position: 'bigint', streamId: 'text', type: 'text', error: 'text', parkedAt: 'text' }),
  indexes: [],
};

/** Templates (selling channels); listed by owner dealer and by market. */
export const templatesTable: TableSpec<TemplateRow> = {
  table: 'templates', entity: 'ReadModelTemplate', primary: ['idTemplate'],
  columns: columns<TemplateRow>({
    idTemplate: 'text', idDealer: 'text', templateName: 'text', description: ['text', 'null'], largeLogo: ['text', 'null'],
    smallLogo: ['text', 'null'], commercialInfoPhone: ['text', 'null'], commercialInfoEmail: ['text', 'null'], vatCode: ['text', 'null'],
    idMarket: 'text', provenance: ['text', 'null'], status: 'text', createdPosition: 'bigint',
  }),
  indexes: [{ name: 'dealer', props: ['idDealer'] }, { name: 'market', props: ['idMarket'] }],
};

/** The dealers enabled for each template; read by template and by dealer. */
export const templateBuyersTable: TableSpec<TemplateBuyerRow> = {
  table: 'template_buyers', entity: 'ReadModelTemplateBuyer', primary: ['idTemplate', 'idDealer'],
  columns: columns<TemplateBuyerRow>({ idTemplate: 'text', idDealer: 'text', enabledPosition: 'bigint' }),
  indexes: [{ name: 'dealer', props: ['idDealer'] }],
};

/** Logins (`UserLoggedIn`), insert-only, for the logins report: walked in log order, by market or user. */
export const loginsTable: TableSpec<LoginRow> = {
  table: 'logins', entity: 'ReadModelLogin', primary: ['sid'],
  columns: columns<LoginRow>({
    sid: 'text', idUser: 'text', loginType: 'text', idDealer: ['text', 'null'], idMarket: 'text', at: ['instant', 'null'], position: 'bigint',
  }),
  indexes: [{ name: 'position', props: ['position'] }, { name: 'user_position', props: ['idUser', 'position'] }],
};

/** Purchase payments (issue 23 item 7); read by purchase id beside the purchases. */
export const paymentsTable: TableSpec<PaymentRow> = {
  table: 'purchase_payments', entity: 'ReadModelPayment', primary: ['idPurchase'],
  columns: columns<PaymentRow>({ idPurchase: 'text', idUser: 'text', status: 'text', idAttempt: 'text', amountCents: 'bigint', changedPosition: 'bigint' }),
  indexes: [],
};

/** The projected tables, by the name the projector and `dumpTables` use. */
export const PROJECTED_TABLES = {
  auctions: auctionsTable, lots: lotsTable, dealerBests: dealerBestsTable, observations: observationsTable,
  regulations: regulationsTable, offers: offersTable, vehicles: vehiclesTable, myLot: myLotTable,
  vehicleRecords: vehicleRecordsTable, vehicleAuctions: vehicleAuctionsTable, templates: templatesTable, templateBuyers: templateBuyersTable,
  logins: loginsTable,
  payments: paymentsTable,
} as const;
export type ProjectedTable = keyof typeof PROJECTED_TABLES;

/** Every table of a read-model schema, checkpoints and parked events last. */
export const ALL_TABLES: readonly TableSpec<never>[] = [...Object.values(PROJECTED_TABLES), checkpointsTable, parkedEventsTable] as TableSpec<never>[];

/** TypeORM entities of every read-model table in `schema` (default `read_model`). */
export function readModelEntities(schema = 'read_model') {
  return ALL_TABLES.map((spec) => entitySchemaOf(spec, schema));
}
