import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveVehicleResponse, VehicleUploadResponse } from '@auction/contracts';
import { useServices } from '../../../ui/services-context.js';
import { BatchStep } from './BatchStep.js';
import { SaveResult } from './SaveResult.js';
import { SheetStep } from './SheetStep.js';
import { vehicleUploadApi } from './upload-api.js';
import './upload.css';

type Stage =
  | { readonly step: 'sheet' }
  | { readonly step: 'files'; readonly batch: VehicleUploadResponse }
  | { readonly step: 'saved'; readonly result: SaveVehicleResponse };

/**
 * The spec's `upload-vehicle` screen: a vehicle file with its provenance (refused rows listed), then each vehicle's
 * photos and documents, then the save with its outcome and links to the saved vehicles.
 */
export function VehicleUpload() {
  const { t } = useTranslation('vehicleUpload');
  const { http } = useServices();
  const api = useMemo(() => vehicleUploadApi(http), [http]);
  const [stage, setStage] = useState<Stage>({ step: 'sheet' });
  const restart = () => setStage({ step: 'sheet' });
  return (
    <section aria-labelledby="vehicle-upload-title" className="vehicle-upload" data-testid="vehicle-upload" data-step={stage.step}>
      <h1 id="vehicle-upload-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      {stage.step === 'sheet' && <SheetStep api={api} onLoaded={(batch) => setStage({ step: 'files', batch })} />}
      {stage.step === 'files' && (
        <BatchStep api={api} batch={stage.batch} onSaved={(result) => setStage({ step: 'saved', result })} onRestart={restart} />
      )}
      {stage.step === 'saved' && <SaveResult result={stage.result} onRestart={restart} />}
    </section>
  );
}
