import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MyLotTable } from '../features/showcase/MyLotTable.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

/** The dealer's my lot: book it, buy the selected vehicles, remove vehicles; outcomes per vehicle. */
export const Route = createFileRoute('/my-lot')({
  beforeLoad: requireUser(['BUYER']),
  loader: ({ context }) => context.services.showcase.myLot(),
  component: MyLot,
});

function MyLot() {
  const { t } = useTranslation('showcase');
  const { showcase } = useServices();
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) => showcase.myLot({ limit, offset }));
  const vehicles = pages.page.items;
  return (
    <section aria-labelledby="my-lot-title">
      <div className="page-head">
        <h1 id="my-lot-title">{t('myLot.title')}</h1>
        <span className="muted" role="status">{t('catalogue.count', { count: pages.page.total })}</span>
      </div>
      <MyLotTable vehicles={vehicles} />
      <ServerPaginator pages={pages} testId="my-lot-pages" />
    </section>
  );
}
