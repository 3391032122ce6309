import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MyLotTable } from '../features/showcase/MyLotTable.js';
import { requireUser } from '../session/guards.js';

/** The dealer's my lot: book it, buy the selected vehicles, remove vehicles; outcomes per vehicle. */
export const Route = createFileRoute('/my-lot')({
  beforeLoad: requireUser(['BUYER']),
  loader: ({ context }) => context.services.showcase.myLot(),
  component: MyLot,
});

function MyLot() {
  const { t } = useTranslation('showcase');
  const vehicles = Route.useLoaderData();
  return (
    <section aria-labelledby="my-lot-title">
      <div className="page-head">
        <h1 id="my-lot-title">{t('myLot.title')}</h1>
        <span className="muted" role="status">{t('catalogue.count', { count: vehicles.length })}</span>
      </div>
      <MyLotTable vehicles={vehicles} />
    </section>
  );
}
