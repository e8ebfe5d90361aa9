import { AdminDisputesPage } from '../../features/disputes/admin-disputes-page.tsx';
import { OrderThreadPanel } from '../../features/messages/order-thread-panel.tsx';

/** /admin/disputes: the dispute desk, with the parties' messages about the order (read-only) on a dispute. */
export function AdminDisputesRoute() {
  return <AdminDisputesPage renderOrderMessages={(orderId) => <OrderThreadPanel orderId={orderId} />} />;
}
