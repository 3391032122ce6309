import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SHOWCASE_MANAGER_ROLES } from '@auction/domain';
import { CreateShowcaseForm } from '../features/showcase/CreateShowcaseForm.js';
import { requireUser } from '../session/guards.js';

/** A new showcase of vehicles picked from the stock, for exhibitors and administrators. */
export const Route = createFileRoute('/create-showcase')({
  beforeLoad: requireUser(SHOWCASE_MANAGER_ROLES),
  component: CreateShowcase,
});

function CreateShowcase() {
  const { t } = useTranslation('showcase');
  return (
    <section aria-labelledby="create-showcase-title">
      <h1 id="create-showcase-title">{t('createShowcase.title')}</h1>
      <CreateShowcaseForm />
    </section>
  );
}
