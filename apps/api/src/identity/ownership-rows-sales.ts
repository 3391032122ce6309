import type { Compact } from './ownership-matrix.js';

const A = '/api/v1/secure/auction';
const M = '/api/v1/mobile';
const S = '/api/v1/secure';
const ADM = '/api/v1/admin';

/** Auctions, their lots and offers, purchases, the showcase. */
export const SALES_ROWS: readonly Compact[] = [
  // Auctions: every logged-in user sees an auction of the default channel; only its owner (or an ADMIN of its market)
  // manages it; the staff reach only the auctions of their markets.
  [`GET ${A}/{idAuction}`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET /api/v2/secure/auction/{idAuction}`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${A}/{idAuction}/base`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${A}/{idAuction}/file-message`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${A}/{idAuction}/lot-detail/{idLot}`, 'idAuction=auction,idLot=lot', 'auctioneer', 'ds'],
  [`GET ${S}/auctionFull/{idAuction}/search`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${M}/auctionFull/{idAuction}/search`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${M}/auction/{idAuction}/base`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${S}/auctionFull`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${S}/auctionFullNoOffer`, 'idAuction=auction', 'auctioneer', 'ds'],
  [`GET ${S}/random-vehicle`, 'idAuctions=auction', 'auctioneer', 'ds'],
  [`GET ${M}/random-vehicle`, 'idAuctions=auction', 'auctioneer', 'ds'],
  [`PUT ${A}`, 'idAuction=auction', 'auctioneer', ''],
  [`DELETE ${A}/{idAuction}`, 'idAuction=auction', 'auctioneer', ''],
  [`DELETE ${A}/{idAuction}/lot-detail/{idLot}/{idVehicle}`, 'idAuction=auction,idLot=lot,idVehicle=auctionVehicle', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/resize-time`, 'idAuction=auction', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/auction-message`, 'idAuction=auction', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/file-message`, 'idAuction=auction', 'auctioneer', ''],
  [`DELETE ${A}/{idAuction}/file-message`, 'idAuction=auction', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/award/{idLot}/{idOffer}`, 'idAuction=auction,idLot=lot,idOffer=offer', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/award`, 'idAuction=auction', 'auctioneer', ''],
  [`POST ${A}/{idAuction}/not-award`, 'idAuction=auction,idLots=lot', 'auctioneer', ''],
  [`PATCH ${A}/{idAuction}/revert-award/{idLot}`, 'idAuction=auction,idLot=lot', 'auctioneer', ''],
  [`GET ${A}/{idAuction}/auction-offers-report`, 'idAuction=auction', 'auctioneer', ''],
  [`GET ${A}/{idAuction}/create-report`, 'idAuction=auction', 'auctioneer', ''],
  [`POST ${A}`, 'idTemplate=template', 'auctioneer', '', '', 'sells through the auctioneer\'s own template'],
  // A buyer's own acts on an auction every buyer may bid in: another dealer's buyer may do the same on its own behalf.
  [`PATCH ${A}/{idAuction}/accept-regulation`, 'idAuction=auction', 'dealer1', 'd'],
  [`GET ${A}/{idAuction}/accepted-regulation`, 'idAuction=auction', 'dealer1', 'd'],
  [`POST ${A}/{idAuction}/offer/{idLot}`, 'idAuction=auction,idLot=lot', 'dealer1', 'd'],
  [`POST ${A}/{idAuction}/observe/{idLot}`, 'idAuction=auction,idLot=lot', 'dealer1', 'd'],
  [`POST ${A}/observed`, 'idAuctions=auction', 'dealer1', 'd'],
  [`GET ${A}/{idAuction}/lot/{idLot}/bids`, 'idAuction=auction,idLot=lot', 'dealer1', 'd'],
  [`GET ${A}/{idAuction}/observed`, 'idAuction=auction', 'dealer1', 'd'],
  [`POST ${A}/{idAuction}/observed`, 'idAuction=auction,idLots=lot', 'dealer1', 'd'],
  [`POST ${A}/{idAuction}/feedback`, 'idAuction=boughtAuction', 'dealer1', ''],
  [`POST ${M}/auction/observed`, 'idAuctions=auction', 'dealer1', 'd'],
  [`GET ${M}/auction/{idAuction}/observed`, 'idAuction=auction', 'dealer1', 'd'],
  [`POST ${M}/auction/{idAuction}/observed`, 'idAuction=auction,idLots=lot', 'dealer1', 'd'],
  [`POST ${M}/auction/{idAuction}/observe/{idLot}`, 'idAuction=auction,idLot=lot', 'dealer1', 'd'],
  [`GET ${M}/auction/{idAuction}/accepted-regulation`, 'idAuction=auction', 'dealer1', 'd'],
  [`PATCH ${M}/auction/{idAuction}/accept-regulation`, 'idAuction=auction', 'dealer1', 'd'],
  [`GET ${M}/auction/{idAuction}/offer/{idLot}`, 'idAuction=auction,idLot=lot', 'dealer1', 'd'],
  [`POST ${M}/auction/{idAuction}/feedback`, 'idAuction=boughtAuction', 'dealer1', ''],
  [`GET ${S}/purchases`, '', 'dealer1', '', '', 'lists the caller\'s own purchases; idVehicle is a filter within them'],
  [`GET ${S}/user/payByLink`, 'idPurchase=purchase', 'dealer1', ''],
  // Showcase: the exhibitor manages its listings; buyers act on published vehicles on their own behalf.
  [`POST ${S}/showcase`, 'idVehicle=exhibitorVehicle', 'exhibitor', ''],
  [`DELETE ${S}/showcase/vehicle/{idVehicle}`, 'idVehicle=showcaseVehicle', 'exhibitor', ''],
  [`GET ${S}/showcase/sold/{id}`, 'id=showcase', 'exhibitor', ''],
  [`POST ${S}/showcase/add-to-myLot`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`DELETE ${S}/showcase/remove-from-myLot`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`PUT ${S}/showcase/buy`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`PATCH ${S}/showcase/preempt-vehicle`, 'idVehicle=showcaseVehicle', 'dealer1', 'd'],
  [`POST ${S}/showcase/feedback/{id}`, 'id=boughtVehicle', 'dealer1', ''],
  [`POST ${M}/showcase/add-to-myLot`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`DELETE ${M}/showcase/remove-from-myLot`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`PATCH ${M}/showcase/preempt-vehicle`, 'idVehicle=showcaseVehicle', 'dealer1', 'd'],
  [`PUT ${M}/showcase/buy`, 'idVehicles=showcaseVehicle', 'dealer1', 'd'],
  [`POST ${M}/showcase/feedback/{id}`, 'id=boughtVehicle', 'dealer1', ''],
  [`GET ${S}/showcase/user-showcase`, 'idUser=user', 'admin', 's', '', 'an EXHIBITOR sees what any dealer user holds or bought of its own provenances'],
  [`GET ${ADM}/user-buyer-showcase`, 'idUser=user', 'admin', ''],
  [`PUT ${ADM}/user-buyer-showcase`, 'idUser=user', 'admin', ''],
];

