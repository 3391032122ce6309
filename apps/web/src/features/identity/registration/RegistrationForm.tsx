import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_ERROR_CODE, REGISTRATION_ERROR_CODES, REGISTRATION_SECTIONS, registrationLayout,
  type RegistrationDocumentKind, type RegistrationSection,
} from '@auction/domain';
import { ApiError } from '../../../api/http.js';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { useServices } from '../../../ui/services-context.js';
import { ConsentsSection } from './ConsentsSection.js';
import { ActivitySection, DetailsSection, ReferenceSection } from './DetailsSection.js';
import { DocumentsSection } from './DocumentsSection.js';
import { isAcceptableDocument } from './documents.js';
import { registrationApi } from './registration-api.js';
import {
  birthDateEpochMs, emptyRegistration, registrationIssues, sectionOfFirstError, toRegistrationPayload, visibleIssues,
  type FieldIssue, type RegistrationFiles, type RegistrationValues,
} from './registration-form.js';
import type { SectionProps } from './section-props.js';
import { showApiError } from './show-api-error.js';
import { useCodeTables } from './use-code-tables.js';
import './registration.css';

/**
 * The dealer registration form (spec 01 §2, §4, §5): five sections in order, the rules of the shared zod schema,
 * messages once touched or after a submit attempt, an invalid submit scrolling to (and focusing) the first invalid
 * section, the Italian fiscal code checked by the server first, documents by click or drop, then the multipart
 * sign-up, a success dialog and home.
 */
export function RegistrationForm() {
  const { t, i18n } = useTranslation('registration');
  const services = useServices();
  const navigate = useNavigate();
  const language = appLanguageOf(i18n);
  const market = language.toUpperCase();
  const api = useMemo(() => registrationApi(services.http, services.spinner), [services]);
  const [values, setValues] = useState<RegistrationValues>(() => emptyRegistration(market));
  const [files, setFiles] = useState<RegistrationFiles>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, FieldIssue>>({});
  const [fiscalCodeRefused, setFiscalCodeRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last submit could not reach the server (status 0): said on the form, which keeps every entry and file. */
  const [unreachable, setUnreachable] = useState(false);
  const sections = useRef<Partial<Record<RegistrationSection, HTMLFieldSetElement | null>>>({});
  const options = useCodeTables(api, market, values.country, language);
  const layout = registrationLayout(values.country);
  const issues = useMemo(() => registrationIssues(values, files, language), [values, files, language]);
  const shown = { ...visibleIssues(issues, touched, submitted), ...serverIssues };
  const invalid = submitted && Object.keys(issues).length > 0;

  const touch = (field: string) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
  const forget = (field: string) => setServerIssues(({ [field]: _, ...rest }) => rest);
  const ctx: SectionProps = {
    values, layout, options, touch,
    issue: (field) => shown[field],
    set: (field, value) => {
      setValues((v) => ({ ...v, [field]: value, ...(field === 'country' ? { region: '' } : {}) }));
      forget(field);
      if (field.startsWith('reference')) setFiscalCodeRefused(false);
    },
  };

  const goToSection = (section: RegistrationSection | null) => {
    const el = section ? sections.current[section] : null;
    if (!el) return;
    requestAnimationFrame(() => {
      el.scrollIntoView({ block: 'start' });
      const target = el.querySelector<HTMLElement>('[aria-invalid="true"]') ?? el;
      target.focus();
    });
  };

  const choose = async (kind: RegistrationDocumentKind, file: File) => {
    touch(kind);
    forget(kind);
    if (await isAcceptableDocument(kind, file)) setFiles((f) => ({ ...f, [kind]: file }));
    else void showApiError(services.dialogs, i18n, DOCUMENT_ERROR_CODE);
  };
  const remove = (kind: RegistrationDocumentKind) => {
    touch(kind);
    setFiles(({ [kind]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const fields = Object.keys(issues);
    if (fields.length > 0) {
      const first = sectionOfFirstError(fields);
      // Spec 01 §5: a missing or refused document is the 600002 dialog; shown when the documents are all that is left.
      if (first === 'documents') await showApiError(services.dialogs, i18n, DOCUMENT_ERROR_CODE);
      goToSection(first);
      return;
    }
    setBusy(true);
    setUnreachable(false);
    try {
      if (layout.country === 'IT') {
        const ok = await api.checkFiscalCode({
          birthDate: birthDateEpochMs(values.referenceBirthDate) ?? 0, cf: values.referenceFiscalCode.trim(),
          name: values.referenceName.trim(), surname: values.referenceSurname.trim(),
        }).catch(() => false);
        if (!ok) {
          setFiscalCodeRefused(true);
          goToSection('internalReference');
          return;
        }
      }
      await api.signUp(toRegistrationPayload(values, files, language), files);
      await services.dialogs.success('registration:form.success');
      await navigate({ to: '/' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const details = Object.fromEntries(error.details.map((d) => [d.field, { message: d.rule }]));
      setServerIssues(details);
      if (error.errorCode === REGISTRATION_ERROR_CODES.FISCAL_CODE_INVALID) setFiscalCodeRefused(true);
      goToSection(sectionOfFirstError(Object.keys(details)) ?? (error.errorCode === DOCUMENT_ERROR_CODE ? 'documents' : null));
      // Status 0 shows no popup (spec 01 §8) and this form does not leave for /maintenance (its files would be lost):
      // without this line a dropped connection looked like a click that did nothing.
      if (error.status === 0) setUnreachable(true);
      else void showApiError(services.dialogs, i18n, error.errorCode);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="registration" aria-labelledby="registration-title">
      <h1 id="registration-title">{t('form.title')}</h1>
      <p className="muted">{t('form.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="registration-form">
        {invalid && <p className="form-error" role="alert" data-testid="registration-not-valid">{t('form.notValid')}</p>}
        {REGISTRATION_SECTIONS.map((section) => (
          <fieldset key={section} className="card registration-section" ref={(el) => { sections.current[section] = el; }} tabIndex={-1} data-testid={`reg-section-${section}`}>
            <legend>{t(`section.${section}`)}</legend>
            {section === 'details' && <DetailsSection ctx={ctx} />}
            {section === 'dealerActivity' && <ActivitySection ctx={ctx} />}
            {section === 'internalReference' && <ReferenceSection ctx={ctx} fiscalCodeRefused={fiscalCodeRefused} />}
            {section === 'consents' && <ConsentsSection ctx={ctx} />}
            {section === 'documents' && <DocumentsSection ctx={ctx} files={files} onChoose={(k, f) => void choose(k, f)} onRemove={remove} />}
          </fieldset>
        ))}
        {unreachable && <p className="form-error" role="alert" data-testid="registration-unreachable">{t('form.unreachable')}</p>}
        <div className="toolbar form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="registration-submit">
            {busy ? t('form.sending') : t('form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
