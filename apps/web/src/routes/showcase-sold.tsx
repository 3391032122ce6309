import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Id, type Page, type PurchaseRow } from '@auction/contracts';
import type { SoldVehicle } from '../features/showcase/showcase-api.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { BoughtVehicles } from '../features/showcase/BoughtVehicles.js';
import { SoldVehicles } from '../features/showcase/SoldVehicles.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

const SoldSearch = z.object({
  idShowcase: Id.optional(),
  sortField: z.enum(['price', 'soldAt', 'licensePlate']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

const isManager = (roles: readonly string[]) => roles.some((r) => r === 'EXHIBITOR' || r === 'ADMIN');

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(SoldSearch);

/**
 * What was sold in the showcase: a dealer sees what they bought (their SHOWCASE purchases) and can rate each
 * purchase; an exhibitor or administrator picks one of their showcases and sees its sold vehicles with the buyers.
 */
export const Route = createFileRoute('/showcase-sold')({
  validateSearch,
  beforeLoad: requireUser(['BUYER', 'EXHIBITOR', 'ADMIN']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { api, showcase } = context.services;
    const { idShowcase, ...order } = deps;
    const [bought, sold] = await Promise.all([
      context.profile.roles.includes('BUYER') ? api.purchases({ channel: 'SHOWCASE' }) : null,
      // an unknown or foreign showcase was already shown in the error popup; the form stays usable
      isManager(context.profile.roles) && idShowcase ? showcase.sold(idShowcase, order).catch(() => null) : null,
    ]);
    return { bought, sold };
  },
  component: ShowcaseSold,
});

function ShowcaseSold() {
  const { t } = useTranslation('showcase');
  const { bought, sold } = Route.useLoaderData();
  const search = Route.useSearch();
  const { profile } = Route.useRouteContext();
  const navigate = useNavigate({ from: '/showcase-sold' });
  return (
    <section aria-labelledby="showcase-sold-title">
      <div className="page-head"><h1 id="showcase-sold-title">{t('sold.title')}</h1></div>
      {bought && <BoughtPages first={bought} />}
      {isManager(profile.roles) && (sold && search.idShowcase
        ? <SoldPages key={JSON.stringify(search)} first={sold} choice={{ ...search, idShowcase: search.idShowcase }} onChoose={(choice) => void navigate({ search: choice })} />
        : <SoldVehicles key={JSON.stringify(search)} choice={search} rows={null} onChoose={(choice) => void navigate({ search: choice })} />)}
    </section>
  );
}

/** What the dealer bought in the showcase, a page at a time. */
function BoughtPages({ first }: { first: Page<PurchaseRow> }) {
  const { api } = useServices();
  const pages = useServerPages(first, (limit, offset) => api.purchases({ channel: 'SHOWCASE' }, { limit, offset }));
  return (
    <>
      <BoughtVehicles rows={pages.page.items} />
      <ServerPaginator pages={pages} testId="bought-pages" />
    </>
  );
}

/** A showcase's sold vehicles, a page at a time in the order chosen. */
function SoldPages({ first, choice, onChoose }: { first: Page<SoldVehicle>; choice: z.output<typeof SoldSearch> & { idShowcase: string }; onChoose: (c: z.output<typeof SoldSearch>) => void }) {
  const { showcase } = useServices();
  const { idShowcase, ...order } = choice;
  const pages = useServerPages(first, (limit, offset) => showcase.sold(idShowcase, { ...order, limit, offset }));
  return (
    <>
      <SoldVehicles choice={choice} rows={pages.page.items} onChoose={onChoose} />
      <ServerPaginator pages={pages} testId="sold-pages" />
    </>
  );
}
