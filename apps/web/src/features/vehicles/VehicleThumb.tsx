import { vehicleImageUrl } from './vehicles-api.js';

/**
 * A vehicle's cover in a list: the small variant (320 px wide) shown at a fixed 64×48 so rows never jump while
 * images arrive, lazy and decoded off the main thread. Decorative (the plate beside it names the row): empty alt.
 */
export function VehicleThumb({ idImage }: { idImage: string | null }) {
  if (!idImage) return <span className="vehicle-thumb vehicle-thumb-none" aria-hidden="true" />;
  return <img src={vehicleImageUrl(idImage, 'thumb')} alt="" width={64} height={48} loading="lazy" decoding="async" className="vehicle-thumb" />;
}
