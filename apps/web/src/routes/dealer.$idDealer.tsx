import { createFileRoute } from '@tanstack/react-router';
import { DealerDetail } from '../features/dealers/dealers/DealerDetail.js';
import { requireUser } from '../session/guards.js';

/** One dealer for staff: data, documents, users, capabilities, enable/disable, edit, delete, audit trail. */
export const Route = createFileRoute('/dealer/$idDealer')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: DealerPage,
});

function DealerPage() {
  const { idDealer } = Route.useParams();
  return <DealerDetail key={idDealer} idDealer={idDealer} />;
}
