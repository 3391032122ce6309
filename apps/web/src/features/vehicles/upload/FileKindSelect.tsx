interface Props<K extends string> {
  /** The field's visible label. */
  readonly label: string;
  readonly kinds: readonly K[];
  readonly value: K;
  /** Each kind's option text, in the user's language. */
  readonly optionLabel: (kind: K) => string;
  readonly onChange: (kind: K) => void;
  readonly testId: string;
}

/**
 * The kind the next dropped or chosen files are uploaded as (photo, appraisal, data sheet...): a labelled native select,
 * keyboard-usable as is. Used by the upload screen's vehicle panel and by vehicle-edit's files.
 */
export function FileKindSelect<K extends string>({ label, kinds, value, optionLabel, onChange, testId }: Props<K>) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as K)} data-testid={testId}>
        {kinds.map((k) => <option key={k} value={k}>{optionLabel(k)}</option>)}
      </select>
    </label>
  );
}
