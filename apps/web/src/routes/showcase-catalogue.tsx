import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Money, VehicleSearchQuery } from '@auction/contracts';
import { lenientSearch } from '../ui/lenient-search.js';
import { CatalogueSearch } from '../features/showcase/CatalogueSearch.js';
import { CatalogueTable } from '../features/showcase/CatalogueTable.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

// The router reads `?maxPrice=1500` as the number 1500, where the API's query schema takes only the digits it is sent.
const CatalogueQuery = VehicleSearchQuery.omit({ idMarket: true }).extend({ maxPrice: Money.optional() });

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(CatalogueQuery);

/**
 * The showcase catalogue with its search. A dealer sees the vehicles of their market and can add them to my lot,
 * pre-empt or buy them; an exhibitor or administrator sees every market read-only, with a link to the sold list.
 */
export const Route = createFileRoute('/showcase-catalogue')({
  validateSearch,
  beforeLoad: requireUser(['BUYER', 'EXHIBITOR', 'ADMIN']),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { showcase } = context.services;
    const idMarket = context.profile.roles.includes('BUYER') ? context.profile.idMarket : undefined;
    const filtered = Object.values(deps).some((v) => v !== undefined);
    return filtered ? showcase.search({ ...deps, idMarket }) : showcase.catalogue(idMarket);
  },
  component: ShowcaseCatalogue,
});

function ShowcaseCatalogue() {
  const { t } = useTranslation('showcase');
  const search = Route.useSearch();
  const { profile } = Route.useRouteContext();
  const { showcase } = useServices();
  const idMarket = profile.roles.includes('BUYER') ? profile.idMarket : undefined;
  const filtered = Object.values(search).some((v) => v !== undefined);
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) =>
    (filtered ? showcase.search({ ...search, idMarket }, { limit, offset }) : showcase.catalogue(idMarket, { limit, offset })));
  const vehicles = pages.page.items;
  const navigate = useNavigate({ from: '/showcase-catalogue' });
  const dealer = profile.roles.includes('BUYER');
  const manager = profile.roles.some((r) => r === 'EXHIBITOR' || r === 'ADMIN');
  return (
    <section aria-labelledby="catalogue-title">
      <div className="page-head">
        <h1 id="catalogue-title">{t('catalogue.title')}</h1>
        {dealer && <span className="muted">{t('catalogue.market', { market: profile.idMarket })}</span>}
        <span className="muted" role="status">{t('catalogue.count', { count: pages.page.total })}</span>
        {dealer && <Link to="/my-lot">{t('common:nav.myLot')}</Link>}
        {(manager || dealer) && <Link to="/showcase-sold" data-testid="sold-link">{t('sold.link')}</Link>}
        {manager && <Link to="/showcase-management" data-testid="management-link">{t('management.title')}</Link>}
      </div>
      {!dealer && <p className="muted" data-testid="catalogue-read-only">{t('catalogue.readOnly')}</p>}
      <CatalogueSearch key={JSON.stringify(search)} filters={search} onSearch={(filters) => void navigate({ search: filters })} />
      <CatalogueTable vehicles={vehicles} dealer={dealer} />
      <ServerPaginator pages={pages} testId="catalogue-pages" />
    </section>
  );
}
