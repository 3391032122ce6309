import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { TemplateSelectorDialog } from './TemplateSelectorDialog.js';
import { useTemplatesApi } from './templates-api.js';

/** The channel a sale is sold through: a template, or none (the default channel, every dealer). */
export type TemplatePick = Pick<TemplateView, 'idTemplate' | 'templateName'> | null;

interface Props {
  readonly market: Market;
  readonly value: TemplatePick;
  readonly onChange: (value: TemplatePick) => void;
  /**
   * Editing a sale: the channel it is sold through now (a template id, or null: the default channel). Shown above the
   * choice, with a note when the choice moves the sale elsewhere.
   */
  readonly current?: string | null;
}

/**
 * The name of template `idTemplate` (empty while unknown): `known` when given, else read quietly; one the caller may not
 * read (disabled since, another partner's) shows as its id.
 */
function useTemplateName(idTemplate: string | null | undefined, known: string): string {
  const api = useTemplatesApi();
  const [name, setName] = useState('');
  useEffect(() => {
    if (!idTemplate || known) return;
    let live = true;
    api.peek(idTemplate).then((t) => { if (live) setName(t.templateName); }, () => { if (live) setName(idTemplate); });
    return () => { live = false; };
  }, [api, idTemplate, known]);
  return known || name;
}

/**
 * The create-auction and create-showcase forms' channel: the default channel (every dealer) or a template picked with
 * the template selector; only the dealers enabled for the template then see the sale. The pick is sent as `idTemplate`
 * (editing an auction: null moves it back to the default channel).
 */
export function TemplateChoice({ market, value, onChange, current }: Props) {
  const { t } = useTranslation('templates');
  const [open, setOpen] = useState(false);
  const editing = current !== undefined;
  const currentName = useTemplateName(current, value && value.idTemplate === current ? value.templateName : '');
  // A template picked with the selector has its name; the auction's own (the form's first value) has the one read.
  const valueName = value?.templateName || (value?.idTemplate === current ? currentName : '');
  const moved = editing && (value?.idTemplate ?? null) !== current;
  return (
    <fieldset className="template-choice card" data-testid="template-choice">
      <legend>{t('choice.legend')}</legend>
      {editing && (
        <p data-testid="template-choice-current">{current ? t('choice.current', { name: currentName || current }) : t('choice.currentDefault')}</p>
      )}
      <p aria-live="polite" data-testid="template-choice-value">
        {value ? t('choice.through', { name: valueName || value.idTemplate }) : t('choice.default')}
        {moved && <> <strong data-testid="template-choice-moves">{t('choice.moves')}</strong></>}
      </p>
      <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="template-choice-pick">{t('choice.pick')}</button>
      {value && <button type="button" className="btn" onClick={() => onChange(null)} data-testid="template-choice-clear">{t('choice.clear')}</button>}
      <p className="muted">{t('choice.hint')}</p>
      {open && (
        <TemplateSelectorDialog
          market={market} current={value?.idTemplate ?? null}
          onClose={(choice) => { setOpen(false); if (choice) onChange({ idTemplate: choice.idTemplate, templateName: choice.templateName }); }}
        />
      )}
    </fieldset>
  );
}
