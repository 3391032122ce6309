import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SHOWCASE_MANAGER_ROLES } from '@auction/domain';
import { ShowcaseManagementTable } from '../features/showcase/ShowcaseManagementTable.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

/** The exhibitor's showcase vehicles (free, booked, sold), newest listing first; a free one can be withdrawn. */
export const Route = createFileRoute('/showcase-management')({
  beforeLoad: requireUser(SHOWCASE_MANAGER_ROLES),
  loader: ({ context }) => context.services.showcase.mine(),
  component: ShowcaseManagement,
});

function ShowcaseManagement() {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) => showcase.mine({ limit, offset }));
  return (
    <section aria-labelledby="management-title">
      <div className="page-head">
        <h1 id="management-title">{t('management.title')}</h1>
        <span className="muted" role="status">{t('catalogue.count', { count: pages.page.total })}</span>
        <Link to="/create-showcase" data-testid="create-showcase-link">{t('createShowcase.title')}</Link>
        <Link to="/showcase-sold">{t('sold.link')}</Link>
        <Link to="/showcase-management/user-showcase" data-testid="user-showcase-link">{t('userShowcase.link')}</Link>
      </div>
      <ShowcaseManagementTable vehicles={pages.page.items} onChanged={() => pages.go(pages.index)} />
      <ServerPaginator pages={pages} testId="management-pages" />
    </section>
  );
}
