import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleSheet } from '@auction/contracts';
import { formatNumber } from '@auction/i18n';
import { Money, useLanguage } from '../../ui/Money.js';
import { useProfile } from '../../ui/services-context.js';
import { useLoaded } from '../dealers/dealers/use-dealers.js';
import { PhotoGallery } from '../auctions/photos/PhotoGallery.js';
import { documentUrl } from '../auctions/photos/photo-url.js';
import { VehicleActions } from './VehicleActions.js';
import { VehicleHistoryDialog } from './VehicleHistoryDialog.js';
import { VehicleInAuctionsDialog } from './VehicleInAuctionsDialog.js';
import { opensVehicleArea } from './vehicle-powers.js';
import { shownDay } from './vehicle-search.js';
import { useProvenances, useVehicleActions, useVehiclesApi } from './use-vehicles.js';
import { vehicleFileUrl } from './vehicles-api.js';
import './vehicles.css';

/** The title of a vehicle: brand, model and version. */
export function vehicleTitle(v: Pick<VehicleSheet, 'brand' | 'model' | 'version'>): string {
  return [v.brand, v.model, v.version].filter(Boolean).join(' ');
}

/** `vehicle-details`: one vehicle's sheet (`GET /vehicle/{id}/details`), photos, documents, state and dialogs. */
export function VehicleDetails({ idVehicle }: { idVehicle: string }) {
  const { t } = useTranslation('vehicles');
  const api = useVehiclesApi();
  const sheet = useLoaded(() => api.details(idVehicle), idVehicle);
  if (sheet.status === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (sheet.status === 'failed') return <p className="form-error" role="alert" data-testid="vehicle-failed">{t('common.failed')}</p>;
  return <VehicleSheetView vehicle={sheet.data} onChanged={sheet.reload} />;
}

function VehicleSheetView({ vehicle: v, onChanged }: { vehicle: VehicleSheet; onChanged: () => void }) {
  const { t } = useTranslation('vehicles');
  const language = useLanguage();
  const provenances = useProvenances();
  const actions = useVehicleActions(provenances)(v);
  const [dialog, setDialog] = useState<'history' | 'inAuctions' | null>(null);
  // The auctions history (earlier auctions' best offers) is the back office's: GET /vehicle/{id}/auctions refuses a dealer.
  const backOffice = opensVehicleArea(useProfile()?.roles ?? []);
  const title = vehicleTitle(v);
  const placed = v.idAuction !== null || v.idShowcase !== null;
  const facts: [string, string | ReactNode][] = [
    ['licensePlate', v.licensePlate], ['frame', v.frame], ['idVehicle', v.idVehicle],
    ['provenance', v.provenanceName ? `${v.provenanceName} (${v.provenance})` : v.provenance],
    ['firstRegistration', shownDay(v.firstRegistration)], ['mileageKm', t('km', { km: formatNumber(v.mileageKm, language, 0) })],
    ['fuel', t(`fuel.${v.fuel}`, { defaultValue: v.fuel })], ['gearbox', t(`gearbox.${v.gearbox}`, { defaultValue: v.gearbox })],
    ['powerKw', t('kw', { kw: v.powerKw })], ['colour', v.colour ?? '–'], ['damageTotal', <Money key="d" value={v.damageTotal} />],
    ['channel', v.channel], ['area', v.area], ['region', v.region], ['price', <Money key="p" value={v.price} />],
    ['auctionsCount', String(v.auctionsCount)], ['insertDate', shownDay(v.insertDate.slice(0, 10))],
  ];
  return (
    <article aria-labelledby="vehicle-title" data-testid="vehicle-details">
      <div className="vehicle-head">
        <h1 id="vehicle-title">{title} <span className="plate">{v.licensePlate}</span></h1>
        <Link to="/vehicle-list" data-testid="vehicle-back">{t('details.back')}</Link>
      </div>
      <p className="vehicle-status" data-testid="vehicle-state">
        <span className={`badge vehicle-status-${v.status}`} data-testid="vehicle-status">{t(`status.${v.status}`)}</span>
        <span className={`badge ${v.published ? 'badge-ENABLED' : 'badge-muted'}`} data-testid="vehicle-published">{t(v.published ? 'published' : 'unpublished')}</span>
        <span className="badge badge-muted">{t(`holder.${v.holder.role}`, { user: v.holder.idUser })}</span>
      </p>
      <div className="toolbar">
        <VehicleActions vehicle={v} actions={actions} onChanged={onChanged} />
        {backOffice && <button type="button" className="btn btn-small" onClick={() => setDialog('history')} data-testid="vehicle-history-open">{t('history.open')}</button>}
        {placed && <button type="button" className="btn btn-small" onClick={() => setDialog('inAuctions')} data-testid="vehicle-in-auctions-open">{t('inAuctions.open')}</button>}
      </div>
      <div className="vehicle-layout">
        <PhotoGallery idPhotos={v.photos} subject={`${title} ${v.licensePlate}`} />
        <div>
          <section aria-labelledby="vehicle-sheet-title" className="card">
            <h2 id="vehicle-sheet-title">{t('details.sheet')}</h2>
            <dl className="vehicle-sheet" data-testid="vehicle-sheet">
              {facts.map(([key, value]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{t(`fields.${key}`)}</dt>
                  <dd data-testid={`vehicle-${key}`}>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="vehicle-appraisal-title" className="card">
            <h2 id="vehicle-appraisal-title">{t('details.appraisal')}</h2>
            {v.appraisal ? (
              <dl className="vehicle-sheet" data-testid="vehicle-appraisal">
                <dt>{t('fields.appraisedOn')}</dt><dd>{shownDay(v.appraisal.appraisedOn)}</dd>
                <dt>{t('fields.grade')}</dt><dd>{v.appraisal.grade ?? '–'}</dd>
                <dt>{t('fields.notes')}</dt><dd>{v.appraisal.notes ?? '–'}</dd>
              </dl>
            ) : <p className="muted">{t('details.noAppraisal')}</p>}
          </section>
          <section aria-labelledby="vehicle-docs-title" className="card">
            <h2 id="vehicle-docs-title">{t('details.documents')}</h2>
            {v.documents.length === 0 ? <p className="muted" data-testid="vehicle-no-documents">{t('details.noDocuments')}</p> : (
              <ul className="vehicle-docs" data-testid="vehicle-documents">
                {v.documents.map((d, i) => (
                  <li key={d.idBlob}>
                    <a href={documentUrl(d.idBlob)} target="_blank" rel="noopener noreferrer" data-testid={`vehicle-document-${i}`}>
                      {t(`documentKind.${d.kind}`)}
                    </a>{' '}
                    <a href={vehicleFileUrl(d.idBlob)} download>
                      {t('details.download')}<span className="visually-hidden"> {t(`documentKind.${d.kind}`)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      {dialog === 'history' && <VehicleHistoryDialog idVehicle={v.idVehicle} plate={v.licensePlate} onClose={() => setDialog(null)} />}
      {dialog === 'inAuctions' && <VehicleInAuctionsDialog vehicle={v} onClose={() => setDialog(null)} />}
    </article>
  );
}
