import { useTranslation } from 'react-i18next';
import { IssueMessage, YesNo } from './FormField.js';
import { fieldId, type SectionProps } from './section-props.js';

type Check = 'checkCCA' | 'checkDati' | 'checkTec';

/** One declaration checkbox (required, starred, for IT). */
function CheckBox({ ctx, field }: { ctx: SectionProps; field: Check }) {
  const { t } = useTranslation('registration');
  const id = fieldId(field);
  const issue = ctx.issue(field);
  const starred = ctx.layout.fields[field].starred;
  return (
    <div className="field-group consent-check">
      <label className="checkbox-field" htmlFor={id}>
        <input
          id={id} type="checkbox" checked={ctx.values[field]} data-testid={id} aria-required={starred || undefined}
          aria-invalid={issue ? true : undefined} aria-describedby={issue ? `${id}-error` : undefined}
          onChange={(e) => { ctx.set(field, e.target.checked); ctx.touch(field); }}
        />
        <span>{t(`consent.${field}`)}{starred && <span aria-hidden="true"> *</span>}</span>
      </label>
      <IssueMessage id={id} issue={issue} />
    </div>
  );
}

/**
 * Section 4, consents: the IT heading and checkDati, the reserved text (not for FR), the extra block (IT, PT), the
 * declarations and the three agree / disagree answers (all mandatory). A consent's message shows once changed.
 */
export function ConsentsSection({ ctx }: { ctx: SectionProps }) {
  const { t } = useTranslation('registration');
  const { layout } = ctx;
  return (
    <div className="consents">
      {layout.consentsHeading && <h2 className="consents-heading">{t('consent.heading')}</h2>}
      {layout.reservedConsentText && <p className="muted" data-testid="reg-reserved-consent">{t('consent.reserved')}</p>}
      {layout.extraConsentBlock && <p className="muted" data-testid="reg-extra-consent">{t('consent.extra')}</p>}
      <CheckBox ctx={ctx} field="checkCCA" />
      {layout.fields.checkDati.shown && <CheckBox ctx={ctx} field="checkDati" />}
      <CheckBox ctx={ctx} field="checkTec" />
      {(['checkConsents1', 'checkConsents2', 'checkConsents3'] as const).map((field) => (
        <YesNo
          key={field} id={fieldId(field)} legend={t(`consent.${field}`)} value={ctx.values[field]} issue={ctx.issue(field)}
          yes={t('consent.agree')} no={t('consent.disagree')} onChange={(v) => { ctx.set(field, v); ctx.touch(field); }}
        />
      ))}
    </div>
  );
}
