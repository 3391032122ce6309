import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Id } from '@auction/contracts';
import { BACK_OFFICE_ROLES } from '../features/dealers/shell/back-office-menu.js';
import { UserTemplate } from '../features/partners/templates/UserTemplate.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';

const validateSearch = lenientSearch(z.object({ idUser: Id.optional() }));

/** `/user-template?idUser=`: the templates a dealer user's dealer is enabled for (ADMIN changes, CUSTOMER_CENTER sees). */
export const Route = createFileRoute('/user-template')({
  validateSearch,
  beforeLoad: requireUser(BACK_OFFICE_ROLES),
  component: Page,
});

function Page() {
  const { idUser } = validateSearch(Route.useSearch());
  return <UserTemplate key={idUser ?? ''} idUser={idUser} />;
}
