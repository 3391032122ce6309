import { createFileRoute } from '@tanstack/react-router';
import { TemplateList } from '../features/partners/templates/TemplateList.js';
import { requireUser } from '../session/guards.js';

/** `/template`: the templates the caller sees (staff of their markets; auctioneers and multi-auctioneers their dealer's). */
export const Route = createFileRoute('/template')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER', 'AUCTIONEER', 'MULTI_AUCTIONEER']),
  component: TemplateList,
});
