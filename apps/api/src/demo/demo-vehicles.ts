import type { BlobStore } from '@auction/blob-store';
import {
  decideVehiclePlan, recordOf, streamId, type Fuel, type Gearbox, type VehicleCommand, type VehicleDetails, type VehicleState,
} from '@auction/domain';
import type { StreamWriter } from '../platform/engine/stream-writer.js';
import { storeDemoVehicleFiles } from './demo-vehicle-files.js';

const MODELS: [string, string, Fuel, Gearbox, number][] = [
  ['Fiat', 'Tipo 1.6 MJT', 'DIESEL', 'MANUAL', 88], ['Volkswagen', 'Polo 1.0 TSI', 'PETROL', 'MANUAL', 70],
  ['Renault', 'Captur E-Tech', 'HYBRID', 'AUTOMATIC', 105], ['Peugeot', '2008 BlueHDi', 'DIESEL', 'MANUAL', 81],
  ['Toyota', 'C-HR Hybrid', 'HYBRID', 'AUTOMATIC', 90], ['Jeep', 'Compass 4xe', 'PLUG_IN_HYBRID', 'AUTOMATIC', 177],
  ['BMW', 'X1 sDrive18d', 'DIESEL', 'AUTOMATIC', 110], ['Audi', 'Q2 30 TFSI', 'PETROL', 'MANUAL', 81],
  ['Kia', 'Niro EV', 'ELECTRIC', 'AUTOMATIC', 150], ['Dacia', 'Sandero ECO-G', 'LPG', 'MANUAL', 74],
];
const AREAS: [string, string][] = [['Nord', 'Lombardia'], ['Centro', 'Lazio'], ['Nord', 'Piemonte'], ['Sud', 'Campania']];

/** A demo vehicle: loaded by `idLoader` into `provenance`, published or not. */
export interface DemoVehicle {
  readonly idVehicle: string;
  readonly idLoader: string;
  readonly provenance: string;
  readonly details: VehicleDetails;
  readonly published: boolean;
}

function demoVehicles(): DemoVehicle[] {
  const list = MODELS.map(([brand, model, fuel, gearbox, powerKw], i): DemoVehicle => {
    const [area, region] = AREAS[i % AREAS.length]!;
    return {
      idVehicle: `V-DEMO-${i + 1}`, idLoader: 'loader', provenance: 'LEASYS-IT', published: i < 6,
      details: {
        licensePlate: `GD${String(100 + i)}LS`, frame: `ZFA31200000${String(200000 + i)}`, brand, model, version: null,
        firstRegistration: `20${String(19 + (i % 5))}-0${1 + (i % 9)}-15`, mileageKm: 25_000 + i * 9_500, fuel, gearbox, powerKw,
        colour: ['Bianco', 'Grigio', 'Nero', 'Blu'][i % 4]!, damageTotal: (i % 3) * 450, channel: i % 2 ? 'REMARKETING' : 'LEASING',
        location: { area, region }, appraisal: { appraisedOn: '2026-10-01', grade: ['A', 'B', 'C'][i % 3]!, notes: null },
      },
    };
  });
  list.push(...[0, 1].map((i): DemoVehicle => ({
    idVehicle: `V-DEMO-R${i + 1}`, idLoader: 'loader2', provenance: 'RENT-IT', published: i === 0,
    details: { ...list[i]!.details, licensePlate: `GR${String(300 + i)}RT`, frame: `VF1RJA00000${String(300000 + i)}`, channel: 'RENTAL' },
  })));
  return list;
}

/**
 * The loaders' demo stock: ten vehicles of provenance LEASYS-IT (loader `loader`, dealer D-AUCT), six published, and
 * two of RENT-IT (loader `loader2`, dealer D-EXHB). Fixed ids: a restart adds nothing. With `blobs`, a vehicle in stock
 * without photos gets three drawn photos and an appraisal report (demo-vehicle-files.ts), once.
 */
export async function seedDemoVehicles(writer: StreamWriter, now: number, blobs?: BlobStore): Promise<void> {
  for (const v of demoVehicles()) await loadDemoVehicle(writer, v, now, blobs);
}

/**
 * Loads one demo vehicle (published when asked) unless its stream exists, and, with `blobs`, gives it three drawn photos
 * and an appraisal report while it is in stock without photos. A restart adds nothing. True when this call loaded it.
 */
export async function loadDemoVehicle(writer: StreamWriter, v: DemoVehicle, now: number, blobs?: BlobStore): Promise<boolean> {
  const sid = streamId.vehicle(v.idVehicle);
  const { reply: { needsFiles, loaded } } = await writer.execute({
    streams: [sid],
    metadata: { userId: v.idLoader },
    decide: (view) => {
      const state = view.state<VehicleState>(sid);
      if (state.status !== 'NONE') return [];
      const commands: VehicleCommand[] = [
        { type: 'LoadVehicle', idVehicle: v.idVehicle, idLoader: v.idLoader, provenance: v.provenance, details: v.details, now },
        ...(v.published ? [{ type: 'PublishVehicle' } as const] : []),
      ];
      return [{ streamId: sid, events: decideVehiclePlan(commands, state) }];
    },
    reply: (view, appended) => {
      const state = view.state<VehicleState>(sid);
      return { loaded: appended, needsFiles: state.status === 'STOCK' && (recordOf(state)?.photos.length ?? 0) === 0 };
    },
  });
  if (blobs && needsFiles) await attachDemoFiles(writer, blobs, v);
  return loaded;
}

async function attachDemoFiles(writer: StreamWriter, blobs: BlobStore, v: DemoVehicle): Promise<void> {
  const sid = streamId.vehicle(v.idVehicle);
  const files = await storeDemoVehicleFiles(blobs, v.idVehicle, v.details);
  const { reply: attached } = await writer.execute({
    streams: [sid],
    metadata: { userId: v.idLoader },
    decide: (view) => {
      const state = view.state<VehicleState>(sid);
      if (state.status !== 'STOCK' || state.record.photos.length > 0) return [];
      const commands: VehicleCommand[] = [
        ...files.photos.map((idBlob) => ({ type: 'AttachVehicleFile', idBlob, kind: 'PHOTO' }) as const),
        ...files.documents.map(({ idBlob, kind }) => ({ type: 'AttachVehicleFile', idBlob, kind }) as const),
      ];
      return [{ streamId: sid, events: decideVehiclePlan(commands, state) }];
    },
    reply: (_view, appended) => appended,
  });
  // Placed or given photos meanwhile: the drawn files are nobody's.
  if (!attached) await Promise.all([...files.photos, ...files.documents.map((d) => d.idBlob)].map((id) => blobs.delete(id)));
}
