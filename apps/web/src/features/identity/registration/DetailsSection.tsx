import { useTranslation } from 'react-i18next';
import { regionLabelKey } from './registration-form.js';
import { CodeSelect, TextInput } from './TextInput.js';
import type { SectionProps } from './section-props.js';

/** Section 1, business data: the country decides the region label, the postal-code hints and what is starred. */
export function DetailsSection({ ctx }: { ctx: SectionProps }) {
  const { t } = useTranslation('registration');
  const { layout } = ctx;
  const f = layout.fields;
  const postalHint = [
    layout.postalCodeHint ? t(`hint.postalCode${layout.postalCodeHint}`) : null,
    layout.extraPostalCodeBlock ? t('hint.postalCodeBlock') : null,
  ].filter(Boolean).join(' ') || null;
  const mobileHint = layout.mobileHint === 'PL' ? t('hint.mobilePL') : layout.mobileHint === 'default' ? t('hint.mobile') : null;
  return (
    <div className="form-grid">
      <TextInput ctx={ctx} field="businessName" starred autoComplete="organization" />
      <TextInput ctx={ctx} field="address" starred autoComplete="street-address" />
      <CodeSelect ctx={ctx} field="country" group="COUNTRY" starred />
      <TextInput ctx={ctx} field="city" starred autoComplete="address-level2" />
      {f.region.shown && <CodeSelect ctx={ctx} field="region" group="COUNTRY_AREA" starred={f.region.starred} label={t(regionLabelKey(ctx.values.country))} />}
      {f.postalCode.shown && <TextInput ctx={ctx} field="postalCode" starred={f.postalCode.starred} hint={postalHint} autoComplete="postal-code" />}
      <TextInput ctx={ctx} field="email" starred type="email" hint={t('hint.email')} autoComplete="email" />
      <TextInput ctx={ctx} field="confEmail" starred type="email" live />
      <TextInput ctx={ctx} field="vatCode" starred={f.vatCode.starred} />
      <TextInput ctx={ctx} field="mobile" starred type="tel" hint={mobileHint} autoComplete="tel" />
      <TextInput ctx={ctx} field="phone" starred={false} type="tel" />
      <TextInput ctx={ctx} field="website" starred={false} type="url" autoComplete="url" />
      {f.regon.shown && <TextInput ctx={ctx} field="regon" starred={f.regon.starred} />}
    </div>
  );
}

/** Section 2, dealer activity: three required code-table choices. */
export function ActivitySection({ ctx }: { ctx: SectionProps }) {
  return (
    <div className="form-grid">
      <CodeSelect ctx={ctx} field="typeDealerActivity" group="DEALER_ACTIVITY" starred />
      <CodeSelect ctx={ctx} field="carSold" group="CAR_SOLD" starred />
      <CodeSelect ctx={ctx} field="buyingInterest" group="BUYING_INTEREST" starred />
    </div>
  );
}

/** Section 3, internal reference: name and e-mail hidden where the spec hides them, fiscal code and birth date starred for IT. */
export function ReferenceSection({ ctx, fiscalCodeRefused }: { ctx: SectionProps; fiscalCodeRefused: boolean }) {
  const { t } = useTranslation('registration');
  const f = ctx.layout.fields;
  return (
    <div className="form-grid">
      {f.referenceName.shown && <TextInput ctx={ctx} field="referenceName" starred={f.referenceName.starred} autoComplete="given-name" />}
      <TextInput ctx={ctx} field="referenceSurname" starred autoComplete="family-name" />
      {f.referenceFiscalCode.shown && <TextInput ctx={ctx} field="referenceFiscalCode" starred={f.referenceFiscalCode.starred} />}
      {f.referenceBirthDate.shown && <TextInput ctx={ctx} field="referenceBirthDate" starred={f.referenceBirthDate.starred} autoComplete="bday" />}
      {f.referenceEmail.shown && <TextInput ctx={ctx} field="referenceEmail" starred={f.referenceEmail.starred} type="email" />}
      {ctx.layout.fcaNote && <TextInput ctx={ctx} field="referenceFCA" starred={false} hint={t('hint.fca')} />}
      {fiscalCodeRefused && (
        <p className="form-error" role="alert" data-testid="reg-fiscal-code-refused">{t('signUp.fiscalCodeRefused')}</p>
      )}
    </div>
  );
}
