import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { VehicleCard } from '@auction/contracts';
import { attachmentDisposition, spreadsheetText } from '../platform/http/report-file.js';

/** The export's columns, in order: the card's fields a spreadsheet can hold. */
const COLUMNS = [
  'idVehicle', 'provenance', 'status', 'published', 'licensePlate', 'frame', 'brand', 'model', 'version', 'firstRegistration', 'mileageKm',
  'fuel', 'gearbox', 'powerKw', 'colour', 'damageTotal', 'channel', 'area', 'region', 'price', 'auctionsCount', 'insertDate',
] as const satisfies readonly (keyof VehicleCard)[];

/**
 * Streams a vehicle list as CSV (RFC 4180 by `csv-stringify`, UTF-8 with a byte-order mark, CRLF): batches are written
 * as they are read. A text cell that starts like a formula gets a leading apostrophe (CSV injection).
 */
export function sendVehicleCsv(reply: FastifyReply, batches: AsyncIterable<VehicleCard[]>): FastifyReply {
  const csv = stringify({
    header: true, columns: [...COLUMNS], bom: true, record_delimiter: 'windows',
    cast: {
      string: spreadsheetText,
      boolean: (v) => (v ? 'true' : 'false'),
    },
  });
  const rows = Readable.from((async function* () {
    for await (const batch of batches) for (const card of batch) yield card;
  })());
  rows.on('error', (e) => csv.destroy(e));
  rows.pipe(csv);
  void reply.code(200).header('content-disposition', attachmentDisposition('vehicles.csv'));
  return reply.type('text/csv; charset=utf-8').send(csv);
}
