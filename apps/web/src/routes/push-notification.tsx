import { createFileRoute } from '@tanstack/react-router';
import { PushScreen } from '../features/communication/PushScreen.js';
import { requireUser } from '../session/guards.js';

/** `/push-notification`: compose and send push notifications, with their delivery states (ADMIN, CUSTOMER_CENTER: the roles of `/admin/push-notification`). */
export const Route = createFileRoute('/push-notification')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: PushScreen,
});
