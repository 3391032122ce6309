import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useProfile, useServices } from '../../../ui/services-context.js';
import { useLoaded } from '../../dealers/dealers/use-dealers.js';
import { TemplateForm } from './TemplateForm.js';
import { toTemplateCreate, toTemplateEdit, type TemplateFormValues } from './template-form.js';
import { templatePowers } from './template-powers.js';
import { useTemplatesApi } from './templates-api.js';
import './templates.css';

/**
 * `create-template`: a new template (`POST /secure/template`, owned by the caller's dealer) or, given `idTemplate`,
 * its edit (`PUT /secure/template`). A refusal shows in the error dialog by its numeric code's text (404300, 409300...).
 */
export function CreateTemplate({ idTemplate }: { readonly idTemplate?: string }) {
  const { t } = useTranslation('templates');
  const api = useTemplatesApi();
  const { dialogs } = useServices();
  const profile = useProfile();
  const navigate = useNavigate();
  const powers = templatePowers(profile);
  const loaded = useLoaded(() => (idTemplate ? api.get(idTemplate) : Promise.resolve(null)), idTemplate ?? '');
  const market = profile?.idMarket && powers.markets.includes(profile.idMarket) ? profile.idMarket : (powers.markets[0] ?? 'IT');
  const back = () => void navigate({ to: '/template' });
  const save = async (values: TemplateFormValues) => {
    const saved = await (loaded.status === 'ready' && loaded.data
      ? api.edit(toTemplateEdit(loaded.data.idTemplate, values))
      : api.create(toTemplateCreate(values))).catch(() => null);
    if (!saved) return; // the error dialog told why
    void dialogs.success('templates:form.saved', { name: saved.templateName });
    back();
  };
  return (
    <section aria-labelledby="create-template-title" className="templates">
      <h1 id="create-template-title">{idTemplate ? t('form.editPage') : t('form.newPage')}</h1>
      {loaded.status === 'failed' && <p className="form-error">{t('form.failed')}</p>}
      {loaded.status === 'loading' && <p className="muted" aria-busy="true">{t('list.loading')}</p>}
      {loaded.status === 'ready' && (
        <TemplateForm
          key={loaded.data?.idTemplate ?? 'new'} template={loaded.data} market={market} markets={powers.markets}
          readOnly={!powers.manage} onSubmit={save} onCancel={back}
        />
      )}
    </section>
  );
}
