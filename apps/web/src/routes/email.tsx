import { createFileRoute } from '@tanstack/react-router';
import { EmailScreen } from '../features/communication/EmailScreen.js';
import { requireUser } from '../session/guards.js';

/** `/email`: write, preview and send an e-mail (ADMIN, CUSTOMER_CENTER: the roles of `POST /admin/email`). */
export const Route = createFileRoute('/email')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: EmailScreen,
});
