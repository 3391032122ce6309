import { DEALER_REGISTRATION_MAX_LENGTHS } from '@auction/domain';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField.js';
import { fieldId, type SectionProps } from './section-props.js';
import type { RegistrationField } from './registration-form.js';

type TextField = Exclude<RegistrationField, 'checkCCA' | 'checkDati' | 'checkTec' | 'checkConsents1' | 'checkConsents2' | 'checkConsents3'>;

interface Props {
  readonly ctx: SectionProps;
  readonly field: TextField;
  readonly starred: boolean;
  readonly hint?: string | null;
  readonly label?: string;
  readonly type?: 'text' | 'email' | 'tel' | 'url';
  readonly autoComplete?: string;
  /** Compared on every keystroke (the e-mail confirmation): its message shows while typing. */
  readonly live?: boolean;
}

/** A text field of the registration form, with the payload's maximum length. */
export function TextInput({ ctx, field, starred, hint, label, type = 'text', autoComplete, live }: Props) {
  const { t } = useTranslation('registration');
  const id = fieldId(field);
  const max = (DEALER_REGISTRATION_MAX_LENGTHS as Record<string, number>)[field];
  return (
    <FormField id={id} label={label ?? t(`field.${field}`)} starred={starred} hint={hint} issue={ctx.issue(field)}>
      {(aria) => (
        <input
          {...aria} type={type} name={field} value={ctx.values[field]} maxLength={max} autoComplete={autoComplete ?? 'off'}
          aria-required={starred || undefined} data-testid={id}
          onChange={(e) => { ctx.set(field, e.target.value); if (live) ctx.touch(field); }}
          onBlur={() => ctx.touch(field)}
        />
      )}
    </FormField>
  );
}

interface SelectProps {
  readonly ctx: SectionProps;
  readonly field: 'country' | 'region' | 'typeDealerActivity' | 'carSold' | 'buyingInterest';
  readonly group: 'COUNTRY' | 'COUNTRY_AREA' | 'DEALER_ACTIVITY' | 'CAR_SOLD' | 'BUYING_INTEREST';
  readonly starred: boolean;
  readonly label?: string;
}

/** A code-table dropdown with a disabled placeholder option (spec 01 §2). */
export function CodeSelect({ ctx, field, group, starred, label }: SelectProps) {
  const { t } = useTranslation('registration');
  const id = fieldId(field);
  const options = ctx.options(group);
  const value = ctx.values[field];
  return (
    <FormField id={id} label={label ?? t(`field.${field}`)} starred={starred} issue={ctx.issue(field)}>
      {(aria) => (
        <select
          {...aria} name={field} value={value} aria-required={starred || undefined} data-testid={id}
          onChange={(e) => { ctx.set(field, e.target.value); ctx.touch(field); }} onBlur={() => ctx.touch(field)}
        >
          <option value="" disabled>{t('form.select')}</option>
          {value && !options.some((o) => o.elementCode === value) && <option value={value}>{value}</option>}
          {options.map((o) => <option key={o.elementCode} value={o.elementCode}>{o.elementDes}</option>)}
        </select>
      )}
    </FormField>
  );
}
