/**
 * The data a dealer decides on: what a loader loads and edits. One list of each kind serves the domain, the wire
 * schema (`z.enum(FUELS)`) and the UI.
 */

/** Where a vehicle is in its life. `LISTED` is in a showcase (the name the showcase has always used). */
export const VEHICLE_STATUSES = ['STOCK', 'IN_AUCTION', 'LISTED', 'SOLD', 'WITHDRAWN'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/**
 * Who holds a vehicle in stock: its loader, the loader's superior (`sendToSup`), a multi-auctioneer
 * (`sendToMultiAuctioneer`); `sendBack` returns it to its loader. The spec's numeric SUP = 0 and STOCK = 1 are the
 * wire codes of the first two.
 */
export const VEHICLE_HOLDER_ROLES = ['LOADER', 'SUPERIOR', 'MULTI_AUCTIONEER'] as const;
export type VehicleHolderRole = (typeof VEHICLE_HOLDER_ROLES)[number];

/** Kinds of file a vehicle carries: its photos, and documents (the spec's upload-appraisal, -datasheet, -other, -recdoc). */
export const VEHICLE_FILE_KINDS = ['PHOTO', 'APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC'] as const;
export type VehicleFileKind = (typeof VEHICLE_FILE_KINDS)[number];
export type VehicleDocumentKind = Exclude<VehicleFileKind, 'PHOTO'>;

export const FUELS = ['PETROL', 'DIESEL', 'LPG', 'CNG', 'HYBRID', 'PLUG_IN_HYBRID', 'ELECTRIC', 'HYDROGEN', 'OTHER'] as const;
export type Fuel = (typeof FUELS)[number];

export const GEARBOXES = ['MANUAL', 'AUTOMATIC', 'SEMI_AUTOMATIC'] as const;
export type Gearbox = (typeof GEARBOXES)[number];

/** At most this many photos per vehicle: a gallery, not an archive. */
export const MAX_VEHICLE_PHOTOS = 50;
/** At most this many documents (appraisal, data sheet, other, recognition documents together) per vehicle. */
export const MAX_VEHICLE_DOCUMENTS = 20;
/** Mileage bound in km: above it the figure is a typing error. */
export const MAX_MILEAGE_KM = 2_000_000;
/** Power bound in kW (the most powerful road cars are near 1,500 kW). */
export const MAX_POWER_KW = 2_000;
/** The earliest first registration taken. */
export const EARLIEST_FIRST_REGISTRATION = '1900-01-01';

/** Longest text of each text field, in characters. */
export const VEHICLE_TEXT_MAX = {
  brand: 60, model: 80, version: 120, colour: 40, channel: 40, provenance: 60, area: 60, region: 60, grade: 20, notes: 1_000,
} as const;

/** Where a vehicle stands, for the dealers who must fetch it. */
export interface VehicleLocation {
  readonly area: string;
  readonly region: string;
}

/** The appraisal's summary; the appraisal itself is a document (`APPRAISAL`). */
export interface AppraisalSummary {
  /** Day of the appraisal, `YYYY-MM-DD`. */
  readonly appraisedOn: string;
  readonly grade: string | null;
  readonly notes: string | null;
}

/** The buyer-facing data of a vehicle. Money in euros; the plate in its compared form (`plateKey`). */
export interface VehicleDetails {
  readonly licensePlate: string;
  /** The frame number (VIN). */
  readonly frame: string;
  readonly brand: string;
  readonly model: string;
  readonly version: string | null;
  /** Day of first registration, `YYYY-MM-DD`. */
  readonly firstRegistration: string;
  readonly mileageKm: number;
  readonly fuel: Fuel;
  readonly gearbox: Gearbox;
  readonly powerKw: number;
  readonly colour: string | null;
  /** The appraised damage, in euros; 0 when none. */
  readonly damageTotal: number;
  /** The selling channel (code table CHANNEL). */
  readonly channel: string;
  readonly location: VehicleLocation;
  readonly appraisal: AppraisalSummary | null;
}

/** The fields of {@link VehicleDetails}, in a fixed order. */
export const VEHICLE_DETAIL_FIELDS = [
  'licensePlate', 'frame', 'brand', 'model', 'version', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw',
  'colour', 'damageTotal', 'channel', 'location', 'appraisal',
] as const satisfies readonly (keyof VehicleDetails)[];
