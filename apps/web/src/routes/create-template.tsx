import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Id } from '@auction/contracts';
import { CreateTemplate } from '../features/partners/templates/CreateTemplate.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';

const validateSearch = lenientSearch(z.object({ idTemplate: Id.optional() }));

/** `/create-template`: a new template, or (`?idTemplate=`) its edit; CUSTOMER_CENTER sees it read-only. */
export const Route = createFileRoute('/create-template')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER', 'AUCTIONEER', 'MULTI_AUCTIONEER']),
  component: Page,
});

function Page() {
  const { idTemplate } = validateSearch(Route.useSearch());
  return <CreateTemplate key={idTemplate ?? 'new'} idTemplate={idTemplate} />;
}
