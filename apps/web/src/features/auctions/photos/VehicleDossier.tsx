import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotDetail } from '@auction/contracts';
import { useLanguage } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import { PhotoGallery } from './PhotoGallery.js';
import { documentUrl } from './photo-url.js';
import { vehicleSheetRows } from './vehicle-facts.js';

/**
 * What a dealer bids on beside the offer form: the lot's vehicle photos, its data sheet and its documents (each opened
 * in place by the browser). Read after the page shows (`GET lot-detail`), so the offer form never waits for it; a lot
 * without a vehicle shows the gallery's empty box and no sheet.
 */
export function VehicleDossier({ idAuction, idLot, subject }: { idAuction: string; idLot: string; subject: string }) {
  const { t } = useTranslation('auction');
  const { api } = useServices();
  const language = useLanguage();
  const [detail, setDetail] = useState<LotDetail | null>(null);
  useEffect(() => {
    let live = true;
    api.lotDetail(idAuction, idLot).then((d) => { if (live) setDetail(d); }, () => undefined);
    return () => { live = false; };
  }, [api, idAuction, idLot]);
  const rows = detail?.vehicle ? vehicleSheetRows(detail.vehicle, t, language) : [];
  return (
    <div className="dossier" data-testid="vehicle-dossier" data-loaded={detail !== null}>
      {detail
        ? <PhotoGallery idPhotos={detail.idPhotos} subject={subject} />
        : <div className="gallery"><div className="gallery-stage" aria-busy="true" /></div>}
      {rows.length > 0 && (
        <section aria-labelledby="sheet-title" data-testid="vehicle-sheet">
          <h2 id="sheet-title">{t('vehicle.sheet')}</h2>
          <dl className="facts">
            {rows.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
          </dl>
        </section>
      )}
      {detail && detail.idDocuments.length > 0 && (
        <section aria-labelledby="documents-title" data-testid="vehicle-documents">
          <h2 id="documents-title">{t('vehicle.documents')}</h2>
          <ul>
            {detail.idDocuments.map((idDocument, i) => (
              <li key={idDocument}>
                <a href={documentUrl(idDocument)} target="_blank" rel="noopener" data-testid={`vehicle-document-${i}`}>
                  {t('vehicle.document', { number: i + 1 })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
