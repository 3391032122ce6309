import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '../features/communication/ReportScreen.js';
import { requireUser } from '../session/guards.js';

/** `/report`: choose a report and its filters, download it as CSV or XLSX (ADMIN, CUSTOMER_CENTER: the roles of `GET /admin/report`). */
export const Route = createFileRoute('/report')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: ReportScreen,
});
