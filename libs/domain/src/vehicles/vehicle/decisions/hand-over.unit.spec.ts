import { describe, expect, it } from 'vitest';
import { listed } from '../../../testing/vehicle-fixtures.test-support.js';
import {
  LOADER, MULTI, SUPERIOR, loaded, published, putInAuction, ready, sentBack, sentToMulti, sentToSup, soldInAuction,
  unpublished, vehicleSpec, withdrawn,
} from '../../../testing/vehicle-life-fixtures.test-support.js';

const publish = { type: 'PublishVehicle' as const };
const unpublish = { type: 'UnpublishVehicle' as const };
const toSup = (idSuperior = SUPERIOR) => ({ type: 'SendToSup' as const, idSuperior });
const toMulti = (idMultiAuctioneer = MULTI) => ({ type: 'SendToMultiAuctioneer' as const, idMultiAuctioneer });
const back = { type: 'SendBack' as const };

describe('PublishVehicle and UnpublishVehicle (pubUnpubVehicle)', () => {
  it('publishes a vehicle in stock, and unpublishes it', () => {
    vehicleSpec.given([loaded]).when(publish).then([published]);
    vehicleSpec.given([loaded, published]).when(unpublish).then([unpublished]);
  });

  it('publishing a published vehicle, or unpublishing an unpublished one, is a no-op', () => {
    vehicleSpec.given([loaded, published]).when(publish).thenNothing();
    vehicleSpec.given([loaded]).when(unpublish).thenNothing();
    vehicleSpec.given([...ready, putInAuction()]).when(publish).thenNothing();
    vehicleSpec.given([listed]).when(publish).thenNothing();
  });

  it('refuses to unpublish a placed vehicle: dealers are deciding on it', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(unpublish).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([listed]).when(unpublish).thenThrows('VEHICLE_IN_SHOWCASE');
  });

  it('refuses a sold, withdrawn or unknown vehicle', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(publish).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(publish).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given([]).when(unpublish).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('SendToSup, SendToMultiAuctioneer, SendBack: who holds a vehicle in stock', () => {
  it('goes from the loader to its superior, then to a multi-auctioneer', () => {
    vehicleSpec.given([loaded]).when(toSup()).then([sentToSup()]);
    vehicleSpec.given([loaded, sentToSup()]).when(toMulti()).then([sentToMulti()]);
    const { state } = vehicleSpec.given([loaded, sentToSup()]).when(toMulti()).run();
    expect(state).toMatchObject({ record: { holder: { role: 'MULTI_AUCTIONEER', idUser: MULTI } } });
  });

  it('is sent back to its loader by a superior or a multi-auctioneer', () => {
    vehicleSpec.given([loaded, sentToSup()]).when(back).then([sentBack]);
    vehicleSpec.given([loaded, sentToSup(), sentToMulti()]).when(back).then([sentBack]);
    const { state } = vehicleSpec.given([loaded, sentToSup(), sentToMulti()]).when(back).run();
    expect(state).toMatchObject({ record: { holder: { role: 'LOADER', idUser: LOADER } } });
  });

  it('a hand-over to whoever holds it already is a no-op', () => {
    vehicleSpec.given([loaded, sentToSup()]).when(toSup()).thenNothing();
    vehicleSpec.given([loaded, sentToSup(), sentToMulti()]).when(toMulti()).thenNothing();
    vehicleSpec.given([loaded]).when(back).thenNothing();
    vehicleSpec.given([loaded, sentToSup(), sentBack]).when(back).thenNothing();
  });

  it('refuses a hand-over that skips or reverses a step', () => {
    vehicleSpec.given([loaded]).when(toMulti()).thenThrows('VEHICLE_WRONG_HOLDER');
    vehicleSpec.given([loaded, sentToSup()]).when(toSup('superior-2')).thenThrows('VEHICLE_WRONG_HOLDER');
    vehicleSpec.given([loaded, sentToSup(), sentToMulti()]).when(toSup()).thenThrows('VEHICLE_WRONG_HOLDER');
    vehicleSpec.given([loaded, sentToSup(), sentToMulti()]).when(toMulti('multi-2')).thenThrows('VEHICLE_WRONG_HOLDER');
  });

  it('refuses a hand-over to the loader itself or to nobody', () => {
    vehicleSpec.given([loaded]).when(toSup(LOADER)).thenThrows('VEHICLE_HOLDER_INVALID');
    vehicleSpec.given([loaded, sentToSup()]).when(toMulti(' ')).thenThrows('VEHICLE_HOLDER_INVALID');
  });

  it('refuses a placed, sold or withdrawn vehicle', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(toSup()).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([...ready, sentToSup(), putInAuction()]).when(back).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(toSup()).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(back).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given([listed]).when(toSup()).thenThrows('VEHICLE_IN_SHOWCASE');
  });
});
