import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText, type FieldIssue } from './registration-form.js';

/** The ids and ARIA attributes that tie a control to its label, hint and error (spec: errors announced). */
export function fieldAria(id: string, issue: FieldIssue | undefined, hint: boolean) {
  const describedBy = [issue ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': issue ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** The message of a field's issue, in the page language. */
export function IssueMessage({ id, issue }: { id: string; issue: FieldIssue | undefined }) {
  const { t } = useTranslation();
  if (!issue) return null;
  const { key, values } = issueText(issue);
  return <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`} data-message={issue.message}>{t(key, values)}</p>;
}

interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly starred?: boolean;
  readonly hint?: string | null;
  readonly issue?: FieldIssue;
  /** The control, given the ARIA attributes to spread on it. */
  readonly children: (aria: ReturnType<typeof fieldAria>) => ReactNode;
}

/** A labelled control with its star, hint and error message (the label is tied to the control by `htmlFor`). */
export function FormField({ id, label, starred, hint, issue, children }: FieldProps) {
  const { t } = useTranslation('registration');
  return (
    <div className="field-group" data-field={id}>
      <label className="field" htmlFor={id}>
        <span>
          {label}
          {starred && <abbr className="required-star" title={t('form.required')} data-testid={`${id}-star`}> *</abbr>}
        </span>
      </label>
      {children(fieldAria(id, issue, Boolean(hint)))}
      {hint && <p className="muted field-hint" id={`${id}-hint`}>{hint}</p>}
      <IssueMessage id={id} issue={issue} />
    </div>
  );
}

interface YesNoProps {
  readonly id: string;
  readonly legend: string;
  readonly value: boolean | null;
  readonly issue?: FieldIssue;
  readonly onChange: (value: boolean) => void;
  readonly yes: string;
  readonly no: string;
}

/** A required agree / disagree answer: two radios in a fieldset named by its legend. */
export function YesNo({ id, legend, value, issue, onChange, yes, no }: YesNoProps) {
  return (
    <fieldset className="yes-no" aria-invalid={issue ? true : undefined} aria-describedby={issue ? `${id}-error` : undefined} data-testid={id}>
      <legend>{legend} <span aria-hidden="true">*</span></legend>
      <div className="yes-no-options">
        <label className="radio-field">
          <input type="radio" name={id} checked={value === true} onChange={() => onChange(true)} data-testid={`${id}-yes`} required />
          <span>{yes}</span>
        </label>
        <label className="radio-field">
          <input type="radio" name={id} checked={value === false} onChange={() => onChange(false)} data-testid={`${id}-no`} />
          <span>{no}</span>
        </label>
      </div>
      <IssueMessage id={id} issue={issue} />
    </fieldset>
  );
}
