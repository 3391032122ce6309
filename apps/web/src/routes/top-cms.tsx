import { createFileRoute } from '@tanstack/react-router';
import { TopCmsManagement } from '../features/partners/top-cms/TopCmsManagement.js';
import { requireUser } from '../session/guards.js';

/** `/top-cms`: the home's top banners of the caller's markets (ADMIN, CUSTOMER_CENTER: the roles of `/admin/top-cms`). */
export const Route = createFileRoute('/top-cms')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: TopCmsManagement,
});
