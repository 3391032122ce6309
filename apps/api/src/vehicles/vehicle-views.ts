import type { VehicleCard, VehicleSheet } from '@auction/contracts';
import type { VehicleRecordRow } from '@auction/read-models';

/** A vehicle row as the lists and `GET /vehicle/{id}` show it. */
export function vehicleCardOf(r: VehicleRecordRow, provenanceName: string | null): VehicleCard {
  return {
    idVehicle: r.idVehicle, provenance: r.provenance, provenanceName, status: r.status, published: r.published,
    holder: { role: r.holderRole, idUser: r.holderUserId }, licensePlate: r.licensePlate, frame: r.frame, brand: r.brand, model: r.model,
    version: r.version, firstRegistration: r.firstRegistration, mileageKm: r.mileageKm, fuel: r.fuel, gearbox: r.gearbox, powerKw: r.powerKw,
    colour: r.colour, damageTotal: r.damageTotal, channel: r.channel, area: r.area, region: r.region, price: r.price,
    auctionsCount: r.auctionsCount, insertDate: r.insertedAt, photos: [...r.photos], idAuction: r.idAuction, idLot: r.idLot, idShowcase: r.idShowcase,
  };
}

/** A vehicle's whole sheet: the card with its appraisal summary and documents. */
export function vehicleSheetOf(r: VehicleRecordRow, provenanceName: string | null): VehicleSheet {
  return {
    ...vehicleCardOf(r, provenanceName),
    appraisal: (r.appraisal as VehicleSheet['appraisal']) ?? null,
    documents: r.documents as VehicleSheet['documents'],
  };
}
