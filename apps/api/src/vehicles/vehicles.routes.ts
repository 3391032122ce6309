import { z } from 'zod';
import {
  EditVehicleRequest, HandOverRequest, ProvenanceView, PubUnpubRequest, SendBackRequest, VehicleAuctionPage, VehicleCard, VehicleCardPage,
  VehicleOutcome, VehicleSheet,
} from '@auction/contracts';
import type { RouteDoc } from '../platform/docs/route-doc.js';

const WHO_SEES = 'Who sees a vehicle (one rule for every vehicle call, ROLES.md): ADMIN and CUSTOMER_CENTER every vehicle of the provenances of their adminEnabledMarket; LOADER and AUCTIONEER every vehicle of their own dealer\'s provenances; a MULTI_AUCTIONEER (anyone) those it holds; any logged-in user (a dealer) published vehicles in an auction or showcase, and those it bought. Anything else, or an unknown id: 404200.';
const WHO_CHANGES = 'Who changes it (ROLES.md): ADMIN in its markets; while loaders hold it, a LOADER of the provenance\'s dealer; while a superior or multi-auctioneer holds it, that user. Seen but not changeable: 403200; a read-only user: 403200. Then the vehicle\'s own rules (409200-409207, 422200-422213).';
const FILTERS = 'Filters (query, all optional; spec 02): brand, model, channel (a part, any case), licensePlate (a part, compared as plates are), vehicleFrame (a part of the VIN), vehicleCode (the vehicle id), provenance (one or many codes, repeated or comma separated), insertDate and insertDateTo (a day YYYY-MM-DD, the whole day included, or an ISO instant), minAuctions/maxAuctions, minDamage/maxDamage, minPrice/maxPrice (inclusive; a min above its max or insertDate after insertDateTo: 400200), idTemplate (accepted and ignored until templates exist). Page: limit 1-100 (default 50), offset; sortField insertDate|licensePlate|brand|model|damageTotal|price|auctionsCount|mileageKm|firstRegistration|status (default insertDate), sortOrder asc|desc (default desc), ties by load order then id. Answers {items, total, limit, offset}. A list shows the vehicles the caller sees as staff, loader, auctioneer or holder (not those it sees as a dealer).';
const MANY = 'Answers 200 with an outcome per vehicle (ok, or errorCode and errorMsg); when every vehicle failed, the first error is the answer.';
const LIST_ROLES = 'LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN, CUSTOMER_CENTER';

/** The OpenAPI entries of the vehicles context. */
export const VEHICLES_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/secure/vehicle', `One page of the loaded vehicles the caller sees. ${FILTERS}`, LIST_ROLES, undefined, VehicleCardPage],
  ['get', '/api/v1/secure/vehicle-for-auction', `One page of the published vehicles in stock the caller may put in an auction. ${FILTERS}`, 'AUCTIONEER, MULTI_AUCTIONEER, ADMIN', undefined, VehicleCardPage],
  ['get', '/api/v1/secure/vehicle-by-provenance', `One page of the vehicles of the provenances asked (provenance required, else 400). ${FILTERS}`, LIST_ROLES, undefined, VehicleCardPage],
  ['get', '/api/v1/secure/vehicle/{idVehicle}', `A loaded vehicle: status (STOCK, IN_AUCTION, LISTED, SOLD, WITHDRAWN), published, holder, provenance, data, photo blob ids (the first is the cover). ${WHO_SEES}`, 'logged in (vehicle rule)', undefined, VehicleCard],
  ['get', '/api/v1/secure/vehicle/{idVehicle}/details', `A loaded vehicle's whole sheet: the vehicle, its appraisal summary and its documents. ${WHO_SEES}`, 'logged in (vehicle rule)', undefined, VehicleSheet],
  ['get', '/api/v1/secure/vehicle/{idVehicle}/auctions', `The auctions-history dialog: one page of the auctions the vehicle was put in (dateCreate: when it was put in, auctionName, basePrice, maxOffer: the lot's best offer or null). Query limit 1-100 (default 30), offset, sortField dateCreate|auctionName|basePrice|maxOffer (default dateCreate), sortOrder (default desc). ${WHO_SEES}`, 'logged in (vehicle rule)', undefined, VehicleAuctionPage],
  ['put', '/api/v1/secure/vehicle', `Edit a vehicle in stock: idVehicle and the fields to change (the others stay; any other field: 400). A licence plate or frame of another vehicle not sold nor withdrawn: 409210/409211. Answers the sheet. ${WHO_CHANGES}`, 'LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN (vehicle rule)', EditVehicleRequest, VehicleSheet],
  ['put', '/api/v1/secure/vehicle/pubUnpubVehicle', `Publish (published: true) or unpublish vehicles in stock (at most 200). A placed vehicle is not unpublished (409201/409202). ${MANY} ${WHO_CHANGES}`, 'LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN (vehicle rule)', PubUnpubRequest, z.array(VehicleOutcome)],
  ['patch', '/api/v1/secure/sendToSup', `Hand vehicles its loaders hold to a superior: idUser, an enabled AUCTIONEER of the provenance's dealer (else 422221). ${MANY} ${WHO_CHANGES}`, 'LOADER, ADMIN (vehicle rule)', HandOverRequest, z.array(VehicleOutcome)],
  ['patch', '/api/v1/secure/sendToMultiAuctioneer', `Hand vehicles a superior holds to idUser, an enabled MULTI_AUCTIONEER (else 422221). ${MANY} ${WHO_CHANGES}`, 'AUCTIONEER holding them, ADMIN (vehicle rule)', HandOverRequest, z.array(VehicleOutcome)],
  ['patch', '/api/v1/secure/sendBack', `Send vehicles back to their loader (to correct them); with the loader already: no change. ${MANY} ${WHO_CHANGES}`, 'AUCTIONEER or MULTI_AUCTIONEER holding them, ADMIN (vehicle rule)', SendBackRequest, z.array(VehicleOutcome)],
  ['get', '/api/v1/secure/provenance', 'The provenances (reference data: code, name, market, supplying dealer), by code; query idMarket narrows to one market.', 'logged in', undefined, z.array(ProvenanceView)],
  ['get', '/api/v1/mobile/vehicle/{idVehicle}', `A loaded vehicle, as GET /api/v1/secure/vehicle/{idVehicle} (mobile app). ${WHO_SEES}`, 'logged in (token header; vehicle rule)', undefined, VehicleCard],
  ['get', '/api/v1/mobile/vehicle/{idVehicle}/details', `A loaded vehicle's whole sheet, as GET /api/v1/secure/vehicle/{idVehicle}/details (mobile app). ${WHO_SEES}`, 'logged in (token header; vehicle rule)', undefined, VehicleSheet],
];
