/**
 * Read models of the auction engine: PostgreSQL/PGlite tables (TypeORM), the pure projections that fill
 * them from stored events, the projector that applies batches idempotently, the queries of the API, and
 * the rebuild that projects the whole log beside the live tables and swaps them in.
 */
export * from './rows.js';
export { createReadModelDb, ReadModelDb, type ReadModelDbOptions, type SqlRunner, type TransactionOptions } from './db/read-model-db.js';
export {
  ALL_TABLES, PROJECTED_TABLES, readModelEntities, type ProjectedTable,
  auctionsTable, lotsTable, dealerBestsTable, observationsTable, regulationsTable, offersTable, vehiclesTable, myLotTable, vehicleRecordsTable, vehicleAuctionsTable, checkpointsTable,
  parkedEventsTable, templatesTable, templateBuyersTable, loginsTable, paymentsTable,
} from './tables/read-model-tables.js';
export type { ColumnSpec, ColumnType, IndexSpec, TableSpec } from './tables/table-spec.js';
export { projectAuction, projectAuctionRegulation } from './projections/auction.projection.js';
export { projectDealerBest, projectLot, projectObservation, projectOffer } from './projections/lot.projection.js';
export { projectMyLotEntry, projectShowcaseRegulation, projectVehicle, projectVehicleAuction, projectVehicleRecord } from './projections/vehicle.projection.js';
export { projectTemplate, projectTemplateBuyer } from './projections/template.projection.js';
export { projectLogin } from './projections/login.projection.js';
export { emptyRowSet, isProjectedStream, projectAll, projectEvent, rowsTouchedBy, type RowRef } from './projections/project-event.js';
export { TableRows, type RowKey, type RowOf, type RowSet } from './projections/row-set.js';
export { Projector, isEventFault, type ProjectorOptions } from './projector.js';
export { rebuildReadModels, type RebuildOptions, type RebuildStats } from './rebuild.js';
export { compareReadModels, dumpTables, type TableDump } from './dump-tables.js';
export { AuctionReadModel } from './queries/auction-read-model.js';
export { portalCounts, type PortalCounts } from './queries/portal-counts.js';
export { DealerReadModel } from './queries/dealer-read-model.js';
export {
  ShowcaseReadModel, type ActivityPage, type ActivityScope, type SoldPage, type SoldVehicleRow, type VehicleSearch,
} from './queries/showcase-read-model.js';
export { purchaseMatches } from './queries/purchases.js';
export type { ShowcaseSaleRow } from './queries/showcase-sale.js';
export {
  DEFAULT_ACCESS_ERRORS, ReadModelAccessError, isPrivileged, type AccessErrors, type ReadModelQueryOptions, type Viewer,
} from './queries/viewer.js';
export { auctionViewOf, lotStatusOf, lotViewOf, showcaseSheetOf, vehicleViewOf, type LotViewOptions, type PersonalState } from './queries/views.js';
export {
  VehicleReadModel, scopeSql, type VehicleAuctionHistoryRow, type VehicleFilters, type VehicleListPage,
} from './queries/vehicle-read-model.js';
export {
  averageRating, emptyPartnerRatings, partnerRatingOf, projectPartnerRating, projectPartnerRatings,
  type PartnerRating, type PartnerRatings, type PartnerRatingTotals,
} from './projections/partner-rating.projection.js';
