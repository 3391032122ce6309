import { expect } from 'vitest';
import type { ReadModelDb } from '../db/read-model-db.js';

/**
 * A table of an earlier release with a `username NOT NULL` column (and a stored name) is migrated by `ensureSchema`:
 * the column goes (it would refuse every insert, and it holds personal data), twice in a row without harm.
 */
export async function checkUsernameColumnsDropped(db: ReadModelDb, schema: string): Promise<void> {
  await db.dropSchema(schema);
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.query(`CREATE TABLE ${schema}.offers (id_offer text NOT NULL, id_lot text NOT NULL, id_auction text NOT NULL, id_user text NOT NULL, ` +
    `username text NOT NULL, amount double precision NOT NULL, click_and_buy boolean NOT NULL, placed_at timestamptz, position bigint NOT NULL, PRIMARY KEY (id_offer))`);
  await db.query(`INSERT INTO ${schema}.offers VALUES ('o1', 'l1', 'a1', 'u1', 'u1@example.com', 5000, false, null, 1)`);
  await db.ensureSchema(schema);
  await db.ensureSchema(schema);
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND column_name IN ('username', 'sold_username')`, [schema]);
  expect(columns).toEqual([]);
  expect(JSON.stringify(await db.query(`SELECT * FROM ${schema}.offers`))).not.toContain('u1@example.com');
  await db.query(`INSERT INTO ${schema}.offers (id_offer, id_lot, id_auction, id_user, amount, click_and_buy, position) VALUES ('o2', 'l1', 'a1', 'u2', 5100, false, 2)`);
  await db.dropSchema(schema);
}

/**
 * An `auctions` table of an earlier release, without the `message` column, gets it from `ensureSchema` (its rows
 * keep their data and read null), twice in a row without harm; a row with a message is then stored.
 */
export async function checkAuctionMessageColumnAdded(db: ReadModelDb, schema: string): Promise<void> {
  await db.dropSchema(schema);
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.ensureSchema(schema);
  await db.query(`ALTER TABLE ${schema}.auctions DROP COLUMN message, DROP COLUMN id_file_message`);
  await db.query(`INSERT INTO ${schema}.auctions (id_auction, id_owner, auction_name, id_market, auction_type, status, start_date, end_date, ` +
    `regulation_required, window_seconds, extend_seconds, lot_ids, created_position) VALUES ('a1', 'u1', 'Old', 'IT', 'ONLINE', 'SCH', 'x', 'x', false, 0, 0, '[]', 1)`);
  await db.ensureSchema(schema);
  expect(await db.query(`SELECT id_auction, auction_name, message, id_file_message FROM ${schema}.auctions`))
    .toEqual([{ id_auction: 'a1', auction_name: 'Old', message: null, id_file_message: null }]);
  await db.query(`UPDATE ${schema}.auctions SET message = 'Hello' WHERE id_auction = 'a1'`);
  await db.dropSchema(schema);
}

/**
 * A `lots` table of an earlier release, without the vehicle columns (#22: idVehicle, idCoverPhoto and the vehicle's
 * key data), gets them from `ensureSchema`: without them every projection batch with a lot failed and was delivered
 * again forever (the read side stood still on a DATA_DIR or database of the earlier release). Its rows read null.
 */
export async function checkLotVehicleColumnsAdded(db: ReadModelDb, schema: string): Promise<void> {
  await db.dropSchema(schema);
  await db.query(`CREATE SCHEMA ${schema}`);
  await db.ensureSchema(schema);
  await db.query(`ALTER TABLE ${schema}.lots DROP COLUMN id_vehicle, DROP COLUMN id_cover_photo, DROP COLUMN first_registration, ` +
    `DROP COLUMN mileage_km, DROP COLUMN fuel`);
  await db.query(`INSERT INTO ${schema}.lots (id_lot, id_auction, lot_number, license_plate, brand, model, base_price, min_increment, state, ` +
    `offers_count, award_status, created_position) VALUES ('l1', 'a1', 1, 'AB123CD', 'Fiat', 'Panda', 5000, 100, 'OPEN', 0, 'TBA', 1)`);
  await db.ensureSchema(schema);
  expect(await db.query(`SELECT id_lot, license_plate, id_vehicle, id_cover_photo, first_registration, mileage_km, fuel FROM ${schema}.lots`))
    .toEqual([{ id_lot: 'l1', license_plate: 'AB123CD', id_vehicle: null, id_cover_photo: null, first_registration: null, mileage_km: null, fuel: null }]);
  await db.query(`UPDATE ${schema}.lots SET id_vehicle = 'V-1', fuel = 'DIESEL', mileage_km = 72500 WHERE id_lot = 'l1'`);
  await db.dropSchema(schema);
}
