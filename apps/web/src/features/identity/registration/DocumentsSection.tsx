import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationDocumentKind } from '@auction/domain';
import { IssueMessage } from './FormField.js';
import { acceptAttribute } from './documents.js';
import type { RegistrationFiles } from './registration-form.js';
import { fieldId, type SectionProps } from './section-props.js';

interface Props {
  readonly ctx: SectionProps;
  readonly files: RegistrationFiles;
  /** A file was chosen or dropped (checked by the form before it is kept). */
  onChoose(kind: RegistrationDocumentKind, file: File): void;
  onRemove(kind: RegistrationDocumentKind): void;
}

/** One upload: a file picker that is also a drop zone, the chosen file's name and its remove button. */
function Upload({ kind, ctx, files, onChoose, onRemove }: Props & { kind: RegistrationDocumentKind }) {
  const { t } = useTranslation('registration');
  const [over, setOver] = useState(false);
  const id = fieldId(kind);
  const file = files[kind];
  const issue = ctx.issue(kind);
  const starred = ctx.layout.fields[kind].starred;
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onChoose(kind, dropped);
  };
  return (
    <div
      className={`upload${over ? ' upload-over' : ''}`} data-testid={`${id}-zone`}
      onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)} onDrop={drop}
    >
      <label htmlFor={id} className="field">
        <span>{t(`document.${kind}`)}{starred && <span aria-hidden="true"> *</span>}</span>
      </label>
      {kind === 'visura' && ctx.layout.visuraWarning && <p className="muted" id={`${id}-hint`}>{t('document.visuraWarning')}</p>}
      <div className="upload-row">
        <input
          id={id} type="file" className="visually-hidden upload-input" accept={acceptAttribute(kind)} data-testid={id} aria-required={starred || undefined}
          aria-invalid={issue ? true : undefined}
          aria-describedby={[issue ? `${id}-error` : '', kind === 'visura' && ctx.layout.visuraWarning ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
          onChange={(e) => { const chosen = e.target.files?.[0]; e.target.value = ''; if (chosen) onChoose(kind, chosen); }}
        />
        {/* The browser's own picker button speaks the browser's language: this label opens it in the page's. */}
        <label htmlFor={id} className="btn upload-choose" data-testid={`${id}-choose`}>{t('document.choose')}</label>
        <span className="muted">{t('document.drop')}</span>
      </div>
      {file ? (
        <p className="upload-file" data-testid={`${id}-name`}>
          <span>{file.name}</span>
          <button type="button" className="btn btn-ghost" onClick={() => onRemove(kind)} data-testid={`${id}-remove`} aria-label={t('document.remove', { name: file.name })}>
            ×
          </button>
        </p>
      ) : (
        <p className="muted" data-testid={`${id}-missing`}>{t('document.missing')}</p>
      )}
      <IssueMessage id={id} issue={issue} />
    </div>
  );
}

/** Section 5, documents: the visura (IT; PDF), the legal document and the second one (not for DE). */
export function DocumentsSection(props: Props) {
  const f = props.ctx.layout.fields;
  return (
    <div className="documents">
      {f.visura.shown && <Upload {...props} kind="visura" />}
      <Upload {...props} kind="doc" />
      {f.doc2.shown && <Upload {...props} kind="doc2" />}
    </div>
  );
}
