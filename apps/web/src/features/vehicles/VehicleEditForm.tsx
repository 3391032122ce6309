import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VehicleSheet } from '@auction/contracts';
import { FUELS, GEARBOXES } from '@auction/domain';
import { ApiError } from '../../api/http.js';
import { useServices } from '../../ui/services-context.js';
import { shownAsDialog } from '../dealers/users/target-errors.js';
import {
  VehicleEditFormSchema, codeOfField, domainRefusal, editRequest, formValuesOf, refusalField,
  type VehicleEditInput, type VehicleEditOutput,
} from './vehicle-edit-form.js';
import { useVehiclesApi } from './use-vehicles.js';

type Field = FieldPath<VehicleEditInput>;

interface Props {
  readonly vehicle: VehicleSheet;
  /** The sheet the server answered after a save. */
  readonly onSaved: (sheet: VehicleSheet) => void;
}

/**
 * The vehicle's data (`PUT /vehicle`), a react-hook-form form on the contract's schema (`VehicleEditFormSchema`)
 * and the domain's rules: a refused field shows the same text the server's code has (`errors:4222xx`); a refusal of
 * the server that names a field is shown beside it, any other in the error dialog. Only changed fields are sent.
 */
export function VehicleEditForm({ vehicle, onSaved }: Props) {
  const { t } = useTranslation('vehicles');
  const { dialogs } = useServices();
  const api = useVehiclesApi();
  const form = useForm<VehicleEditInput, unknown, VehicleEditOutput>({
    resolver: zodResolver(VehicleEditFormSchema), defaultValues: formValuesOf(vehicle), mode: 'onSubmit',
  });
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = form;

  const submit = async (details: VehicleEditOutput) => {
    const now = Date.now();
    const rule = domainRefusal(details, now);
    if (rule) {
      setError(rule.field as Field, { type: String(rule.code), message: String(rule.code) }, { shouldFocus: true });
      return;
    }
    const body = editRequest(vehicle, details, now);
    if (!body) {
      void dialogs.warning('vehicles:edit.nothingChanged');
      return;
    }
    try {
      const saved = await api.edit(body);
      form.reset(formValuesOf(saved));
      void dialogs.success('vehicles:edit.saved', { plate: saved.licensePlate });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = refusalField(error.errorCode, error.message);
      if (field) setError(field.field as Field, { type: 'server', message: String(field.code) }, { shouldFocus: true });
      else if (shownAsDialog(error)) void dialogs.error(error.errorCode);
    }
  };

  /** The error of a field: a code's text (`errors:<code>`), from the domain, the server or the schema's field rule. */
  const errorOf = (name: Field): string | null => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    const message = (node as { message?: string } | undefined)?.message;
    if (!node) return null;
    const code = message && /^\d{6}$/.test(message) ? Number(message) : codeOfField(name);
    return t(`errors:${code}`);
  };
  const input = (name: Field, options: { type?: string; numeric?: boolean; decimal?: boolean; max?: number; placeholder?: string } = {}) => {
    const error = errorOf(name);
    const id = `vehicle-edit-${name.replace('.', '-')}`;
    return (
      <label className="field">
        <span>{t(`fields.${name.split('.').pop()}`)}</span>
        <input
          id={id} type={options.type ?? 'text'} autoComplete="off" maxLength={options.max ?? 200} placeholder={options.placeholder}
          inputMode={options.decimal ? 'decimal' : options.numeric ? 'numeric' : undefined} step={options.decimal ? '0.01' : undefined}
          {...register(name, options.numeric || options.decimal ? { valueAsNumber: true } : {})}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid={id}
        />
        {error && <span id={`${id}-error`} className="field-error" data-testid={`${id}-error`}>{error}</span>}
      </label>
    );
  };
  const select = (name: 'fuel' | 'gearbox', values: readonly string[]) => {
    const error = errorOf(name);
    return (
      <label className="field">
        <span>{t(`fields.${name}`)}</span>
        <select {...register(name)} aria-invalid={error ? true : undefined} aria-describedby={error ? `vehicle-edit-${name}-error` : undefined} data-testid={`vehicle-edit-${name}`}>
          {values.map((v) => <option key={v} value={v}>{t(`${name}.${v}`)}</option>)}
        </select>
        {error && <span id={`vehicle-edit-${name}-error`} className="field-error">{error}</span>}
      </label>
    );
  };
  const invalid = Object.keys(errors).length > 0;
  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate data-testid="vehicle-edit-form">
      <div className="vehicle-edit-grid">
        <fieldset>
          <legend>{t('edit.identity')}</legend>
          {input('licensePlate', { max: 40 })}
          {input('frame', { max: 40 })}
          {input('brand')}
          {input('model')}
          {input('version')}
          {input('firstRegistration', { max: 10, placeholder: t('filters.datePlaceholder'), numeric: false })}
        </fieldset>
        <fieldset>
          <legend>{t('edit.technical')}</legend>
          {input('mileageKm', { type: 'number', numeric: true })}
          {select('fuel', FUELS)}
          {select('gearbox', GEARBOXES)}
          {input('powerKw', { type: 'number', numeric: true })}
          {input('colour')}
          {input('damageTotal', { type: 'number', decimal: true })}
        </fieldset>
        <fieldset>
          <legend>{t('edit.sale')}</legend>
          {input('channel')}
          {input('location.area')}
          {input('location.region')}
          {input('appraisal.appraisedOn', { max: 10, placeholder: t('filters.datePlaceholder') })}
          {input('appraisal.grade', { max: 100 })}
          {input('appraisal.notes', { max: 2000 })}
        </fieldset>
      </div>
      {invalid && <p className="form-error" role="alert" data-testid="vehicle-edit-invalid">{t('edit.invalid')}</p>}
      <div className="bo-row">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="vehicle-edit-save">{t('edit.save')}</button>
      </div>
    </form>
  );
}
