import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '@auction/contracts';
import type { Market } from '@auction/domain';
import { TemplateSelectorDialog } from './TemplateSelectorDialog.js';

/** The channel a sale is sold through: a template, or none (the default channel, every dealer). */
export type TemplatePick = Pick<TemplateView, 'idTemplate' | 'templateName'> | null;

interface Props {
  readonly market: Market;
  readonly value: TemplatePick;
  readonly onChange: (value: TemplatePick) => void;
  /** Editing a sale: no pick means "kept as it is" rather than the default channel. */
  readonly keeping?: boolean;
}

/**
 * The create-auction and create-showcase forms' channel: the default channel or a template picked with the template
 * selector; only the dealers enabled for the template then see the sale. The pick is sent as `idTemplate`.
 */
export function TemplateChoice({ market, value, onChange, keeping = false }: Props) {
  const { t } = useTranslation('templates');
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="template-choice card" data-testid="template-choice">
      <legend>{t('choice.legend')}</legend>
      <p aria-live="polite" data-testid="template-choice-value">
        {value ? t('choice.through', { name: value.templateName }) : keeping ? t('choice.kept') : t('choice.default')}
      </p>
      <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="template-choice-pick">{t('choice.pick')}</button>
      {value && <button type="button" className="btn" onClick={() => onChange(null)} data-testid="template-choice-clear">{keeping ? t('choice.keep') : t('choice.clear')}</button>}
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
