import { useTranslation } from 'react-i18next';
import type { VehicleView } from '@auction/contracts';
import { photoUrl } from '../auctions/photos/photo-url.js';

/** A showcase vehicle's cover photo (its thumbnail through the vehicle file call), or an empty frame without one. */
export function VehiclePhoto({ vehicle }: { vehicle: VehicleView }) {
  const { t } = useTranslation('showcase');
  if (!vehicle.coverPhoto) return <span className="showcase-thumb showcase-thumb-none" aria-hidden="true" data-testid={`photo-none-${vehicle.idVehicle}`} />;
  return (
    <img
      src={photoUrl(vehicle.coverPhoto, 'thumb')} alt={t('photoOf', { vehicle: `${vehicle.brand} ${vehicle.model}` })} width={96} height={64}
      loading="lazy" decoding="async" className="showcase-thumb" data-testid={`photo-${vehicle.idVehicle}`}
    />
  );
}
