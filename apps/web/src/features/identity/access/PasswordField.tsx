import type { ReactNode } from 'react';

/** A labelled password input with its error, tied together for assistive technology. */
export function PasswordField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | null;
  readonly maxLength?: number;
  readonly describedBy?: string;
  readonly autoComplete?: string;
}): ReactNode {
  const errorId = `${props.id}-error`;
  const describedBy = [props.describedBy, props.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id} type="password" value={props.value} maxLength={props.maxLength} autoComplete={props.autoComplete ?? 'new-password'}
        required aria-invalid={props.error ? true : undefined} aria-describedby={describedBy} data-testid={props.id}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && <p className="form-error" id={errorId} data-testid={errorId}>{props.error}</p>}
    </div>
  );
}
